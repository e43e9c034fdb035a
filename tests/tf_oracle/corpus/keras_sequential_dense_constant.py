# mode: eager
# checks: Sequential of Dense layers with constant initializers, forward pass and tape gradients
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(3,)),
    tf.keras.layers.Dense(2, activation='relu',
                          kernel_initializer=tf.keras.initializers.Constant(0.1),
                          bias_initializer='zeros'),
    tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(-0.5),
                          bias_initializer=tf.keras.initializers.Constant(0.25)),
])
x = tf.constant([[1.0, 2.0, 3.0], [-1.0, 0.5, 4.0]])
with tf.GradientTape() as tape:
    y = model(x)
    loss = tf.reduce_mean(tf.square(y - 1.0))
print(y.numpy())
print(loss.numpy())
grads = tape.gradient(loss, model.trainable_variables)
for v, g in zip(model.trainable_variables, grads):
    print(v.name, v.shape, g.numpy().tolist())
