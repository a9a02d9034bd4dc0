"""Odds for people and for programs: every outcome with its exact chance."""

from __future__ import annotations

from typing import Any

from referee.odds import Outcome
from referee.render import json as json_render
from referee.render.text import fraction, percent, styled, table


def report(title: str, outcomes: list[Outcome]) -> str:
    """Each outcome led by its percent and a bar (players would rather look than
    read), the exact fraction last; `--json` has it too."""
    from referee.render.fight import bar

    keys = list(outcomes[0].key) if outcomes else []
    rows = [
        [percent(o.probability), bar(o.probability, 10)]
        + [("-" if o.key[k] is None else o.key[k]) for k in keys]
        + [fraction(o.probability)]
        for o in outcomes
    ]
    headers = ["percent", "", *(k.replace("_", " ") for k in keys), "probability"]
    return "\n".join([styled(title, bold=True), table(rows, headers)])


def document(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    return [{**o.key, "probability": o.probability, "percent": json_render.percent(o.probability)} for o in outcomes]
