# mode: eager
# checks: optimizers' weight_decay (decoupled: variable -= variable * wd * lr before the update), AdamW, exclude_from_weight_decay
import numpy as np
import tensorflow as tf


def steps(optimizer, n=2, exclude=None):
    w = tf.Variable([1.0, -2.0, 3.0], name='w')
    b = tf.Variable([0.5, -0.5], name='bias')
    if exclude:
        optimizer.exclude_from_weight_decay(var_names=exclude)
    for _ in range(n):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w) + tf.reduce_sum(3.0 * b)
        optimizer.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
    print(type(optimizer).__name__, optimizer.weight_decay, np.round(w.numpy(), 6), np.round(b.numpy(), 6))


steps(tf.keras.optimizers.SGD(learning_rate=0.1, weight_decay=0.5))
steps(tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, weight_decay=0.5))
steps(tf.keras.optimizers.Adam(learning_rate=0.1, weight_decay=0.2))
steps(tf.keras.optimizers.AdamW(learning_rate=0.1))
steps(tf.keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.3, amsgrad=True), n=3)
steps(tf.keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.3), exclude=['bias'])
steps(tf.keras.optimizers.RMSprop(learning_rate=0.01, weight_decay=0.1))
steps(tf.keras.optimizers.Adagrad(learning_rate=0.1, weight_decay=0.1))
schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=1, decay_rate=0.5)
steps(tf.keras.optimizers.SGD(learning_rate=schedule, weight_decay=1.0), n=3)
opt = tf.keras.optimizers.AdamW()
print(opt.weight_decay, opt.learning_rate.numpy(), opt.get_config()['weight_decay'])
try:
    tf.keras.optimizers.AdamW(weight_decay=None)
except ValueError as e:
    print('ValueError', e)
