# mode: eager
# checks: the text of eager kernel errors a snippet prints itself for list ops (the wrapped function is named with its input count), reductions, transpose, tile and integer division
import tensorflow as tf

attempts = {
    "concat": lambda: tf.concat([tf.ones([2, 3]), tf.ones([2, 4])], axis=0),
    "concat3": lambda: tf.concat([tf.ones([2]), tf.ones([2]), tf.ones([2, 1])], axis=0),
    "stack": lambda: tf.stack([tf.ones([2]), tf.ones([3])]),
    "add_n": lambda: tf.add_n([tf.ones([2]), tf.ones([3])]),
    "reduce": lambda: tf.reduce_sum(tf.ones([2, 2]), axis=3),
    "transpose": lambda: tf.transpose(tf.ones([2, 3]), perm=[0, 0]),
    "tile": lambda: tf.tile(tf.ones([2, 3]), [2]),
    "floordiv": lambda: tf.constant([4]) // tf.constant([0]),
    "argmax": lambda: tf.argmax(tf.ones([2, 3]), axis=4),
}
for what, attempt in attempts.items():
    try:
        attempt()
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(f"{what}: {type(e).__name__}: {e}")
