# mode: eager
# checks: Python scalars take the tensor's dtype; numpy float64 arrays become float64 tensors
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0])
print((x + 1).dtype, (x * 2.5).dtype)
i = tf.constant([1, 2])
print((i + 1).dtype, (i * 3).numpy())
print(tf.constant(np.arange(3)).dtype)
print(tf.constant(np.linspace(0, 1, 3)).dtype)
print(tf.convert_to_tensor([1.5, 2.5]).dtype)
print(tf.constant(3.0, dtype=tf.float64) * 2)
