# mode: eager
# checks: gradients through Dense layers with sigmoid and relu activations by name
import tensorflow as tf

layer1 = tf.keras.layers.Dense(2, activation='sigmoid', kernel_initializer=tf.keras.initializers.Constant([[0.5, -1.0], [1.5, 0.25]]))
layer2 = tf.keras.layers.Dense(1, activation='relu', kernel_initializer='ones', bias_initializer=tf.keras.initializers.Constant(-0.5))
x = tf.constant([[1.0, 2.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    h = layer1(x)
    out = layer2(h)
print(h.numpy(), out.numpy())
print(tape.gradient(out, x).numpy())
print([g.numpy().tolist() for g in tape.gradient(out, layer1.trainable_variables)])
