"""The winner and a merge, for people and programs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.board.scoring import Merged, Score
from referee.render.text import explanation, leading, paragraph, styled, table
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import both, listed, say_n
from referee.words.language import pgettext


def score_report(rules: Ruleset, dice: Mapping[str, tuple[int, ...]], result: Score) -> str:
    rows = [
        (rules.said(p).spoken, listed(map(str, dice[p])) or "-", result.dice[p], result.pips[p]) for p in result.dice
    ]
    if result.winner:
        verdict = pgettext("score.wins", "{player} wins.").format(player=leading(rules.said(result.winner).spoken))
    else:
        verdict = pgettext("score.equal", "Equal: whoever moved first wins (repeat with --first).")
    return "\n".join(
        [
            styled(pgettext("score.title", "{title}: the winner").format(title=rules.spoken_title), bold=True),
            table(
                rows,
                [
                    pgettext("score.header", "player"),
                    pgettext("score.header", "dice on the map"),
                    pgettext("score.header", "dice"),
                    pgettext("score.header", "pips"),
                ],
            ),
            "",
            styled(verdict, bold=True),
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
    grouped = both(map(str, values))
    if merged.lost:
        lost = say_n("count.pips", "{n} pip", "{n} pips", merged.lost)
        head = pgettext("group.title_lost", "{title}: {values} grouped make {value}; {lost} lost.").format(
            title=title, values=grouped, value=merged.value, lost=lost
        )
    else:
        head = pgettext("group.title", "{title}: {values} grouped make {value}.").format(
            title=title, values=grouped, value=merged.value
        )
    return "\n".join([styled(paragraph(head), bold=True), "", explanation(merged.steps)])
