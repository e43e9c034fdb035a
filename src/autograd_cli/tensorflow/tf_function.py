"""tf.function: the Python function traced once per input signature into a FuncGraph, then
that graph run at each call.

So, as in TensorFlow: a Python `print` (and any Python side effect) runs when a signature is
traced, `tf.print` at every call; a new shape, dtype or Python argument value traces again.
Eager variables the function reads are inputs of each call (their values then), the ones it
assigns are written back after it; a GradientTape inside takes symbolic gradients of the
graph; a call inside an outer tape is one recorded op, differentiated through the traced ops.

Random ops are traced too: each traced signature keeps one kernel per random op, which each
call draws on from (a second call gives the next numbers, a new trace starts again), their
seeds those of a graph whose seed is the eager global seed at tracing time, as in TensorFlow.

Where the trace cannot be made here, the function runs eagerly from then on for that
signature (a Python `if` / `while` on a tensor, which TensorFlow's AutoGraph converts; a
`.numpy()`; iterating a dataset; a random op whose shape is a tensor; a tf.random.Generator's
full-range int64s, skip, split, reset, state or key): its values are the same, but its Python
side effects happen at every call.

tf.map_fn / tf.vectorized_map are here too (they share the nest helpers): a Python loop of ops
over the first axis, stacked.
"""
from __future__ import annotations

import functools
import sys

import numpy as np

from autograd_cli.evaluate import needed, run_plain
from autograd_cli.tensorflow.core import EagerTensor, Tensor, convert_to_tensor, ctx, record_on_tapes
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.engine_values import engine_array, typed_value
from autograd_cli.tensorflow.lowering import Lowering, Recipe
from autograd_cli.tensorflow.lowering import _flatten, _rebuild
from autograd_cli.tensorflow.tracing import FuncGraph, Trace, lower_traced, symbolic_input, tracing

_FALLBACK_ERRORS = Exception      # whatever stops the trace: the eager run gives the value (or TF's eager error)
_TRACE_FAILURES: dict = {}        # id of a traced Python function -> (type, text) of the error that stopped its trace


@tf_export("function")
def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_compile=None, **kwargs):
    if func is None:
        return lambda f: Function(f, input_signature, reduce_retracing)
    return Function(func, input_signature, reduce_retracing)


