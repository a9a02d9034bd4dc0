"""One report per kind of outcome: a procedure names the kind its rulings
are (`Procedure.report`), and the kind picks the module that renders them.
Each such module has `ruled(rules, situation, settled)` and either
`odds(rules, situation, outcomes)`, where the odds of one attack are a list
of outcomes, or `chart(rules, words)`, where they are a chart over every
pair of values (the procedure's `chart` hook says which); each returns the
JSON document and the report for people."""

from __future__ import annotations

import importlib
from types import ModuleType

REPORTS = {
    "exchange": "referee.render.battle",  # hits against hits, units removed
    "pairs": "referee.render.rounds",  # dice compared pair by pair, units worn or destroyed
    "pips": "referee.render.pips",  # a die against a die, pips lost
    "strike": "referee.render.hit",  # a number to roll, then a wound roll
    "chain": "referee.render.chain",  # rolls in a chain, each step by its own name
    "tally": "referee.render.tally",  # symbols counted and cancelled, losses and retreats in the game's words
}


def report(kind: str) -> ModuleType:
    """The module that renders rulings of this kind (imported when first needed)."""
    return importlib.import_module(REPORTS[kind])
