# mode: graph
# checks: K.placeholder / K.function, the TF1-era Keras backend idiom: Keras 3's backend has neither (AttributeError)
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

inp = K.placeholder(shape=(None, 2))
w = K.constant([[1.0], [-2.0]])
out = K.sum(K.square(K.dot(inp, w)))
grad = K.gradients(out, inp)[0]
fn = K.function([inp], [out, grad])
print(fn([np.array([[1.0, 1.0], [0.5, 0.0]], dtype=np.float32)]))