@tf_class("tensorflow.python.eager.polymorphic_function.polymorphic_function.Function")
class Function:
    def __init__(self, func, input_signature=None, reduce_retracing=False):
        functools.update_wrapper(self, func)
        self.reduce_retracing = reduce_retracing
        self.python_function = func
        self.input_signature = None if input_signature is None else list(_flatten(list(input_signature))[1])
        self._traces: dict = {}        # signature -> _Concrete, or None (runs eagerly)
        self._count = 0

    def __get__(self, instance, owner):
        """A tf.function defined on a class: bound to the instance, one per instance."""
        if instance is None:
            return self
        bound = instance.__dict__.get(self.__name__)
        if not isinstance(bound, Function):
            bound = Function(functools.partial(self.python_function, instance))
            bound.__name__ = self.__name__
            instance.__dict__[self.__name__] = bound
        return bound

    def __call__(self, *args, **kwargs):
        if not ctx.eager:                      # inside a graph (TF1 code, another trace): its ops, inlined
            ctx.autograph += 1
            try:
                return self.python_function(*args, **kwargs)
            finally:
                ctx.autograph -= 1
        if _RUN_EAGERLY():
            return self.python_function(*args, **kwargs)
        if self.input_signature is not None:      # one argument per TensorSpec (a list is one tensor)
            structure, flat = [list(range(len(args))), {}], list(args)
            if kwargs:
                raise TypeError(f"{self.__name__}() with an input_signature takes positional arguments here")
        else:
            structure, flat = _flatten([list(args), kwargs])
        specs = self._specs(flat)
        key = tuple(_signature(v) for v in flat) if specs is None else ("signature",)
        concrete = self._traces.get(key, False)
        if concrete is False:
            concrete = self._relaxed(flat)
        relaxed = None
        if concrete is False and self.reduce_retracing and specs is None:
            specs = relaxed = self._generalized(flat)
        if concrete is False:
            names = _argument_names(self.python_function, args, kwargs)
            concrete = _trace(self.python_function, structure, flat, self.__name__, specs, names)
            self._count += 1
            if concrete is not None and concrete.created_variables:
                # as TensorFlow: a first trace that made variables is traced again, making none
                concrete = _trace(self.python_function, structure, flat, self.__name__, specs, names)
                self._count += 1
            if concrete is not None:
                concrete.arguments = (structure, flat)
                if relaxed is not None:       # (serves the later calls it fits)
                    concrete.relaxed = [(s, None) if s is not None else (None, v) for v, s in zip(flat, relaxed)]
            self._traces[key] = concrete
        if concrete is None:
            try:
                return _as_outputs(self.python_function(*args, **kwargs))
            except _FALLBACK_ERRORS as exc:
                # the error the trace met, met again eagerly: the function's own, which TensorFlow
                # raises from the call while it traces ("in user code:")
                # (not this package's refusals of what it does not support)
                if (not isinstance(exc, NotImplementedError)
                        and _TRACE_FAILURES.get(id(self.python_function)) == (type(exc), str(exc))):
                    raise in_user_code(exc) from None
                raise
        return concrete.call(flat)

    def _specs(self, flat):
        """With input_signature: one (dtype, shape) per argument, each argument checked
        against its TensorSpec (None sizes take any size)."""
        if self.input_signature is None:
            return None
        from autograd_cli.tensorflow.shape import TensorShape

        def failed(reason):
            names = _parameter_names(self.python_function, len(self.input_signature))
            signature = ", ".join(f"{n}: {s!r}" for n, s in zip(names, self.input_signature))
            return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received args: {tuple(flat)!r} "
                             f"and kwargs: {{}} for signature: ({signature}).")

        if len(flat) < len(self.input_signature):
            missing = _parameter_names(self.python_function, len(self.input_signature))[len(flat)]
            raise failed(f"missing a required argument: '{missing}'")
        if len(flat) > len(self.input_signature):
            raise failed("too many positional arguments")
        specs = []
        for value, spec in zip(flat, self.input_signature):
            if isinstance(value, Tensor) and value.dtype.base_dtype != spec.dtype:
                tensor = value
            else:
                tensor = convert_to_tensor(value, dtype=spec.dtype)
            if tensor.dtype.base_dtype != spec.dtype or not spec.shape.is_compatible_with(TensorShape(tensor._shape)):
                raise failed(f"Can not cast TensorSpec(shape={TensorShape(tensor._shape)}, "
                             f"dtype=tf.{tensor.dtype.base_dtype.name}, name=None) to {spec!r}")
            specs.append((spec.dtype, spec.shape.dims))
        return specs

    def experimental_get_tracing_count(self):
        return self._count

    def _relaxed(self, flat):
        """A trace from get_concrete_function's TensorSpecs that takes these arguments (their
        dtypes, shapes within the specs' unknown sizes, the same Python values), or False."""
        for concrete in self._traces.values():
            if concrete is not None and concrete.relaxed is not None and _fits(concrete.relaxed, flat):
                return concrete
        return False

    def _generalized(self, flat):
        """reduce_retracing: a new trace of arguments like an earlier trace's but for sizes takes
        those sizes as unknown (TensorFlow's common supertype: (3,) and (5,) trace (None,)); None
        when there is no such trace (the first trace is of the exact shapes). The latest such
        trace is generalized, as TensorFlow does."""
        for concrete in reversed(list(self._traces.values())):
            if concrete is None or concrete.arguments is None or len(concrete.arguments[1]) != len(flat):
                continue
            inputs, specs = iter(concrete.arg_inputs), []
            for old, new in zip(concrete.arguments[1], flat):
                if _is_tensor_argument(new) != (_is_tensor_argument(old) or _is_spec(old)):
                    break
                if not _is_tensor_argument(new):
                    if _signature(new) != _signature(old):
                        break
                    specs.append(None)
                    continue
                traced, tensor = next(inputs), convert_to_tensor(new)
                if (tensor.dtype.base_dtype != traced.dtype.base_dtype or traced._shape is None
                        or tensor._shape is None or len(traced._shape) != len(tensor._shape)):
                    break
                specs.append((tensor.dtype, tuple(a if a == b else None for a, b in zip(traced._shape, tensor._shape))))
            else:
                if any(specs):
                    return specs
        return None

    def get_concrete_function(self, *args, **kwargs):
        """The trace for these arguments (tensors, tf.TensorSpecs or Python values), made now
        if there is none; the same ConcreteFunction each time."""
        if self.input_signature is not None:
            if args or kwargs:
                self._specs([a for a in list(args) + list(kwargs.values()) if not _is_spec(a)] or
                            list(self.input_signature))
            args, kwargs = tuple(self.input_signature), {}
            structure, flat = [list(range(len(args))), {}], list(args)
        else:
            structure, flat = _flatten([list(args), kwargs])
        specs = [(v.dtype, v.shape.dims) if _is_spec(v) else None for v in flat]
        if self.input_signature is not None:
            key = ("signature",)
        else:
            key = tuple(("spec", s[0].name, None if s[1] is None else tuple(s[1])) if s is not None
                        else _signature(v) for v, s in zip(flat, specs))
        concrete = self._traces.get(key, False)
        if concrete is False and self.input_signature is None and not any(specs):
            concrete = self._relaxed(flat)
        if concrete is False:
            names = _argument_names(self.python_function, args, kwargs)
            values = [None if s is not None else v for v, s in zip(flat, specs)]
            concrete = _trace(self.python_function, structure, values, self.__name__,
                              specs if any(specs) else None, names)
            self._count += 1
            if concrete is None:
                raise NotImplementedError(f"get_concrete_function: {self.__name__} cannot be traced here (it runs "
                                          "eagerly: a Python if or while on a tensor, a .numpy(), ...)")
            if self.input_signature is None:
                concrete.relaxed = [(s, None) if s is not None else (None, v) for v, s in zip(flat, specs)]
            concrete.arguments = (structure, flat)
            self._traces[key] = concrete
        return concrete.public_for(self)

    def pretty_printed_concrete_signatures(self, verbose=True):
        return "\n\n".join(c.public_for(self).pretty_printed_signature(verbose) for c in self._traces.values()
                            if c is not None)


