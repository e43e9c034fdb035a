# mode: eager
# checks: TF2 tf.summary with a file writer (TensorBoard installed): scalar returns True under the writer, False without one, TensorFlow's ValueError without a step; flush; trace_export without trace_on
import tensorflow as tf

writer = tf.summary.create_file_writer('./logs/train')
print(type(writer).__name__)
print(tf.summary.scalar('loss', 0.5, step=0))
w = tf.Variable(1.0)
with writer.as_default():
    for step in range(3):
        w.assign_sub(0.1)
        ok = tf.summary.scalar('w', w, step=step)
        print(step, ok, tf.summary.histogram('hist', [w, 2 * w], step=step))
    try:
        tf.summary.scalar('w', w)
    except ValueError as e:
        print('ValueError:', e)
    tf.summary.experimental.set_step(7)
    print(tf.summary.scalar('w', w), tf.summary.experimental.get_step())
    print(writer.flush())
with writer.as_default(step=3):
    print(tf.summary.text('note', 'hello'))
writer.close()
try:
    writer.as_default()
except RuntimeError as e:
    print('RuntimeError:', str(e).split(' is ')[-1])
try:
    tf.summary.trace_export('trace', step=0)
except ValueError as e:
    print('ValueError:', e)
