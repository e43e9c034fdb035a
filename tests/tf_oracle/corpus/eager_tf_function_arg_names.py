# mode: eager
# checks: a Python print inside @tf.function runs only while tracing; the result of a Python int loop
import tensorflow as tf

@tf.function
def f():
    x = 0
    for i in range(4):
        print(i)
        x += i
    return x

print("First call")
print(f())
print("Second call")
print(f())

@tf.function
def g(x):
    print("tracing g", x)
    return x * 2

print(g(tf.constant(1.0)))
print(g(tf.constant(2.0)))
print(g(3.0))