def _RUN_EAGERLY():
    """tf.config.run_functions_eagerly(True): every call runs the Python function."""
    extras = sys.modules.get("autograd_cli.tensorflow.extras")
    return extras is not None and extras.functions_run_eagerly()


def _as_outputs(result):
    """A function's results as a trace returns them: Python numbers and NumPy arrays become
    tensors (TensorFlow converts every output), None and other objects stay."""
    from autograd_cli.tensorflow.variables import Variable

    structure, flat = _flatten(result)
    if not any(isinstance(v, (bool, int, float, np.ndarray, np.generic)) for v in flat):
        return result
    flat = [convert_to_tensor(v) if isinstance(v, (bool, int, float, np.ndarray, np.generic))
            and not isinstance(v, Variable) else v for v in flat]
    return _rebuild(structure, flat)


def _name(names, k):
    return names[k] if names and k < len(names) else "args"


def _signature(value):
    from autograd_cli.tensorflow.variables import Variable

    if isinstance(value, Variable):
        return ("variable", id(value))
    if isinstance(value, (Tensor, np.ndarray)):
        tensor = convert_to_tensor(value)
        return ("tensor", tensor.dtype.name, tensor._shape)
    try:
        hash(value)
        return ("python", type(value).__name__, value)
    except TypeError:
        return ("object", id(value))


def _is_tensor_argument(value):
    from autograd_cli.tensorflow.variables import Variable

    return isinstance(value, (Tensor, np.ndarray)) and not isinstance(value, Variable)


