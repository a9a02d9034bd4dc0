"""A game's setup for people and programs: the map, the armies, who places
first and who starts."""

from __future__ import annotations

from typing import Any

from referee.deployment import Armies
from referee.hexmap import Landmap
from referee.names import plural
from referee.render import hexmap
from referee.render.text import explanation, paragraph, styled, table
from referee.ruleset.sections import Landscape
from referee.ruling import Step

Start = tuple[str, tuple[Step, ...]] | None


def report(land: Landscape, title: str, landmap: Landmap, armies: Armies, start: Start) -> str:
    rows = [(player, len(dice), ", ".join(map(str, dice))) for player, dice in armies.rolls.items()]
    steps = [*armies.steps, *(start[1] if start else ())]
    lines = [
        hexmap.report(land, title, landmap),
        "",
        styled("Armies", bold=True),
        table(rows, ["player", "dice", "rolled"]),
        "",
        styled(f"{armies.first.capitalize()} places first.", bold=True)
        + (f" ({plural(armies.rerolls, 're-roll')})" if armies.rerolls else ""),
    ]
    if start:
        lines.append(styled(f"{start[0].capitalize()} starts play.", bold=True))
    else:
        lines.append(
            paragraph("After placing, give the dice each player has left (--PLAYER-left) to learn who starts.")
        )
    lines += ["", explanation(steps)]
    if armies.typed:
        lines += ["", "Dice typed by the players."]
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
