# mode: eager
# checks: an Input-built Sequential's `inputs` and each layer's `output` make a feature-extraction Model (Keras 3 builds it as a functional graph); get_layer by name and index; a layer never called has no output (AttributeError)
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(6)
seq = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(4, activation="relu"),
                           tf.keras.layers.Dense(3, name="middle"), tf.keras.layers.Dense(1)])
print(seq.inputs[0].shape, [layer.output.shape for layer in seq.layers])
features = tf.keras.Model(inputs=seq.inputs, outputs=[layer.output for layer in seq.layers])
x = np.arange(10, dtype="float32").reshape(2, 5) / 10.0
outs = features(x)
print([o.numpy().round(5) for o in outs])
print(np.allclose(outs[-1].numpy(), seq(x).numpy()))
middle = tf.keras.Model(inputs=seq.inputs, outputs=seq.get_layer(name="middle").output)
print(middle(x).numpy().round(5), seq.get_layer(index=0).name)
try:
    tf.keras.layers.Dense(2, name="lonely").output
except AttributeError as e:
    print("AttributeError:", e)
