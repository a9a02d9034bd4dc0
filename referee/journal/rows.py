"""A stored row as a typed record (`Entry`), whatever a hand edit or a
damaged file left in it: every column of the wrong type or JSON that does not
parse is replaced by an empty value of the right shape and named in `damage`,
so the readers print what is left instead of crashing on it. `decode` is the
one way a row is read, older journals included (an entry without a stored
kind of outcome has it inferred here); `Entry.as_dict` is what `--json` and
an export print of it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any, Union

from referee.core.records import record
from referee.journal.kinds import kind_of
from referee.rulings.ruling import say, say_n
from referee.words.language import ENGLISH, pgettext

if TYPE_CHECKING:
    import sqlite3

    from referee.board.snapshot import BoardMove
    from referee.journal.summaries import Summary

Stored = Union[Mapping[str, Any], "sqlite3.Row"]  # a row as SQLite gives it, or as a test builds it

TEXT = ("time", "command", "version", "prev_hash", "hash")
OPTIONAL_TEXT = ("game", "ruleset", "ruleset_digest", "ruleset_path", "kind")


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _steps(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(step, dict) and isinstance(step.get("rule", ""), str) and isinstance(step.get("text", ""), str)
        for step in value
    )


def _dice(value: Any) -> bool:
    rolled = value.get("rolled", {}) if isinstance(value, dict) else None
    return isinstance(rolled, dict) and all(isinstance(faces, list) for faces in rolled.values())


# column: (what it holds, a check of its shape, the empty value put in its place)
JSON: dict[str, tuple[str, Callable[[Any], bool], Callable[[], Any]]] = {
    "argv": ("a command line", _texts, list),
    "replay": ("a command line", _texts, list),
    "inputs": ("the options given", lambda v: isinstance(v, dict), dict),
    "dice": ("the dice", _dice, dict),
    "ruling": ("a ruling", lambda v: True, dict),
    "explanation": ("the rules applied", _steps, list),
}
# JSON columns an entry may leave empty (NULL): written only by rulings through the door
OPTIONAL_JSON = {"situation": ("a situation to rule on again", lambda v: isinstance(v, dict), lambda: None)}


def _kind(value: Any) -> str:
    if isinstance(value, (bytes, memoryview)):
        return say_n("damage.blob", "a blob of {n} byte", "a blob of {n} bytes", len(value))
    if value is None:
        return say("damage.null", "nothing (NULL)")
    if isinstance(value, (int, float)):
        return say("damage.number", "the number {value}", value=value)
    return say("damage.text", "text")


def _holds(column: str) -> str:
    """What a JSON column holds, in the current language (JSON names it in English)."""
    said = {
        "argv": pgettext("damage.holds", "a command line"),
        "replay": pgettext("damage.holds", "a command line"),
        "inputs": pgettext("damage.holds", "the options given"),
        "dice": pgettext("damage.holds", "the dice"),
        "ruling": pgettext("damage.holds", "a ruling"),
        "explanation": pgettext("damage.holds", "the rules applied"),
        "situation": pgettext("damage.holds", "a situation to rule on again"),
    }
    return said[column]


@record
class Dice:
    """An entry's dice: the seed the referee drew from (None where the players
    typed every die), the faces of each group, the groups typed, and the
    earlier entries of the game that rolled the same attack; `stored` is the
    column as written."""

    seed: int | None
    rolled: Mapping[str, list[Any]]
    typed: tuple[str, ...]
    rolled_before: tuple[int, ...]
    stored: Mapping[str, Any] = field(compare=False, repr=False)

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> Dice:
        seed, typed, before = stored.get("seed"), stored.get("typed"), stored.get("rolled_before")
        return cls(
            seed if isinstance(seed, int) else None,
            stored.get("rolled") or {},
            tuple(map(str, typed)) if isinstance(typed, list) else (),
            tuple(n for n in before if isinstance(n, int)) if isinstance(before, list) else (),
            stored,
        )


@record
class Kept:
    """What a ruling through the door keeps to be ruled on again
    (`referee.journal.rerule.stored`): the procedure's name, the situation as
    told, the typed ruling, and the language its steps were said in; `stored`
    is the column as written."""

    procedure: str
    situation: Any
    ruling: Any
    language: str
    stored: Mapping[str, Any] = field(compare=False, repr=False)

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> Kept:
        procedure, language = stored.get("procedure"), stored.get("language")
        return cls(
            procedure if isinstance(procedure, str) else "",
            stored.get("situation"),
            stored.get("ruling"),
            language if isinstance(language, str) else ENGLISH,
            stored,
        )


@record
class Entry:
    """One journal entry as read back: its columns, JSON columns parsed, its
    kind of outcome (`referee.journal.kinds`) and what was wrong with it
    (`damage`). `ruling` is the command's --json document, of the shape its
    kind gives it; `summary` what the log tells of it, read by its kind
    (`referee.journal.summaries`), and `move` that document read as a record
    where it is a board action's; `columns` is the order `as_dict` writes them in."""

    id: int
    time: str
    command: str
    argv: list[str]
    replay: list[str]
    game: str | None
    ruleset: str | None
    ruleset_digest: str | None
    ruleset_path: str | None
    inputs: Mapping[str, Any]
    dice: Dice
    ruling: Any
    explanation: list[Any]
    version: str
    prev_hash: str
    hash: str
    situation: Kept | None
    kind: str
    summary: Summary | None = None
    move: BoardMove | None = None
    damage: tuple[str, ...] = ()
    columns: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @property
    def awaits(self) -> str | None:
        """The word a pick on this entry's throw must still give, if it waits for one."""
        waits = self.ruling.get("awaits") if isinstance(self.ruling, dict) else None
        return waits if isinstance(waits, str) else None

    @property
    def picks_on(self) -> Any:
        """The entry whose throw this one picked on (`battle --entry N`), if any:
        a pick refused picked on none, and the throw still waits for one."""
        return None if self.kind == "refused" else self.inputs.get("entry")

    @property
    def unreadable(self) -> bool:
        """Whether it stands in for one SQLite could not read: nothing of it to show
        (its damage line starts as `unreadable` starts it: every language says why last)."""
        mark = _unreadable("")
        return any(why.startswith(mark) for why in self.damage)

    def as_dict(self) -> dict[str, Any]:
        """The entry as its row holds it, in its columns' order, with its kind
        and (if any) its damage: what `--json` prints."""
        stored = {"dice": self.dice.stored, "situation": self.situation.stored if self.situation else None}
        held = {name: stored[name] if name in stored else getattr(self, name) for name in self.columns}
        return {**held, "kind": self.kind, **({"damage": list(self.damage)} if self.damage else {})}


