"""An attack's parameters as `show` lists them, in the language spoken: each
key of the procedures' grammars by its word, each enumerated value by its
word (both declared by the module that declares the key), and each word of
the ruleset (a unit, a face, a label) as the file's translations write it.
Rule IDs and numbers stay as they are."""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from referee.render.text import spoken
from referee.ruleset import spec
from referee.ruleset.model import Ruleset
from referee.ruleset.spec import EMPTY, required, sections
from referee.ruleset.values import ValueName
from referee.words.language import pgettext

_RULE_ID = re.compile(r"^[A-Z]+-[A-Z0-9.-]+$")

# the keys whose values are symbols a face carries, which may share a face's name (Blood Bowl's push)
_SYMBOLS = frozenset({"symbol", "losses", "retreats", "own_losses"})


def plain(value: Any) -> Any:
    """A section of a ruleset as plain dicts, lists and values (its internal
    fields left out; a value the table states by its name)."""
    if isinstance(value, ValueName):
        return value.name
    if dataclasses.is_dataclass(value):
        return {
            f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value) if not f.metadata.get("internal")
        }
    if hasattr(value, "items"):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def shown(value: Any) -> Any:
    """A section as `show` lists it: as `plain`, without what says nothing
    there: an optional field left empty, none or zero, and one its `by` does
    not read (`unread`: a roll by units lists no `compare`). A field the file
    must give is listed whatever its value (a band of 0 dice, a row of 0)."""
    if dataclasses.is_dataclass(value):
        unread = value.unread() if hasattr(value, "unread") else ()
        return {
            f.name: shown(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not f.metadata.get("internal")
            and f.name not in unread
            and (required(f) or _said(getattr(value, f.name)))
        }
    if hasattr(value, "items"):
        return {k: shown(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [shown(v) for v in value]
    return value


def _said(value: Any) -> bool:
    """Whether an optional field says something: a value the table states always does (it is an int, 0)."""
    return isinstance(value, ValueName) or value not in ("", 0, None, False, (), EMPTY)


def declaring(rules: Ruleset) -> list[ModuleType]:
    """The modules that declare the file's attacks and their sections, an
    attack's own first: each names its keys (`key_words`) and the values a key
    chooses from (`value_words`), so a procedure or a stage says its own words
    and `show` needs no list of them, nor imports a procedure the file does not use;
    the keys every attack shares (`spec.key_words`) come last."""
    shown = dict.fromkeys(c for a in rules.attacks.values() for c in sections(type(a), leaving=("cite",)))
    return [sys.modules[name] for name in dict.fromkeys([*(cls.__module__ for cls in shown), spec.__name__])]


def declared(modules: list[ModuleType], words: str) -> dict[str, str]:
    """What the modules call their keys or values (`words`: the function's name), in the language spoken."""
    found: dict[str, str] = {}
    for module in modules:
        said: Callable[[], dict[str, str]] | None = getattr(module, words, None)
        found = {**said(), **found} if said else found
    return found


def _line(said: str, value: str) -> str:
    return pgettext("show.param.line", "{key}: {value}").format(key=said, value=value).rstrip()


class Values:
    """One ruleset's parameter values as the language spoken reads them."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.faces = {str(f): die for die, d in rules.dice.items() for f in d.faces}
        modules = declaring(rules)
        self.keys = declared(modules, "key_words")
        self.values = declared(modules, "value_words")

    def key(self, key: str) -> str:
        """A parameter's key in the language spoken ('max_dice' -> 'max dice', 'max. Würfel')."""
        return self.keys.get(key) or key.replace("_", " ")

    def key_line(self, key: str, value: str) -> str:
        """'attacker: dice 1, …' or a group's heading 'divisions:' (value empty), as the language writes it."""
        return _line(self.key(key), value)

    def flat(self, value: Any) -> str:
        """A value, a table of values or a list of them on one line: 'dice 1, hits sword/explosion'."""
        if isinstance(value, dict):
            return pgettext("list", ", ").join(filter(None, (self._pair(k, v) for k, v in value.items())))
        if isinstance(value, list):
            return "/".join(f"({self.flat(item)})" if isinstance(item, dict) else self.word(item) for item in value)
        return self.word(value)

    def _pair(self, key: Any, value: Any) -> str:
        """'hits sword/explosion'; a face with the symbols a reading gives it (a
        list of words under a face's name: a unit of the same name has numbers),
        each in the language's word ('push duw', not the face's 'teruggeduwd'),
        or none ('swords: []' under 'when': it reads as nothing); any other key
        left unset or empty, nothing."""
        pair = pgettext("show.param.pair", "{key} {value}")
        if isinstance(value, list) and all(isinstance(v, str) for v in value) and str(key) in self.faces:
            face = self.word(str(key))
            if not value:
                return pgettext("show.param.reads_nothing", "{face} reads as nothing").format(face=face)
            return pair.format(key=face, value=self._symbols(value))
        if key in _SYMBOLS and value:
            return pair.format(key=self.key(key), value=self._symbols(value))
        said = "" if value in ("", [], {}, None) else self.flat(value)
        return pair.format(key=self.key(key), value=said) if said else ""

    def _symbols(self, value: str | list[str]) -> str:
        """Symbols by the language's words ('duw'), never by a face of the same name ('teruggeduwd')."""
        return "/".join(self.rules.said(symbol).spoken for symbol in ([value] if isinstance(value, str) else value))

    def word(self, value: Any) -> str:
        """A single value: a unit or a face by its word, an enumerated value by
        the language's, any other word of the file as its translations write it."""
        if not isinstance(value, str):
            return str(spoken(value))
        if value in self.rules.units:
            return self.rules.units[value].title
        if value in self.faces:
            return self.rules.face_said(self.faces[value], value)
        if value in self.values:
            return self.values[value]
        if _RULE_ID.match(value):
            return value
        return self.rules.said(value).spoken

    def line(self, name: str, value: str) -> str:
        """An item of a group ('infantry: dice 1'): the file's word for it, or
        the language's where it is a key of the grammar the file has no word for
        (costs' 'retreat'), then its value."""
        said = self.word(name)
        return _line(self.keys.get(name, said) if said == name else said, value)

    def none(self) -> str:
        """What a parameter set to nothing shows ('modifiers: none')."""
        return pgettext("show.param", "none")
