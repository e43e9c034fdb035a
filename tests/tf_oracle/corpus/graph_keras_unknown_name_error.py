# mode: graph
# checks: an unknown name in tf.keras and its submodules: the AttributeError names the module as TensorFlow 2.21 does (its wrappers keras._tf_keras.keras.X, Keras 3's keras.X), then a typo ends the snippet
import tensorflow as tf
from tensorflow.keras import layers
tf.disable_v2_behavior()

for sub in ["activations", "callbacks", "initializers", "layers", "metrics", "models", "optimizers",
            "regularizers", "utils"]:
    try:
        getattr(getattr(tf.keras, sub), "Zzz")
    except AttributeError as e:
        print(sub, e)
try:
    tf.keras.foo
except AttributeError as e:
    print(e)
model = tf.keras.Sequential([layers.Densee(3)])
