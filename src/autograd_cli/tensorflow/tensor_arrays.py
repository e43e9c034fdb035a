"""tf.TensorArray: a list of tensors of one dtype, written and read by index.

Here it is a Python list of the package's own tensors, stacked, gathered and concatenated by
the package's ops (tf.stack, tf.gather, tf.concat, tf.split), so tapes and tf.gradients see
every element. TensorFlow 2.21 has three implementations, and each is followed:

- eagerly (`_EagerTensorArray`): `write` changes the array and returns it; an index read once is
  cleared (`clear_after_read`, the default); errors are raised at once;
- in a tf.function (the TensorList one): `write` returns a new array and leaves the old one; reads
  never clear; a wrong index or dtype fails the call (the kernel's error, when the function runs);
- in a TF1 graph (TensorArrayV3): as in a tf.function, but the kernels' errors (and their words)
  are TensorArrayV3's, raised by the `sess.run` that needs the failed write or read.

Element shapes are checked as TensorFlow does, where the array is built (a ValueError). Indices
must be known when the op is made (Python ints or constants: a Python loop's); a read at a
computed index gathers from the stacked elements. A TensorArray is not a loop variable of a graph
tf.while_loop here (inside a tf.function such a loop runs eagerly, where it is a Python loop).
"""
from __future__ import annotations

import weakref

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.array_ops import (concat, gather, identity, split, stack, static_value, unstack,
                                               zeros)
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor, ctx
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.effects import effect_op
from autograd_cli.tensorflow.exports import refresh, tf_class, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, OpError, OutOfRangeError, UnimplementedError
from autograd_cli.tensorflow.shape import TensorShape
from autograd_cli.tensorflow.tracing import tracing_function

EAGER, LIST, V1 = "eager", "list", "v1"      # the implementation TensorFlow would pick
# TF1 arrays made so far in each graph: a kernel names its array `NAME_<serial>`, the serial
# counting the arrays the runs made before (each array run once, in the order made, is the usual case)
_V1_ARRAYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _kernel_shape(shape: TensorShape) -> str:
    """A shape as a kernel's message prints it: `<unknown>`, `[2,?]`."""
    dims = shape.dims
    if dims is None:
        return "<unknown>"
    return "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"


def _static_int(value):
    """An index or size known now (a Python int, an eager or constant tensor), else None."""
    if isinstance(value, (int, np.integer)):
        return int(value)
    found = static_value(value)
    if found is None:
        return None
    return int(np.asarray(found).reshape(()))


def _static_ints(value):
    found = static_value(value)
    return None if found is None else [int(v) for v in np.asarray(found).reshape(-1)]


