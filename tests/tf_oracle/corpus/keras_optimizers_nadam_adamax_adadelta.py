# mode: eager
# checks: Keras 3's Nadam, Adamax and Adadelta: several steps of each (float32 values, default and given hyperparameters), their variables' paths and values, get by name, apply with a zero gradient
import tensorflow as tf

A = tf.constant([[1.0, 2.0], [3.0, -4.0], [0.5, 6.0]])
y = tf.constant([[1.0], [-2.0], [3.0]])
opts = [tf.keras.optimizers.Nadam(learning_rate=0.05), tf.keras.optimizers.Adamax(learning_rate=0.1),
        tf.keras.optimizers.Adadelta(learning_rate=1.0), tf.keras.optimizers.Nadam(),
        tf.keras.optimizers.Adamax(beta_1=0.8, beta_2=0.9, epsilon=1e-3),
        tf.keras.optimizers.Adadelta(rho=0.5, epsilon=1e-4, learning_rate=0.5),
        tf.keras.optimizers.Nadam(learning_rate=0.01, beta_1=0.7, beta_2=0.95, epsilon=0.01)]
for opt in opts:
    w = tf.Variable([[0.3], [-0.2]], name="w")
    b = tf.Variable(0.1)
    for step in range(5):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((A @ w + b - y) ** 2)
        grads = tape.gradient(loss, [w, b])
        opt.apply_gradients(zip(grads, [w, b]))
        print(type(opt).__name__, step, loss.numpy(), w.numpy().ravel(), b.numpy())
    print(opt.name, opt.iterations.numpy(), [v.path for v in opt.variables])
    print([v.numpy() for v in opt.variables[2:]])
print(opts[3].variables[-1])
for name in ["nadam", "Adamax", "adadelta"]:
    opt = tf.keras.optimizers.get(name)
    print(type(opt), opt.name, float(opt.learning_rate.numpy()))
opt = tf.keras.optimizers.Nadam(learning_rate=0.1)
v = tf.Variable([1.0, -1.0])
for _ in range(3):
    opt.apply_gradients([(tf.constant([0.0, 0.5]), v)])
print(v.numpy(), opt.variables[-1].numpy())
print(tf.optimizers.Adamax, tf.keras.optimizers.Adadelta().epsilon, opts[0].beta_1, opts[2].rho)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
for opt in ["nadam", "adamax", "adadelta"]:
    model.compile(optimizer=opt, loss="mse")
    h = model.fit(A.numpy(), y.numpy(), epochs=3, batch_size=2, shuffle=False, verbose=0)
    print(opt, h.history["loss"], model.layers[0].kernel.numpy().ravel())
