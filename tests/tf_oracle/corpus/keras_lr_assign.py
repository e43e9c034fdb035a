# mode: eager
# checks: changing a Keras optimizer's learning rate between steps (assign and attribute), reading it back
import tensorflow as tf

w = tf.Variable(4.0)
opt = tf.keras.optimizers.Adam(learning_rate=0.5)
for step in range(4):
    if step == 2:
        opt.learning_rate.assign(0.1)
    if step == 3:
        opt.learning_rate = 0.05
    with tf.GradientTape() as tape:
        loss = (w - 1.0) ** 2
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    print(step, w.numpy(), float(opt.learning_rate))
print(opt.iterations.numpy(), len(opt.variables))
