"""String tensors beyond the oracle's cases: the engine's pool of strings, feeds of bytes with
NUL bytes, data-dependent shapes (tf.strings.split of a fed sentence), computed strings in
tf.Print / tf.print in a graph, and TensorFlow's errors (texts taken from TensorFlow 2.21)."""
from __future__ import annotations

import sys

import numpy as np
import pytest

import autograd_cli.tensorflow as tf
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.engine_values import POOL, engine_array, typed_value


def test_the_pool_interns_strings_and_gives_them_back_as_bytes():
    values = np.array([b"a", "a", b"", "\u00e9", b"\x00z\x00"], dtype=object)
    positions = engine_array(values)
    assert positions.dtype == np.float64
    assert positions[0] == positions[1] and positions[2] == 0      # equal strings, the empty one at 0
    back = typed_value(positions, dtypes.string)
    assert back.tolist() == [b"a", b"a", b"", "\u00e9".encode("utf-8"), b"\x00z\x00"]
    with pytest.raises(TypeError, match="Expected string, but got 3 of type 'int'"):
        POOL.positions(np.array([3], dtype=object))


@pytest.mark.usefixtures("tf_graph_mode")
class TestGraph:
    def test_bytes_fed_with_nul_bytes_come_back_whole(self):
        p = tf.placeholder(tf.string, shape=[None])
        with tf.Session() as sess:
            out = sess.run(tf.reverse(p, [0]), {p: [b"a\x00", b"\x00\xff\x00"]})
        assert out.dtype == object and out.tolist() == [b"\x00\xff\x00", b"a\x00"]
        assert tf.constant([b"x\x00", b"y"]).op.attrs["value"].tolist() == [b"x\x00", b"y"]

    def test_a_fed_feed_of_numbers_to_a_string_placeholder_is_tensorflows_type_error(self):
        p = tf.placeholder(tf.string)
        with tf.Session() as sess, pytest.raises(TypeError) as caught:
            sess.run(p, {p: 3})
        assert str(caught.value) == ("Type of feed value 3 with type <class 'int'> is not compatible with Tensor type "
                                     "<class 'object'>. Try explicitly setting the type of the feed tensor to a larger "
                                     "type (e.g. int64).")

    def test_a_fed_string_tensor_fetched_is_the_feed_as_an_object_array(self):
        p = tf.placeholder(tf.string)
        with tf.Session() as sess:
            alone, joined = sess.run([p, p + "!"], {p: "x"})
            listed = sess.run(p, {p: ["a", b"b"]})
        assert type(alone) is np.ndarray and alone.shape == () and alone[()] == "x" and joined == b"x!"
        assert listed.dtype == object and listed.tolist() == ["a", b"b"]

    def test_a_dataset_of_strings_and_a_py_func_on_strings_in_a_session(self):
        words = tf.data.Dataset.from_tensor_slices(["x", "yy"]).map(lambda w: w + "!")
        item = tf.data.make_one_shot_iterator(words).get_next()
        marked = tf.py_func(lambda a: np.array([w + b"?" for w in a], dtype=object), [tf.constant(["p", "q"])],
                            tf.string)
        with tf.Session() as sess:
            assert [sess.run(item), sess.run(item)] == [b"x!", b"yy!"]
            assert sess.run(marked).tolist() == [b"p?", b"q?"]

    def test_split_of_fed_sentences_of_different_lengths(self):
        sentence = tf.placeholder(tf.string, shape=[])
        words = tf.strings.split(sentence)
        assert words.shape.as_list() == [None]
        with tf.Session() as sess:
            for text in ["one", "two words", "now  three words "]:
                assert sess.run(words, {sentence: text}).tolist() == [w.encode() for w in text.split()]

    def test_string_ops_in_a_session(self):
        s = tf.placeholder(tf.string, shape=[2])
        fetches = [tf.strings.strip(s), tf.strings.substr(s, 1, 2), tf.strings.regex_replace(s, "[0-9]+", "#"),
                   tf.strings.regex_full_match(s, r"\s*x.*"), tf.strings.reduce_join(s, separator="|")]
        got = tf.Session().run(fetches, {s: [" x12 ", "y3"]})
        assert [g.tolist() if isinstance(g, np.ndarray) else g for g in got] == [
            [b"x12", b"y3"], [b"x1", b"3"], [b" x# ", b"y#"], [True, False], b" x12 |y3"]

    def test_computed_strings_in_print_and_tf_print(self, capsys):
        x = tf.placeholder(tf.float32, shape=[2])
        text = tf.as_string(x, precision=1)
        shown = tf.Print(x, [text, tf.strings.join([text[0], "!"])], "values: ")
        printed = tf.print("as text:", text, text[1], output_stream=sys.stdout)
        with tf.Session() as sess:
            sess.run([shown, printed], {x: [0.25, 3.0]})
        captured = capsys.readouterr()
        assert captured.err == "values: [0.2 3.0][0.2!]\n"          # (printf's 0.25 -> 0.2: round half to even)
        assert captured.out == 'as text: ["0.2" "3.0"] "3.0"\n'

    def test_a_string_y_in_tf_gradients_is_tensorflows_type_error(self):
        x = tf.constant(2.0)
        y = tf.as_string(x)
        with pytest.raises(TypeError, match=r"^Expected string, but got 1 of type 'int'\.$"):
            tf.gradients(y, x)
        with pytest.raises(TypeError, match=r"with type string must be numeric to obtain a default gradient"):
            tf.gradients(y, x, grad_ys=tf.constant("g"))
        assert tf.gradients(tf.strings.length(y), x) == [None]
        assert tf.gradients(x * 2.0, tf.constant("s")) == [None]

    def test_a_failing_string_kernel_names_its_node_when_the_session_runs(self):
        p = tf.placeholder(tf.string)
        n = tf.strings.to_number(p, name="parse")
        with tf.Session() as sess:
            assert sess.run(n, {p: "2.5"}) == 2.5
            with pytest.raises(tf.errors.InvalidArgumentError) as caught:
                sess.run(n, {p: "2,5"})
        assert caught.value.message == ("StringToNumberOp could not correctly convert string: 2,5\n"
                                        "\t [[{{node parse}}]]")

    def test_string_shape_and_dtype_errors_while_the_graph_is_built(self):
        a, b = tf.constant(["a", "b"], name="a"), tf.constant(["a", "b", "c"], name="b")
        with pytest.raises(ValueError) as caught:
            tf.equal(a, b)
        assert str(caught.value) == ("Dimensions must be equal, but are 2 and 3 for '{{node Equal}} = Equal[T=DT_STRING, "
                                     "incompatible_shape_error=true](a, b)' with input shapes: [2], [3].")
        with pytest.raises(TypeError, match=r"^Value passed to parameter 'input' has DataType string not in list of "
                                            r"allowed values: float32, float64, int32, .*, quint16, bool$"):
            tf.argmax(a)

    def test_a_cast_from_strings_is_built_and_fails_when_run(self):
        c = tf.cast(tf.constant(["1"]), tf.float32)
        assert c.dtype == tf.float32 and c.shape.as_list() == [1]
        with pytest.raises(tf.errors.UnimplementedError, match="Cast string to float is not supported"):
            tf.Session().run(c)

    def test_an_uninitialised_string_variable_is_the_uninitialised_error_and_zeros_are_empty(self):
        v = tf.Variable(["a", "b"])
        with tf.Session() as sess:
            with pytest.raises(tf.errors.FailedPreconditionError):
                sess.run(tf.strings.to_number(v))
            sess.run(v.initializer)
            assert sess.run(tf.zeros_like(v)).tolist() == [b"", b""]


