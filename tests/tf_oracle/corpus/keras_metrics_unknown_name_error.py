# mode: eager
# checks: compile(metrics=["kld"]): Keras 3's metric table has no function spellings (kld, logcosh, huber are tf.keras.metrics functions, not metric names), so the name is refused with Keras' ValueError; a threshold outside [0, 1] and num_thresholds=1 as well
import tensorflow as tf

for make in (lambda: tf.keras.metrics.Precision(thresholds=[0.5, 1.5]), lambda: tf.keras.metrics.AUC(num_thresholds=1),
             lambda: tf.keras.metrics.get("logcosh"), lambda: tf.keras.metrics.AUC(curve="ROCK")):
    try:
        make()
    except ValueError as error:
        print(type(error).__name__, error)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=["mae", "kld"])
model.fit(tf.ones((4, 2)), tf.ones((4, 1)), verbose=0)
