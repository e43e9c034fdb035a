# mode: eager
# checks: tf.clip_by_norm and tf.clip_by_global_norm on gradients
import tensorflow as tf

w = tf.Variable([3.0, 4.0])
b = tf.Variable(1.0)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(w * w) * 2.0 + b * 10.0
grads = tape.gradient(loss, [w, b])
print(grads[0].numpy(), tf.norm(grads[0]).numpy())
print(tf.clip_by_norm(grads[0], 5.0).numpy())
print(tf.clip_by_norm(grads[1], 1.0).numpy())
clipped, global_norm = tf.clip_by_global_norm(grads, 5.0)
print(global_norm.numpy())
print([c.numpy() for c in clipped])
print(tf.clip_by_value(grads[0], -13.0, 13.0).numpy())
