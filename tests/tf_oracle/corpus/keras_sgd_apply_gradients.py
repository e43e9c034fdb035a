# mode: eager
# checks: tf.keras.optimizers.SGD.apply_gradients on a quadratic, with momentum
import tensorflow as tf

for momentum in (0.0, 0.9):
    x = tf.Variable(5.0)
    opt = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=momentum)
    values = []
    for _ in range(5):
        with tf.GradientTape() as tape:
            loss = x * x
        grads = tape.gradient(loss, [x])
        opt.apply_gradients(zip(grads, [x]))
        values.append(round(float(x.numpy()), 6))
    print(momentum, values)
