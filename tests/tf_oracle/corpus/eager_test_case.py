# mode: eager
# checks: tf.test.TestCase's array assertions as a snippet uses them (evaluate, assertAllClose / assertAllEqual / assertNear and their messages)
import tensorflow as tf

t = tf.test.TestCase()
x = tf.constant([1.0, 2.0])
print(t.evaluate([x, {"a": x * 2.0}]))
t.assertAllClose(x, [1.0, 2.0000001])
t.assertAllEqual(tf.constant([1, 2]), [1, 2])
t.assertNear(1.0, 1.05, 0.1)
for check in (lambda: t.assertAllClose([1.0, 2.0], [1.0, 2.1]), lambda: t.assertAllClose(x, [1.0]),
              lambda: t.assertAllEqual([[1, 2]], [[1, 3]]), lambda: t.assertAllClose(3.0, 3.5),
              lambda: t.assertNear(1.0, 2.0, 0.5, "far")):
    try:
        check()
    except AssertionError as e:
        print(str(e))
