# mode: eager
# checks: tf.image.adjust_contrast's values (per channel, over height and width) and the LookupError of taking its gradient
import tensorflow as tf

images = tf.constant([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 9.0]]])
print(tf.image.adjust_contrast(images, 2.0))
print(tf.image.adjust_contrast(tf.stack([images, images * 0.5]), 0.5))
image = tf.Variable([[[0.5, 0.0, 0.0]]])
delta = tf.Variable(0.1)
with tf.GradientTape() as tape:
    new_image = tf.image.adjust_contrast(image, delta)
print(new_image)
try:
    tape.gradient(new_image, [image, delta])
except LookupError as e:
    print(f"{type(e).__name__}: {e}")
