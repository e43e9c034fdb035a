# mode: eager
# checks: logistic regression by hand with sigmoid_cross_entropy_with_logits, 200 steps
import numpy as np
import tensorflow as tf

np.random.seed(3)
X = np.random.randn(40, 2).astype(np.float32)
Y = (X[:, :1] + 2 * X[:, 1:] > 0).astype(np.float32)

W = tf.Variable(tf.zeros([2, 1]))
b = tf.Variable(tf.zeros([1]))
for step in range(200):
    with tf.GradientTape() as tape:
        logits = tf.matmul(X, W) + b
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=Y, logits=logits))
    dW, db = tape.gradient(loss, [W, b])
    W.assign_sub(0.5 * dW)
    b.assign_sub(0.5 * db)
    if step % 50 == 0:
        print(step, round(float(loss), 5))
pred = tf.cast(tf.sigmoid(tf.matmul(X, W) + b) > 0.5, tf.float32)
acc = tf.reduce_mean(tf.cast(tf.equal(pred, Y), tf.float32))
print("accuracy:", acc.numpy())
