# mode: eager
# checks: a GradientTape through or to string tensors: None gradients (watching a string, a string target, a number made from a string), the float path still differentiated
import tensorflow as tf

x = tf.constant("a")
v = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    joined = x + "b"
    z = v * 3.0
    text = tf.as_string(z)
    back = tf.strings.to_number(text)
    total = back * v + z
print(tape.gradient(joined, x), tape.gradient(text, v), tape.gradient(back, v))
print(tape.gradient(total, v), tape.gradient(z, v))
print(tape.gradient(tf.strings.length(joined), x))
