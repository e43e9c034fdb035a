"""TF1 queues with queue runners, in the one order this tool runs them (TensorFlow's threads
make it timing-dependent, so the oracle holds only the thread-free cases): a dequeue that finds
the queue short runs one enqueue op of each started runner in turn. Expected values are the
counts that order gives, written out by hand; the errors are the ones TensorFlow would block on."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


pytestmark = pytest.mark.usefixtures("tf_graph_mode")


def _counting_runner(threads=2):
    q = tf.FIFOQueue(10, tf.float32, shapes=[[]])
    v = tf.Variable(0.0)
    qr = tf.train.QueueRunner(q, [q.enqueue(tf.assign_add(v, 1.0))] * threads)
    return q, v, qr


def test_a_dequeue_runs_each_runner_thread_once_per_round_in_order():
    q, v, qr = _counting_runner()
    tf.train.add_queue_runner(qr)
    x = q.dequeue()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        assert len(threads) == 3 and all(type(t).__name__ == "Thread" for t in threads)
        assert tf.train.start_queue_runners(sess=sess, coord=coord) == []      # (once per session)
        # round 1 enqueues 1, 2; round 2 (at the third dequeue) 3, 4; round 3 5, 6
        assert [float(sess.run(x)) for _ in range(5)] == [1.0, 2.0, 3.0, 4.0, 5.0]
        assert float(sess.run(q.size())) == 1 and float(sess.run(v)) == 6.0
        coord.request_stop()          # (the runner's cancel op closes the queue)
        coord.join(threads)
        assert float(sess.run(x)) == 6.0
        with pytest.raises(tf.errors.OutOfRangeError, match="is closed and has insufficient elements"):
            sess.run(x)


def test_create_threads_with_start_false_fills_only_once_a_thread_is_started():
    q, v, qr = _counting_runner(threads=1)
    many = q.dequeue_many(3)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        threads = qr.create_threads(sess, start=False)
        with pytest.raises(tf.errors.DeadlineExceededError, match="would wait here forever"):
            sess.run(many)
        threads[0].start()
        assert sess.run(many).tolist() == [1.0, 2.0, 3.0]


def test_a_runner_whose_source_ends_closes_its_queue_and_an_error_reaches_coord_join():
    source = tf.FIFOQueue(5, tf.float32, shapes=[[]])
    sink = tf.FIFOQueue(5, tf.float32, shapes=[[]])
    x = tf.placeholder_with_default(np.float32(1.0), [])
    moved = source.dequeue()
    qr = tf.train.QueueRunner(sink, [sink.enqueue(tf.debugging.check_numerics(moved / x, "bad"))])
    out = sink.dequeue()
    with tf.Session() as sess:
        sess.run(source.enqueue_many([[1.0, 0.0, 2.0]]))
        sess.run(source.close())
        coord = tf.train.Coordinator()
        qr.create_threads(sess, coord=coord, start=True)
        assert [float(sess.run(out)) for _ in range(3)] == [1.0, 0.0, 2.0]
        with pytest.raises(tf.errors.OutOfRangeError):        # the runner closed the sink
            sess.run(out)
        assert not coord.should_stop()
        coord.join()


def test_an_enqueue_into_a_full_queue_without_a_dequeue_beside_it_is_an_error_not_a_hang():
    q = tf.FIFOQueue(2, tf.int32, shapes=[[]])
    put = q.enqueue_many([[1, 2, 3]])
    with tf.Session() as sess:
        with pytest.raises(tf.errors.DeadlineExceededError, match=r"is full \(capacity 2\)"):
            sess.run(put)


def test_eager_queues_hold_their_elements_in_the_queue():
    from autograd_cli.tensorflow import modes

    modes.eager_mode()
    q = tf.queue.FIFOQueue(4, tf.float32, shapes=[[2]])
    with pytest.raises(ValueError, match=r"Shapes \(\) and \(2,\) are incompatible"):
        q.enqueue([1.0, 2.0])      # (a list is the components: its first is the element, as in TensorFlow)
    q.enqueue(([1.0, 2.0],))
    q.enqueue_many([[[3.0, 4.0], [5.0, 6.0]]])
    assert int(q.size()) == 3
    assert q.dequeue().numpy().tolist() == [1.0, 2.0]
    assert q.dequeue_many(2).numpy().tolist() == [[3.0, 4.0], [5.0, 6.0]]
    with pytest.raises(tf.errors.DeadlineExceededError):
        q.dequeue()
    with pytest.raises(RuntimeError, match="not supported when eager execution is enabled"):
        tf.compat.v1.train.QueueRunner(q, [None])


def test_input_producers_feed_batches_each_epoch_a_permutation_of_the_rows():
    data = np.arange(12, dtype=np.float32).reshape(6, 2)
    row, label = tf.train.slice_input_producer([data, np.arange(6, dtype=np.int32)], num_epochs=2, shuffle=True,
                                               seed=3)
    rows, labels = tf.train.shuffle_batch([row, label], batch_size=4, capacity=8, min_after_dequeue=2, seed=5,
                                          allow_smaller_final_batch=True)
    assert rows.shape.as_list() == [None, 2]
    seen = []
    with tf.Session() as sess:
        threads = tf.train.start_queue_runners(sess)
        assert len(threads) == 2
        with pytest.raises(tf.errors.OutOfRangeError):
            while True:
                got_rows, got_labels = sess.run([rows, labels])
                np.testing.assert_array_equal(got_rows, data[got_labels])      # rows stay with their labels
                seen.extend(got_labels.tolist())
    assert sorted(seen) == sorted(list(range(6)) * 2)        # two epochs, every row twice


def test_a_batch_of_tensors_whose_shape_is_unknown_is_tensorflows_error():
    v = tf.placeholder(tf.float32, [None])
    with pytest.raises(ValueError, match="All shapes must be fully defined"):
        tf.train.batch([v], batch_size=2)
    padded = tf.train.batch([v], batch_size=2, dynamic_pad=True)
    assert padded.shape.as_list() == [2, None]
