"""Keras snippets run by real TensorFlow 2.21 (keras_generate.py stores what they give in
keras_outputs.json) and by this package (test_keras_against_tf.py compares). Each case is
Python run with `tf` and `np` bound; it fills the dict `out` with plain values."""

CASES = {
    "dense_forward_known_weights": """
tf.keras.backend.clear_session()
layer = tf.keras.layers.Dense(3, activation="relu")
x = tf.constant([[1.0, -2.0], [0.5, 4.0]])
y0 = layer(x)
layer.set_weights([np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]), np.array([0.1, -0.2, 0.3])])
y = layer(x)
out["y"] = y.numpy().tolist()
out["names"] = [v.name for v in layer.weights]
out["paths"] = [v.path for v in layer.weights]
out["layer_name"] = layer.name
out["shapes"] = [list(v.shape) for v in layer.trainable_variables]
out["dtype"] = y.dtype.name
""",
    "sequential_names_and_params": """
tf.keras.backend.clear_session()
model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="tanh", input_shape=(3,)),
                             tf.keras.layers.Dense(2, use_bias=False)])
other = tf.keras.Sequential([tf.keras.layers.Dense(1)])
other(np.ones((2, 5)))
out["model_name"] = model.name
out["other_name"] = other.name
out["layer_names"] = [l.name for l in model.layers] + [l.name for l in other.layers]
out["names"] = [v.name for v in model.trainable_variables]
out["paths"] = [v.path for v in model.trainable_variables] + [v.path for v in other.trainable_variables]
out["count_params"] = model.count_params()
out["built"] = model.built
""",
    "subclassed_model_variables": """
tf.keras.backend.clear_session()
class Block(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones", name="w")
        self.b = self.add_weight(shape=(self.units,), initializer="zeros", name="b", trainable=False)
    def call(self, x):
        return tf.matmul(x, self.w) + self.b
class MyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.second = tf.keras.layers.Dense(2, kernel_initializer="ones")
        self.block = Block(3)
        self.plain = tf.Variable(2.0)
    def call(self, x):
        return self.second(self.block(x)) * self.plain
model = MyModel()
y = model(tf.ones((1, 4)))
out["y"] = y.numpy().tolist()
out["model_name"] = model.name
out["trainable"] = [v.path for v in model.trainable_variables]
out["non_trainable"] = [v.path for v in model.non_trainable_variables]
out["weights"] = [v.name for v in model.weights]
out["layers"] = [l.name for l in model.layers]
""",
    "loss_functions_and_objects": """
y_true = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
y_pred = np.array([[0.05, 0.95, 0.0], [0.1, 0.8, 0.1]])
L = tf.keras.losses
out["cce"] = L.categorical_crossentropy(y_true, y_pred).numpy().tolist()
out["bce"] = L.binary_crossentropy(y_true, y_pred).numpy().tolist()
out["mse"] = L.MSE(y_true, y_pred).numpy().tolist()
out["mae"] = L.mae(y_true, y_pred).numpy().tolist()
out["huber"] = L.huber(y_true, y_pred, delta=0.5).numpy().tolist()
out["logcosh"] = L.logcosh(y_true, y_pred).numpy().tolist()
out["scce"] = L.sparse_categorical_crossentropy(np.array([1, 2]), y_pred).numpy().tolist()
out["scce_int_labels"] = L.sparse_categorical_crossentropy(tf.constant([1, 2]), tf.constant(y_pred, tf.float32)).numpy().tolist()
for reduction in ("sum_over_batch_size", "sum", "none"):
    out["CCE_" + reduction] = np.asarray(L.CategoricalCrossentropy(reduction=reduction)(y_true, y_pred)).tolist()
    out["MSE_" + reduction] = np.asarray(L.MeanSquaredError(reduction=reduction)(y_true, y_pred)).tolist()
out["CCE_smoothing"] = float(L.CategoricalCrossentropy(label_smoothing=0.1)(y_true, y_pred))
out["BCE_logits"] = float(L.BinaryCrossentropy(from_logits=True)(y_true, np.array([[2.0, -1.0, 0.5], [0.0, 3.0, -2.0]])))
out["Huber"] = float(L.Huber(delta=0.5)(y_true, y_pred))
out["weighted"] = float(L.MeanSquaredError()(y_true, y_pred, sample_weight=np.array([1.0, 3.0])))
""",
    "softmax_crossentropy_eager_and_graph": """
y = tf.constant([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
z = tf.constant([[100.0, 0.0, 0.0], [1.0, 2.0, 3.0]])
cce = tf.keras.losses.CategoricalCrossentropy()
out["eager_nn_softmax"] = float(cce(y, tf.nn.softmax(z)))
out["eager_keras_softmax_layer"] = float(cce(y, tf.keras.layers.Softmax()(z)))
out["eager_keras_activation"] = float(cce(y, tf.keras.activations.softmax(z)))
out["from_logits"] = float(tf.keras.losses.CategoricalCrossentropy(from_logits=True)(y, z))
zv = tf.Variable(z)
with tf.GradientTape() as tape:
    loss = cce(y, tf.nn.softmax(zv))
out["eager_gradient"] = tape.gradient(loss, zv).numpy().tolist()
with tf.GradientTape() as tape:
    loss = cce(y, tf.keras.activations.softmax(zv))
out["keras_softmax_gradient"] = tape.gradient(loss, zv).numpy().tolist()
b = tf.constant([[0.0, 1.0], [1.0, 1.0]])
bz = tf.constant([[40.0, -40.0], [0.5, -0.5]])
out["bce_eager_sigmoid"] = float(tf.keras.losses.BinaryCrossentropy()(b, tf.nn.sigmoid(bz)))
out["bce_keras_sigmoid"] = float(tf.keras.losses.BinaryCrossentropy()(b, tf.keras.activations.sigmoid(bz)))
""",
    "softmax_crossentropy_tf_function": """
y = tf.constant([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
z = tf.constant([[100.0, 0.0, 0.0], [1.0, 2.0, 3.0]])
cce = tf.keras.losses.CategoricalCrossentropy()
@tf.function
def graph_loss(z):
    return cce(y, tf.nn.softmax(z))
out["tf_function_nn_softmax"] = float(graph_loss(z))
""",
    "graph_mode_session": """
tf.keras.backend.clear_session()
g = tf.Graph()
with g.as_default():
    x = tf.compat.v1.placeholder(tf.float32, [2, 2])
    layer = tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Constant([[1.0, 2.0], [3.0, 4.0]]),
                                  activation="softmax")
    probs = layer(x)
    loss = tf.keras.losses.CategoricalCrossentropy()(tf.constant([[0.0, 1.0], [1.0, 0.0]]), probs)
    grads = tf.compat.v1.gradients(loss, [layer.kernel, layer.bias])
    opt = tf.keras.optimizers.SGD(learning_rate=0.5)
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        p, l, gk = sess.run([probs, loss, grads], {x: [[1.0, 1.0], [0.0, -3.0]]})
        out["probs"] = p.tolist()
        out["loss"] = float(l)
        out["grads"] = [a.tolist() for a in gk]
        out["saturated"] = float(sess.run(loss, {x: [[0.0, -100.0], [0.0, 100.0]]}))
    out["kernel_path"] = layer.kernel.path
""",
    "optimizer_steps": """
tf.keras.backend.clear_session()
def run(opt, steps=2):
    v = tf.Variable([1.0, -2.0, 0.5])
    values = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(v * v * tf.constant([1.0, 0.5, 3.0])) + tf.reduce_sum(v)
        grads = tape.gradient(loss, [v])
        opt.apply_gradients(zip(grads, [v]))
        values.append(v.numpy().tolist())
    return values, int(opt.iterations.numpy())
out["sgd"] = run(tf.keras.optimizers.SGD(learning_rate=0.1))
out["sgd_momentum"] = run(tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9), 3)
out["sgd_nesterov"] = run(tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, nesterov=True), 3)
out["adam"] = run(tf.keras.optimizers.Adam(learning_rate=0.1), 3)
out["rmsprop"] = run(tf.keras.optimizers.RMSprop(learning_rate=0.01), 3)
out["rmsprop_centered_momentum"] = run(tf.keras.optimizers.RMSprop(learning_rate=0.01, momentum=0.5, centered=True), 3)
out["adagrad"] = run(tf.keras.optimizers.Adagrad(learning_rate=0.1), 3)
out["tf_optimizers_alias"] = run(tf.optimizers.SGD(0.05), 1)
opt = tf.keras.optimizers.SGD(learning_rate=0.1)
out["has_minimize"] = hasattr(opt, "minimize")
out["learning_rate"] = float(opt.learning_rate.numpy())
opt.learning_rate = 0.5
out["learning_rate_set"] = float(opt.learning_rate.numpy())
out["variables"] = [v.path for v in opt.variables]
""",
    "fit_three_steps": """
tf.keras.backend.clear_session()
x = np.array([[0.0, 1.0], [1.0, 0.5], [2.0, -1.0], [-1.0, 2.0]])
y = np.array([[1.0], [2.0], [0.5], [3.0]])
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)),
                             tf.keras.layers.Dense(3, activation="relu",
                                                   kernel_initializer=tf.keras.initializers.GlorotUniform(seed=7)),
                             tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.5))])
out["initial_kernel"] = model.layers[0].kernel.numpy().tolist()
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
history = model.fit(x, y, epochs=3, batch_size=4, shuffle=False, verbose=0)
out["loss"] = history.history["loss"]
out["weights"] = [w.tolist() for w in model.get_weights()]
out["evaluate"] = float(model.evaluate(x, y, verbose=0))
out["predict"] = model.predict(x, verbose=0).tolist()
out["iterations"] = int(model.optimizer.iterations.numpy())
""",
    "fit_classifier_adam": """
tf.keras.backend.clear_session()
x = np.array([[0.0, 1.0], [1.0, 0.5], [2.0, -1.0], [-1.0, 2.0], [0.5, 0.5], [1.5, 1.0]])
labels = np.array([0, 1, 2, 0, 1, 2])
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)),
                             tf.keras.layers.Dense(3, activation="softmax",
                                                   kernel_initializer=tf.keras.initializers.HeNormal(seed=3))])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.1), loss="sparse_categorical_crossentropy",
              metrics=["accuracy"])
history = model.fit(x, labels, epochs=3, batch_size=3, shuffle=False, verbose=0)
out["loss"] = history.history["loss"]
out["weights"] = [w.tolist() for w in model.get_weights()]
""",
    "seeded_initializers": """
I = tf.keras.initializers
for name, init in [("glorot_uniform", I.GlorotUniform(seed=1)), ("glorot_normal", I.GlorotNormal(seed=2)),
                   ("he_normal", I.HeNormal(seed=3)), ("he_uniform", I.HeUniform(seed=4)),
                   ("random_normal", I.RandomNormal(mean=1.0, stddev=0.5, seed=5)),
                   ("random_uniform", I.RandomUniform(minval=-1.0, maxval=2.0, seed=6)),
                   ("truncated_normal", I.TruncatedNormal(stddev=2.0, seed=8))]:
    out[name] = init((3, 2)).numpy().tolist()
out["constant"] = I.Constant(2.5)((2, 2)).numpy().tolist()
out["zeros_ones"] = [I.Zeros()((2,)).numpy().tolist(), I.Ones()((2,)).numpy().tolist()]
""",
    "to_categorical_and_backend": """
K = tf.keras.backend
out["to_categorical"] = tf.keras.utils.to_categorical([0, 2, 1], num_classes=3).tolist()
out["to_categorical_column"] = tf.keras.utils.to_categorical(np.array([[1], [0]])).tolist()
v = K.variable(np.array([[1.0, 2.0], [3.0, 4.0]]))
out["K_sum"] = K.get_value(K.sum(v, axis=1)).tolist()
out["K_mean"] = float(K.get_value(K.mean(v)))
out["K_dot"] = K.get_value(K.dot(v, v)).tolist()
out["K_epsilon"] = K.epsilon()
out["K_cce"] = K.categorical_crossentropy(tf.constant([[0.0, 1.0]]), tf.nn.softmax(tf.constant([[50.0, 0.0]]))).numpy().tolist()
out["K_bce"] = K.binary_crossentropy(tf.constant([[0.0, 1.0]]), tf.constant([[0.3, 0.9]])).numpy().tolist()
K.set_value(v, np.zeros((2, 2)))
out["K_set_value"] = K.get_value(v).tolist()
out["has_placeholder"] = hasattr(K, "placeholder")
out["has_function"] = hasattr(K, "function")
out["has_get_session"] = hasattr(K, "get_session")
""",
    "dropout_training_flag": """
tf.keras.backend.clear_session()
layer = tf.keras.layers.Dropout(0.5)
x = tf.ones((2, 3))
out["inference"] = layer(x).numpy().tolist()
out["training_false"] = layer(x, training=False).numpy().tolist()
train = layer(tf.ones((2, 300)), training=True).numpy()
out["training_values"] = sorted(set(np.round(train.ravel(), 6).tolist()))
flat = tf.keras.layers.Flatten()(tf.ones((2, 3, 4)))
out["flatten_shape"] = list(flat.shape)
out["relu_layer"] = tf.keras.layers.ReLU()(tf.constant([-1.0, 2.0])).numpy().tolist()
out["activation_layer"] = tf.keras.layers.Activation("sigmoid")(tf.constant([0.0])).numpy().tolist()
""",
    "unseeded_initializers_after_set_random_seed": """
tf.keras.backend.clear_session()
tf.keras.utils.set_random_seed(1234)
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2), tf.keras.layers.Dense(1)])
out["kernels"] = [model.layers[0].kernel.numpy().tolist(), model.layers[1].kernel.numpy().tolist()]
out["normal"] = tf.keras.initializers.RandomNormal()((2, 2)).numpy().tolist()
""",
}