def _parameter_names(fn, count):
    """The names of fn's first `count` parameters (`args`, `args_1`, ... past them)."""
    import inspect

    try:
        names = [p.name for p in inspect.signature(fn).parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        names = []
    return (names + [f"args_{k}" if k else "args" for k in range(count)])[:count]


def _argument_names(fn, args, kwargs):
    """Per flattened argument, the name of the parameter it was given to (TensorFlow names a
    trace's placeholders after them: `x`, `args`, `args_1`)."""
    import inspect

    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    positional = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    rest = next((p.name for p in parameters if p.kind is p.VAR_POSITIONAL), "args")
    names = []
    for k, value in enumerate(args):
        names += [positional[k] if k < len(positional) else rest] * len(_flatten(value)[1])
    for key in kwargs:
        names += [key] * len(_flatten(kwargs[key])[1])
    return names


def _trace(fn, structure, flat, name, specs=None, names=None):
    graph = FuncGraph(name, function=True)
    try:
        with tracing(graph):
            inputs, args = [], []
            for k, value in enumerate(flat):
                if specs is not None and specs[k] is not None:
                    inputs.append(symbolic_input(graph, specs[k][0], specs[k][1], name=_name(names, k)))
                    args.append(inputs[-1])
                elif _is_tensor_argument(value):
                    tensor = convert_to_tensor(value)
                    inputs.append(symbolic_input(graph, tensor.dtype, tensor._shape, name=_name(names, k)))
                    args.append(inputs[-1])
                else:
                    args.append(value)
            positional, keywords = _rebuild(structure, args)
            result = fn(*positional, **keywords)
            out_structure, outputs = _flatten(result)
            outputs = [None if o is None else convert_to_tensor(o) for o in outputs]
    except _FALLBACK_ERRORS as exc:
        if getattr(exc, "ag_in_user_code", False):
            raise in_user_code(exc) from None
        _TRACE_FAILURES[id(fn)] = (type(exc), str(exc))
        return None
    if any(_is_random(op) and op.inputs for op in graph._ops):
        return None           # (its shape is known at each call only)
    return _Concrete(graph, inputs, out_structure, outputs, specs)


def in_user_code(exc):
    """An error TensorFlow raises while it traces (an op's static check, where running the
    function eagerly would not fail so): its type, the message AutoGraph gives it, which names
    the function's line (`exc.ag_in_user_code` marks the ones that stop a trace here)."""
    import linecache
    import traceback

    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not _in_package(f.filename)]
    text = f"{type(exc).__name__}: {exc}"
    if frames:
        frame = frames[-1]
        where = "None" if frame.name == "<lambda>" else frame.name
        source = linecache.getline(frame.filename, frame.lineno).strip()
        text = f"File \"{frame.filename}\", line {frame.lineno}, in {where}  *\n        {source}\n\n    {text}"
    message = f"in user code:\n\n    {text}\n"
    try:
        return type(exc)(message)
    except TypeError:
        return exc


