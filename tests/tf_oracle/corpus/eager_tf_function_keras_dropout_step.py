# mode: eager
# checks: a Keras model with Dropout trained by a tf.function step (the seed state advances at each call); a random op whose shape is a tensor inside a tf.function
import tensorflow as tf
tf.keras.utils.set_random_seed(3)
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3), tf.keras.layers.Dropout(0.5), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)
x = tf.random.normal([5, 4])
y = tf.random.normal([5, 1])
@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss
for i in range(3):
    print(i, step(x, y).numpy())
@tf.function
def noise(x):
    return x + tf.random.uniform(tf.shape(x))
print(noise(tf.zeros([2])))
