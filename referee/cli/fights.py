"""`referee odds … --until conquest` and `--table N`: whole fights, kept apart
from the one-round odds so the shared `odds` command only gains options.
Every option given is read here or refused with one line, never dropped."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import click

from referee.cli.options import F, emit, refuse_unread, whole
from referee.errors import RefereeError
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.cli.told import OddsTold


def fight_options(f: F) -> F:
    f = click.option(
        "--exact",
        "exact",
        is_flag=True,
        help="Show whole-fight chances as exact fractions too (--json always has them).",
    )(f)
    f = click.option(
        "--float", "floats", is_flag=True, help="Use floating point instead of exact fractions (faster for big charts)."
    )(f)
    f = click.option(
        "--stop-at",
        "stop_at",
        type=whole(0),
        metavar="N",
        help="In a whole fight the attacker stops (retreats) when down to N units, counted as --attacker counts them.",
    )(f)
    f = click.option(
        "--table",
        "table",
        type=whole(1, 500),
        metavar="N",
        help="Chart the chance to conquer for every count of attackers against defender 1..N.",
    )(f)
    return click.option(
        "--until",
        type=click.Choice(["conquest"]),
        help="Play whole fights: the exact chance to conquer, with the between-round policy of the ruleset. "
        '--defender "3,5,2" attacks territories in turn.',
    )(f)


def territories(text: str | None) -> list[str]:
    """`3,5,2` (counts) or `2 infantry; infantry, armour` (units): one defender per territory."""
    if text is None:
        return []
    if ";" in text:
        return [part.strip() for part in text.split(";")]
    parts = [part.strip() for part in text.split(",")]
    return parts if len(parts) > 1 and all(part.isdecimal() for part in parts) else [text]


WORDS = ("until", "table", "floats", "stop_at", "exact")  # the options only whole fights read


def asked(told: OddsTold) -> bool:
    """Whether the odds asked are of whole fights: an option of theirs, or territories in turn."""
    named = told.given(*WORDS)
    return any(v not in (None, False) for v in named.values()) or len(territories(told.defender)) > 1


def answer(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    from referee.procedures.door import procedure_for
    from referee.render import fight as render

    if not procedure_for(rules).fight:
        given = [name for name, value in told.given(*WORDS).items() if value not in (None, False)]
        what = ", ".join(given) or "territories in turn"
        raise RefereeError(
            f"{rules.title} is not fought in rounds: leave out {what} and ask for the odds of one attack"
        )
    refuse_unread(told.given("reach"), "{options}: whole fights are fought in rounds, not at a range")
    if told.exact and told.floats:
        raise RefereeError("--exact and --float ask for different arithmetic: choose one")
    if told.table is not None:
        refuse_unread(
            told.given("attacker", "defender", "attacker_rear", "defender_rear", "until", "stop_at"),
            "--table charts every count against every count: leave out {options}, "
            "or leave out --table to ask for one fight",
        )
        return _chart(rules, told, as_json)
    if told.until is None:
        given = [name for name, value in told.given("floats", "exact", "stop_at").items() if value not in (None, False)]
        what = ", ".join(given) or "territories in turn (--defender 3,5,2)"
        raise RefereeError(f"{what}: whole fights only; add --until conquest (or --table N for a chart)")
    from referee.fights.answers import solve

    defenders = territories(told.defender)
    if len(defenders) > 1 and told.defender_rear:
        raise RefereeError(
            "--defender-rear is for one territory: give each territory's units with --defender, separated by ;"
        )
    battles = [replace(told, defender=text).battle(rules) for text in defenders or [""]]
    odds = solve(rules, battles, exact=not told.floats, stop_at=told.stop_at)
    emit(
        as_json,
        render.document(rules, battles, odds, told.stop_at),
        lambda: render.report(rules, battles, odds, told.exact),
    )


def _chart(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    from referee.fights.answers import chart
    from referee.render import fight as render

    assert told.table is not None
    from referee.procedures.told import situations

    when = situations(rules, told.when)
    made = chart(rules, told.table, exact=not told.floats, when=when)
    named = [f"{side}:{name}" for side, name in when]
    emit(as_json, render.chart_document(rules, made, named), lambda: render.chart_report(rules, made, told.exact))