def _in_package(filename) -> bool:
    import os

    return os.path.abspath(filename).startswith(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _is_random(op) -> bool:
    return op.recipe is not None and op.recipe.kind == "fn" and op.recipe.target.__name__ == "_lower_random"


class _Concrete:
    """One traced signature: the trace's inputs (arguments, then the variables it read),
    its outputs (the function's results, then each assigned variable's final value and
    the tf.print ops, which must run at each call)."""

    def __init__(self, graph, arg_inputs, out_structure, outputs, specs=None):
        variables = list(graph.variable_reads.values())
        self.variables = [v for v, _ in variables]
        self.assigned = list(graph.variable_writes)          # Variables in order of first write
        effects = [t for t in graph.side_effects]
        results = [o for o in outputs if o is not None]
        latest = [graph.variable_latest[v.uid] for v in self.assigned]
        self.out_structure, self.outputs = out_structure, outputs
        self.n_results = len(results)
        self.arg_inputs = arg_inputs
        self.trace = Trace(graph, arg_inputs + [t for _, t in variables], results + latest + effects)
        self.created_variables = graph.created_variables
        self.specs = specs
        self.relaxed = None       # get_concrete_function's (spec, Python value) per argument
        self.public = None        # its ConcreteFunction
        self.arguments = None     # (structure, flat) it was traced for
        self._plans: dict = {}
        self.random_ops = [op for op in self.trace.ops if _is_random(op)]
        self._kernels: dict = {}          # random op uid -> its kernel, kept from call to call
        self._resets = None               # (until tf.random.set_seed is called again)

    def call(self, flat):
        from autograd_cli.tensorflow.variables import Variable

        if self.specs is not None:
            args = [convert_to_tensor(v, dtype=s[0]) for v, s in zip(flat, self.specs) if s is not None]
        else:
            args = [convert_to_tensor(v) for v in flat if _is_tensor_argument(v)]
        reads = [v._as_tensor() for v in self.variables]
        inputs = args + reads + [_capture_value(t) for t in self.trace.captures] + self._draw()
        values = self._run([t._value for t in inputs])
        outs = [EagerTensor(None, 0, t.dtype, v.shape, v) for t, v in zip(self.trace.outputs, values)]
        if ctx.tapes:
            record_on_tapes("StatefulPartitionedCall", Recipe("fn", _lower_call, {"concrete": self}), inputs, outs)
        for var, out in zip(self.assigned, outs[self.n_results:self.n_results + len(self.assigned)]):
            var._assign(out, "assign", None)
        it = iter(outs[:self.n_results])
        flat = [None if o is None else next(it) for o in self.outputs]
        result = _rebuild(self.out_structure, flat)
        return None if isinstance(result, Variable) else result

    def _draw(self) -> list:
        """This call's values of the random ops (each op's kernel goes on from the last call)."""
        from autograd_cli.tensorflow.random_api import EAGER_SEEDS

        if self._resets != EAGER_SEEDS.resets:
            self._kernels.clear()
            self._resets = EAGER_SEEDS.resets
        drawn = []
        for op in self.random_ops:
            sampler = op.recipe.params["sampler"]
            kernel = self._kernels.get(op.uid)
            if kernel is None:
                kernel = self._kernels[op.uid] = sampler.new_kernel()
            array = sampler.draw(kernel)
            drawn.append(EagerTensor(None, 0, sampler.dtype, array.shape, array))
        return drawn

    def _run(self, arrays):
        key = tuple(a.shape for a in arrays)
        plan = self._plans.get(key)
        if plan is None:
            L = Lowering()
            leaves = [L.g.apply("placeholder", value=np.zeros(a.shape)) for a in arrays]
            nodes = _lower_call(L, *leaves, concrete=self)
            plan = self._plans[key] = (leaves, nodes, needed([n for n in nodes if n is not None]))
        leaves, nodes, order = plan
        values = run_plain(order, {leaf.id: engine_array(a) for leaf, a in zip(leaves, arrays)})
        return [typed_value(values[n.id], t.dtype) for n, t in zip(nodes, self.trace.outputs)]

    def __repr__(self):
        return f"<traced function {self.trace.graph.name}>"

    def public_for(self, function):
        """Its ConcreteFunction (made for a trace that a call made)."""
        if self.public is None:
            structure, flat = self.arguments
            self.public = ConcreteFunction(function, self, structure, flat)
        return self.public


def _is_spec(value) -> bool:
    return type(value).__name__ == "TensorSpec" and hasattr(value, "shape") and hasattr(value, "dtype")


def _fits(relaxed, flat) -> bool:
    if len(relaxed) != len(flat):
        return False
    for (spec, python), value in zip(relaxed, flat):
        if spec is None:
            if _signature(value) != _signature(python):
                return False
        elif not _is_tensor_argument(value):
            return False
        else:
            tensor = convert_to_tensor(value)
            if tensor.dtype.base_dtype != spec[0] or not _shape_fits(spec[1], tensor._shape):
                return False
    return True


def _shape_fits(dims, shape) -> bool:
    if dims is None:
        return True
    return shape is not None and len(dims) == len(shape) and all(d is None or d == s for d, s in zip(dims, shape))


def _spec_text(dtype, dims) -> str:
    from autograd_cli.tensorflow.shape import TensorShape

    return f"TensorSpec(shape={TensorShape(dims)}, dtype=tf.{dtype.base_dtype.name}, name=None)"


def _type_text(value, spec_of) -> str:
    """TensorFlow's FunctionType text of a value: TensorSpec(...), Literal[2], Tuple[...],
    List[...], Dict[['key', ...]]."""
    if isinstance(value, (Tensor, np.ndarray)) or _is_spec(value):
        return spec_of(value)
    if isinstance(value, tuple):
        return "Tuple[" + ", ".join(_type_text(v, spec_of) for v in value) + "]"
    if isinstance(value, list):
        return "List[" + ", ".join(_type_text(v, spec_of) for v in value) + "]"
    if isinstance(value, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {_type_text(v, spec_of)}]" for k, v in value.items()) + "]"
    return f"Literal[{value!r}]"


class _FunctionType:
    def __init__(self, text):
        self._text = text

    def __str__(self):
        return self._text

    __repr__ = __str__


