"""Which named situations an attack reads, found from the attack as its file
wrote it, whatever its procedure: a situation told that the attack never
reads would change nothing, and the ruling on it would be the plain one
given as if it were right."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from referee.ruleset.model import Ruleset, Situation
from referee.ruleset.spec import written


def situations_read(rules: Ruleset, attack: Any) -> tuple[str, ...]:
    """The situations of the file the attack reads, in the file's order:
    those its keys name (a stage's `when`, a face read another way in one,
    a combined attack one refuses), those whose effects its procedure reads
    (`reads_situation`), and those that refuse every attack. A word of
    another kind that happens to spell a situation's key only counts one
    more as read: it can let a situation through, never refuse one read."""
    named = set(_words(attack))
    read = attack.reads_situation
    return tuple(name for name, situation in rules.situations.items() if name in named or _acts(situation, read))


def _acts(situation: Situation, read: frozenset[str]) -> bool:
    """Whether the situation refuses the attack, or sets an effect the attack's procedure reads."""
    if situation.refuse:
        return True
    effects = (f for f in dataclasses.fields(situation) if f.metadata.get("effect") and f.name in read)
    return any(getattr(situation, f.name) != f.default for f in effects)


def _words(value: Any) -> Iterator[str]:
    """Every word a part of the file holds, as a value or a key, however deep."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value):
        for _, item in written(value):
            yield from _words(item)
    elif hasattr(value, "items"):
        for key, item in value.items():
            yield from _words(key)
            yield from _words(item)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _words(item)
