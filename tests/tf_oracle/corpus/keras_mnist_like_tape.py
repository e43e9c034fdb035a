# mode: eager
# checks: an MNIST-like softmax classifier on seeded synthetic data, accuracy idiom with tf.equal/argmax
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(1)
centers = rng.randn(3, 8).astype(np.float32) * 3
labels = rng.randint(0, 3, 90)
images = centers[labels] + rng.randn(90, 8).astype(np.float32)
onehot = tf.one_hot(labels, 3)

W = tf.Variable(tf.zeros([8, 3]))
b = tf.Variable(tf.zeros([3]))
opt = tf.keras.optimizers.SGD(0.05)
for epoch in range(20):
    with tf.GradientTape() as tape:
        logits = images @ W + b
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=onehot, logits=logits))
    opt.apply_gradients(zip(tape.gradient(loss, [W, b]), [W, b]))
    if epoch % 5 == 0:
        print(epoch, loss.numpy())
correct = tf.equal(tf.argmax(images @ W + b, 1), tf.argmax(onehot, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
print("accuracy", accuracy.numpy())
