# mode: eager
# checks: summary() of a functional model (its InputLayer row, a nested functional model shown as Functional, a long layer name wrapped in its cell) and of a Sequential built by its first call (that call's batch size in the shapes)
import tensorflow as tf

inner_in = tf.keras.Input((6,), name="features")
inner_out = tf.keras.layers.Dense(3, name="a_rather_long_projection_layer_name")(inner_in)
inner = tf.keras.Model(inner_in, inner_out, name="inner")
inner.summary()
outer_in = tf.keras.Input((6,), name="raw")
outer = tf.keras.Model(outer_in, tf.keras.layers.Dense(1)(inner(outer_in)), name="outer")
outer.summary()
lazy = tf.keras.Sequential([tf.keras.layers.Dense(2), tf.keras.layers.GlobalMaxPooling1D()], name="lazy")
lazy(tf.ones((3, 5, 4)))
lazy(tf.ones((7, 5, 4)))
lazy.summary()
