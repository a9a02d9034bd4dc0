"""What the grammar cannot check alone, as small checks any section or
procedure can use: each takes the loaded ruleset and a `fail` that turns a
key path and a message into an error at that key's file:line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from referee.core.errors import RefereeError, did_you_mean
from referee.words.inputs import compared
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


class Fail(Protocol):
    def __call__(self, path: str, message: str, rule: str | None = None) -> RefereeError: ...


def unknown(fail: Fail, path: str, kind: str, given: str, known: Iterable[str]) -> RefereeError:
    """A name that is not among the known ones, with a "did you mean"."""
    return fail(path, did_you_mean(kind, given, list(known)).message)


def names_exist(fail: Fail, kind: str, named: Iterable[tuple[str, str]], known: Iterable[str]) -> None:
    """Each (key path, name) must be one of the known names."""
    known = list(known)
    for path, name in named:
        if name not in known:
            raise unknown(fail, path, kind, name, known)


def unambiguous(groups: list[tuple[str, dict[str, list[str]]]], fail: Fail) -> None:
    """Two things of one kind answering to one word would make input ambiguous."""
    for where, names in groups:
        owner: dict[str, str] = {}
        for name, said in names.items():
            for word in said:
                key = compared(word)
                if key and owner.setdefault(key, name) != name:
                    also = pgettext("file.also_names", "'{word}' also names '{other}'").format(
                        word=word, other=owner[key]
                    )
                    raise fail(f"{where}.{name}", also)


def not_a_face(rules: Ruleset, die: str, face: object) -> str:
    """Why a face a stage names is not one of the die's: where it is a word
    players type for a face (an alias), which face the file must write instead."""
    meant = next((f for f, words in rules.dice[die].aliases.items() if str(face) in words), None)
    if meant is None:
        return pgettext("file.not_a_face", "'{face}' is not a face of die '{die}'").format(face=face, die=die)
    alias = pgettext(
        "file.alias_not_face", "'{face}' is another word for '{meant}', a face of die '{die}': write '{meant}' here"
    )
    return alias.format(face=face, meant=meant, die=die)
