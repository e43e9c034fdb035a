# mode: graph
# checks: Saver.save with global_step names the checkpoint PATH-STEP; max_to_keep forgets the oldest; latest_checkpoint, get_checkpoint_state and last_checkpoints as TensorFlow gives them
import tensorflow as tf

tf.compat.v1.disable_v2_behavior()
step = tf.compat.v1.train.get_or_create_global_step()
w = tf.compat.v1.get_variable('w', initializer=1.0)
inc = tf.compat.v1.assign_add(step, 1)
grow = tf.compat.v1.assign(w, w * 2.0)
saver = tf.compat.v1.train.Saver(max_to_keep=2)
print(tf.compat.v1.train.latest_checkpoint('./'))
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for i in range(3):
        sess.run([inc, grow])
        print(saver.save(sess, './ckpt/model', global_step=step))
    print(saver.save(sess, 'ckpt/model', global_step=100, write_meta_graph=False))
    print(saver.last_checkpoints)
    print(tf.compat.v1.train.latest_checkpoint('ckpt'))
    print(tf.compat.v1.train.latest_checkpoint('./ckpt/'))
    state = tf.compat.v1.train.get_checkpoint_state('./ckpt')
    print(state)
    print(state.all_model_checkpoint_paths)
    print(tf.compat.v1.train.get_checkpoint_state('./elsewhere'))
    saver.restore(sess, './ckpt/model-3')
    print(sess.run([step, w]))
    try:
        saver.restore(sess, './ckpt/model-1')
    except ValueError as e:
        print('ValueError:', e)
