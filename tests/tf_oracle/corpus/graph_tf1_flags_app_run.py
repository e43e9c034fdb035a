# mode: graph
# checks: tf.app.flags / tf.flags (absl's): DEFINE_integer/float/string/boolean/bool/list/enum, FLAGS read before parsing (TF parses sys.argv then), set, parsed from an argv (--name=value, --name value, --nobool, --), absl's errors; tf.app.run(main) trains a model with the flags and exits with main's result
import tensorflow as tf
flags = tf.app.flags
FLAGS = flags.FLAGS
flags.DEFINE_integer("steps", 3, "Training steps.", lower_bound=1)
flags.DEFINE_float("learning_rate", 1, "Learning rate.")
tf.flags.DEFINE_string("optimizer", "sgd", "Optimizer name."); print(tf.flags is tf.app.flags)
flags.DEFINE_boolean("verbose", False, "Print the loss."); flags.DEFINE_bool("fake_data", True, "Use fake data.")
flags.DEFINE_list("layers", "4,2", "Layer sizes."); flags.DEFINE_enum("mode", "train", ["train", "eval"], "Mode.")
print(FLAGS.steps, FLAGS.learning_rate, FLAGS.optimizer, FLAGS.verbose, FLAGS.fake_data, FLAGS.layers, FLAGS.mode)
print(type(FLAGS.learning_rate).__name__, FLAGS.is_parsed(), "steps" in FLAGS, FLAGS["mode"].help)
FLAGS.learning_rate = 0.25; print(FLAGS.learning_rate, FLAGS["learning_rate"].default)
for bad in (lambda: FLAGS.missing, lambda: flags.DEFINE_integer("epochs", "ten", "Epochs."),
            lambda: flags.DEFINE_integer("steps", 1, "Again."), lambda: FLAGS(["prog", "--mode=test"]),
            lambda: FLAGS(["prog", "--verbose=maybe"]), lambda: FLAGS(["prog", "--steps=0"]),
            lambda: FLAGS(["prog", "--steps"]), lambda: FLAGS(["prog", "--unknown=1"])):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split(" First from")[0])
print(FLAGS(["prog", "--steps", "4", "--verbose", "--nofake_data", "data.txt", "--layers=8,4,2", "--", "--mode=eval"]))
print(FLAGS.steps, FLAGS.verbose, FLAGS.fake_data, FLAGS.layers, FLAGS.mode, FLAGS["steps"].present)
def main(argv):
    print("main", len(argv), FLAGS.steps, FLAGS.learning_rate)
    w = tf.Variable(2.0)
    loss = tf.square(w - 0.5)
    train = tf.train.GradientDescentOptimizer(FLAGS.learning_rate).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(FLAGS.steps):
            _, value = sess.run([train, loss])
            print(step, value, sess.run(w)) if FLAGS.verbose else None
    return 0
try:
    tf.app.run(main)
except SystemExit as e:
    print("exit", repr(e.code))
try:
    tf.app.run(lambda argv: print("again", argv[1:]) or 3, argv=["prog", "--steps=2", "--other=1", "x"])
except SystemExit as e:
    print("exit", repr(e.code), FLAGS.steps)
