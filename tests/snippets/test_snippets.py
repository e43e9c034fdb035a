"""TensorFlow snippets (spec section 9): the Python subset and the library surface.
Every expected value is derived by hand or by NumPy written here."""
from __future__ import annotations

import numpy as np
import pytest

from autograd_cli.dialects import evaluate_snippet
from autograd_cli.support.errors import AgError

TF = "import tensorflow as tf\n"
NP = "import numpy as np\n"


def out(source, seed=0):
    return "".join(p.text for p in evaluate_snippet(source, seed=seed).prints)


def lines(source, seed=0):
    return out(source, seed).splitlines()


def fails(source):
    with pytest.raises(AgError) as info:
        evaluate_snippet(source, seed=0)
    return info.value


def nums(text):
    return [float(t) for t in text.strip("[]() \n").replace(",", " ").split()]


# ---------------------------------------------------------------- the Python subset

def test_loops_conditions_functions_and_printing():
    source = """
def f(a, b=2):
    return a * b
total = 0
for i, (p, q) in enumerate(zip([1, 2, 3], [4, 5, 6])):
    if i == 0:
        continue
    elif i == 1:
        total += f(p, q)
    else:
        total += f(p)
print(total, "done", sep="|", end="!\\n")
squares = [k * k for k in range(5) if k % 2 == 0]
print(squares, len(squares), sum(squares), max(squares), min(squares), abs(-3), round(2.675, 2))
d = {"a": 1, "b": (2, 3)}
del d["a"]
print(d, tuple([1]), list(range(3))[::-1], "x" in "xyz", None is None, 1 is not None)
"""
    # total = 2*5 + 3*2 = 16; squares of 0, 2, 4
    assert lines(source) == ["16|done!", "[0, 4, 16] 3 20 16 0 3 2.67",
                             "{'b': (2, 3)} (1,) [2, 1, 0] True True True"]


def test_format_and_fstrings_with_specs():
    source = 'x = 3.14159\nn = 7\nprint("{:.2f} {:>4d} {!r} {name}".format(x, n, "s", name="k"))\n' \
             'print(f"{x:.3f}|{n:03d}|{x*2=}|{n!r:>3}")\n'
    assert lines(source) == ["3.14    7 's' k", "3.142|007|x*2=6.28318|  7"]


def test_indexing_slicing_and_builtins_on_plain_values():
    source = NP + """a = np.array([[1.0, 2.0], [3.0, 4.0]])
print(a[1, 0], a[:, 1], a.T[0], a.shape, a.astype(np.int32)[1])
xs = [5, 6, 7, 8]
print(xs[1:3], xs[-1], float(3), int(2.9), str(4), isinstance(xs, list), isinstance(2.0, int))
"""
    assert lines(source) == ["3.0 [2. 4.] [1. 3.] (2, 2) [3 4]", "[6, 7] 8 3.0 2 4 True False"]


def test_numpy_legacy_generator_equals_numpys_own():
    source = NP + "np.random.seed(7)\nprint(np.random.randn(3))\nprint(np.random.randint(0, 10, 4))\n" \
                  "print(np.random.uniform(-1, 1, 2))\n"
    rng = np.random.RandomState(7)
    a, b, c = rng.randn(3), rng.randint(0, 10, 4), rng.uniform(-1, 1, 2)
    got = lines(source)
    np.testing.assert_allclose(nums(got[0]), a, rtol=1e-6)      # printed with NumPy's 8 digits
    assert nums(got[1]) == list(b)
    np.testing.assert_allclose(nums(got[2]), c, rtol=1e-6)


def test_syntax_error_is_located():
    exc = fails("x = (1,\ny = 2\n")
    assert exc.pos is not None and "SyntaxError" in exc.message


# ---------------------------------------------------------------- graph mode: sessions

