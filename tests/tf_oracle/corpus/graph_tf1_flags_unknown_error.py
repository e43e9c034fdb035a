# mode: graph
# checks: parsing a command line with a flag nobody defined is absl's UnrecognizedFlagError (tf.flags is absl.flags in TF 2.21)
import tensorflow as tf

tf.flags.DEFINE_integer("batch_size", 8, "Batch size.")
print(tf.flags.FLAGS.batch_size)
tf.flags.FLAGS(["train.py", "--batch_size=16", "--epochs=3"])