def _entry(columns: Mapping[str, Any], order: tuple[str, ...], damage: list[str]) -> Entry:
    from referee.journal.summaries import summary  # read only where rows are read: a ruling writes, never decodes

    read: dict[str, Any] = {name: columns.get(name) for name in _FIELDS if name not in ("dice", "situation", "kind")}
    kept = columns.get("situation")
    kind = kind_of(columns.get("kind"), columns["command"], columns["ruling"])
    return Entry(
        **read,
        dice=Dice.read(columns["dice"]),
        situation=Kept.read(kept) if kept is not None else None,
        kind=kind,
        summary=summary(kind, columns["ruling"]),
        move=_move(columns["ruling"]) if kind == "board" else None,
        damage=tuple(damage),
        columns=tuple(name for name in order if name != "kind"),
    )


def _move(ruling: Any) -> BoardMove | None:
    """A board action's ruling as a record; None where it is not shaped as one
    (edited by hand: `log verify` names it), so its readers fall back on its words."""
    from referee.board.snapshot import BoardMove

    try:
        return BoardMove.read(ruling)
    except (KeyError, TypeError, ValueError, AttributeError):  # a list or a number where a table belongs
        return None


_FIELDS = ("id", *TEXT, *OPTIONAL_TEXT, *JSON, *OPTIONAL_JSON)


def unknown(columns: Iterable[str]) -> list[str]:
    """The columns of `entries` this referee does not read: another tool's, added
    beside ours. An entry is read from the columns it knows."""
    return [name for name in columns if name not in _FIELDS]


def decode(row: Stored) -> Entry:
    """The row as an Entry, JSON columns parsed; `damage` lists what was wrong."""
    entry = dict(row)
    damage: list[str] = []
    for column in TEXT + OPTIONAL_TEXT:
        value = entry.get(column)
        if not isinstance(value, str) and not (value is None and column in OPTIONAL_TEXT):
            damage.append(
                say("damage.not_text", "its {column} holds {kind} where text belongs", column=column, kind=_kind(value))
            )
            entry[column] = None if column in OPTIONAL_TEXT else ""
    for column, (_, shaped, empty) in (JSON | OPTIONAL_JSON).items():
        value = entry.get(column)
        if value is None and column in OPTIONAL_JSON:
            continue
        if not isinstance(value, str):
            damage.append(
                say(
                    "damage.wrong_kind",
                    "its {column} holds {kind} where {holds} belongs",
                    column=column,
                    kind=_kind(value),
                    holds=_holds(column),
                )
            )
            entry[column] = empty()
            continue
        try:
            entry[column] = json.loads(value)
        except ValueError:
            damage.append(say("damage.json", "its {column} is not valid JSON", column=column))
            entry[column] = empty()
            continue
        if not shaped(entry[column]):
            damage.append(
                say("damage.shape", "its {column} does not hold {holds}", column=column, holds=_holds(column))
            )
            entry[column] = empty()
    return _entry(entry, tuple(name for name in entry if name in _FIELDS), damage)


def unreadable(n: int, why: str) -> Entry:
    """An entry SQLite could not read at all, standing in for it in a listing."""
    entry: dict[str, Any] = dict.fromkeys(TEXT, "")
    entry.update(dict.fromkeys((*OPTIONAL_TEXT, *OPTIONAL_JSON)))
    entry.update({column: empty() for column, (_, _, empty) in JSON.items()})
    entry.update({"id": n, "kind": "unknown"})
    return _entry(entry, tuple(entry), [_unreadable(why)])


def _unreadable(why: str) -> str:
    return say("damage.unreadable", "it cannot be read: {why}", why=why)
