"""Plain classes that behave as the @dataclass records they replace, without a dataclass's
import-time cost (~0.3 ms per class: generating and exec'ing __init__, __repr__, __eq__;
thirty of them were ~9 ms of every `eval`'s start).

A record lists its fields, in constructor order, in `_fields` and writes its `__init__`
out (every field a parameter of the same name, so `replace` can rebuild it). `Record`
compares by value and is unhashable, as `@dataclass`; `FrozenRecord` compares and hashes
by value and refuses assignment, as `@dataclass(frozen=True)` (its `__init__` calls
`fill`, which assignment does not go through). `_repr_fields` leaves fields out of repr (`field(repr=False)`).
"""
from __future__ import annotations


class Record:
    __slots__ = ()
    _fields: tuple = ()
    _repr_fields: tuple | None = None     # None: all of _fields

    def __repr__(self) -> str:
        shown = self._fields if self._repr_fields is None else self._repr_fields
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return _values(self) == _values(other)
        return NotImplemented

    __hash__ = None     # compared by value and mutable: unhashable


class FrozenRecord(Record):
    __slots__ = ()

    def __hash__(self) -> int:
        return hash(_values(self))

    def __setattr__(self, name, value):
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")


def fill(record, **fields) -> None:
    """A frozen record's __init__: set its fields one by one, always in one order, so that
    Python keeps them as fast instance attributes (`self.__dict__.update(...)` made the
    attributes of op rows four times slower to read)."""
    for name, value in fields.items():
        object.__setattr__(record, name, value)


def _values(record) -> tuple:
    return tuple([getattr(record, name) for name in record._fields])


def replace(record, **changes):
    """A copy of the record with some fields changed (as dataclasses.replace)."""
    unknown = set(changes) - set(record._fields)
    if unknown:
        raise TypeError(f"{type(record).__qualname__} has no field {sorted(unknown)[0]!r}")
    return type(record)(**{name: changes[name] if name in changes else getattr(record, name)
                           for name in record._fields})
