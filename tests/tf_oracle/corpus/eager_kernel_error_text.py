# mode: eager
# checks: the text of eager kernel errors a snippet prints itself (str(e)): the wrapped function's node first, then the message, [Op:...] and, for most ops, an empty name
import tensorflow as tf

attempts = {
    "reshape": lambda: tf.reshape(tf.range(12), [5, -1]),
    "matmul": lambda: tf.matmul(tf.ones([3, 2]), tf.ones([3, 2])),
    "solve": lambda: tf.linalg.solve(tf.zeros([2, 2]), tf.ones([2, 1])),
    "gather": lambda: tf.gather(tf.ones([4]), [1, 7]),
}
for what, attempt in attempts.items():
    try:
        attempt()
    except tf.errors.InvalidArgumentError as e:
        print(f"{what}: {type(e).__name__}: {e}")
