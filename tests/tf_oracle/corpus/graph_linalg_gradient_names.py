# mode: graph
# checks: the names TensorFlow gives the gradient tensors of the linalg ops in a TF1 graph (each gradient function's last op: slogdet, triangular_solve, QR tall / square / wide, eigh with and without vectors, cross, band_part, cholesky), then their values
import tensorflow as tf
tf.disable_v2_behavior()

a = tf.Variable([[2.0, 1.0], [1.0, 3.0]])
b = tf.Variable([[1.0, -1.0], [0.5, 2.0]])
tall = tf.Variable([[2.0, 1.0], [1.0, 3.0], [0.5, 1.0]])
wide = tf.Variable([[2.0, 1.0, 0.5], [-1.0, 3.0, 1.0]])
u = tf.Variable([1.0, 2.0, 3.0])
v = tf.Variable([0.0, 2.0, 1.0])
grads = [tf.gradients(tf.linalg.slogdet(a)[1], a), tf.gradients(tf.matrix_triangular_solve(a, b), [a, b]),
         tf.gradients(tf.qr(a)[0], a), tf.gradients(tf.qr(tall)[1], tall), tf.gradients(tf.qr(wide)[0], wide),
         tf.gradients(tf.self_adjoint_eig(a)[0], a), tf.gradients(tf.self_adjoint_eigvals(a), a),
         tf.gradients(tf.cross(u, v), [u, v]), tf.gradients(tf.matrix_band_part(a, 0, 1), a),
         tf.gradients(tf.cholesky(a), a)]
for g in grads:
    print(g)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for g in grads:
        print(sess.run(g))
