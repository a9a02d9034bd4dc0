"""A game's setup for people and programs: the map, the armies, who places
first and who starts."""

from __future__ import annotations

from typing import Any

from referee.board.deployment import Armies
from referee.board.hexmap import Landmap
from referee.render import hexmap
from referee.render.text import explanation, leading, paragraph, styled, table
from referee.ruleset.model import Ruleset
from referee.ruleset.sections import Landscape
from referee.rulings.ruling import Step, listed
from referee.words.language import _, npgettext, pgettext

Start = tuple[str, tuple[Step, ...]] | None


def report(rules: Ruleset, land: Landscape, landmap: Landmap, armies: Armies, start: Start) -> str:
    rows = [(rules.said(player).spoken, len(dice), listed(map(str, dice))) for player, dice in armies.rolls.items()]
    steps = [*armies.steps, *(start[1] if start else ())]
    first = pgettext("setup.first", "{player} places first.").format(player=leading(rules.said(armies.first).spoken))
    rerolls = npgettext("setup.rerolls", " ({n} re-roll)", " ({n} re-rolls)", armies.rerolls)
    lines = [
        hexmap.report(land, rules.spoken_title, landmap),
        "",
        styled(pgettext("setup.armies", "Armies"), bold=True),
        table(rows, [pgettext("setup.header", "player"), pgettext("setup.header", "dice"), _("rolled")]),
        "",
        styled(first, bold=True) + (rerolls.format(n=armies.rerolls) if armies.rerolls else ""),
    ]
    if start:
        starts = pgettext("setup.starts", "{player} starts play.").format(player=leading(rules.said(start[0]).spoken))
        lines.append(styled(starts, bold=True))
    else:
        lines.append(
            paragraph(
                pgettext(
                    "setup.left",
                    "After placing, give the dice each player has left (--PLAYER-left) to learn who starts.",
                )
            )
        )
    lines += ["", explanation(steps)]
    if armies.typed:
        lines += ["", _("Dice typed by the players.")]
    return "\n".join(lines)


def document(ruleset: str, landmap: Landmap, armies: Armies, start: Start) -> dict[str, Any]:
    return {
        **hexmap.document(ruleset, landmap),
        "armies": {player: list(dice) for player, dice in armies.rolls.items()},
        "rerolls": armies.rerolls,
        "armies_typed": armies.typed,
        "places_first": armies.first,
        "starts": start[0] if start else None,
        "setup_explanation": [s.as_dict() for s in [*armies.steps, *(start[1] if start else ())]],
    }
