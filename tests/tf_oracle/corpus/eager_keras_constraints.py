# mode: eager
# checks: Keras constraints (MaxNorm, non_neg, UnitNorm) projected after each optimizer step; MinMaxNorm; a Conv2D's kernel_regularizer in its losses
import numpy as np
import tensorflow as tf
from tensorflow.keras import constraints, layers, regularizers

tf.keras.utils.set_random_seed(3)
x = tf.constant(np.linspace(-1.0, 1.0, 12).reshape(4, 3), tf.float32)
y = tf.constant([[1.0], [0.0], [2.0], [-1.0]])
dense = layers.Dense(2, kernel_constraint=constraints.MaxNorm(max_value=0.5, axis=0),
                     bias_constraint="non_neg")
out = layers.Dense(1, kernel_constraint=constraints.UnitNorm())
opt = tf.keras.optimizers.SGD(0.5)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(out(dense(x)) - y))
    variables = dense.trainable_variables + out.trainable_variables
    opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
    print(step, loss.numpy(), np.linalg.norm(dense.kernel.numpy(), axis=0), dense.bias.numpy())
print(out.kernel.numpy().ravel(), constraints.MinMaxNorm(0.5, 1.0, rate=0.5)(tf.constant([[3.0, 0.1], [4.0, 0.2]])))
conv = layers.Conv2D(2, 2, kernel_regularizer=regularizers.l2(0.1), kernel_constraint=constraints.NonNeg())
conv(tf.ones([1, 3, 3, 1]))
print(len(conv.losses), float(conv.losses[0]) > 0, type(dense.kernel_constraint).__name__)
print(constraints.get("unit_norm").get_config(), dense.kernel.constraint.get_config())
