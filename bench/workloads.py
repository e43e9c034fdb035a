"""The benchmark workloads of issue 6 as .ag programs, and hand-written NumPy references.

Programs are generated (the large ones are never stored): `program_w1(n)` etc. return
source text. Each `ref_*` returns (forward, forward_and_gradient) callables written by
hand with NumPy / math, independent of the engine.
"""
from __future__ import annotations

import math

import numpy as np

# ---------------------------------------------------------------- W1: scalar chain

W1_STATEMENTS = 10_000
W1_OPS_PER_STATEMENT = 4          # sin, *, *, +  (the constants are not ops)
W1_X0 = 0.5


def program_w1(n: int = W1_STATEMENTS) -> str:
    lines = [f"x0 = variable({W1_X0})", "x = x0"]
    lines += ["x = sin(x)*1.01 + x*0.3"] * n
    lines.append("g = gradients(x, x0)")
    return "\n".join(lines) + "\n"


def ref_w1(n: int = W1_STATEMENTS):
    sin, cos = math.sin, math.cos

    def forward():
        x = W1_X0
        for _ in range(n):
            x = sin(x) * 1.01 + x * 0.3
        return x

    def forward_and_gradient():
        x = W1_X0
        xs = []
        for _ in range(n):
            xs.append(x)
            x = sin(x) * 1.01 + x * 0.3
        d = 1.0
        for x_k in reversed(xs):
            d *= cos(x_k) * 1.01 + 0.3
        return x, d

    return forward, forward_and_gradient


def ref_w1_numpy(n: int = W1_STATEMENTS):
    """forward_and_gradient of ref_w1 on NumPy scalars (np.float64, np.sin): what a
    NumPy program without an engine costs per op."""
    sin, cos = np.sin, np.cos
    a, b, c = np.float64(1.01), np.float64(0.3), np.float64(W1_X0)

    def forward_and_gradient():
        x = c
        xs = []
        for _ in range(n):
            xs.append(x)
            x = sin(x) * a + x * b
        d = np.float64(1.0)
        for x_k in reversed(xs):
            d *= cos(x_k) * a + b
        return x, d

    return forward_and_gradient


# ---------------------------------------------------------------- W2: MLP

W2_BATCH, W2_IN, W2_HIDDEN, W2_OUT = 256, 784, 512, 10


def program_w2() -> str:
    return f"""\
# MLP {W2_BATCH}x{W2_IN} -> {W2_HIDDEN} tanh -> {W2_OUT} softmax, categorical cross-entropy
X = constant(random_normal([{W2_BATCH}, {W2_IN}], seed=1))
Y = constant(one_hot(random_int(0, {W2_OUT}, [{W2_BATCH}], seed=2), depth={W2_OUT}))
W1 = variable(random_normal([{W2_IN}, {W2_HIDDEN}], stddev=0.05, seed=3))
b1 = variable(zeros([{W2_HIDDEN}]))
W2 = variable(random_normal([{W2_HIDDEN}, {W2_OUT}], stddev=0.05, seed=4))
b2 = variable(zeros([{W2_OUT}]))
h = tanh(X @ W1 + b1)
p = softmax(h @ W2 + b2)
loss = categorical_crossentropy(Y, p)
gW1, gb1, gW2, gb2 = gradients(loss, [W1, b1, W2, b2])
"""


def data_w2() -> dict:
    """The same arrays the program makes, from the spec's definitions of the random functions."""
    rng = np.random.default_rng
    labels = rng(2).integers(0, W2_OUT, [W2_BATCH]).astype(np.float64)
    return {
        "X": rng(1).normal(0, 1, [W2_BATCH, W2_IN]),
        "Y": (labels[:, None] == np.arange(W2_OUT)).astype(np.float64),
        "W1": rng(3).normal(0, 0.05, [W2_IN, W2_HIDDEN]),
        "b1": np.zeros(W2_HIDDEN),
        "W2": rng(4).normal(0, 0.05, [W2_HIDDEN, W2_OUT]),
        "b2": np.zeros(W2_OUT),
    }


