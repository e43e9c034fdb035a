# mode: eager
# checks: a variable read only by a gather has an IndexedSlices gradient (dense when another op reads it); optimizers take it
import tensorflow as tf
emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
w = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    rows = tf.gather(emb, [2, 0])
    loss = tf.reduce_sum(rows * w)
    other = tf.reduce_sum(emb * 2.0) + loss
g = tape.gradient(loss, emb)
print(g)
print(type(tape.gradient(other, emb)).__name__)
print(tf.convert_to_tensor(g))
opt = tf.keras.optimizers.SGD(0.5)
opt.apply_gradients([(g, emb)])
print(emb.numpy())