def test_variables_constants_placeholders_and_nested_fetches():
    source = TF + """x = tf.placeholder(tf.float32, shape=[2], name='x')
w = tf.Variable([1.0, 2.0], name='w')
c = tf.constant(3.0)
y = tf.reduce_sum(x * w) + c
sess = tf.Session()
sess.run(tf.global_variables_initializer())
r = sess.run({'y': y, 'parts': (w, [c])}, feed_dict={x: [10.0, 20.0]})
print(r['y'], r['parts'])
print(x, w, y)
sess.close()
"""
    first, second = lines(source)
    assert first == "53.0 (array([1., 2.], dtype=float32), [3.0])"     # 10*1 + 20*2 + 3
    # print(tensor) is str(): TensorFlow 2.21 (graph mode) prints Tensor("x:0", shape=(2,), dtype=float32)
    assert second == ('Tensor("x:0", shape=(2,), dtype=float32) <tf.Variable \'w:0\' shape=(2,) '
                      'dtype=float32_ref> Tensor("add:0", shape=(), dtype=float32)')


def test_session_errors_feed_uninitialized_closed():
    base = TF + "x = tf.placeholder(tf.float32)\nv = tf.Variable(1.0)\ny = x * v\nsess = tf.Session()\n"
    assert "must feed a value for placeholder" in fails(base + "sess.run(tf.global_variables_initializer())\n"
                                                                "sess.run(y)\n").message
    assert "uninitialized value Variable" in fails(base + "sess.run(y, feed_dict={x: 2.0})\n").message
    assert "closed Session" in fails(base + "sess.close()\nsess.run(v)\n").message


def test_eval_and_run_use_the_default_session_and_interactive_session():
    source = TF + """a = tf.Variable(2.0)
b = a * a
with tf.Session() as sess:
    tf.global_variables_initializer().run()
    print(b.eval(), sess.run(a))
s2 = tf.InteractiveSession()
tf.global_variables_initializer().run()
print((b + 1).eval())
"""
    assert lines(source) == ["4.0 2.0", "5.0"]


def test_assign_ops_run_only_when_fetched():
    source = TF + """v = tf.Variable(1.0)
inc = tf.assign_add(v, 2.0)
dbl = v.assign(v * 2)
sub = v.assign_sub(0.5)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
print(sess.run(v))
print(sess.run(inc), sess.run(v))
print(sess.run(dbl), sess.run(sub), sess.run(v))
"""
    # nothing runs until fetched: 1; +2 -> 3; *2 -> 6; -0.5 -> 5.5
    assert lines(source) == ["1.0", "3.0 3.0", "6.0 5.5 5.5"]


def test_one_run_reads_start_of_run_values_and_applies_every_fetched_update():
    source = TF + """v = tf.Variable(1.0)
w = tf.Variable(10.0)
up_v = v.assign(w)
up_w = w.assign(v)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
print(sess.run([up_v, up_w]), sess.run([v, w]))
"""
    assert lines(source) == ["[10.0, 1.0] [10.0, 1.0]"]


def test_gradients_in_graph_mode_with_stop_gradients_and_grad_ys():
    source = TF + """a = tf.constant(0.)
b = 2 * a
g1 = tf.gradients(a + b, [a, b], stop_gradients=[a, b])
x = tf.constant([1.0, 2.0])
g2 = tf.gradients(x * x, x, grad_ys=tf.constant([3.0, 5.0]))
with tf.Session() as sess:
    print(sess.run(g1), sess.run(g2))
"""
    # spec's reference: [1, 1]; d(x*x)/dx weighted by grad_ys = 2x * [3, 5] = [6, 20]
    assert lines(source) == ["[1.0, 1.0] [array([ 6., 20.], dtype=float32)]"]


def test_unconnected_gradients_zero():
    source = TF + """a = tf.Variable(1.0)
b = tf.Variable(2.0)
g = tf.gradients(a * 3.0, [a, b], unconnected_gradients=tf.UnconnectedGradients.ZERO)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g))
"""
    assert lines(source) == ["[3.0, 0.0]"]


