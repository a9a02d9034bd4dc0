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
from referee.ruleset.model import Ruleset
from referee.ruleset.spec import sections
from referee.words.language import pgettext

_RULE_ID = re.compile(r"^[A-Z]+-[A-Z0-9.-]+$")


def plain(value: Any) -> Any:
    """A section of a ruleset as plain dicts, lists and values (its internal fields left out)."""
    if dataclasses.is_dataclass(value):
        return {
            f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value) if not f.metadata.get("internal")
        }
    if hasattr(value, "items"):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def declaring(rules: Ruleset) -> list[ModuleType]:
    """The modules that declare the file's attacks and their sections, an
    attack's own first: each names its keys (`key_words`) and the values a key
    chooses from (`value_words`), so a procedure or a stage says its own words
    and `show` needs no list of them, nor imports a procedure the file does not use."""
    shown = dict.fromkeys(c for a in rules.attacks.values() for c in sections(type(a), leaving=("cite",)))
    return [sys.modules[name] for name in dict.fromkeys(cls.__module__ for cls in shown)]


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
        """'hits sword/explosion'; a face a reading maps to no symbol ('swords: []'
        under 'when') reads as nothing; any other key left unset or empty, nothing."""
        if value == [] and str(key) in self.faces:
            return pgettext("show.param.reads_nothing", "{face} reads as nothing").format(face=self.word(str(key)))
        said = "" if value in ("", 0, [], {}, None, False) else self.flat(value)
        return pgettext("show.param.pair", "{key} {value}").format(key=self.key(key), value=said) if said else ""

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
        """An item of a group ('infantry: dice 1'): the file's word for it, then its value."""
        return _line(self.word(name), value)

    def none(self) -> str:
        """What a parameter set to nothing shows ('modifiers: none')."""
        return pgettext("show.param", "none")
