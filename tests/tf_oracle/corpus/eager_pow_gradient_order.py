# mode: eager
# checks: the float32 digits of x ** y's gradient ((upstream * y) * x ** (y - 1), TensorFlow's order) and of the exponent's; an eager variable == an array is elementwise (a descent loop that stops when float32 stops moving)
import tensorflow as tf

x = tf.Variable([-1.3292595, 0.7316, 1.9, -0.4471])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(3 * (x ** 4) - 5 * (x ** 3))
print([float(v) for v in tape.gradient(y, x).numpy()])
b = tf.Variable(2.7)
with tf.GradientTape() as tape:
    z = 3.0 * tf.constant([1.7, 0.3, 2.2]) ** b
print(float(tape.gradient(z, b)))
w = tf.Variable(1.5)
step = 0.0
for i in range(1, 400):
    with tf.GradientTape() as tape:
        loss = 2 * (w ** 4) + 3 * (w ** 3) + 2
    grad = tape.gradient(loss, w)
    before = w.numpy()
    step = 0.01 * grad + 0.7 * step
    w.assign_sub(step)
    if w == before:
        print(f"stopped moving after {i} steps at {float(w.numpy())}")
        break
