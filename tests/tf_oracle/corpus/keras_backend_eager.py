# mode: eager
# checks: tf.keras.backend helpers in eager code (epsilon, floatx, clip, mean)
import tensorflow as tf
from tensorflow.keras import backend as K

print(K.floatx(), K.epsilon())
x = K.constant([[1.0, -2.0], [3.0, 0.5]])
print(K.clip(x, 0.0, 1.0).numpy())
print(K.mean(x, axis=0).numpy())
print(K.sum(K.square(x)).numpy())
print(type(x).__name__)