def ref_w2(d: dict):
    X, Y, W1, b1, W2, b2 = (d[k] for k in ("X", "Y", "W1", "b1", "W2", "b2"))
    n = X.shape[0]

    def forward():
        h = np.tanh(X @ W1 + b1)
        z = h @ W2 + b2
        e = np.exp(z - z.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
        return -np.sum(Y * np.log(p)) / n

    def forward_and_gradient():
        h = np.tanh(X @ W1 + b1)
        z = h @ W2 + b2
        e = np.exp(z - z.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
        loss = -np.sum(Y * np.log(p)) / n
        dz = (p * Y.sum(axis=1, keepdims=True) - Y) / n     # softmax + cross-entropy
        gW2 = h.T @ dz
        gb2 = dz.sum(axis=0)
        dh = (dz @ W2.T) * (1 - h * h)
        gW1 = X.T @ dh
        gb1 = dh.sum(axis=0)
        return loss, gW1, gb1, gW2, gb2

    return forward, forward_and_gradient


def matmuls_w2(d: dict):
    """The two 256x784x512 products any forward + gradient of W2 makes (X @ W1 and
    X.T @ dh): a floor for W2's ratio on this machine's BLAS."""
    X, W1 = d["X"], d["W1"]
    dh = np.random.default_rng(5).normal(size=(W2_BATCH, W2_HIDDEN))
    return lambda: (X @ W1, X.T @ dh)


# ---------------------------------------------------------------- W3: Rosenbrock

W3_N = 1_000_000


def program_w3(n: int = W3_N) -> str:
    return f"""\
# Rosenbrock function of n = {n} variables and its gradient
x = variable(random_uniform([{n}], minval=-2, maxval=2, seed=0))
f = reduce_sum(100 * (x[1:] - x[:-1]**2)**2 + (1 - x[:-1])**2)
g = gradients(f, x)
"""


def data_w3(n: int = W3_N) -> dict:
    return {"x": np.random.default_rng(0).uniform(-2, 2, [n])}


def ref_w3(d: dict):
    x = d["x"]

    def forward():
        a, b = x[:-1], x[1:]
        return np.sum(100 * (b - a**2)**2 + (1 - a)**2)

    def forward_and_gradient():
        a, b = x[:-1], x[1:]
        t = b - a**2
        f = np.sum(100 * t**2 + (1 - a)**2)
        g = np.zeros_like(x)
        g[:-1] = -400 * t * a - 2 * (1 - a)
        g[1:] += 200 * t
        return f, g

    return forward, forward_and_gradient


# ---------------------------------------------------------------- linear growth (issue 16)

def program_inputs(n: int) -> str:
    """One node with n inputs: a literal list of n numbers."""
    return ("x = variable(1.0)\ny = reduce_sum([" + ", ".join(["0.5"] * n) + "]) * x\n"
            "g = gradients(y, x)\n")


def feed_csv(rows: int, columns: int) -> str:
    """A feed file: a header of `columns` names (the last is x), `rows` rows of numbers."""
    header = ",".join([f"c{i}" for i in range(columns - 1)] + ["x"])
    line = ",".join(["0.5"] * columns)
    return header + "\n" + (line + "\n") * rows


FEED_PROGRAM = """\
x = placeholder()
w = variable(1.0)
loss = (w * x - 1) ** 2
train = assign_sub(w, 0.01 * gradients(loss, w)[0])
"""


# ---------------------------------------------------------------- cold start

# The same program as a TensorFlow 1.x snippet (eval FILE.py, spec section 9).
COLD_SNIPPET = """\
import tensorflow as tf
w = tf.Variable(2.0)
b = tf.Variable(1.0)
y = 3.0 * w + b
loss = (10.0 - y) ** 2 / 2
gw, gb = tf.gradients(loss, [w, b])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([gw, gb]))
"""

COLD_PROGRAM = """\
w = variable(2.0)
b = variable(1.0)
y = 3.0 * w + b
loss = (10.0 - y) ** 2 / 2
gw, gb = gradients(loss, [w, b])
"""


# ---------------------------------------------------------------- snippets vs TensorFlow (issue 20)
# Each loop times itself (CPU and wall) from its first step to its last and prints
# `STEP_SECONDS cpu wall` per step: the same file runs under our `eval` (in the box) and under
# real TensorFlow, so neither's import or graph building is counted. Both spell TF1 code
# `tensorflow.compat.v1` + `disable_v2_behavior()`, which real TF 2.21 needs and we accept.

LOOP_STEPS = 2_000

_LOOP_DATA = """\
xs = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
ys = xs @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32) + 0.3
"""

SESSION_LOOP = f"""\
import time
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
{_LOOP_DATA}x = tf.placeholder(tf.float32, [None, 3])
y = tf.placeholder(tf.float32, [None, 1])
W = tf.Variable(tf.zeros([3, 1]))
b = tf.Variable(tf.zeros([1]))
loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + b - y))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    cpu, wall = time.process_time(), time.perf_counter()
    for step in range({LOOP_STEPS}):
        _, value = sess.run([train, loss], feed_dict={{x: xs, y: ys}})
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print("loss", value)
print("STEP_SECONDS", cpu / {LOOP_STEPS}, wall / {LOOP_STEPS})
"""

TAPE_LOOP = f"""\
import time
import numpy as np
import tensorflow as tf
{_LOOP_DATA}xs, ys = tf.constant(xs), tf.constant(ys)
W = tf.Variable(tf.zeros([3, 1]))
b = tf.Variable(tf.zeros([1]))
cpu, wall = time.process_time(), time.perf_counter()
for step in range({LOOP_STEPS}):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(xs, W) + b - ys))
    dW, db = tape.gradient(loss, [W, b])
    W.assign_sub(0.1 * dW)
    b.assign_sub(0.1 * db)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print("loss", loss.numpy())
print("STEP_SECONDS", cpu / {LOOP_STEPS}, wall / {LOOP_STEPS})
"""


def eager_memory_loop(steps: int) -> str:
    """An eager loop that makes new tensors and a tape at every step (issue 23: memory must
    follow the live tensors, not the history)."""
    return (f"import tensorflow as tf\nx = tf.constant(0.0)\nw = tf.Variable(1.0)\nfor i in range({steps}):\n"
            "    x = x + 1.0\n    with tf.GradientTape() as tape:\n        y = w * x\n"
            "    g = tape.gradient(y, w)\nprint(x.numpy(), g.numpy())\n")


def as_compat_v1(source: str) -> str:
    """A TF1 seed snippet as real TensorFlow 2.21 runs it (and we do too)."""
    return source.replace("import tensorflow as tf", "import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()", 1)
