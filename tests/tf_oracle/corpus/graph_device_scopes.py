# mode: graph
# checks: tf.device scopes: canonical device strings, nesting merges fields, None clears, gradients made inside a scope
import tensorflow as tf
tf.disable_v2_behavior()
plain = tf.constant(0.)
print(repr(plain.device), repr(plain.op.device))
with tf.device('/cpu:0'):
    a = tf.constant(1.)
    b = tf.pow(a, 2)
    g = tf.gradients(b, a)
print(a, b, g[0])
for spec in ['cpu:0', 'CPU', '/device:CPU:0', '/job:localhost/replica:0/task:0/cpu:0', '']:
    with tf.device(spec):
        t = a + 1
    print(repr(spec), t)
with tf.device('/job:localhost'):
    with tf.device('/cpu:0'):
        nested = a * 2
    with tf.device(None):
        cleared = a * 3
print(nested.device, repr(cleared.device))
print(tf.gradients(nested, a)[0])
x = tf.placeholder(tf.float32)
with tf.device('/cpu:0'):
    y = x * 2
    w = tf.Variable(2.0)
print(y, w, w.device)
print(w.value())
print(repr(y))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([b, g, nested, y], {x: 3.0}))
