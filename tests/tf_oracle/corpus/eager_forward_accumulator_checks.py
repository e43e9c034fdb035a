# mode: eager
# checks: ForwardAccumulator's checks (a tangent of another shape or dtype, a primal given twice, entering twice), an integer primal's JVP is None, a tape outside differentiates a JVP
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
for args in [(x, tf.constant([1.0, 2.0])), ([x, x], [x, x]), (x, tf.constant([1, 2, 3])),
             (tf.constant([1, 2]), tf.constant([1, 2]))]:
    try:
        with tf.autodiff.ForwardAccumulator(*args) as acc:
            y = x * 2.0
        print("ok", acc.jvp(y))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
acc = tf.autodiff.ForwardAccumulator(x, x)
try:
    with acc:
        with acc:
            pass
except ValueError as e:
    print(e)
with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as a:
    y = x * x
    print(a.jvp(y))
print(a.jvp(y * 2.0))
with tf.GradientTape() as tape:
    tape.watch(x)
    with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as a2:
        y = tf.reduce_sum(x * x * x)
    j = a2.jvp(y)
print(j, tape.gradient(j, x))
print(type(a2).__name__, type(a2).__module__)
