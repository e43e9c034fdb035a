# mode: graph
# checks: a Keras 3 LSTM and SimpleRNN (return_sequences=True: TF 2.21's TF1 graph can only run those, see graph_keras_rnn_last_output_error) built on a fixed-shape placeholder, run by a Session, with tf.gradients w.r.t. the input and the kernel
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [2, 3, 2])
lstm = tf.keras.layers.LSTM(2, kernel_initializer=tf.keras.initializers.GlorotUniform(seed=3),
                            recurrent_initializer=tf.keras.initializers.Orthogonal(seed=4), return_sequences=True)
rnn = tf.keras.layers.SimpleRNN(2, kernel_initializer=tf.keras.initializers.Constant(0.5),
                                recurrent_initializer=tf.keras.initializers.Orthogonal(seed=6), return_sequences=True)
y = lstm(x) + rnn(x)
loss = tf.reduce_sum(y ** 2)
grads = tf.gradients(loss, [x, lstm.cell.kernel])
data = np.arange(12, dtype=np.float32).reshape(2, 3, 2) / 12.0
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y, {x: data}))
    gx, gk = sess.run(grads, {x: data})
    print(gx)
    print(gk)