def test_eager_string_kernels_broadcast_and_check_shapes():
    words = tf.constant([["a"], ["b"]])
    assert (words + tf.constant(["1", "2"])).numpy().tolist() == [[b"a1", b"a2"], [b"b1", b"b2"]]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:Add\]"):
        tf.constant(["a", "b"]) + tf.constant(["a", "b", "c"])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"cannot compute StringLength as input #0\(zero-based\) "
                                                            r"was expected to be a string tensor but is a float tensor"):
        tf.strings.length(tf.constant(1.0))


def test_eager_as_string_and_to_number_follow_printf_and_strtod():
    x = tf.constant([0.5, -12.0, 1e-7])
    # the references are C printf's formats, written out
    assert tf.as_string(x).numpy().tolist() == [b"%f" % v for v in (0.5, -12.0, 1e-7)]
    assert tf.as_string(x, precision=3, scientific=True).numpy().tolist() == [b"%.3e" % v for v in (0.5, -12.0, 1e-7)]
    assert tf.as_string(tf.constant([5, -3]), width=4, fill="0").numpy().tolist() == [b"0005", b"-003"]
    assert tf.as_string(tf.constant([5, -3]), width=4, fill="-").numpy().tolist() == [b"5   ", b"-3  "]
    assert tf.as_string(tf.constant([1.5]), fill="+").numpy().tolist() == [b"+1.500000"]
    with pytest.raises(tf.errors.InvalidArgumentError, match='Fill argument not supported: "x"'):
        tf.as_string(tf.constant([5]), width=4, fill="x")
    assert tf.as_string(tf.constant([False, True])).numpy().tolist() == [b"false", b"true"]
    parsed = tf.strings.to_number(["-0.125", " 3", "inf"], out_type=tf.float64).numpy()
    assert parsed.dtype == np.float64 and parsed.tolist() == [-0.125, 3.0, float("inf")]
    with pytest.raises(tf.errors.InvalidArgumentError, match="could not correctly convert string: 3000000000"):
        tf.strings.to_number(["3000000000"], out_type=tf.int32)


def test_a_tf_function_of_strings_is_traced_once_per_signature(capsys):
    traced = []

    @tf.function
    def tag(s, n):
        traced.append(1)                 # (Python runs only while tracing)
        return tf.strings.join([s, tf.as_string(n)], separator="#"), tf.strings.length(s)

    for k in range(3):
        text, size = tag(tf.constant(["ab", "c"]), tf.constant(k))
        assert text.numpy().tolist() == [b"ab#%d" % k, b"c#%d" % k] and size.numpy().tolist() == [2, 1]
    assert len(traced) == 1
