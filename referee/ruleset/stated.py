"""The numbers a table stated, put in place of the values an attack's
stages name (`referee.ruleset.values`), once for each attack and the
numbers stated: the door rules every battle on the attack so placed."""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from referee.core.errors import RefereeError, setting
from referee.ruleset.model import Ruleset
from referee.ruleset.spec import written
from referee.ruleset.values import ValueName
from referee.rulings.battle import TOLD_FROM, Battle
from referee.rulings.ruling import SIDES, Side, Spoken, Step, say, step, worded


def stated_steps(rules: Ruleset, battle: Battle) -> tuple[Step, ...]:
    """'the attacker's strength: 4', each number stated, with its value's rule."""
    return tuple(
        step(
            rules.values[name].rule,
            "values.stated",
            "the {side}'s {value}: {n}",
            side=Side(side),
            value=said(rules, name),
            n=n,
        )
        for side, name, n in battle.values
    )


def said(rules: Ruleset, name: str) -> Spoken:
    """A value's key as the language spoken words it (`translations.words`)."""
    return worded(rules.said(name).spoken, name)


def named(record: Any, path: str = "") -> Iterator[tuple[str, ValueName]]:
    """Every value an attack names, with its key path."""
    if isinstance(record, ValueName):
        yield path, record
    elif dataclasses.is_dataclass(record) and not isinstance(record, type):
        for key, item in written(record):
            yield from named(item, f"{path}.{key}" if path else key)
    elif isinstance(record, Mapping):
        for key, item in record.items():
            yield from named(item, f"{path}.{key}")
    elif isinstance(record, tuple):
        for i, item in enumerate(record):
            yield from named(item, f"{path}[{i}]")


_read_by: weakref.WeakKeyDictionary[Any, frozenset[str]] = weakref.WeakKeyDictionary()


def read_by(attack: Any) -> frozenset[str]:
    """The values an attack's stages read (found once per attack, while it lives)."""
    found = _read_by.get(attack)
    if found is None:
        found = _read_by[attack] = frozenset(name.name for _, name in named(attack))
    return found


Resolve = Callable[[ValueName, str], int]
_placed_for: weakref.WeakKeyDictionary[Any, dict[tuple[tuple[str, str, int], ...], Any]] = weakref.WeakKeyDictionary()


def instantiated(rules: Ruleset, attack: Any, battle: Battle) -> Any:
    """The attack with each value it names replaced by the number told for
    it (the side whose stages name it, or the value's own side), or its
    default; a value the attack reads that nobody told, with no default, is
    refused naming the option that tells it."""
    if not read_by(attack):
        return attack

    def resolve(name: ValueName, side: str) -> int:
        spec = rules.values[name.name]
        side = side if spec.side == "either" else spec.side
        told = battle.value(side, name.name)
        if told is not None:
            return told
        if spec.default is not None:
            return spec.default
        raise RefereeError(
            say(
                "values.untold",
                "the {side}'s {value} is a number the table states: {option} {name}=N",
                side=Side(side),
                value=said(rules, name.name),
                option=setting(f"{side}-value"),
                name=name.name,
            ),
            rule=spec.rule,
        )

    placed = _placed_for.setdefault(attack, {})
    found = placed.get(battle.values)
    if found is None:  # the rounds of a fight are battles told alike: placed once
        found = placed[battle.values] = _placed(attack, "", resolve)
        if found is not attack:
            object.__setattr__(found, TOLD_FROM, attack)  # frozen: its name is still found by the file's attack
    return found


def _placed(value: Any, side: str, resolve: Resolve) -> Any:
    """`value` with its names resolved, on `side` (the side whose key holds them)."""
    if isinstance(value, ValueName):
        return resolve(value, side)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        own = getattr(value, "told", None)  # a section that reads both sides' numbers places its own
        if own is not None:
            return own(lambda name, at: resolve(name, at or side), side)
        changes = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            placed = _placed(item, f.name if f.name in SIDES else side, resolve)
            if placed is not item:
                changes[f.name] = placed
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, Mapping):
        placed_items = {key: _placed(item, side, resolve) for key, item in value.items()}
        if all(placed_items[key] is item for key, item in value.items()):
            return value
        return MappingProxyType(placed_items) if isinstance(value, MappingProxyType) else placed_items
    if isinstance(value, tuple):
        placed_seq = tuple(_placed(item, side, resolve) for item in value)
        return value if all(a is b for a, b in zip(placed_seq, value, strict=True)) else placed_seq
    return value
