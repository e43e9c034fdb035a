# mode: eager
# checks: a tf.Module linear model trained by hand with assign_sub on fixed data
import tensorflow as tf

class MyModel(tf.Module):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Initialize the weights to `5.0` and the bias to `0.0`
        self.w = tf.Variable(5.0)
        self.b = tf.Variable(0.0)

    def __call__(self, x):
        return self.w * x + self.b

model = MyModel()
x = tf.linspace(-2.0, 2.0, 20)
y = x * 3.0 + 2.0 + 0.1 * tf.sin(7.0 * x)

def loss(target_y, predicted_y):
    return tf.reduce_mean(tf.square(target_y - predicted_y))

def train(model, x, y, learning_rate):
    with tf.GradientTape() as t:
        current_loss = loss(y, model(x))
    dw, db = t.gradient(current_loss, [model.w, model.b])
    model.w.assign_sub(learning_rate * dw)
    model.b.assign_sub(learning_rate * db)
    return current_loss

for epoch in range(10):
    current_loss = train(model, x, y, learning_rate=0.1)
    print("Epoch %2d: W=%1.2f b=%1.2f, loss=%2.5f" % (epoch, model.w, model.b, current_loss))
print(len(model.trainable_variables), [v.name for v in model.variables])
