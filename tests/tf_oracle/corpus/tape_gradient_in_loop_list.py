# mode: eager
# checks: collecting gradients over several tapes in a list and averaging them (gradient accumulation)
import tensorflow as tf

w = tf.Variable([1.0, -1.0])
batches = [tf.constant([[1.0, 2.0]]), tf.constant([[0.0, 1.0]]), tf.constant([[3.0, -1.0]])]
accum = [tf.zeros_like(w)]
for xb in batches:
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(tf.linalg.matvec(xb, w)))
    g = tape.gradient(loss, [w])
    accum = [a + gi for a, gi in zip(accum, g)]
mean_grad = [a / len(batches) for a in accum]
print(mean_grad[0].numpy())
w.assign_sub(0.1 * mean_grad[0])
print(w.numpy())
