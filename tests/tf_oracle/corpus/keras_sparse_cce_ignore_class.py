# mode: eager
# checks: sparse_categorical_crossentropy(ignore_class=): ignored labels give 0 and the loss object averages over the others
import numpy as np
import tensorflow as tf

y_true = tf.constant([0, -1, 2, 1, -1])
logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 0.5, 3.0], [0.2, 0.3, 0.9], [1.0, 2.0, -1.0], [0.0, 0.0, 0.0]])
probs = tf.nn.softmax(logits)
print(tf.keras.losses.sparse_categorical_crossentropy(y_true, probs, ignore_class=-1).numpy())
print(tf.keras.losses.sparse_categorical_crossentropy(y_true, logits, from_logits=True, ignore_class=-1).numpy())
for reduction in ('sum_over_batch_size', 'sum', None):
    loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1, reduction=reduction)
    print(reduction, loss(y_true, logits).numpy())
loss = tf.keras.losses.SparseCategoricalCrossentropy(ignore_class=2)
labels = tf.constant([0, 2, 2, 1, 0])
print(loss(labels, probs).numpy(), loss(labels, probs, sample_weight=[1.0, 2.0, 3.0, 0.5, 1.0]).numpy())
seg_true = tf.constant([[[0], [255]], [[1], [1]]])
seg_logits = tf.reshape(tf.range(12, dtype=tf.float32) / 4.0, (2, 2, 3))
seg = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=255)
print(seg(seg_true, seg_logits).numpy())
x = tf.Variable(logits)
with tf.GradientTape() as tape:
    value = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1)(y_true, x)
print(np.round(tape.gradient(value, x).numpy(), 6))
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(3, activation='softmax',
                                                                               kernel_initializer='identity')])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(ignore_class=-1))
history = model.fit(logits.numpy(), y_true.numpy(), epochs=2, batch_size=5, verbose=0)
print([round(v, 5) for v in history.history['loss']], np.round(model.get_weights()[1], 5))
