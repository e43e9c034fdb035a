# mode: eager
# checks: a tf.function method of a tf.Module, a variable assigned twice in one call, and tf.print at each call
import sys
import tensorflow as tf

class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.count = tf.Variable(0)
        self.total = tf.Variable(0.0)

    @tf.function
    def add(self, x):
        self.count.assign_add(1)
        self.total.assign_add(x)
        self.total.assign(self.total * 2.0)
        tf.print("count", self.count, "total", self.total, output_stream=sys.stdout)
        return self.total + 1.0

c = Counter()
print(c.add(tf.constant(1.0)).numpy())
print(c.add(tf.constant(0.5)).numpy())
print(c.count.numpy(), c.total.numpy())
