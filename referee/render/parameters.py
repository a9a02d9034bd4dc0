"""An attack's parameters as `show` lists them, in the language spoken: each
key of the procedures' grammars by its word, each enumerated value by its
word, and each word of the ruleset (a unit, a face, a label) as the file's
translations write it. Rule IDs and numbers stay as they are."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from referee.render.text import spoken
from referee.ruleset.model import Ruleset
from referee.ruleset.spec import EMPTY, required
from referee.words.language import pgettext

_RULE_ID = re.compile(r"^[A-Z]+-[A-Z0-9.-]+$")

# every key a procedure's grammar gives an attack (its `cite` is left out of show)
KEYS: dict[str, Callable[[], str]] = {
    "actions": lambda: pgettext("show.param", "actions"),
    "adds_wounds": lambda: pgettext("show.param", "adds wounds"),
    "against": lambda: pgettext("show.param", "against"),
    "aim": lambda: pgettext("show.param", "aim"),
    "aliases": lambda: pgettext("show.param", "aliases"),
    "allows": lambda: pgettext("show.param", "allows"),
    "alone": lambda: pgettext("show.param", "alone"),
    "at_least": lambda: pgettext("show.param", "at least"),
    "at_most": lambda: pgettext("show.param", "at most"),
    "attacker": lambda: pgettext("show.param", "attacker"),
    "attacker_wins": lambda: pgettext("show.param", "attacker wins"),
    "bands": lambda: pgettext("show.param", "bands"),
    "battles_back": lambda: pgettext("show.param", "battles back"),
    "best": lambda: pgettext("show.param", "best"),
    "beyond": lambda: pgettext("show.param", "beyond"),
    "bombard": lambda: pgettext("show.param", "bombard"),
    "by": lambda: pgettext("show.param", "by"),
    "cancel": lambda: pgettext("show.param", "cancel"),
    "compare": lambda: pgettext("show.param", "compare"),
    "cannot_retreat": lambda: pgettext("show.param", "cannot retreat"),
    "casualties": lambda: pgettext("show.param", "casualties"),
    "changes": lambda: pgettext("show.param", "changes"),
    "chooser": lambda: pgettext("show.param", "chooser"),
    "clamp": lambda: pgettext("show.param", "clamp"),
    "combined_refused_by": lambda: pgettext("show.param", "combined refused by"),
    "conquest_rule": lambda: pgettext("show.param", "conquest rule"),
    "costs": lambda: pgettext("show.param", "costs"),
    "cover": lambda: pgettext("show.param", "cover"),
    "critical": lambda: pgettext("show.param", "critical"),
    "damage": lambda: pgettext("show.param", "damage"),
    "defender": lambda: pgettext("show.param", "defender"),
    "defender_wins": lambda: pgettext("show.param", "defender wins"),
    "defender_fills": lambda: pgettext("show.param", "defender fills"),
    "depth": lambda: pgettext("show.param", "depth"),
    "dice": lambda: pgettext("show.param", "dice"),
    "die": lambda: pgettext("show.param", "die"),
    "difference": lambda: pgettext("show.param", "difference"),
    "divisions": lambda: pgettext("show.param", "divisions"),
    "explode": lambda: pgettext("show.param", "explode"),
    "faces": lambda: pgettext("show.param", "faces"),
    "fight": lambda: pgettext("show.param", "fight"),
    "follow": lambda: pgettext("show.param", "follow"),
    "given": lambda: pgettext("show.param", "given"),
    "hit": lambda: pgettext("show.param", "hit"),
    "hits": lambda: pgettext("show.param", "hits"),
    "hits_on": lambda: pgettext("show.param", "hits on"),
    "keep": lambda: pgettext("show.param", "keep"),
    "keep_behind": lambda: pgettext("show.param", "keep behind"),
    "keep_rule": lambda: pgettext("show.param", "keep rule"),
    "label": lambda: pgettext("show.param", "label"),
    "lasts": lambda: pgettext("show.param", "lasts"),
    "loss": lambda: pgettext("show.param", "loss"),
    "losses": lambda: pgettext("show.param", "losses"),
    "many": lambda: pgettext("show.param", "many"),
    "max": lambda: pgettext("show.param", "max"),
    "max_dice": lambda: pgettext("show.param", "max dice"),
    "max_front": lambda: pgettext("show.param", "max front"),
    "max_units": lambda: pgettext("show.param", "max units"),
    "measure": lambda: pgettext("show.param", "measure"),
    "min": lambda: pgettext("show.param", "min"),
    "miss": lambda: pgettext("show.param", "miss"),
    "misses": lambda: pgettext("show.param", "misses"),
    "modifiers": lambda: pgettext("show.param", "modifiers"),
    "more_than": lambda: pgettext("show.param", "more than"),
    "most": lambda: pgettext("show.param", "most"),
    "most_attackers": lambda: pgettext("show.param", "most attackers"),
    "move": lambda: pgettext("show.param", "move"),
    "move_in": lambda: pgettext("show.param", "move in"),
    "name": lambda: pgettext("show.param", "name"),
    "natural": lambda: pgettext("show.param", "natural"),
    "needed": lambda: pgettext("show.param", "needed"),
    "number": lambda: pgettext("show.param", "number"),
    "on_win": lambda: pgettext("show.param", "on win"),
    "one": lambda: pgettext("show.param", "one"),
    "only": lambda: pgettext("show.param", "only"),
    "order": lambda: pgettext("show.param", "order"),
    "own_losses": lambda: pgettext("show.param", "own losses"),
    "owned": lambda: pgettext("show.param", "owned"),
    "per_unit": lambda: pgettext("show.param", "per unit"),
    "plural": lambda: pgettext("show.param", "plural"),
    "plus": lambda: pgettext("show.param", "plus"),
    "pool": lambda: pgettext("show.param", "pool"),
    "raises": lambda: pgettext("show.param", "raises"),
    "range": lambda: pgettext("show.param", "range"),
    "read": lambda: pgettext("show.param", "read"),
    "reroll": lambda: pgettext("show.param", "reroll"),
    "result": lambda: pgettext("show.param", "result"),
    "retreat": lambda: pgettext("show.param", "retreat"),
    "retreat_steps": lambda: pgettext("show.param", "retreat steps"),
    "retreats": lambda: pgettext("show.param", "retreats"),
    "roll": lambda: pgettext("show.param", "roll"),
    "roller": lambda: pgettext("show.param", "roller"),
    "rows": lambda: pgettext("show.param", "rows"),
    "rule": lambda: pgettext("show.param", "rule"),
    "side": lambda: pgettext("show.param", "side"),
    "stand_order": lambda: pgettext("show.param", "stand order"),
    "stat": lambda: pgettext("show.param", "stat"),
    "stats": lambda: pgettext("show.param", "stats"),
    "steps": lambda: pgettext("show.param", "steps"),
    "strength": lambda: pgettext("show.param", "strength"),
    "sum": lambda: pgettext("show.param", "sum"),
    "supply": lambda: pgettext("show.param", "supply"),
    "supply_order": lambda: pgettext("show.param", "supply order"),
    "supply_rule": lambda: pgettext("show.param", "supply rule"),
    "support": lambda: pgettext("show.param", "support"),
    "symbol": lambda: pgettext("show.param", "symbol"),
    "table": lambda: pgettext("show.param", "table"),
    "tables": lambda: pgettext("show.param", "tables"),
    "target": lambda: pgettext("show.param", "target"),
    "target_value": lambda: pgettext("show.param", "target value"),
    "tie": lambda: pgettext("show.param", "tie"),
    "to_hit": lambda: pgettext("show.param", "to hit"),
    "to_wound": lambda: pgettext("show.param", "to wound"),
    "types": lambda: pgettext("show.param", "types"),
    "unit": lambda: pgettext("show.param", "unit"),
    "unit_dice": lambda: pgettext("show.param", "unit dice"),
    "units": lambda: pgettext("show.param", "units"),
    "up_to": lambda: pgettext("show.param", "up to"),
    "value": lambda: pgettext("show.param", "value"),
    "values": lambda: pgettext("show.param", "values"),
    "when": lambda: pgettext("show.param", "when"),
    "wins": lambda: pgettext("show.param", "wins"),
    "withdraw_rule": lambda: pgettext("show.param", "withdraw rule"),
    "withdraw_worn": lambda: pgettext("show.param", "withdraw worn"),
    "worn_first": lambda: pgettext("show.param", "worn first"),
    "wound": lambda: pgettext("show.param", "wound"),
    "wounds_per_hit": lambda: pgettext("show.param", "wounds per hit"),
}

# every value a grammar enumerates (its `choices`)
_VALUES: dict[str, Callable[[], str]] = {
    "per-unit": lambda: pgettext("show.value", "per-unit"),
    "remove-surplus": lambda: pgettext("show.value", "remove-surplus"),
    "remove-all": lambda: pgettext("show.value", "remove-all"),
    "wounds": lambda: pgettext("show.value", "wounds"),
    "nothing": lambda: pgettext("show.value", "nothing"),
    "attacker": lambda: pgettext("show.value", "attacker"),
    "defender": lambda: pgettext("show.value", "defender"),
    "either": lambda: pgettext("show.value", "either"),
    "front": lambda: pgettext("show.value", "front"),
    "fighting": lambda: pgettext("show.value", "fighting"),
    "at-most": lambda: pgettext("show.value", "at-most"),
    "at-least": lambda: pgettext("show.value", "at-least"),
    "nearest": lambda: pgettext("show.value", "nearest"),
    "extend": lambda: pgettext("show.value", "extend"),
    "highest": lambda: pgettext("show.value", "highest"),
    "lowest": lambda: pgettext("show.value", "lowest"),
    "cannot": lambda: pgettext("show.value", "cannot"),
    "fixed": lambda: pgettext("show.value", "fixed"),
    "units": lambda: pgettext("show.value", "units"),
    "value": lambda: pgettext("show.value", "value"),
    "range": lambda: pgettext("show.value", "range"),
    "compare": lambda: pgettext("show.value", "compare"),
    "loser": lambda: pgettext("show.value", "loser"),
    "winner": lambda: pgettext("show.value", "winner"),
    "difference": lambda: pgettext("show.value", "difference"),
    "ratio": lambda: pgettext("show.value", "ratio"),
    "stronger": lambda: pgettext("show.value", "stronger"),
    "weaker": lambda: pgettext("show.value", "weaker"),
    "count": lambda: pgettext("show.value", "count"),
    "most": lambda: pgettext("show.value", "most"),
    "fewest": lambda: pgettext("show.value", "fewest"),
    "one": lambda: pgettext("show.value", "one"),
}


# the keys whose values are symbols a face carries, which may share a face's name (Blood Bowl's push)
_SYMBOLS = frozenset({"symbol", "losses", "retreats", "own_losses"})


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
            and (required(f) or getattr(value, f.name) not in ("", 0, None, False, (), EMPTY))
        }
    if hasattr(value, "items"):
        return {k: shown(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [shown(v) for v in value]
    return value


def key_said(key: str) -> str:
    """A parameter's key in the language spoken ('max_dice' -> 'max dice')."""
    return KEYS[key]() if key in KEYS else key.replace("_", " ")


def line(key: str, value: str) -> str:
    """'attacker: dice 1, …' or a group's heading 'divisions:' (value empty), as the language writes it."""
    return _line(key_said(key), value)


def _line(said: str, value: str) -> str:
    return pgettext("show.param.line", "{key}: {value}").format(key=said, value=value).rstrip()


class Values:
    """One ruleset's parameter values as the language spoken reads them."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.faces = {str(f): die for die, d in rules.dice.items() for f in d.faces}

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
            return pair.format(key=key_said(key), value=self._symbols(value))
        said = "" if value in ("", [], {}, None) else self.flat(value)
        return pair.format(key=key_said(key), value=said) if said else ""

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
        if value in _VALUES:
            return _VALUES[value]()
        if _RULE_ID.match(value):
            return value
        return self.rules.said(value).spoken

    def line(self, name: str, value: str) -> str:
        """An item of a group ('infantry: dice 1'): the file's word for it, then its value."""
        return _line(self.word(name), value)

    def none(self) -> str:
        """What a parameter set to nothing shows ('modifiers: none')."""
        return pgettext("show.param", "none")