# ---------------------------------------------------------------- optimizers (TF1 update rules)

def _train(opt, steps=3):
    source = TF + f"""w = tf.Variable(1.0)
loss = (w * 3.0 - 2.0) ** 2
train = {opt}.minimize(loss)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
for _ in range({steps}):
    sess.run(train)
print(sess.run(w))
"""
    return float(out(source))


def _grad(w):      # d((3w - 2)^2)/dw
    return 6.0 * (3.0 * w - 2.0)


def test_gradient_descent_optimizer():
    w = 1.0
    for _ in range(3):
        w -= 0.01 * _grad(w)
    assert _train("tf.train.GradientDescentOptimizer(0.01)") == pytest.approx(w, rel=1e-6)


def test_momentum_optimizer():
    w, acc = 1.0, 0.0
    for _ in range(3):
        acc = 0.9 * acc + _grad(w)
        w -= 0.01 * acc
    assert _train("tf.train.MomentumOptimizer(0.01, 0.9)") == pytest.approx(w, rel=1e-6)


def test_adam_optimizer_tf1_rule():
    w, m, v = 1.0, 0.0, 0.0
    b1, b2, eps, lr = 0.9, 0.999, 1e-8, 0.1
    for t in range(1, 4):
        g = _grad(w)
        m, v = b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g
        lr_t = lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        w -= lr_t * m / (np.sqrt(v) + eps)
    # float32 arithmetic, as TensorFlow's (the reference is float64)
    assert _train("tf.train.AdamOptimizer(0.1)") == pytest.approx(w, rel=1e-5)


def test_compute_and_apply_gradients_with_trainable_variables():
    source = TF + """w = tf.Variable(2.0)
b = tf.Variable(1.0)
frozen = tf.Variable(5.0, trainable=False)
loss = w * w + 3.0 * b + frozen
opt = tf.train.GradientDescentOptimizer(0.5)
pairs = opt.compute_gradients(loss)
step = opt.apply_gradients(pairs)
print(len(tf.trainable_variables()), [v.name for v in tf.trainable_variables()])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([g for g, v in pairs]))
    sess.run(step)
    print(sess.run([w, b, frozen]))
"""
    # dloss/dw = 2w = 4, dloss/db = 3; w = 2 - 0.5*4 = 0, b = 1 - 1.5 = -0.5
    assert lines(source) == ["2 ['Variable:0', 'Variable_1:0']", "[4.0, 3.0]", "[0.0, -0.5, 5.0]"]


# ---------------------------------------------------------------- eager: GradientTape

def test_tape_watches_variables_not_constants():
    source = TF + """v = tf.Variable(3.0)
c = tf.constant(2.0)
with tf.GradientTape() as tape:
    y = v * v * c
g = tape.gradient(y, [v, c])
print(g)
print(g[0].numpy(), y)
"""
    # d(2v^2)/dv = 4v = 12; c is not watched: None
    assert lines(source) == ["[<tf.Tensor: shape=(), dtype=float32, numpy=12.0>, None]",
                             "12.0 tf.Tensor(18.0, shape=(), dtype=float32)"]


def test_tape_watch_persistent_and_second_call():
    source = TF + """x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.reduce_sum(x ** 3)
    z = tf.reduce_sum(tf.exp(x))
print(tape.gradient(y, x).numpy(), tape.gradient(z, x).numpy())
"""
    got = lines(source)[0]
    expected = np.concatenate([3 * np.array([1.0, 2.0]) ** 2, np.exp([1.0, 2.0])])
    np.testing.assert_allclose(nums(got.replace("] [", " ")), expected, rtol=1e-6)
    exc = fails(TF + "x = tf.Variable(1.0)\nwith tf.GradientTape() as t:\n    y = x * x\n"
                     "t.gradient(y, x)\nt.gradient(y, x)\n")
    assert "non-persistent" in exc.message and exc.pos.line == 6


