# mode: eager
# checks: Keras 3's crossentropies check target and output for the same rank and shape before any op (a label vector against a batch of one logits row)
import tensorflow as tf

logits = tf.constant([[0.5, -1.0]])
cases = [
    (tf.constant([0.0, 1.0]), logits),
    (tf.constant([[0.0, 1.0, 0.0]]), tf.constant([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])),
    (tf.constant([[0.0, 1.0]]), logits),
    (tf.constant([[1.0], [0.0]]), tf.constant([[0.3], [0.4]])),
]
losses = [tf.keras.losses.categorical_crossentropy, tf.keras.losses.binary_crossentropy,
          tf.losses.categorical_crossentropy]
for y, p in cases:
    for f in losses:
        try:
            print(f.__name__, f(y, p, from_logits=True).numpy())
        except ValueError as e:
            print(f.__name__, "ValueError:", e)
    try:
        print("object", tf.keras.losses.CategoricalCrossentropy(from_logits=True)(y, p).numpy())
    except ValueError as e:
        print("object ValueError:", e)
    try:
        print("binary object", tf.keras.losses.BinaryCrossentropy()(y, tf.sigmoid(p)).numpy())
    except ValueError as e:
        print("binary object ValueError:", e)

x = tf.random.stateless_normal([1, 3], seed=(1, 2))
w = tf.Variable(tf.random.stateless_normal([3, 2], seed=(3, 4)))
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.losses.categorical_crossentropy(tf.constant([[0.0, 1.0]]), x @ w, from_logits=True))
print(loss, tape.gradient(loss, w))