@tf_class("tensorflow.python.ops.tensor_array_ops.TensorArray")
@tf_export("TensorArray")
class TensorArray:
    """See the module's docstring. The elements are `_items` (None where never written)."""

    ag_tensor_array = True      # (what a graph tf.while_loop refuses as a loop variable)

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None,
                 colocate_with_first_write_call=True, name=None):
        self._kind = EAGER if ctx.eager else (V1 if ctx.v1 and tracing_function() is None else LIST)
        if self._kind == EAGER:
            if handle is not None:
                raise ValueError("TensorArray handles are not supported when eager execution is enabled.")
            if size is None:
                raise ValueError("Size must be declared for TensorArrays when eager execution is enabled.")
        elif size is None:
            raise ValueError("Argument `size` must be provided if handle is not provided." if self._kind == V1 else
                             "Argument `size` must be provided if argument `flow` is not provided.")
        if handle is not None or flow is not None:
            raise NotImplementedError("tf.TensorArray(handle=..., flow=...) is not supported by autograd-cli's "
                                      "TensorFlow: make the array with a size")
        count = _static_int(size)
        if count is None:
            raise NotImplementedError("a tf.TensorArray whose size is known only when the graph runs is not "
                                      "supported by autograd-cli's TensorFlow (give it a Python int)")
        self._dtype = as_dtype(dtype).base_dtype
        # (the TensorList implementation keeps the argument as given: `dynamic_size` is None by default)
        self._dynamic_size = dynamic_size if self._kind == LIST else bool(dynamic_size)
        self._size = count
        self._infer_shape = infer_shape
        self._shape_cell = [TensorShape(element_shape)]    # shared by the arrays a graph write makes
        self._items: list = [None] * count
        self._clear = self._kind == EAGER and clear_after_read is not False
        self._cleared: list = []          # eagerly: the indices read (and cleared) so far
        self._failure = None              # TF1: (error class, message) of a failed write, raised by reads
        self._name, self._serial = "", 0
        if self._kind != EAGER:
            self._name = ctx.graph.unique_name(name or ("TensorArray" if self._kind == V1 else "TensorArrayV2"))
        if self._kind == V1:
            self._serial = _V1_ARRAYS.get(ctx.graph, 0)
            _V1_ARRAYS[ctx.graph] = self._serial + 1

    # ------------------------------------------------------------ properties

    @property
    def dtype(self):
        return self._dtype

    @property
    def element_shape(self) -> TensorShape:
        return self._shape_cell[0]

    @property
    def dynamic_size(self):
        return self._dynamic_size

    @property
    def handle(self):
        return None

    @property
    def flow(self):
        """A stand-in: no op here needs an array's flow."""
        return convert_to_tensor(0, dtype=dtypes.int32 if self._kind == EAGER else dtypes.float32)

    def _new(self, items) -> "TensorArray":
        """A graph write's result: a new array over `items`, the old one unchanged."""
        if self._kind == EAGER:
            self._items = items
            return self
        new = object.__new__(TensorArray)
        new.__dict__.update(self.__dict__)
        new._items = items
        return new

    # ------------------------------------------------------------ errors as each implementation raises them

    def _fail(self, kernel_op, node, error, text, result=None):
        """A kernel's error: eagerly raised now; in a tf.function when the function runs; in a TF1
        graph by the runs that need `result` (what the failed op gives while the graph is built: a
        read's tensor, or a failed write's elements, whose array then fails every read)."""
        if self._kind == EAGER:
            raise error(None, None, text)
        function = tracing_function()
        where = f"{node}/{kernel_op}" if node else ctx.graph.unique_name(kernel_op)
        if self._kind == LIST and function is not None:
            message = f"{text}\n\t [[{{{{node {where}}}}}]]"

            def act(values):       # (TensorFlow's message: `Graph execution error: ... Detected at node`)
                raise error(None, None, message)
            effect_op(kernel_op, where, [convert_to_tensor(0.0)], act)
            return result if isinstance(result, Tensor) else self._new(result)
        failure = (error, f"{text}\n\t [[{{{{node {where}}}}}]]")
        if isinstance(result, Tensor):
            return _failing(result, kernel_op, failure)
        written = self._new(result)
        if written._failure is None:
            written._failure = failure
        return written

    def _checked(self, tensor, kernel_op):
        """A graph read's result: it fails the run when a write before it failed."""
        if self._failure is None:
            return tensor
        return _failing(tensor, kernel_op, self._failure)

    def _v1_name(self) -> str:
        return f"TensorArray {self._name}_{self._serial}: "

    # ------------------------------------------------------------ writing

    def _value(self, value):
        if not (isinstance(value, Tensor) and self._kind == EAGER):
            value = convert_to_tensor(value, preferred_dtype=self._dtype)
        return value

    def _check_shape(self, shape: TensorShape):
        """Graph arrays: the element shape must agree with every write's (merged into it)."""
        if not shape.is_compatible_with(self.element_shape):
            error = ValueError(f"Inconsistent shapes: saw {shape} but expected {self.element_shape} ")
            error.ag_in_user_code = True        # (in a tf.function: raised by the trace, not run eagerly)
            raise error
        if self._infer_shape:
            self._shape_cell[0] = self.element_shape.merge_with(shape)

    def _dtype_error(self, value, scope, kernel_op, items):
        """A graph write of another dtype: TensorFlow only logs it, its kernel fails."""
        if self._kind == LIST:
            text = f"Invalid data types; op elements {value.dtype.kernel_name} but list elements {self._dtype.kernel_name}"
        else:
            text = (f"TensorArray dtype is {self._dtype.kernel_name} but Op is trying to write dtype "
                    f"{value.dtype.kernel_name}.")
        return self._fail(kernel_op, scope, InvalidArgumentError, text, items)

    def write(self, index, value, name=None):
        if self._kind == EAGER:
            return self._eager_write(index, value)
        scope = ctx.graph.unique_name("TensorArrayWrite" if self._kind == V1 else "TensorArrayV2Write")
        kernel_op = "TensorArrayWriteV3" if self._kind == V1 else "TensorListSetItem"
        value = self._value(value)
        bad_dtype = value.dtype != self._dtype
        self._check_shape(value.shape)
        where = _static_int(index)
        if where is None:
            raise NotImplementedError("tf.TensorArray.write at an index known only when the graph runs is not "
                                      "supported by autograd-cli's TensorFlow (write at Python ints)")
        items = list(self._items)
        if where < 0 or where >= len(items) and not self._dynamic_size:
            if self._kind == LIST:
                text = f"Trying to modify element {where} in a list with {len(items)} elements."
            elif where < 0:
                text = f"{self._v1_name()}Tried to write to index {where} but array size is: {len(items)}"
            else:
                text = (f"{self._v1_name()}Tried to write to index {where} but array is not resizeable and size "
                        f"is: {len(items)}")
            return self._fail(kernel_op, scope, InvalidArgumentError, text, items)
        if bad_dtype:
            return self._dtype_error(value, scope, kernel_op, items)
        if where >= len(items):
            items.extend([None] * (where + 1 - len(items)))
        items[where] = value
        return self._new(items)

    def _eager_write(self, index, value):
        where = _static_int(index)
        if where < 0:
            raise OutOfRangeError(None, None, f"Writing to negative indices (index {where}) is not allowed.")
        if where >= len(self._items):
            if not self._dynamic_size:
                raise OutOfRangeError(None, None, f"Tried to write to index {where} but array is not resizeable "
                                                  f"and size is: {len(self._items)} ")
            self._items.extend([None] * (where + 1 - len(self._items)))
        value = self._value(value)
        if value.dtype != self._dtype:
            raise InvalidArgumentError(None, None, f"TensorArray dtype is {self._dtype.name} but Op is trying to "
                                                   f"write dtype {value.dtype.name} ")
        if not self.element_shape.is_compatible_with(value.shape):
            raise ValueError(f"Incompatible shape for value ({value.shape}), expected ({self.element_shape})")
        if self._infer_shape:
            self._shape_cell[0] = self.element_shape.merge_with(value.shape)
        self._items[where] = value
        return self

    def unstack(self, value, name=None):
        if self._kind == EAGER:
            parts = unstack(value)
            if len(parts) > len(self._items) and not self._dynamic_size:
                raise ValueError(f"Cannot unstack {len(parts)} tensors into a TensorArray of static size "
                                 f"{len(self._items)} ")
            self._items = parts
            return self
        value = self._value(value)
        self._check_shape(value.shape[1:])
        if self._kind == V1:
            return self.scatter(list(range(_known_rows(value))), value)
        return self._new(list(unstack(value)))

    def scatter(self, indices, value, name=None):
        where = _static_ints(indices)
        if where is None:
            raise NotImplementedError("tf.TensorArray.scatter at indices known only when the graph runs is not "
                                      "supported by autograd-cli's TensorFlow")
        value = self._value(value)
        if self._kind != EAGER:
            self._check_shape(value.shape[1:])
        result = self
        for k, part in zip(where, unstack(value)):
            result = result.write(k, part)
        return result

    def split(self, value, lengths, name=None):
        value = self._value(value)
        sizes = _static_ints(lengths)
        if sizes is None:
            raise NotImplementedError("tf.TensorArray.split with lengths known only when the graph runs is not "
                                      "supported by autograd-cli's TensorFlow")
        if self._kind == EAGER:
            total = sum(sizes)
            shape = value.shape
            if np.ndim(static_value(lengths)) != 1:
                raise InvalidArgumentError(None, None, "Expected lengths to be a vector, received shape: "
                                                       f"{list(np.shape(static_value(lengths)))} ")
            if shape.rank == 0:
                raise InvalidArgumentError(None, None, "Expected value to be at least a vector, but received "
                                                       f"shape: {shape.as_list()} ")
            if total != shape.as_list()[0]:
                raise InvalidArgumentError(None, None, "Expected sum of lengths to be equal to values.shape[0], but "
                                                       f"sum of lengths is {total} and value's shape is: "
                                                       f"{shape.as_list()} ")
            if not self._dynamic_size and len(sizes) != len(self._items):
                raise InvalidArgumentError(None, None, "TensorArray's size is not equal to the size of lengths "
                                                       f"({len(self._items)} vs. {len(sizes)}), and the TensorArray "
                                                       "is not marked as dynamically resizeable.")
            self._items = split(value, sizes)
            return self
        if value.shape.rank is not None and sizes and min(sizes) == max(sizes):
            self._check_shape(TensorShape([sizes[0]]).concatenate(value.shape[1:]))
        return self._new(list(split(value, sizes)))

    # ------------------------------------------------------------ reading

    def _zeros(self, shape: TensorShape):
        return zeros(shape.dims, dtype=self._dtype)

    def _eager_zero(self, k):
        """An unwritten element, eagerly: zeros of the element shape (kept)."""
        if self._items[k] is None:
            if not self.element_shape.is_fully_defined():
                raise ValueError(f"Cannot convert a partially known TensorShape {self.element_shape} to a Tensor.")
            self._items[k] = self._zeros(self.element_shape)
        return self._items[k]

    def _known_shape(self) -> TensorShape:
        """A graph array's element shape, else the shape of the elements written."""
        shape = self.element_shape
        for item in self._items:
            if item is not None and not shape.is_fully_defined():
                shape = shape.merge_with(item.shape) if shape.is_compatible_with(item.shape) else shape
        return shape

    def read(self, index, name=None):
        where = _static_int(index)
        if self._kind == EAGER:
            return self._eager_read(where)
        scope, kernel_op = ("", "TensorArrayReadV3") if self._kind == V1 else (
            ctx.graph.unique_name("TensorArrayV2Read"), "TensorListGetItem")
        if where is None:       # (a computed index: gathered from the stacked elements)
            return self._checked(gather(self.stack(), index), kernel_op)
        size = len(self._items)
        if not 0 <= where < size:
            text = (f"Trying to access element {where} in a list with {size} elements." if self._kind == LIST else
                    f"{self._v1_name()}Tried to read from index {where} but array size is: {size}")
            return self._fail(kernel_op, scope, InvalidArgumentError, text, self._stand_in(scope, kernel_op))
        item = self._items[where]
        with _scope(scope):
            if item is None:
                shape = self._known_shape() if self._kind == LIST else self.element_shape
                if not shape.is_fully_defined():
                    text = (f"Trying to read an uninitialized tensor but element_shape is not fully defined: "
                            f"{_kernel_shape(shape)} and no list element is set." if self._kind == LIST else
                            f"{self._v1_name()}Could not read from TensorArray index {where}.  Furthermore, the "
                            f"element shape is not fully defined: {_kernel_shape(shape)}.  It is possible you are "
                            "working with a resizeable TensorArray and stop_gradients is not allowing the gradients "
                            "to be written.  If you set the full element_shape property on the forward TensorArray, "
                            "the proper all-zeros tensor will be returned instead of incurring this error.")
                    return self._fail(kernel_op, scope, InvalidArgumentError, text, self._stand_in(scope, kernel_op))
                out = zeros(shape.dims, dtype=self._dtype, name=kernel_op)
            else:
                out = identity(item, name=kernel_op)
        return self._checked(_static(out, self.element_shape.dims), kernel_op)

    def _stand_in(self, scope, kernel_op):
        """What a failed read gives while the graph is built (the run fails before it is used)."""
        shape = self.element_shape
        with _scope(scope):
            return zeros([1 if d is None else d for d in shape.dims] if shape.dims is not None else [],
                         dtype=self._dtype, name=kernel_op)

    def _eager_read(self, where):
        size = len(self._items)
        if where < 0:
            raise OutOfRangeError(None, None, f"Reading from negative indices (index {where}) is not allowed.")
        if where >= size:
            raise OutOfRangeError(None, None, f"Tried to read from index {where} but array size is: {size} ")
        tensor = self._items[where]
        if tensor is None:
            if where in self._cleared:
                raise InvalidArgumentError(None, None, f"Could not read index {where} twice because it was cleared "
                                                       "after a previous read (perhaps try setting clear_after_read "
                                                       "= false?)")
            tensor = self._eager_zero(where)
        if self._clear:
            self._items[where] = None
            self._cleared.append(where)
        return tensor

    def stack(self, name=None):
        if self._kind != EAGER:        # (TensorFlow's static shape: the size only when it is fixed)
            dims = self.element_shape.dims
            rows = self._size if not self._dynamic_size else None
            return _static(self._stack(), None if dims is None else [rows] + dims)
        return self._stack()

    def _stack(self):
        if self._kind == EAGER:
            for k in range(len(self._items)):
                self._eager_zero(k)
            if not self._items:
                shape = self.element_shape
                dims = [0] + shape.dims if shape.is_fully_defined() else [0]
                return convert_to_tensor(np.zeros(dims), dtype=self._dtype)
            return stack(self._items, name="packed")
        if self._kind == LIST:
            scope, kernel_op = ctx.graph.unique_name("TensorArrayV2Stack"), "TensorListStack"
            expected = self._size if not self._dynamic_size else None
            if expected is not None and expected != len(self._items):
                return self._fail(kernel_op, scope, InvalidArgumentError,
                                  f"Operation expected a list with {expected} elements but got a list with "
                                  f"{len(self._items)} elements.", self._stand_in_stack(scope, kernel_op))
        else:
            scope, kernel_op = ctx.graph.unique_name("TensorArrayStack"), "TensorArrayGatherV3"
            with _scope(scope):        # (TensorFlow gathers tf.range(size()) there: the names it takes)
                self._size_name()
                ctx.graph.unique_name("range")
        return self._gathered(list(range(len(self._items))), scope, kernel_op)

    def gather(self, indices, name=None):
        where = _static_ints(indices)
        if self._kind == EAGER:
            return stack([self._eager_zero(k) for k in where])
        kernel_op = "TensorArrayGatherV3" if self._kind == V1 else "TensorListGather"
        if where is None:
            return self._checked(gather(self.stack(), indices), kernel_op)
        for k in where:
            if not 0 <= k < len(self._items):
                text = (f"Trying to access element {k} in a list with {len(self._items)} elements."
                        if self._kind == LIST else
                        f"{self._v1_name()}Tried to read from index {k} but array size is: {len(self._items)}")
                return self._fail(kernel_op, "", InvalidArgumentError, text, self._stand_in_stack("", kernel_op))
        return self._gathered(where, "", kernel_op)

    def _gathered(self, where, scope, kernel_op):
        """The elements at `where` stacked (graph arrays), unwritten ones as zeros of the known shape."""
        shape = self._known_shape() if self._kind == LIST else self.element_shape
        missing = any(self._items[k] is None for k in where)
        if (missing or not where) and not shape.is_fully_defined():
            if not where:
                if self._kind == LIST:
                    text = ("Tried to stack elements of an empty list with non-fully-defined element_shape: "
                            f"{_kernel_shape(shape)}")
                    error = InvalidArgumentError
                else:
                    text = (f"TensorArray has size zero, but element shape {_kernel_shape(shape)} is not fully "
                            "defined. Currently only static shapes are supported when packing zero-size "
                            "TensorArrays.")
                    error = UnimplementedError
            elif self._kind == LIST:
                text = ("Tried to stack list which only contains uninitialized tensors and has a non-fully-defined "
                        f"element_shape: {_kernel_shape(shape)}")
                error = InvalidArgumentError
            else:
                first = next(k for k in where if self._items[k] is None)
                text = (f"{self._v1_name()}Could not read from TensorArray index {first}.  Furthermore, the element "
                        f"shape is not fully defined: {_kernel_shape(shape)}.  It is possible you are working with a "
                        "resizeable TensorArray and stop_gradients is not allowing the gradients to be written.  If "
                        "you set the full element_shape property on the forward TensorArray, the proper all-zeros "
                        "tensor will be returned instead of incurring this error.")
                error = InvalidArgumentError
            return self._fail(kernel_op, scope, error, text, self._stand_in_stack(scope, kernel_op))
        with _scope(scope):
            if not where:
                out = zeros([0] + shape.dims, dtype=self._dtype, name=kernel_op)
            else:
                parts = [self._items[k] if self._items[k] is not None else self._zeros(shape) for k in where]
                other = next((p.shape for p in parts if p.shape != parts[0].shape), None)
                if other is not None:
                    one, two = parts[0].shape, other
                    return self._fail(kernel_op, scope, InvalidArgumentError,
                                      "PartialTensorShape: Incompatible shapes during merge: "
                                      f"{_kernel_shape(one)} vs. {_kernel_shape(two)}",
                                      self._stand_in_stack(scope, kernel_op))
                out = stack(parts, name=kernel_op)
        return self._checked(out, kernel_op)

    def _stand_in_stack(self, scope, kernel_op):
        shape = self.element_shape
        dims = [1 if d is None else d for d in shape.dims] if shape.dims is not None else []
        with _scope(scope):
            return zeros([len(self._items)] + dims, dtype=self._dtype, name=kernel_op)

    def concat(self, name=None):
        if self._kind == EAGER:
            parts = [self._eager_zero(k) for k in range(len(self._items))]
            try:
                return concat(parts, 0, name=name or "concat")
            except (OpError, ValueError):
                ranks = [p.shape.rank for p in parts]
                if 0 in ranks:
                    raise InvalidArgumentError(None, None, f"Concat saw a scalar shape at index {ranks.index(0)} "
                                                           "but requires at least vectors.") from None
                raise
        kernel_op = "TensorArrayConcatV3" if self._kind == V1 else "TensorListConcatV2"
        if self._kind == V1 and self.element_shape.rank is not None and self._infer_shape:
            self._size_name()       # (TensorFlow's static length asks for the size)
        parts = [self._items[k] for k in range(len(self._items))]
        ranks = [None if p is None else p.shape.rank for p in parts]
        if 0 in ranks:
            return self._fail(kernel_op, "", InvalidArgumentError, f"Concat saw a scalar shape at index "
                              f"{ranks.index(0)} but requires at least vectors.", self._stand_in_stack("", kernel_op))
        shape = self._known_shape()
        if None in parts or not parts:
            if not shape.is_fully_defined():
                return self._fail(kernel_op, "", InvalidArgumentError, "Concat requires elements of a fully "
                                  f"defined shape, got {_kernel_shape(shape)}", self._stand_in_stack("", kernel_op))
            parts = [p if p is not None else self._zeros(shape) for p in parts]
        if not parts:
            return self._checked(zeros([0] + shape.dims[1:], dtype=self._dtype, name=kernel_op), kernel_op)
        out = concat(parts, 0, name=kernel_op) if len(parts) > 1 else identity(parts[0], name=kernel_op)
        dims = self.element_shape.dims
        if dims:
            first = None
            if self._kind == V1 and self._infer_shape and not self._dynamic_size and dims[0] is not None:
                first = self._size * dims[0]
            out = _static(out, [first] + dims[1:])
        return self._checked(out, kernel_op)

    def size(self, name=None):
        if self._kind == EAGER:
            return convert_to_tensor(len(self._items), dtype=dtypes.int32)
        if not self._dynamic_size:
            return convert_to_tensor(self._size, dtype=dtypes.int32)
        kernel_op = "TensorArraySizeV3" if self._kind == V1 else "TensorListLength"
        return self._checked(convert_to_tensor(len(self._items), dtype=dtypes.int32, name=kernel_op), kernel_op)

    def _size_name(self):
        """Take the name a TF1 array's size() op takes (a Const, or TensorArraySizeV3 when it grows)."""
        ctx.graph.unique_name("TensorArraySizeV3" if self._dynamic_size else "Const")

    def close(self, name=None):
        if self._kind == EAGER:
            del self._items[:]
            return None
        from autograd_cli.tensorflow.control import no_op

        return no_op(name=name or ("TensorArrayCloseV3" if self._kind == V1 else "NoOp"))

    def identity(self):
        return self if self._kind == EAGER else self._new(list(self._items))

    def grad(self, source, flow=None, name=None):
        if self._kind == EAGER:
            raise NotImplementedError("TensorArray.grad is not supported when executing eagerly; eager's gradient "
                                      "implementation does not use/need this function to compute gradients of "
                                      "operations that use TensorArrays.")
        raise NotImplementedError("TensorArray.grad is not supported by autograd-cli's TensorFlow (tf.gradients and "
                                  "GradientTape differentiate through the array's reads and stacks)")

    def mark_used(self):
        pass


def _known_rows(value) -> int:
    rows = value.shape.dims[0] if value.shape.rank else None
    if rows is None:
        raise NotImplementedError("tf.TensorArray.unstack of a tensor whose first size is known only when the graph "
                                  "runs is not supported by autograd-cli's TensorFlow")
    return rows


def _failing(tensor, kernel_op, failure):
    """`tensor`, through an op that fails the run with `failure` (error class, message)."""
    error, message = failure

    def act(values):
        raise error(None, None, message)
    return effect_op(kernel_op, ctx.graph.unique_name(kernel_op + "_check"), [tensor], act, through=True)


def _static(tensor, dims):
    """A graph result's static shape as TensorFlow's op gives it (None sizes where it does not
    know them: a dynamic array's length), whatever the elements written here."""
    if tensor.graph is not None:
        tensor._shape = None if dims is None else tuple(dims)
    return tensor


class _scope:
    """`with _scope(name):` a graph's name scope entered again as is (its name was made unique)."""

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.saved = None
        if self.name and not ctx.eager:
            graph = ctx.graph
            self.saved, graph._scope = graph._scope, self.name.split("/")
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            ctx.graph._scope = self.saved
        return False


refresh()