@tf_class("tensorflow.python.eager.polymorphic_function.concrete_function.ConcreteFunction")
class ConcreteFunction:
    """One trace of a tf.function, as get_concrete_function gives it: callable with the
    tensors of its signature (its Python values are fixed), its graph, inputs, outputs and
    TensorFlow's text of its signature."""

    def __init__(self, function, concrete, structure, flat):
        import inspect

        self._function, self._concrete = function, concrete
        self._signature_call = function.input_signature is not None
        self._positional, self._keywords = ([], {}) if self._signature_call else _rebuild(structure, list(flat))
        inputs = iter(concrete.arg_inputs)
        self._leaf_specs = {}          # id of a traced tensor argument (or TensorSpec) -> its input's spec text
        for value in flat:
            if _is_spec(value) or _is_tensor_argument(value):
                traced = next(inputs)
                self._leaf_specs[id(value)] = _spec_text(traced.dtype, traced._shape)
        # TensorFlow's outputs of a trace are Identity ops of what the function returned
        from autograd_cli.tensorflow.array_ops import identity

        with tracing(concrete.trace.graph):
            self._outputs = [None if o is None else identity(o, name="Identity") for o in concrete.outputs]
        if self._signature_call:
            self._params = [(name, spec, "POSITIONAL_OR_KEYWORD") for name, spec in
                            zip(_parameter_names(function.python_function, len(flat)), flat)]
            return
        try:
            signature = inspect.signature(function.python_function)
            bound = signature.bind(*self._positional, **self._keywords)
            bound.apply_defaults()
            self._params = [(name, value, signature.parameters[name].kind.name)
                            for name, value in bound.arguments.items()]
        except (TypeError, ValueError):
            self._params = [(f"args_{k}" if k else "args", v, "VAR_POSITIONAL")
                            for k, v in enumerate(self._positional)]

    def _spec_of(self, value):
        found = self._leaf_specs.get(id(value))
        if found is not None:
            return found
        tensor = convert_to_tensor(value)
        return _spec_text(tensor.dtype, tensor._shape)

    def _output_text(self):
        outputs = iter(self._concrete.outputs)
        flat = [None if o is None else next(outputs) for o in self._concrete.outputs]
        return _type_text(_rebuild(self._concrete.out_structure, flat), self._spec_of)

    @property
    def function_type(self):
        params = ", ".join(f"{name}: {_type_text(value, self._spec_of)}" for name, value, _ in self._params)
        return _FunctionType(f"({params}) -> {self._output_text()}")

    def pretty_printed_signature(self, verbose=True):
        lines = ["Input Parameters:"]
        lines += [f"  {name} ({kind}): {_type_text(value, self._spec_of)}" for name, value, kind in self._params]
        lines += ["Output Type:", f"  {self._output_text()}", "Captures:"]
        captured = self._concrete.variables
        lines += [f"  {object.__hash__(v)}: TensorSpec(shape=(), dtype=tf.resource, name=None)" for v in captured] \
            or ["  None"]
        return "\n".join(lines)

    def __str__(self):
        return f"ConcreteFunction {self.pretty_printed_signature()}"

    def __repr__(self):
        return f"<ConcreteFunction {self.function_type} at 0x{object.__hash__(self):X}>"

    @property
    def graph(self):
        return self._concrete.trace.graph

    @property
    def inputs(self):
        return list(self._concrete.trace.inputs)

    @property
    def outputs(self):
        return [o for o in self._outputs if o is not None]

    @property
    def structured_outputs(self):
        return _rebuild(self._concrete.out_structure, list(self._outputs))

    @property
    def name(self):
        return f"__inference_{self._function.__name__}".encode()

    def __call__(self, *args, **kwargs):
        if self._signature_call:
            if kwargs:
                raise TypeError(f"{self._function.__name__}() with an input_signature takes positional arguments here")
            return self._function(*args)
        tensor_params = [(name, value) for name, value, _ in self._params
                         if _is_spec(value) or _is_tensor_argument(value)]
        if len(args) > len(tensor_params):
            # (TensorFlow then binds the arguments to every parameter, its Python values as well)
            rest = [name for name, _, _ in self._params[len(args):] if name not in kwargs]
            reason = f"missing a required argument: '{rest[0]}'" if rest else "too many positional arguments"
            raise TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args!r} and "
                            f"kwargs: {kwargs!r} for signature: {self.function_type}.")
        given = dict(zip([n for n, _ in tensor_params], args))
        for name, value in kwargs.items():
            if name not in dict(tensor_params) or name in given:
                raise TypeError(f"Binding inputs to tf.function failed due to `got an unexpected keyword argument "
                                f"'{name}'`. Received args: {args!r} and kwargs: {kwargs!r} for signature: "
                                f"{self.function_type}.")
            given[name] = value
        for name, _ in tensor_params:
            if name not in given:
                raise TypeError(f"Binding inputs to tf.function failed due to `missing a required argument: "
                                f"'{name}'`. Received args: {args!r} and kwargs: {kwargs!r} for signature: "
                                f"{self.function_type}.")
        import inspect

        names = [p for p in inspect.signature(self._function.python_function).parameters]
        positional, keywords = list(self._positional), dict(self._keywords)
        for name, value in given.items():
            k = names.index(name)
            if k < len(positional):
                positional[k] = value
            else:
                keywords[name] = value
        structure, flat = _flatten([positional, keywords])
        tensors = [v for v in flat if _is_spec(v) or _is_tensor_argument(v)]
        for k, (value, traced) in enumerate(zip(tensors, self._concrete.arg_inputs)):
            tensor = convert_to_tensor(value)
            if tensor.dtype.base_dtype != traced.dtype.base_dtype:
                from autograd_cli.tensorflow.failures import InvalidArgumentError

                raise InvalidArgumentError(None, None, f"cannot compute {self.name.decode()} as input #{k}(zero-based) "
                                           f"was expected to be a {traced.dtype.base_dtype.name} tensor but is a "
                                           f"{tensor.dtype.base_dtype.name} tensor [Op:{self.name.decode()}]")
            if not _shape_fits(traced._shape, tensor._shape):
                raise TypeError(f"Binding inputs to tf.function failed due to `Can not cast "
                                f"{_spec_text(tensor.dtype, tensor._shape)} to "
                                f"{_spec_text(traced.dtype, traced._shape)}`. Received args: {args!r} and kwargs: "
                                f"{kwargs!r} for signature: {self.function_type}.")
        return self._concrete.call(flat)


