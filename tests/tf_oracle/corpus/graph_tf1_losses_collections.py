# mode: graph
# checks: tf.losses collections: TF1 losses join LOSSES, get_variable regularizers (argument and variable_scope) join REGULARIZATION_LOSSES, get_regularization_loss / get_total_loss / add_loss / get_losses(scope) / cosine_distance, and a training loop on the total loss
import numpy as np
import tensorflow as tf

x = tf.constant(np.array([[1.0, 2.0], [2.0, -1.0], [0.5, 0.5]], np.float32))
y = tf.constant(np.array([[1.0], [0.0], [2.0]], np.float32))
with tf.variable_scope("layer", regularizer=lambda w: 0.05 * tf.reduce_sum(tf.square(w))):
    w = tf.get_variable("w", initializer=tf.constant([[0.5], [-0.5]]))
    b = tf.get_variable("b", initializer=tf.constant([0.1]), regularizer=lambda t: tf.nn.l2_loss(t) * 0.5)
pred = tf.matmul(x, w) + b
mse = tf.losses.mean_squared_error(y, pred)
hub = tf.losses.huber_loss(y, pred, weights=0.5)
unit = tf.nn.l2_normalize(pred, axis=0)
cos = tf.losses.cosine_distance(tf.nn.l2_normalize(y, axis=0), unit, axis=0)
tf.losses.add_loss(tf.reduce_sum(tf.abs(w)) * 0.01)
print([t.name for t in tf.losses.get_regularization_losses()])
print(tf.losses.get_losses())
print(tf.losses.get_losses(scope="huber"), [t.name for t in tf.losses.get_regularization_losses(scope="layer/b")])
reg = tf.losses.get_regularization_loss()
total = tf.losses.get_total_loss()
data_only = tf.losses.get_total_loss(add_regularization_losses=False, name="data_loss")
print(reg, total, data_only)
train = tf.train.GradientDescentOptimizer(0.1).minimize(total)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        # (TensorFlow's AddN of several losses adds them in an order that varies run to run: the
        # last float32 digit of the totals does too, so they are printed to 5 decimals)
        print(step, sess.run([mse, hub, cos, reg]), [round(float(t), 5) for t in sess.run([total, data_only])])
        sess.run(train)
    print(np.round(sess.run(w), 5), np.round(sess.run(b), 5))
