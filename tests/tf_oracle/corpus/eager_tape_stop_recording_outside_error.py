# mode: eager
# checks: stop_recording inside the tape's with-block pauses it; outside (or nested) it is TF's ValueError
import tensorflow as tf
x = tf.Variable(3.0)
with tf.GradientTape(persistent=True) as tape:
    y = tf.square(x)
    with tape.stop_recording():
        z = x * 2.0
        try:
            with tape.stop_recording():
                pass
        except ValueError as error:
            print('nested:', error)
    w = z * x
print(tape.gradient(y, x), tape.gradient(z, x), tape.gradient(w, x))
with tape.stop_recording():
    pass