def test_tape_watch_accessed_variables_false():
    source = TF + """a = tf.Variable(2.0)
b = tf.Variable(3.0)
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(a)
    y = a * b
print(tape.gradient(y, [a, b]))
"""
    assert lines(source) == ["[<tf.Tensor: shape=(), dtype=float32, numpy=3.0>, None]"]


def test_nested_tapes_second_derivative_and_jacobian():
    source = TF + """x = tf.Variable(2.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = x ** 3
    dy = inner.gradient(y, x)
d2y = outer.gradient(dy, x)
print(dy.numpy(), d2y.numpy())
v = tf.Variable([1.0, 2.0])
with tf.GradientTape() as t:
    w = v * v
print(t.jacobian(w, v).numpy())
"""
    # 3x^2 = 12, 6x = 12; jacobian of v*v is diag(2v)
    got = lines(source)
    assert got[0] == "12.0 12.0"
    np.testing.assert_allclose(nums(" ".join(got[1:]).replace("[", " ").replace("]", " ")), [2, 0, 0, 4])


JACOBIANS = TF + """x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    y = x * x * tf.constant([1.0, 2.0, 3.0])
j = tape.jacobian(y, x)
xb = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as t2:
    t2.watch(xb)
    yb = xb * xb * xb
bj = t2.batch_jacobian(yb, xb)
"""


def test_jacobian_tables_hold_the_whole_jacobian():
    # y_i = c_i x_i^2: dy_i/dx_k = 2 c_i x_i when i == k, else 0 -> diag(2, 8, 18);
    # yb[b, i] = xb[b, i]^3: batch block b is diag(3 xb[b]^2) -> diag(3, 12), diag(27, 48)
    j, bj = evaluate_snippet(JACOBIANS, seed=0).gradients
    assert (j.kind, j.name, j.xs) == ("jacobian", "j", ["x"])
    np.testing.assert_array_equal(j.values[0], np.diag([2.0, 8.0, 18.0]))
    assert (bj.kind, bj.name, bj.xs) == ("batch_jacobian", "bj", ["xb"])
    np.testing.assert_array_equal(bj.values[0], [np.diag([3.0, 12.0]), np.diag([27.0, 48.0])])


def test_a_jacobian_table_prints_every_row(tmp_path):
    from conftest import cli

    path = tmp_path / "jac.py"
    path.write_text(JACOBIANS, encoding="utf-8")
    text = cli("eval", path).stdout
    table = text[text.index("jacobian j (line 5)"):text.index("jacobian bj")]
    assert [nums(row.split("│")[2]) for row in table.splitlines() if "│" in row] == [[2, 0, 0], [0, 8, 0], [0, 0, 18]]


# ---------------------------------------------------------------- Keras

def test_keras_dense_sequential_with_known_weights_and_mse():
    source = TF + NP + """model = tf.keras.Sequential([
    tf.keras.layers.Dense(2, activation='relu', kernel_initializer='ones', bias_initializer='zeros'),
    tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.5), use_bias=False),
])
x = np.array([[1.0, 2.0, 3.0]])
with tf.GradientTape() as tape:
    y = model(x)
    loss = tf.keras.losses.MeanSquaredError()(np.array([[1.0]]), y)
grads = tape.gradient(loss, model.trainable_variables)
print(len(model.trainable_variables), [v.name for v in model.trainable_variables])
print(y.numpy(), loss.numpy())
for g in grads:
    print(g.numpy().tolist())
"""
    # hidden = relu([6, 6]); y = 0.5*6 + 0.5*6 = 6; loss = (6 - 1)^2 = 25; dL/dy = 10
    # d/dk2 = 10 * hidden = [60, 60]; d/dhidden = 10 * 0.5 = 5; d/dk1 = x^T * 5; d/db1 = [5, 5]
    got = lines(source)
    # Keras 3 on TensorFlow 2.21 names a variable by its own name (the path is variable.path)
    assert got[0] == "3 ['kernel', 'bias', 'kernel']"
    assert got[1] == "[[6.]] 25.0"
    assert got[2:] == ["[[5.0, 5.0], [10.0, 10.0], [15.0, 15.0]]", "[5.0, 5.0]", "[[60.0], [60.0]]"]


