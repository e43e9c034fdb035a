# mode: eager
# checks: Keras Adam steps on a small least-squares problem (Keras 3 default epsilon 1e-7)
import tensorflow as tf

A = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y = tf.constant([[1.0], [2.0], [3.0]])
w = tf.Variable([[0.0], [0.0]])
opt = tf.keras.optimizers.Adam(learning_rate=0.1)
for step in range(6):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((A @ w - y) ** 2)
    g = tape.gradient(loss, w)
    opt.apply_gradients([(g, w)])
    print(step, loss.numpy(), w.numpy().ravel())
print(opt.epsilon, opt.beta_1, opt.beta_2)
