"""The short form of an attack, as a table says it aloud:

    battle 2 trooper vs trooper, heavy : sword explosion / shield sword

the attacker's units, a word for 'against' (`vs` in every language, and
each language's own), the defender's, and after a colon the dice each roll
showed, apart by '/', in the order the game types its rolls (the attacker's
then the defender's; DiceLand's one hand roll; a hit check's hit die, then
its wound die). A roll left empty (`: / 4 3`) is drawn, as an option left
out is. It fills the very words --attacker, --defender and the roll options
fill, so the long form and the short one make the same told battle."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.core.errors import RefereeError
from referee.rulings.ruling import listed, say
from referee.words.inputs import compared
from referee.words.language import LANGUAGES, pgettext, speaking

# a colon standing apart from a word: 'heavy : sword', 'heavy: sword'; not a face's own 'd8:7'
_COLON = r"(?:^|(?<=\s))[:：]|[:：](?=\s|$)"
_ROLLS = r"[/／]"


def _against() -> set[str]:
    """The words that stand between the sides, in every language the referee speaks."""
    found = set()
    for lang in LANGUAGES:
        with speaking(lang):
            found |= {compared(word) for word in pgettext("words.against", "vs versus").split()}
    return found


def told(words: list[str], options: Mapping[str, Any], rolls: Mapping[str, str]) -> dict[str, Any]:
    """The command's options with what the short form `words` tells filled in:
    the sides, and each roll typed into the option of `rolls` (the words
    each roll fills, by the flag that types it, in the game's order; empty
    where the command takes no dice). An option given both ways is refused."""
    against = _against()
    at = next((i for i, word in enumerate(words) if compared(word) in against), None)
    said = " ".join(words)
    if at is None or at == 0 or at == len(words) - 1:
        raise RefereeError(
            say(
                "error.short.form",
                "'{said}': tell an attack as ATTACKER vs DEFENDER : ROLLS, or with --attacker and --defender",
                said=said,
            )
        )
    defender, dice = _parts(" ".join(words[at + 1 :]))
    filled: dict[str, str | None] = {"attacker": " ".join(words[:at]), "defender": defender}
    if dice is not None:
        filled |= _rolls(dice, rolls, said)
    for word, value in filled.items():
        if value and options.get(word) is not None:
            flag = rolls.get(word, f"--{word}")
            raise RefereeError(
                say("error.short.twice", "{option} is told twice: in the short form and by the option", option=flag)
            )
    return {**options, **{word: value for word, value in filled.items() if value}}


def _parts(text: str) -> tuple[str, str | None]:
    """The defender's units and the dice after the colon (None where no colon stands)."""
    found = re.search(_COLON, text)
    if found is None:
        return text.strip(), None
    return text[: found.start()].strip(), text[found.end() :].strip()


def _rolls(dice: str, rolls: Mapping[str, str], said: str) -> dict[str, str | None]:
    """Each roll typed after the colon, by the word it fills: as many as the game types, at most."""
    typed = [roll.strip() or None for roll in re.split(_ROLLS, dice)]
    if not rolls or len(typed) > len(rolls) or not any(typed):
        if not rolls:
            message = say(
                "error.short.no_dice", "'{said}': the odds count every roll; leave out ': {dice}'", said=said, dice=dice
            )
        else:
            message = say(
                "error.short.rolls",
                "'{said}': after ':' type the dice of {options}, in that order, apart by '/'",
                said=said,
                options=listed(rolls.values()),
            )
        raise RefereeError(message)
    return dict(zip(rolls, typed, strict=False))
