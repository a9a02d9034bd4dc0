"""The winner and a merge, for people and programs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.names import plural
from referee.render.text import explanation, styled, table
from referee.scoring import Merged, Score


def score_report(title: str, dice: Mapping[str, tuple[int, ...]], result: Score) -> str:
    rows = [(p, ", ".join(map(str, dice[p])) or "-", result.dice[p], result.pips[p]) for p in result.dice]
    return "\n".join(
        [
            styled(f"{title}: the winner", bold=True),
            table(rows, ["player", "dice on the map", "dice", "pips"]),
            "",
            styled(
                f"{result.winner.capitalize()} wins."
                if result.winner
                else "Equal: whoever moved first wins (repeat with --first).",
                bold=True,
            ),
            "",
            explanation(result.steps),
        ]
    )


def score_document(ruleset: str, dice: Mapping[str, tuple[int, ...]], result: Score) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "players": {p: {"dice": list(dice[p]), "count": result.dice[p], "pips": result.pips[p]} for p in result.dice},
        "winner": result.winner,
        "decided_by": result.decided_by,
        "explanation": [s.as_dict() for s in result.steps],
    }


def group_report(title: str, values: tuple[int, ...], merged: Merged) -> str:
    lost = f"; {plural(merged.lost, 'pip')} lost" if merged.lost else ""
    return "\n".join(
        [
            styled(f"{title}: {' and '.join(map(str, values))} grouped make {merged.value}{lost}.", bold=True),
            "",
            explanation(merged.steps),
        ]
    )
