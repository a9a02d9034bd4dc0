"""`referee odds`: the exact chance of every outcome of an attack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import click

from referee.cli import fights, hit, pips
from referee.cli.options import (
    Told,
    emit,
    flag,
    force_options,
    json_option,
    load_rules,
    not_read_by,
    rear_options,
    refuse_unread,
    ruleset_argument,
    situation_options,
    variant_option,
)
from referee.ruleset.model import Ruleset


@dataclass(frozen=True)
class OddsTold(Told):
    """`referee odds`'s options: the attack, what a hit-check chart is of, and whole fights."""

    kind: str | None = flag("--attack")
    wounds: int | None = flag("--wounds")
    modifiers: tuple[str, ...] = flag("--modifier", ())
    until: str | None = flag("--until")
    table: int | None = flag("--table")
    floats: bool = flag("--float", False)
    stop_at: int | None = flag("--stop-at")
    exact: bool = flag("--exact", False)


@click.command()
@ruleset_argument
@force_options
@rear_options
@variant_option
@situation_options
@hit.strike_options
@fights.fight_options
@json_option
def odds(ruleset: str, as_json: bool, **options: Any) -> None:
    """Exact odds of every outcome of one attack, summed over every possible
    roll with exact weights (no sampling). In DiceLand, --attacker and
    --defender take pips. With --until conquest, whole fights of rounds
    (armies on the territories for classic Risk; the front, and the rear with
    --attacker-rear, for Frontline Risk).

    A game ruled by hit checks (--attack) gets the chart of every attacker
    value against every target value.

    \b
    Example:
      referee odds groundforce --attacker "2 trooper" --defender "trooper, heavy"
      referee odds trueforces --attack melee --wounds 1
      referee odds diceland --attacker 6,2 --defender 3
      referee odds risk --attacker 10 --defender 10 --until conquest
      referee odds risk --attacker 10 --defender 3,5,2 --until conquest
      referee odds risk --table 30
    """
    rules = load_rules(ruleset)
    told = OddsTold(**options)
    if rules.uses("target-number"):
        return hit.odds_chart(rules, told, as_json)
    refuse_unread(
        told.flags("--attack", "--wounds", "--modifier"),
        "{options} belong to hit-check charts; this game's odds take units",
    )
    if rules.uses("pip-compare"):
        return pips.odds(rules, told, as_json)
    return units_odds(rules, told, as_json)


def units_odds(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    """A battle of units: one round, or with --until/--table whole fights."""
    refuse_unread(told.flags("--rule"), not_read_by(rules))
    if fights.asked(told):
        return fights.answer(rules, told, as_json)
    from referee.odds import battle_odds
    from referee.render import odds as render

    outcomes = battle_odds(rules, told.battle(rules))
    emit(
        as_json,
        {"ruleset": rules.name, "outcomes": render.document(outcomes)},
        lambda: render.report(f"{rules.title}: odds of one attack", outcomes),
    )
