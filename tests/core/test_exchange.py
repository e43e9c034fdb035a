"""core/exchange.py: an engine graph as plain data and back. The parent must rebuild only
what the op table and the limits allow: every malformed or hostile payload is a clean
AgError (what the box's child sends is never trusted)."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from autograd_cli.dialects import snippet_program
from autograd_cli.core.exchange import Outgoing, from_plain, to_plain
from autograd_cli.core.plain_arrays import MAX_NUMBERS, ExchangeError
from autograd_cli.core.graph import Graph, NoGradient
from autograd_cli.core.program import GradientRecord
from autograd_cli.core import autodiff
from autograd_cli.evaluate import run
from autograd_cli.support.errors import AgError, pos_at


def small_program():
    """w (variable [1, 2, 3]) -> y = sum(sin(w) * x[0:2]...) with a gradient record."""
    g = Graph()
    g.pos = pos_at(2, 5)
    w = g.apply("variable", value=np.array([1.0, 2.0, 3.0]))
    w.label = "w"
    x = g.apply("placeholder", value=np.array([0.5, -1.0, 2.0]))
    x.label = "x"
    g.pos = pos_at(3, 9)
    y = g.reduce_sum(g.multiply(g.sin(w), x), axis=None)
    y.label = "y"
    unused = g.apply("variable", value=np.zeros(3))
    grads = autodiff.gradients(g, [y], [w, unused], x_texts=["w", "unused"])
    record = GradientRecord("gradients", "g", 4, ["y"], ["w", "unused"], grads, [w, unused], [y])
    return g, record


def round_trip(data):
    return from_plain(json.loads(json.dumps(data)))


def test_a_graph_survives_the_round_trip_with_its_values_records_and_names():
    g, record = small_program()
    out = Outgoing(g.nodes, [record], {"w": g.nodes[0], "pair": [g.nodes[0], None]})
    out.leaf_values[id(g.nodes[1])] = np.array([1.0, 1.0, -1.0])
    data = to_plain(out)
    built = round_trip(data)
    assert [n.op.name for n in built.graph.nodes] == [n.op.name for n in g.nodes]
    assert [n.shape for n in built.graph.nodes] == [n.shape for n in g.nodes]
    assert built.graph.nodes[2].pos == pos_at(3, 9) and built.graph.nodes[0].label == "w"
    assert built.named["w"] is built.graph.nodes[0] and built.named["pair"] == [built.graph.nodes[0], None]
    (rebuilt,) = built.gradients
    assert rebuilt.xs == ["w", "unused"] and isinstance(rebuilt.values[1], NoGradient)
    assert rebuilt.values[1].reason == record.values[1].reason
    values = run(built.graph.nodes)
    # the placeholder took the run's value [1, 1, -1]: d/dw sum(sin(w) * x) = cos(w) * x
    expected = np.cos([1.0, 2.0, 3.0]) * np.array([1.0, 1.0, -1.0])
    assert np.allclose(values[rebuilt.values[0].id], expected, rtol=1e-15)


def test_a_node_of_tensorflows_float32_kernel_comes_back_as_one():
    """A float32 graph's tanh is the row's float32 variant (Eigen's tanh): rebuilt in the
    parent it must compute the same bits, not the float64 tanh."""
    from autograd_cli.ops.table import float32_op

    g = Graph()
    x = g.apply("placeholder", value=np.array([0.3, -1.7, 2.5, 0.75]))
    y = g.apply("tanh", x, _float32=True)
    z = g.apply("reduce_mean", y, _float32=True, axis=None)
    assert y.op is float32_op(y.op) and y.op.name == "tanh"
    built = round_trip(to_plain(Outgoing(g.nodes, [], {})))
    rebuilt = built.graph.nodes
    assert [n.op for n in rebuilt[1:]] == [y.op, z.op]
    assert rebuilt[2].params == z.params and "float32_kernel" not in rebuilt[2].params
    assert run(rebuilt)[rebuilt[1].id].tolist() == run(g.nodes)[y.id].tolist()
    # (and that is not the float64 tanh rounded: the variant is what came back)
    assert run(rebuilt)[rebuilt[1].id].tolist() != np.tanh(x.params["value"]).astype(np.float32).tolist()


def test_parameters_of_every_plain_kind_come_back_as_they_were():
    g = Graph()
    x = g.apply("variable", value=np.arange(12.0).reshape(3, 4))
    picked = g.apply("getitem", x, index=(slice(0, 2, None), Ellipsis, 1))
    filled = g.const(np.full((2, 2), -0.0))
    odd = g.const(np.array([np.nan, np.inf, -np.inf, 1.5]))
    ints = g.apply("const", value=np.array([1, 2], dtype=np.int64))
    data = json.loads(json.dumps(to_plain(Outgoing(g.nodes))))
    assert "NaN" not in json.dumps(data)         # non-finite numbers are written as strings, plain JSON
    assert data["nodes"][2][2]["value"] == {"fill": -0.0, "dtype": "float64", "shape": [2, 2]}
    built = from_plain(data)
    assert built.graph.nodes[picked.id].params["index"] == (slice(0, 2, None), Ellipsis, 1)
    assert np.signbit(built.graph.nodes[filled.id].params["value"]).all()     # -0.0 stays -0.0
    np.testing.assert_array_equal(built.graph.nodes[odd.id].params["value"], [np.nan, np.inf, -np.inf, 1.5])
    assert built.graph.nodes[ints.id].params["value"].dtype == np.int64


def test_the_child_refuses_what_the_format_cannot_say():
    g = Graph()
    g.apply("variable", value=np.zeros(2)).params = {"value": np.zeros(2), "thing": object()}
    with pytest.raises(ExchangeError, match="object"):
        to_plain(Outgoing(g.nodes))
    g = Graph()
    g.const(np.random.default_rng(0).normal(size=MAX_NUMBERS + 1))
    with pytest.raises(ExchangeError, match="numbers"):
        to_plain(Outgoing(g.nodes))


def payload():
    g, record = small_program()
    return json.loads(json.dumps(to_plain(Outgoing(g.nodes, [record], {"w": g.nodes[0]}))))


def hostile(change):
    data = payload()
    change(data)
    return data


HOSTILE = {
    "not an object": lambda d: d.clear() or d.update({"format": 1, "nodes": "x", "records": []}),
    "a newer format": lambda d: d.update(format=2),
    "an op not in the table": lambda d: d["nodes"][2].__setitem__(0, "os.system"),
    "an op name that is not a string": lambda d: d["nodes"][2].__setitem__(0, ["sin"]),
    "an input after the node (a cycle)": lambda d: d["nodes"][2].__setitem__(1, [3]),
    "an input out of range": lambda d: d["nodes"][2].__setitem__(1, [10**12]),
    "a negative input": lambda d: d["nodes"][2].__setitem__(1, [-1]),
    "a bool as an input index": lambda d: d["nodes"][2].__setitem__(1, [True]),
    "a huge array": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"fill": 0.0, "dtype": "float64", "shape": [10**6, 10**6]}),
    "too many dimensions": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"fill": 0.0, "dtype": "float64", "shape": [1] * 40}),
    "an empty array with a huge other dimension": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"fill": 0.0, "dtype": "float64", "shape": [0, 2**62, 2**62]}),
    "fewer values than the shape": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"array": [1.0], "dtype": "float64", "shape": [3]}),
    "a string among the numbers": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"array": [1.0, "os", 3.0], "dtype": "float64", "shape": [3]}),
    "an object dtype": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"array": [1, 2, 3], "dtype": "object", "shape": [3]}),
    "an int too large for its dtype": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"array": [2**70, 1, 1], "dtype": "int64", "shape": [3]}),
    "a kind of value the format has not": lambda d: d["nodes"][0][2].__setitem__(
        "value", {"pickle": "gASVAAAA"}),
    "a shape that is not the one the op gives": lambda d: d["nodes"][2].__setitem__(3, [7]),
    "parameters the op does not take": lambda d: d["nodes"][3][2].__setitem__("axis", "all of them"),
    "a private parameter name": lambda d: d["nodes"][3][2].__setitem__("_prepared", False),
    "a float32 kernel mark on an op without one": lambda d: d["nodes"][3][2].__setitem__("float32_kernel", True),
    "a negative line": lambda d: d["nodes"][2].__setitem__(4, -3),
    "a label of a megabyte": lambda d: d["nodes"][2].__setitem__(6, "x" * 10**6),
    "a node of six fields": lambda d: d["nodes"][2].pop(),
    "a record of an unknown kind": lambda d: d["records"][0].update(kind="exec"),
    "a record value out of range": lambda d: d["records"][0].update(values=[999, 0]),
    "a record with fewer values than xs": lambda d: d["records"][0].update(values=[4]),
    "a record without ys": lambda d: d["records"][0].update(y_nodes=[]),
    "grad_ys of the wrong length": lambda d: d["records"][0].update(grad_ys=[None, None, None]),
    "a named value out of range": lambda d: d["named"].update(w=10**9),
    "notes that are not strings": lambda d: d.update(notes=[{"a": 1}]),
    "a custom gradient's rule that refers to nothing": lambda d: d["nodes"].append(
        ["custom_gradient", [2, 0], {"name": "f", "rule": {"template": {
            "nodes": [["multiply", [["dy"], ["t", 5]], {}, [3], 1, 1]], "outputs": [["t", 0]]}}},
         [3], 3, 1, None]),
    "a custom gradient's rule of another shape": lambda d: d["nodes"].append(
        ["custom_gradient", [2, 0], {"name": "f", "rule": {"template": {
            "nodes": [["negative", [["dy"]], {}, [7], 1, 1]], "outputs": [["t", 0]]}}}, [3], 3, 1, None]),
}


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_a_malformed_or_hostile_payload_is_a_clean_error(what):
    data = hostile(HOSTILE[what])
    with pytest.raises(AgError, match="malformed"):
        from_plain(data)


def test_nesting_a_parameter_past_the_depth_limit_is_refused_without_recursing_far():
    data = payload()
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    data["nodes"][3][2]["axis"] = deep
    with pytest.raises(AgError, match="nested too deeply"):
        from_plain(data)


def test_more_nodes_than_max_nodes_are_refused(monkeypatch):
    monkeypatch.setenv("AUTOGRAD_CLI_MAX_NODES", "3")
    with pytest.raises(AgError, match="MAX_NODES"):
        from_plain(payload())


def test_a_program_that_passes_the_checks_but_fails_when_computed_is_a_clean_error():
    data = payload()
    # take's indices are a parameter: in range for the shape rule, out of range for NumPy
    g = Graph()
    x = g.apply("variable", value=np.zeros(3))
    g.apply("gather", x, g.const(np.array([1.0])), axis=0, batch_dims=0)
    data = json.loads(json.dumps(to_plain(Outgoing(g.nodes))))
    data["nodes"][1][2]["value"] = {"array": [10**6], "dtype": "float64", "shape": [1]}
    with pytest.raises(AgError, match="malformed"):
        snippet_program(data)


def test_an_error_the_child_reports_makes_the_graph_unavailable_with_its_reason():
    program, values, why = snippet_program({"error": "its graph holds a generator"})
    assert program is None and values == {} and why == "its graph holds a generator"
    assert snippet_program(None)[2] == "the snippet's run handed back no graph"


def test_a_custom_gradients_rule_is_sent_as_the_nodes_it_makes():
    g = Graph()
    x = g.apply("variable", value=np.array([1.0, 4.0]))
    forward = g.sqrt(x)

    def rule(graph, dy, i):       # d sqrt(x) written by hand: dy * 0.5 / sqrt(x), reading input 0
        return graph.multiply(dy, graph.divide(graph.const(0.5), forward)) if i == 0 else None
    node = g.apply("custom_gradient", forward, x, rule=rule, name="my_sqrt")
    built = round_trip(to_plain(Outgoing(g.nodes)))
    rebuilt = built.graph.nodes[node.id]
    dy = built.graph.const(np.array([2.0, 2.0]))
    made = rebuilt.params["rule"](built.graph, dy, 0)
    assert made.inputs[0] is dy and made.id > dy.id
    values = run(built.graph.nodes)
    assert np.allclose(values[made.id], 2.0 * 0.5 / np.sqrt([1.0, 4.0]))
    assert rebuilt.params["rule"](built.graph, dy, 1) is None


def test_a_copy_of_the_payload_is_not_needed_to_refuse_it():
    # the checks do not change what they read (a caller may keep and show it)
    data = payload()
    kept = copy.deepcopy(data)
    data["nodes"][2][0] = "bogus"
    with pytest.raises(AgError):
        from_plain(data)
    data["nodes"][2][0] = kept["nodes"][2][0]
    assert data == kept


def test_a_large_array_goes_as_bytes_and_comes_back_bit_for_bit():
    g = Graph()
    values = np.random.default_rng(3).normal(size=(50, 40)).astype(np.float32)
    values[0, :3] = [np.nan, -np.inf, -0.0]
    g.apply("variable", value=values)
    g.apply("const", value=np.arange(100) % 2 == 0)
    data = json.loads(json.dumps(to_plain(Outgoing(g.nodes))))
    assert set(data["nodes"][0][2]["value"]) == {"bytes", "dtype", "shape"}
    built = from_plain(data)
    back = built.graph.nodes[0].params["value"]
    assert back.dtype == np.float32 and back.tobytes() == values.tobytes()
    np.testing.assert_array_equal(built.graph.nodes[1].params["value"], np.arange(100) % 2 == 0)


@pytest.mark.parametrize("text", ["AAAA", "!" * 10668, "A" * 10**7])
def test_bytes_of_the_wrong_length_or_not_base64_are_refused(text):
    data = payload()
    data["nodes"][0][2]["value"] = {"bytes": text, "dtype": "float64", "shape": [1000]}
    with pytest.raises(AgError, match="malformed"):
        from_plain(data)


def test_a_bool_array_whose_bytes_are_not_booleans_is_refused():
    import base64

    data = payload()
    data["nodes"][0][2]["value"] = {"bytes": base64.b64encode(bytes([0, 1, 2] * 100)).decode(), "dtype": "bool",
                                    "shape": [300]}
    with pytest.raises(AgError, match="booleans"):
        from_plain(data)
