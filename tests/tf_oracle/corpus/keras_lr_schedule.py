# mode: eager
# checks: ExponentialDecay schedule given to Keras SGD, the learning rate read back after steps
import tensorflow as tf

schedule = tf.keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.1, decay_steps=2, decay_rate=0.5, staircase=True)
print(schedule(0).numpy(), schedule(3).numpy())
opt = tf.keras.optimizers.SGD(learning_rate=schedule)
w = tf.Variable(2.0)
for step in range(4):
    with tf.GradientTape() as tape:
        loss = w * w
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    print(step, w.numpy())
print(float(opt.learning_rate))
