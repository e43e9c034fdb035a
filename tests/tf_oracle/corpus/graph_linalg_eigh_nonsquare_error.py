# mode: graph
# checks: tf.self_adjoint_eig of a non-square matrix fails while the graph is built (the shape function's ValueError); a triangular solve of a rank-1 right-hand side and a cross product of 2-vectors before it, caught
import tensorflow as tf
tf.disable_v2_behavior()

a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
for f in [lambda: tf.matrix_triangular_solve(tf.eye(2), tf.ones([2])),
          lambda: tf.cross(tf.ones([2]), tf.ones([2])),
          lambda: tf.linalg.slogdet(a), lambda: tf.qr(tf.ones([3]))]:
    try:
        f()
    except ValueError as e:
        print(str(e).split(" for ")[0])
e, v = tf.self_adjoint_eig(a)
