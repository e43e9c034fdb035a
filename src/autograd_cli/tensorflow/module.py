"""tf.Module: a named container of variables and other modules.

`variables` / `trainable_variables` / `submodules` walk the module's attributes in sorted
order of their names, through lists, tuples and dicts (dicts by sorted key), each object
once, a module's own attributes before those of the modules it holds (TensorFlow's
`_flatten_module`). Variables made in `__init__` are not named after the module unless
made `with self.name_scope:`, as in TensorFlow 2.
"""
from __future__ import annotations

import functools
import re

from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.variables import Variable

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _snake_case(name: str) -> str:
    intermediate = re.sub("(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    return re.sub("([a-z0-9])([A-Z])", r"\1_\2", intermediate).lower()


@tf_class("tensorflow.python.module.module.Module")
@tf_export("Module", "experimental.Module")
class Module:
    def __init__(self, name=None):
        if name is None:
            name = _snake_case(type(self).__name__)
        elif not isinstance(name, str) or not _IDENTIFIER.match(name):
            raise ValueError(f"{name!r} is not a valid module name. Module names must be valid Python identifiers "
                             "(e.g. a valid class name).")
        self._name = name
        from autograd_cli.tensorflow.modes import name_scope

        with name_scope(name) as scope_name:
            self._scope_name = scope_name

    @property
    def name(self):
        return self._name

    @property
    def name_scope(self):
        """The module's name scope, entered again with `with self.name_scope:`."""
        from autograd_cli.tensorflow.modes import name_scope

        return name_scope(self._scope_name)

    @property
    def variables(self):
        return tuple(_walk(self, lambda x: isinstance(x, Variable)))

    @property
    def trainable_variables(self):
        return tuple(_walk(self, lambda x: isinstance(x, Variable) and x.trainable))

    @property
    def non_trainable_variables(self):
        return tuple(_walk(self, lambda x: isinstance(x, Variable) and not x.trainable))

    @property
    def submodules(self):
        return tuple(_walk(self, lambda x: isinstance(x, Module)))

    @classmethod
    def with_name_scope(cls, method):
        @functools.wraps(method)
        def scoped(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        return scoped

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object at {hex(id(self))}>"


def _leaves(value):
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, dict):
        for key in sorted(value, key=str):
            yield from _leaves(value[key])
    else:
        yield value


def _walk(module, predicate, seen=None):
    seen = set() if seen is None else seen
    inner = []
    for key in sorted(vars(module)):
        for leaf in _leaves(vars(module)[key]):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if predicate(leaf):
                yield leaf
            if isinstance(leaf, Module):
                inner.append(leaf)
    for sub in inner:
        yield from _walk(sub, predicate, seen)
