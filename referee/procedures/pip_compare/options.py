"""The word players type for a pip-compare attack beside the pips: the
pairing a combined attack picks after the roll (ROLLED:FIELD), which a
ruling that waits for it names (`awaits`)."""

from __future__ import annotations

from referee.ruleset.registry import Option
from referee.words.helps import helped
from referee.words.language import pgettext

PAIRING = "ROLLED:FIELD"  # the placeholder of a pick among pairings, as --help shows it


def _pairing() -> str:
    """The placeholder in the language spoken, as the steps name its parts."""
    return pgettext("metavar.pairing", PAIRING)


OPTIONS = (
    Option(
        "choose",
        helped("help.battle.choose", "Pip-compare rulesets: the pairing picked, e.g. 5:6."),
        metavar=PAIRING,
        spoken=_pairing,
        commands=("battle",),
    ),
)
