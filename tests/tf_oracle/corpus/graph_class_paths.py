# mode: graph
# checks: type(x) of TF1 graph objects prints TensorFlow's class paths (RefVariable, Operation, Graph, the TF1 optimizers, initializers, scopes)
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 2])
W = tf.Variable(tf.zeros([2, 1]))
gv = tf.get_variable("gv", [2])
y = tf.reduce_sum(tf.matmul(x, W))
g = tf.gradients(y, [W])
opt = tf.train.GradientDescentOptimizer(0.1)
train = opt.minimize(y)
sess = tf.Session()
things = {"placeholder": x, "variable": W, "get_variable": gv, "grad": g[0], "opt": opt,
          "adam": tf.train.AdamOptimizer(), "momentum": tf.train.MomentumOptimizer(0.1, 0.9),
          "rmsprop": tf.train.RMSPropOptimizer(0.1), "adagrad": tf.train.AdagradOptimizer(0.1),
          "train": train, "sess": sess, "graph": tf.get_default_graph(), "init": tf.global_variables_initializer(),
          "isess": tf.InteractiveSession(), "shape": x.shape, "dim": x.shape[1], "dtype": x.dtype, "op": y.op,
          "config": tf.ConfigProto(), "scope": tf.variable_scope("s"), "name_scope": tf.name_scope("n"),
          "zeros": tf.zeros_initializer(), "glorot": tf.glorot_uniform_initializer(),
          "normal": tf.random_normal_initializer(), "constant": tf.constant_initializer(2.0),
          "assign": W.assign(tf.ones([2, 1])), "saver": tf.train.Saver(), "run_value": sess.run(tf.constant(1.0)),
          "keras_dense": tf.keras.layers.Dense(2)}
sess.close()
for name, obj in things.items():
    print(name, type(obj))
with tf.variable_scope("outer") as scope:
    print(type(scope))
