"""The one error a user's mistake raises; the CLI turns it into a line on stderr."""

from __future__ import annotations

import re
from collections.abc import Callable

# compiled by `re` on first use (its cache keeps it): a command that raises nothing never pays for it
_INPUT = "\x00([^\x00]+)\x00"


def _quoted(word: str) -> str:
    return f"'{word}'"


_spelling: list[Callable[[str], str]] = [_quoted]  # how an input is typed; the CLI sets it


def _english(context: str, message: str) -> str:
    return message


_catalogue: list[Callable[[str, str], str]] = [_english]  # referee.words.language hands over its own when imported


def pgettext(context: str, message: str) -> str:
    """A sentence of this module in the language spoken. Errors sit below the
    catalogue, so `referee.words.language`, imported whenever another language is
    chosen, hands over its pgettext (`speak_with`); until then, English."""
    return _catalogue[0](context, message)


def speak_with(catalogue: Callable[[str, str], str]) -> None:
    _catalogue[0] = catalogue


def setting(word: str) -> str:
    """Where a message tells the user what to type, the input it means, by its
    word (``grow``, ``attacker-rear``): services and procedures speak of the
    game, and the CLI, which knows its options, says how to type it."""
    return f"\x00{word}\x00"


def spell_inputs(spell: Callable[[str], str]) -> None:
    """How every message writes the inputs it names with `setting` (the CLI's
    flags); without it, the input's word in quotes."""
    _spelling[0] = spell


class RefereeError(Exception):
    """A mistake in what the user typed or wrote, never a bug in the referee.

    `rule` names the rule that refuses (``GF-B2``) and `where` the place in a
    ruleset file (``rulesets/x.yaml:12:5``), so the message says how to fix it.
    """

    def __init__(self, message: str, *, rule: str | None = None, where: str | None = None):
        super().__init__(message)
        self.text = message  # as raised: the inputs it names by their word
        self.rule = rule
        self.where = where

    @property
    def message(self) -> str:
        """The message, each input it names written as the user types it."""
        return re.sub(_INPUT, lambda found: _spelling[0](found.group(1)), self.text)

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        return f"{text} ({self.rule})" if self.rule else text


def did_you_mean(
    kind: str, given: str, known: list[str], listed: list[str] | None = None, more: str = ""
) -> RefereeError:
    """An 'unknown X' error that suggests the closest known name; when none is
    close, it lists `listed` (by default every known name) and says `more`.

    Callers pass `kind` already in the language spoken, as a bare singular
    noun that can stand as a sentence's subject: `pgettext("kind", "unit")`
    (context "kind", one catalogue entry per noun, "Einheit", "單位"), and
    `more` already translated too. The sentence around them is this
    function's, each language in its own word order and with its own quotes
    ("Einheit 'x' ist unbekannt; meinten Sie 'y'?", "未知的單位「x」；您是指「y」嗎？");
    the names given and known stay as they are written.
    """
    import difflib  # only paid for on the error path

    close = difflib.get_close_matches(given.lower(), [k.lower() for k in known], n=1, cutoff=0.6)
    lowered = {k.lower(): k for k in known}
    if close:
        suggest = pgettext("unknown.close", "unknown {kind} '{given}'; did you mean '{close}'?")
        return RefereeError(suggest.format(kind=kind, given=given, close=lowered[close[0]]))
    names = known if listed is None else listed
    listing = pgettext("list", ", ").join(sorted(names)) if names else pgettext("unknown.none", "none")
    known_ones = pgettext("unknown.known", "unknown {kind} '{given}'; known: {listing}")
    return RefereeError(known_ones.format(kind=kind, given=given, listing=listing) + more)


LONGEST = 300  # the most of an exception's text a one-line message quotes


def raised(exc: BaseException) -> str:
    """What code outside the referee raised, for a one-line message: its
    type and text, on one line and cut short ('ImportError: No module named x')."""
    text = " ".join(str(exc).split())
    said = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return said if len(said) <= LONGEST else said[: LONGEST - 1] + "…"