def test_keras_categorical_crossentropy_and_sgd_step():
    source = TF + """model = tf.keras.models.Sequential()
model.add(tf.keras.layers.Dense(3, activation='softmax', kernel_initializer='zeros'))
opt = tf.keras.optimizers.SGD(learning_rate=0.1)
x = tf.ones((1, 2))
y = tf.one_hot([1], depth=3)
with tf.GradientTape() as tape:
    loss = tf.keras.losses.CategoricalCrossentropy()(y, model(x))
grads = tape.gradient(loss, model.trainable_variables)
opt.apply_gradients(zip(grads, model.trainable_variables))
print(round(float(loss), 6), model.trainable_variables[1].numpy())
"""
    # zero weights: p = 1/3 each; loss = log 3; dL/dbias = p - y = [1/3, -2/3, 1/3]; bias -= 0.1 * that
    first = lines(source)[0]
    loss, *bias = nums(first.replace("[", " ").replace("]", " "))
    assert loss == pytest.approx(np.log(3), abs=1e-6)
    np.testing.assert_allclose(bias, [-1 / 30, 2 / 30, -1 / 30], rtol=1e-6)


def test_keras_adam_eager_rule():
    source = TF + """w = tf.Variable(1.0)
opt = tf.keras.optimizers.Adam(learning_rate=0.1)
for _ in range(2):
    with tf.GradientTape() as tape:
        loss = (w - 3.0) ** 2
    opt.apply_gradients(zip([tape.gradient(loss, w)], [w]))
print(w.numpy())
"""
    w, m, v = 1.0, 0.0, 0.0
    for t in (1, 2):
        g = 2 * (w - 3.0)
        m, v = 0.9 * m + 0.1 * g, 0.999 * v + 0.001 * g * g
        w -= 0.1 * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t) * m / (np.sqrt(v) + 1e-7)
    assert float(out(source)) == pytest.approx(w, rel=1e-5)     # float32, as TensorFlow


# ---------------------------------------------------------------- spellings, names, printing

def test_tf_prefixes_and_keras_backend_names():
    source = TF + "from tensorflow.keras import backend as K\n" + """x = K.variable([1.0, 2.0, 3.0])
y = K.sum(K.square(x)) + tf.math.reduce_mean(x) + tf.nn.relu(-1.0)
g = K.gradients(y, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y), sess.run(g))
"""
    # 1 + 4 + 9 + mean 2 + relu 0 = 16; dy/dx = 2x + 1/3
    first = lines(source)[0]
    values = nums(first.replace("[array(", " ").replace(", dtype=float32)]", " ").replace("[", " ").replace("]", " "))
    np.testing.assert_allclose(values, [16.0, 2 + 1 / 3, 4 + 1 / 3, 6 + 1 / 3], rtol=1e-6)


def test_graph_tensor_names_follow_tensorflow():
    source = TF + """a = tf.constant(1.0)
b = tf.constant(2.0, name='b')
c = a * b
d = tf.multiply(a, b)
e = tf.multiply(c, d, name='e')
sess = tf.Session()
print(a.name, b.name, c.name, d.name, e.name, c.shape, c.dtype)
"""
    # TensorFlow 2.21 (graph mode) uniquifies names case-insensitively: mul, then Mul_1
    assert lines(source) == ["Const:0 b:0 mul:0 Mul_1:0 e:0 () <dtype: 'float32'>"]


def test_eager_tensor_printing_and_numpy():
    source = TF + """t = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(t)
print(tf.reduce_sum(t).numpy(), t.shape, t.numpy().tolist())
v = tf.Variable(2.0)
print(v)
"""
    assert lines(source) == ["tf.Tensor(", "[[1. 2.]", " [3. 4.]], shape=(2, 2), dtype=float32)",
                             "10.0 (2, 2) [[1.0, 2.0], [3.0, 4.0]]",
                             "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"]


