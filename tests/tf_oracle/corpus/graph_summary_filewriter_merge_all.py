# mode: graph
# checks: TF1 summaries: scalar and histogram ops (their sess.run value is the serialized Summary, bytes), merge_all, a FileWriter fed in a loop
import tensorflow as tf

tf.compat.v1.disable_v2_behavior()
x = tf.compat.v1.placeholder(tf.float32, [None], name='x')
w = tf.Variable(2.0, name='w')
loss = tf.reduce_mean(tf.square(x * w - 1.0))
train = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)
tf.compat.v1.summary.scalar('loss', loss)
with tf.name_scope('params'):
    tf.compat.v1.summary.histogram('w', w)
merged = tf.compat.v1.summary.merge_all()
print(merged)
print(tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.SUMMARIES))
with tf.compat.v1.Session() as sess:
    writer = tf.compat.v1.summary.FileWriter('./logs', sess.graph)
    sess.run(tf.compat.v1.global_variables_initializer())
    for i in range(3):
        summary, l = sess.run([merged, loss], {x: [1.0, 2.0]})
        sess.run(train, {x: [1.0, 2.0]})
        writer.add_summary(summary, i)
        print(i, l, type(summary).__name__, len(summary))
    print(summary)
    writer.add_graph(sess.graph)
    print(writer.get_logdir(), writer.flush(), writer.close())
    one = tf.compat.v1.summary.scalar('loss', loss)
    print(one, sess.run(one, {x: [0.5]}))
    print(sess.run(tf.compat.v1.summary.merge([one]), {x: [0.5]}))
