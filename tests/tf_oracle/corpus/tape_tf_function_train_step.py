# mode: eager
# checks: a @tf.function training step that takes the gradient inside the function
import tensorflow as tf

w = tf.Variable(0.0)
b = tf.Variable(0.0)
xs = tf.constant([1.0, 2.0, 3.0, 4.0])
ys = tf.constant([3.0, 5.0, 7.0, 9.0])

@tf.function
def train_step(lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((w * xs + b - ys) ** 2)
    dw, db = tape.gradient(loss, [w, b])
    w.assign_sub(lr * dw)
    b.assign_sub(lr * db)
    return loss

for i in range(30):
    loss = train_step(tf.constant(0.05))
    if i % 10 == 0:
        print(i, loss.numpy(), w.numpy(), b.numpy())
print(w.numpy(), b.numpy())