def test_json_prints_and_gradients():
    result = evaluate_snippet(TF + """w = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = w * w
g = tape.gradient(y, w)
print("grad", g, w)
""")
    (entry,) = result.prints
    assert entry.line == 6
    assert entry.values[0] == "grad" and entry.values[1] == 6.0
    assert entry.values[2] == 3.0          # an eager variable is its value
    (record,) = result.gradients
    assert record.name == "g" and record.xs == ["w"] and float(record.values[0]) == 6.0


def test_none_gradient_used_in_arithmetic_names_the_reason():
    exc = fails(TF + """a = tf.Variable(1.0)
b = tf.Variable(2.0)
c = tf.stop_gradient(a) * b
ga, gb = tf.gradients(c, [a, b])
d = ga * 2
""")
    assert "NoneType" in exc.message and "stop_gradient at line 4" in exc.message and exc.pos.line == 6


def test_snippet_does_not_load_for_ag_programs():
    import subprocess
    import sys

    code = ("import sys; from autograd_cli.api import evaluate; evaluate('w = 2.0\\ny = w * w'); "
            "print(any(m.endswith('snippet') or 'snippet_' in m for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_a_tape_in_a_loop_reports_its_last_call_once():
    result = evaluate_snippet(TF + """w = tf.Variable(0.0)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = (w - 1.0) ** 2
    g = tape.gradient(loss, w)
    w.assign_sub(0.25 * g)
""")
    # w: 0 -> 0.5 -> 0.75; the last gradient is taken at w = 0.75: 2 * (0.75 - 1) = -0.5
    (record,) = result.gradients
    assert float(record.values[0]) == -0.5


def test_verify_checks_a_snippets_gradients_at_its_point():
    from autograd_cli.analysis.verify import verify

    source = TF + """x = tf.placeholder(tf.float32, name='x')
w = tf.Variable(2.0)
y = tf.sin(w * x)
g = tf.gradients(y, [w, x])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g, feed_dict={x: 0.5}))
"""
    evaluation = evaluate_snippet(source, graph=True)
    report = verify(source, evaluation=evaluation)
    assert report.ok and len(report.checks) == 2
    # d sin(wx)/dw = x cos(wx) at w = 2, x = 0.5
    assert report.checks[0].ad == pytest.approx(0.5 * np.cos(1.0))


def test_tf_group_hessians_and_get_value():
    source = TF + "from tensorflow.keras import backend as K\n" + """a = tf.Variable(1.0)
b = tf.Variable(2.0)
both = tf.group(a.assign(5.0), b.assign_add(1.0))
h = tf.hessians(a * a * b, [a])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(both), sess.run([a, b]), sess.run(h))
"""
    # group runs both assigns and fetches None; d2(a^2 b)/da2 = 2b = 6 after the updates
    assert lines(source) == ["None [5.0, 3.0] [6.0]"]


def test_unknown_library_names_suggest_the_closest():
    exc = fails(TF + "y = tf.reduce_summ([1.0])\n")
    assert "reduce_sum" in exc.message and exc.pos.line == 2


def test_batch_placeholders_with_unknown_sizes_take_their_first_feed():
    source = TF + NP + """print("start")
np.random.seed(0)
X = np.random.randn(8, 3)
Y = X @ np.array([[1.0], [2.0], [3.0]])
x = tf.placeholder(tf.float32, [None, 3])
y = tf.placeholder(tf.float32, [None, 1])
W = tf.Variable(tf.zeros([3, 1]))
loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        _, l = sess.run([train, loss], feed_dict={x: X, y: Y})
        print(l)
"""
    shown = []
    result = evaluate_snippet(source, on_print=shown.append)
    rng = np.random.RandomState(0)
    X = rng.randn(8, 3)
    Y = X @ np.array([[1.0], [2.0], [3.0]])
    W = np.zeros((3, 1))
    expected = []
    for _ in range(3):
        r = X.astype(np.float32).astype(float) @ W - Y.astype(np.float32)
        expected.append(np.mean(r ** 2))
        W -= 0.1 * 2 * X.astype(np.float32).T @ r / 8
    texts = [p.text for p in result.prints]
    assert texts[0] == "start\n" and shown.count("start\n") == 1      # the rerun does not print it twice
    np.testing.assert_allclose([float(t) for t in texts[1:]], expected, rtol=1e-5)
    # the graph is shape-polymorphic: a [None] placeholder takes any size at each run
    assert lines(TF + """x = tf.placeholder(tf.float32, [None])
s = tf.reduce_sum(x)
with tf.Session() as sess:
    print(sess.run(s, feed_dict={x: [1.0, 2.0]}), sess.run(s, feed_dict={x: [1.0, 2.0, 3.0]}))
""") == ["3.0 6.0"]
    exc = fails(TF + """x = tf.placeholder(tf.float32, [None, 2])
with tf.Session() as sess:
    sess.run(x, feed_dict={x: [1.0, 2.0]})
""")
    assert "Cannot feed value of shape (2,) for Tensor Placeholder:0, which has shape (?, 2)" in exc.message


# ---------------------------------------------------------------- tf.cond and tf.while_loop with lambdas

COND_GRAPH = TF + """x = tf.Variable({x})
y = tf.cond(x > 2.0, lambda: x * x, lambda: x + 1.0)
g = tf.gradients(y, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([y, g]))
"""


@pytest.mark.parametrize("x, y, dy", [(3.0, 9.0, 6.0), (1.0, 2.0, 1.0)])   # x*x, 2x | x+1, 1
def test_tf_cond_with_lambdas_runs_the_taken_branch_and_differentiates_it(x, y, dy):
    assert out(COND_GRAPH.format(x=x)).strip() == f"[{y}, [{dy}]]"


def test_tf_cond_gives_zeros_to_what_only_the_untaken_branch_reads():
    source = TF + """a = tf.Variable(2.0)
b = tf.Variable(5.0)
def double():
    return a * 2.0
y = tf.cond(tf.constant(True), double, lambda: b * 3.0)
ga, gb = tf.gradients(y, [a, b])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([y, ga, gb]))
"""
    assert out(source).strip() == "[4.0, 2.0, 0.0]"


def test_eager_tf_cond_under_a_tape_and_branch_values_not_mixed_up():
    # x = -1.5: x**3 = -3.375, 3x**2 = 6.75; then x * 3 = -4.5 (the untaken branch's
    # values, computed while it was built, must not stand in for the taken one's)
    source = TF + """x = tf.Variable(-1.5)
with tf.GradientTape() as tape:
    y = tf.cond(x > 0, lambda: tf.sin(x), lambda: x ** 3)
print(y.numpy(), tape.gradient(y, x).numpy())
print(tf.cond(x > 0, lambda: x * 2.0, lambda: x * 3.0).numpy())
"""
    assert [nums(line) for line in lines(source)] == [[-3.375, 6.75], [-4.5]]


def test_tf_while_loop_with_lambdas_keeps_each_loop_variables_dtype():
    # v = 1 * x * x * x after 3 iterations: 8.0 at x = 2, dv/dx = 3x**2 = 12
    source = TF + """x = tf.Variable(2.0)
i, v = tf.while_loop(lambda i, v: i < 3, lambda i, v: (i + 1, v * x), [tf.constant(0), tf.constant(1.0)])
g = tf.gradients(v, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([i, v, g]))
"""
    assert out(source).strip() == "[3, 8.0, [12.0]]"


def test_tf_cond_branch_that_is_not_a_function_is_a_located_error():
    error = fails(TF + "x = tf.Variable(1.0)\ny = tf.cond(x > 0, 3.0, lambda: x)\n")
    assert "true_fn must be callable" in error.message and error.pos.line == 3
