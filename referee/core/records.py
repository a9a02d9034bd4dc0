"""Frozen records and ruleset sections: dataclasses whose methods are shared,
not generated.

`dataclasses.dataclass(frozen=True)` compiles an __init__, __repr__, __eq__,
__hash__, __setattr__ and __delattr__ for every class it decorates. The
referee declares over a hundred such classes, and compiling their methods
was most of what its own imports cost at start-up: more than a third of a
command's time before anything is ruled. `record` and `section` let
dataclasses collect the fields (so `fields`, `replace`, `asdict` and field
metadata work as before) and give every class the same few methods, written
once below, which read those fields.

- `record`: a frozen value, compared and hashed by its fields; fields may be
  given by position.
- `section`: a frozen part of a ruleset's grammar, fields given by name,
  compared by identity.
"""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import MISSING, FrozenInstanceError
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

# a class's fields as __init__ fills them: name, default, default factory, keyword only
_Plan = tuple[tuple[str, Any, Any, bool], ...]
_plans: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    plan = tuple((f.name, f.default, f.default_factory, f.kw_only is True) for f in dataclasses.fields(cls) if f.init)
    _plans[cls] = plan
    return plan


def _init(self: object, *args: Any, **kwargs: Any) -> None:
    """Fills every field from the arguments, else its default, as a dataclass's __init__ does."""
    cls = type(self)
    plan = _plans.get(cls) or _plan(cls)
    positional = iter(args)
    for name, default, factory, kw_only in plan:
        if name in kwargs:
            value = kwargs.pop(name)
        elif not kw_only and (value := next(positional, MISSING)) is not MISSING:
            pass
        elif default is not MISSING:
            value = default
        elif factory is not MISSING:
            value = factory()
        else:
            raise TypeError(f"{cls.__qualname__}() missing argument '{name}'")
        object.__setattr__(self, name, value)
    if kwargs:
        raise TypeError(f"{cls.__qualname__}() got unexpected {', '.join(kwargs)}")
    if next(positional, MISSING) is not MISSING:
        takes = sum(not kw_only for *_, kw_only in plan)
        raise TypeError(f"{cls.__qualname__}() takes {takes} positional arguments, not {len(args)}")


def _compared(self: object) -> tuple[Any, ...]:
    return tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.compare)  # type: ignore[arg-type]


def _eq(self: object, other: object) -> Any:  # a bool, or NotImplemented
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _compared(self) == _compared(other)


def _hash(self: object) -> int:
    return hash(_compared(self))


def _repr(self: object) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr)  # type: ignore[arg-type]
    return f"{type(self).__qualname__}({shown})"


def _setattr(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _collected(cls: type[T], kw_only: bool) -> type[T]:
    """`dataclasses.dataclass` collecting the fields, with no methods. Our
    annotations are strings (`from __future__ import annotations`), and for
    each one it would match three patterns to see whether it names ClassVar,
    InitVar or KW_ONLY, a third of its work on our classes. It is shown each
    plain one as `object` instead (only those three names are ever read from
    an annotation), and the field then gets its string back as its type."""
    written = inspect.get_annotations(cls)
    shown = written.copy()
    for name, kind in written.items():
        if isinstance(kind, str) and "ClassVar" not in kind and "InitVar" not in kind and "KW_ONLY" not in kind:
            shown[name] = object
    cls.__annotations__ = shown
    try:
        done = dataclasses.dataclass(cls, init=False, repr=False, eq=False, kw_only=kw_only)
    finally:
        cls.__annotations__ = written
    fields = done.__dataclass_fields__  # type: ignore[attr-defined]
    for name, kind in shown.items():
        if kind is object:
            fields[name].type = written[name]
    return done


def _shared(cls: type[T], *, kw_only: bool, compared: bool) -> type[T]:
    done = _collected(cls, kw_only)
    methods: dict[str, Any] = {
        "__init__": _init,
        "__repr__": _repr,
        "__setattr__": _setattr,
        "__delattr__": _delattr,
    }
    if compared:
        methods |= {"__eq__": _eq, "__hash__": _hash}
    for name, method in methods.items():
        if name not in cls.__dict__:  # a class may write its own
            setattr(done, name, method)
    return done


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T]) -> type[T]:
    """A frozen dataclass: equal to another of its class with the same fields."""
    return _shared(cls, kw_only=False, compared=True)


@dataclass_transform(frozen_default=True, kw_only_default=True, eq_default=False, field_specifiers=(dataclasses.field,))
def section(cls: type[T]) -> type[T]:
    """A frozen dataclass given by keywords, equal only to itself."""
    return _shared(cls, kw_only=True, compared=False)
