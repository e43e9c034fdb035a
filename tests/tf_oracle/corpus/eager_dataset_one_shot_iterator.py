# mode: eager
# checks: tf.compat.v1.data.make_one_shot_iterator eagerly: get_next until OutOfRangeError
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).batch(2)
it = tf.compat.v1.data.make_one_shot_iterator(ds)
while True:
    try:
        print(it.get_next())
    except tf.errors.OutOfRangeError:
        print("end of data")
        break
