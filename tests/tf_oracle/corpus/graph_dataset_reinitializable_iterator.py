# mode: graph
# checks: Iterator.from_structure with make_initializer for two datasets (train and test) sharing one get_next
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

train = tf.data.Dataset.from_tensor_slices(np.arange(6, dtype=np.float32)).batch(3)
test = tf.data.Dataset.from_tensor_slices(np.array([10.0, 20.0], dtype=np.float32)).batch(3)
it = tf.data.Iterator.from_structure(tf.data.get_output_types(train), tf.data.get_output_shapes(train))
batch = it.get_next()
doubled = batch * 2.0
train_init = it.make_initializer(train)
test_init = it.make_initializer(test)
print(batch, train_init.type)
with tf.Session() as sess:
    for init in (train_init, test_init, train_init):
        sess.run(init)
        try:
            while True:
                print(sess.run(doubled))
        except tf.errors.OutOfRangeError:
            print("end")
