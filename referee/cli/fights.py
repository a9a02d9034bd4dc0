"""`referee odds … --until conquest` and `--table N`: whole fights, kept apart
from the one-round odds so the shared `odds` command only gains options."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from referee.cli.options import battle_from_words, emit
from referee.errors import RefereeError
from referee.ruleset.model import Ruleset

F = Callable[..., Any]


def fight_options(f: F) -> F:
    f = click.option("--float", "floats", is_flag=True,
                     help="Use floating point instead of exact fractions (faster for big charts).")(f)
    f = click.option("--table", "table", type=click.IntRange(min=1, max=500), metavar="N",
                     help="Chart the chance to conquer for attacker 2..N+1 against defender 1..N.")(f)
    return click.option("--until", type=click.Choice(["conquest"]),
                        help="Play whole fights: the exact chance to conquer, with the between-round "
                             "policy of the ruleset.")(f)


def answer(rules: Ruleset, words: dict[str, Any], until: str | None, table: int | None, floats: bool,
           as_json: bool) -> None:
    from referee.fight import Fight, chart
    from referee.render import fight as render

    if table is not None:
        attackers, defenders, rows, solved = chart(rules, table, exact=not floats)
        emit(as_json, render.chart_document(rules, attackers, defenders, rows, solved),
             lambda: render.chart_report(rules, attackers, defenders, rows, solved))
        return
    if until is None:
        raise RefereeError("--float needs --until conquest or --table N")
    battle = battle_from_words(rules, **words)
    solved = Fight(rules, battle, exact=not floats)
    odds = solved.odds(battle)
    emit(as_json, render.document(rules, battle, odds, solved), lambda: render.report(rules, battle, odds, solved))
