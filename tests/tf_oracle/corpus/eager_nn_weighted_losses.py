# mode: eager
# checks: tf.nn.weighted_cross_entropy_with_logits, log_poisson_loss (compute_full_loss too), compute_average_loss (sample_weight, global_batch_size), scale_regularization_loss: values, tape gradients, dtypes, in tf.function too
import tensorflow as tf

z = tf.constant([1.0, 0.0, 1.0, 0.5])
x = tf.Variable([-2.0, 0.5, 3.0, 1.0])
with tf.GradientTape(persistent=True) as tape:
    w = tf.nn.weighted_cross_entropy_with_logits(labels=z, logits=x, pos_weight=2.5)
    lp = tf.nn.log_poisson_loss(z * 3.0, x, compute_full_loss=True)
    lp0 = tf.nn.log_poisson_loss(z, x)
    avg = tf.nn.compute_average_loss(w, sample_weight=[1.0, 2.0, 0.5, 1.0])
    avg2 = tf.nn.compute_average_loss(w, global_batch_size=8)
    reg = tf.nn.scale_regularization_loss(x * x)
for t in (w, lp, lp0, avg, avg2, reg):
    print(t.numpy(), t.dtype.name, tape.gradient(t, x).numpy())
print(tf.nn.weighted_cross_entropy_with_logits(z, x, tf.constant([1.0, 2.0, 3.0, 4.0])))
print(tf.nn.compute_average_loss(tf.constant([1.0, 2.0], tf.float64), sample_weight=[1.0, 2.0]))
print(tf.nn.compute_average_loss(tf.constant([[1.0, 2.0], [3.0, 4.0]]), sample_weight=[[1.0], [0.5]]))
print(tf.nn.compute_average_loss(tf.constant([1.0, 2.0]), global_batch_size=0))
print(tf.nn.scale_regularization_loss(tf.constant([1, 2])))


@tf.function
def step(labels, logits):
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = tf.nn.compute_average_loss(tf.nn.weighted_cross_entropy_with_logits(labels, logits, 0.5))
        loss += tf.nn.scale_regularization_loss(tf.nn.l2_loss(logits))
    return loss, tape.gradient(loss, logits)


for v in step(z, tf.constant([0.3, -1.2, 2.0, 0.0])):
    print(v.numpy())
