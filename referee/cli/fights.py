"""`referee odds … --until conquest` and `--table N`: whole fights, kept apart
from the one-round odds so the shared `odds` command only gains options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from referee.cli.options import F, emit
from referee.errors import RefereeError
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.cli.told import OddsTold


def fight_options(f: F) -> F:
    f = click.option(
        "--float", "floats", is_flag=True, help="Use floating point instead of exact fractions (faster for big charts)."
    )(f)
    f = click.option(
        "--table",
        "table",
        type=click.IntRange(min=1, max=500),
        metavar="N",
        help="Chart the chance to conquer for attacker 2..N+1 against defender 1..N.",
    )(f)
    return click.option(
        "--until",
        type=click.Choice(["conquest"]),
        help="Play whole fights: the exact chance to conquer, with the between-round policy of the ruleset.",
    )(f)


def answer(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    from referee.fight import Fight, chart
    from referee.render import fight as render

    if told.table is not None:
        attackers, defenders, rows, solved = chart(rules, told.table, exact=not told.floats)
        emit(
            as_json,
            render.chart_document(rules, attackers, defenders, rows, solved),
            lambda: render.chart_report(rules, attackers, defenders, rows, solved),
        )
        return
    if told.until is None:
        raise RefereeError("--float needs --until conquest or --table N")
    battle = told.battle(rules)
    solved = Fight(rules, battle, exact=not told.floats)
    odds = solved.odds(battle)
    emit(as_json, render.document(rules, battle, odds, solved), lambda: render.report(rules, battle, odds, solved))
