# mode: eager
# checks: metric objects in a custom training loop under tf.function (update_state traced once: a Python print runs at tracing only), result / reset_state per epoch, Precision, AUC, SparseCategoricalAccuracy and Mean updated inside the function; reset_states is not Keras 3's (AttributeError)
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(2)
x = rng.randn(12, 2).astype("float32")
y = (x[:, 0] > 0).astype("int32")
w = tf.Variable([[0.5, -0.5], [0.1, 0.4]])
opt = tf.keras.optimizers.SGD(0.5)
acc, loss_avg = tf.keras.metrics.SparseCategoricalAccuracy(), tf.keras.metrics.Mean(name="loss")
prec, auc = tf.keras.metrics.Precision(), tf.keras.metrics.AUC(num_thresholds=20)


@tf.function
def step(xb, yb):
    print("tracing step")
    with tf.GradientTape() as tape:
        logits = tf.matmul(xb, w)
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(yb, logits, from_logits=True))
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    probs = tf.nn.softmax(logits)
    acc.update_state(yb, probs)
    loss_avg.update_state(loss)
    prec.update_state(yb, probs[:, 1])
    auc.update_state(yb, probs[:, 1])


for epoch in range(3):
    for start in range(0, 12, 4):
        step(x[start:start + 4], y[start:start + 4])
    print(epoch, [round(float(m.result()), 5) for m in (acc, loss_avg, prec, auc)])
    for m in (acc, loss_avg, prec, auc):
        m.reset_state()
print(acc.result(), acc.count.numpy(), prec.true_positives.numpy())
acc.reset_states()
