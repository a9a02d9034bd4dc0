"""The registry of procedures: an attack in a file names its procedure with
`procedure:`, and this finds the module that rules it. A procedure shipped
with the referee is the package of that name (dashes as underscores) under
`referee.procedures`; one kept elsewhere (a plug-in, a test) is registered.
No procedure is named here: adding one adds no line to this file.

A procedure's package is imported only when a file selects it, and then only
its grammar (the package's `GRAMMAR`): its record (`PROCEDURE`, in the
package's `record` module) brings the resolver, reader and fight, imported
when a ruling, odds or a fight is asked. Start-up pays for the game being
played, and a command that only reads the file pays for its grammar alone.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, Protocol

from referee.ruleset.spec import Lazy

PACKAGE = "referee.procedures"


class Entry(Protocol):
    """What the ruleset layer needs of a procedure: the record its attacks read into."""

    @property
    def name(self) -> str: ...

    @property
    def grammar(self) -> type[Any]: ...


_REGISTERED: dict[str, Entry] = {}


def register(entry: Entry) -> None:
    """Make a procedure kept outside `referee.procedures` known by its name."""
    _REGISTERED[entry.name] = entry


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def _module(name: str) -> str:
    return f"{PACKAGE}.{name.replace('-', '_')}"


@cache
def _shipped_has(name: str) -> bool:
    """Whether a procedure of this name is shipped, found without listing the others."""
    plain = name.replace("-", "")
    return plain.isascii() and plain.isalnum() and importlib.util.find_spec(_module(name)) is not None


def _shipped() -> frozenset[str]:
    """The procedures shipped with the referee: the packages under `referee.procedures`."""
    import pkgutil  # listing them all is for schemas and error messages only

    spec = importlib.util.find_spec(PACKAGE)
    found = pkgutil.iter_modules(spec.submodule_search_locations if spec else [])
    return frozenset(m.name.replace("_", "-") for m in found if m.ispkg)


def names() -> list[str]:
    """Every procedure a file may select, shipped and registered, sorted."""
    return sorted({*_shipped(), *_REGISTERED})


def entry(name: str) -> Entry:
    """The procedure a file's `procedure:` key selects (the caller checked the name)."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    found: Entry = importlib.import_module(f"{_module(name)}.record").PROCEDURE
    return found


def grammar(name: str) -> type[Any]:
    """The attack grammar a file's `procedure:` key selects, without its resolver."""
    if name in _REGISTERED:
        return _REGISTERED[name].grammar
    found: type[Any] = importlib.import_module(_module(name)).GRAMMAR
    return found


def reads_states(attack: object) -> bool:
    """Whether an attack's procedure reads the states units are in: its
    grammar says so with `reads_states`; one that does not would drop them."""
    return bool(getattr(attack, "reads_states", False))


def reading_states() -> list[str]:
    """The procedures whose attacks read units' states, for a refusal to name."""
    return [name for name in names() if reads_states(grammar(name))]


class Grammars(Mapping[str, Lazy]):
    """Each procedure's attack grammar by name, as `Tagged` reads a file's attacks;
    the names are looked up when a file is read, so a registered procedure counts."""

    def __init__(self) -> None:
        self._made: dict[str, Lazy] = {}

    def __getitem__(self, name: str) -> Lazy:
        if name in _REGISTERED:  # read afresh: a registration may come and go
            return Lazy(lambda: _REGISTERED[name].grammar)
        if not _shipped_has(name):
            raise KeyError(name)
        if name not in self._made:
            self._made[name] = Lazy(lambda: grammar(name))
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(names())

    def __len__(self) -> int:
        return len(names())