def _capture_value(t):
    """A tensor the function used from outside, as an input of each call: a variable's value
    then (read again), an eager tensor as it is."""
    if t._var is not None:
        return t._var._as_tensor()
    if t._value is None:
        raise TypeError(f"a tf.function here cannot use the graph tensor {t.name} from outside it")
    return t


def _lower_call(L, *nodes, concrete):
    """nodes: the trace's inputs, its captures, then the values each random op drew."""
    tr = concrete.trace
    n, c = len(tr.inputs), len(tr.captures)
    drawn = {op.uid: node for op, node in zip(concrete.random_ops, nodes[n + c:])}
    return lower_traced(L.g, tr, nodes[:n], nodes[n:n + c], drawn)


@tf_export("map_fn")
def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    """fn on each slice of elems along axis 0 (a nested structure of tensors sliced together),
    the results stacked: a Python loop of the package's own ops, so tapes see every step."""
    from autograd_cli.tensorflow.array_ops import stack

    structure, flat = _flatten(elems)
    flat = [convert_to_tensor(t) for t in flat]
    sizes = {t._shape[0] if t._shape else None for t in flat}
    if len(sizes) != 1 or None in sizes:
        raise ValueError("Elements in elems must be 1+ dimensional Tensors of the same (known) size along axis 0, "
                         f"got shapes {[t._shape for t in flat]}")
    count = sizes.pop()
    results = [fn(_rebuild(structure, [t[k] for t in flat])) for k in range(count)]
    if count == 0:
        raise ValueError("tf.map_fn of elements of size 0 along axis 0 is not supported here")
    out_structure, first = _flatten(results[0])
    if fn_output_signature is None and dtype is None and (
            len(first) != len(flat) or isinstance(elems, (tuple, list, dict)) != isinstance(results[0], (tuple, list, dict))):
        raise ValueError("The two structures don't have the same nested structure.")
    columns = [[_flatten(r)[1][j] for r in results] for j in range(len(first))]
    return _rebuild(out_structure, [stack(column) for column in columns])


@tf_export("vectorized_map")
def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """Computed as tf.map_fn (the same values; TensorFlow vectorises the loop away)."""
    return map_fn(fn, elems)
