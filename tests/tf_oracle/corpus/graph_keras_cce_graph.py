# mode: graph
# checks: Keras categorical_crossentropy on a saturated softmax in graph mode (computed from the logits)
import tensorflow as tf

logits = tf.Variable([[100.0, 0.0, -100.0]])
labels = tf.constant([[0.0, 0.0, 1.0]])
probs = tf.nn.softmax(logits)
loss = tf.reduce_sum(tf.keras.losses.categorical_crossentropy(labels, probs))
grad = tf.gradients(loss, logits)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(probs))
    print(sess.run(loss))
    print(sess.run(grad))
