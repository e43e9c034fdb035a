# mode: eager
# checks: a tf.random.Generator inside a tf.function goes on from call to call (its state a variable), the global generator set and reset, a generator's draws as a model's initial weights in a training step
import tensorflow as tf
g = tf.random.Generator.from_seed(3)
@tf.function
def noisy(x):
    return x + g.normal(tf.shape(x))
x = tf.constant([1.0, 2.0])
print(noisy(x)); print(noisy(x))
print(g.uniform([2]))
print(noisy(x), g.state.numpy())
@tf.function
def coin():
    return g.uniform([3], 0, 2, dtype=tf.int32)
print(coin(), coin())
tf.random.set_global_generator(tf.random.Generator.from_seed(7))
print(tf.random.get_global_generator().normal([2]))
tf.random.set_seed(5)      # does not touch the generators
print(tf.random.get_global_generator().normal([2]))
tf.random.get_global_generator().reset_from_seed(7)
print(tf.random.get_global_generator().normal([2]))
init = tf.random.Generator.from_seed(0)
w = tf.Variable(init.normal([3, 2], stddev=0.1))
b = tf.Variable(init.uniform([2], -0.1, 0.1))
xs = init.normal([4, 3])
ys = init.uniform([4, 2])
opt = tf.keras.optimizers.SGD(0.5)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((xs @ w + b - ys) ** 2)
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    print(step, float(loss))
print(w.numpy())
u = tf.random.Generator.from_non_deterministic_state()
print(u.normal([2, 2]).shape, u.state.shape, u.state.dtype, u.algorithm)
print(tf.random.get_global_generator().state.name)
