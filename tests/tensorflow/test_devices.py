"""Graph ops placed where this process has no device: TensorFlow 2.21's placer error (its
text as TensorFlow printed it for `with tf.device('/job:ps/task:1')` on a CPU-only machine)."""
from __future__ import annotations

import pytest

from autograd_cli.dialects import evaluate_snippet
from autograd_cli.support.errors import AgError

TF_MESSAGE = ("InvalidArgumentError: Cannot assign a device for operation add: {{node add}} was explicitly assigned "
              "to /job:ps/task:1 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ]. Make "
              "sure the device specification refers to a valid device.")


def test_an_op_on_another_job_fails_the_run_unless_placement_is_soft():
    source = ("import tensorflow as tf\ntf.disable_v2_behavior()\na = tf.constant(1.)\n"
              "with tf.device('/job:ps/task:1'):\n    b = a + 1\nsess = tf.Session()\nprint(sess.run(a))\n")
    with pytest.raises(AgError) as info:
        evaluate_snippet(source, seed=0)
    assert info.value.pos.line == 7
    assert info.value.message.startswith(TF_MESSAGE)
    soft = source.replace("tf.Session()", "tf.Session(config=tf.ConfigProto(allow_soft_placement=True))")
    printed = "".join(p.text for p in evaluate_snippet(soft + "print(sess.run(b))\n", seed=0).prints)
    assert printed.split() == ["1.0", "2.0"]
