"""`referee roll`: dice notation (2d6+1) or a ruleset's own dice, seeded."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import click

from referee.chance.dice import new_seed
from referee.chance.notation import MAX_DICE, parse
from referee.cli.helptext import described, helped
from referee.cli.inplay import rules_in_play
from referee.cli.journaling import journaled, record
from referee.cli.options import emit, json_option, load_rules, seed_option
from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError, did_you_mean
from referee.render import roll as render
from referee.rulings.ruling import listed, say
from referee.settle.freeroll import roll_expression, roll_faces
from referee.words.inputs import whole_number
from referee.words.language import pgettext
from referee.words.names import dice_of

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

_WORD = re.compile(r"^[a-z][a-z-]*$", re.IGNORECASE)


_NOTATION = re.compile(r"^\s*(\d|[dw]\d|[dw]\s*$|[(+-])", re.IGNORECASE)  # how dice notation can begin


def _is_ruleset(spec: str) -> bool:
    """A ruleset's file, file name, or any name its file declares ('Dobbelland',
    'Ground Force'); what reads as dice notation is never looked up."""
    from referee.ruleset.load import SUFFIX, catalogue
    from referee.ruleset.lookup import by_declared_name

    if spec.endswith((SUFFIX, ".yml")):
        return True
    if _NOTATION.match(spec):
        return False
    entries = catalogue(user_dirs())
    return any(e.name == spec.lower() for e in entries) or bool(by_declared_name(spec, entries))


def _count(words: tuple[str, ...]) -> int | None:
    """COUNT, the words after a ruleset's name: 1 to the most dice a roll may have."""
    if len(words) > 1:
        raise RefereeError(
            say(
                "error.roll.unexpected",
                "unexpected '{word}': give a ruleset and a count, e.g. roll groundforce 2",
                word=words[1],
            )
        )
    return whole_number(words[0], "COUNT", 1, MAX_DICE) if words else None


@click.command(context_settings={"ignore_unknown_options": True})  # so `2d6 -1` is notation
@click.argument("words", nargs=-1, metavar="[NOTATION | [RULESET] [COUNT]]")
@click.option("--die", "die_name", help=helped("help.roll.die", "Which of the ruleset's dice, when it has several."))
@seed_option
@journaled
@json_option
@described("help.roll")
def roll(words: tuple[str, ...], die_name: str | None, seed: int | None, as_json: bool) -> None:
    """Roll dice: dice notation (NdS+M), or COUNT of a ruleset's own dice with
    their faces (one die without COUNT). With a game in play RULESET may be
    left out: 'roll 2' rolls two of its dice, 'roll' one. The seed is
    printed; the same seed gives the same roll.

    \b
    Example:
      referee roll 2d6+1
      referee roll groundforce 2 --seed 7
    """
    seed = new_seed() if seed is None else seed
    if len(words) < 2 and all(word.isdecimal() for word in words):  # nothing, or a bare COUNT
        rules = rules_in_play(None, _nothing_to_roll)
        _faces(rules, _count(words), die_name, seed, as_json)
        return
    spec = words[0]
    if _is_ruleset(spec):
        _faces(load_rules(spec), _count(words[1:]), die_name, seed, as_json)
        return
    if _WORD.match(spec) and not re.fullmatch(r"[dw]\d*", spec, re.IGNORECASE):
        from referee.ruleset.load import catalogue
        from referee.ruleset.lookup import every_name

        raise RefereeError(
            say(
                "error.roll.or_notation",
                "{unknown} (or give dice notation such as 2d6+1)",
                unknown=did_you_mean(pgettext("kind", "ruleset"), spec, every_name(catalogue(user_dirs()))).message,
            )
        )
    if die_name is not None:
        raise RefereeError(
            say("error.roll.die_notation", "--die is for a ruleset's dice; dice notation says its own, e.g. 2d6")
        )

    expression = parse(" ".join(words))  # notation may be typed with spaces: 2d6 + 1
    rolled = roll_expression(expression, seed)
    document = render.expression_document(expression, rolled, seed)
    record(None, document, "roll", seed=seed, dice={"rolled": _by_term(document["dice"])})
    emit(as_json, document, lambda: render.expression_report(expression, rolled, seed))


def _faces(rules: Ruleset, count: int | None, die_name: str | None, seed: int, as_json: bool) -> None:
    """Roll COUNT of a ruleset's own dice (one without COUNT), by their faces."""
    if die_name is None and len(rules.dice) > 1:
        raise RefereeError(
            say(
                "error.roll.which_die",
                "{game} has several dice; say which with --die: {dice}",
                game=rules.spoken_title,
                dice=listed(rules.dice),
            )
        )
    name = dice_of(rules)(die_name or next(iter(rules.dice)))
    faces = roll_faces(rules.dice[name].die, count or 1, seed)
    document = render.faces_document(rules.name, name, faces, seed)
    record(rules, document, "faces", seed=seed, dice={"rolled": {name: faces}})
    emit(as_json, document, lambda: render.faces_report(rules, name, faces, seed))


def _nothing_to_roll() -> RefereeError:
    """A bare COUNT (or nothing) with no game in play: what to roll instead."""
    return RefereeError(
        say(
            "error.roll.no_game",
            "no game is in play to roll the dice of: name a ruleset (roll groundforce 2) or give dice notation (2d6)",
        )
    )


def _by_term(terms: list[dict[str, Any]]) -> dict[str, list[int]]:
    """The faces of each term of the notation, named as typed and numbered (a
    journal's dice are faces by name; 1d6+1d6 has two terms of one name)."""
    return {
        f"{i}: {'-' if t['sign'] < 0 else ''}{t['count']}d{t['sides']}": t["rolled"] for i, t in enumerate(terms, 1)
    }
