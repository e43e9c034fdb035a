# mode: eager
# checks: %-formatting, f-strings, format() and float() of scalar tensors
import tensorflow as tf

loss = tf.constant(0.123456789)
step = tf.constant(3)
print("loss: %.4f" % loss)
print("step %d, loss %f" % (step, loss))
print(f"{loss:.3f} {float(loss):.2e} {int(step)}")
print("loss = {:.5f}".format(loss.numpy()))
print("raw: {}".format(loss))
print(f"{loss}")
print(str(step), int(step) + 1)
