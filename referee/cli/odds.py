"""`referee odds`: the exact chance of every outcome of an attack, whatever
procedure the game's file selects; whole fights and hit-check charts are
the two odds that are more than one attack."""

from __future__ import annotations

from typing import Any

import click

from referee.cli import fights
from referee.cli.options import (
    OddsTold,
    emit,
    force_options,
    json_option,
    load_rules,
    not_read_by,
    rear_options,
    refuse_unread,
    ruleset_argument,
    situation_options,
    strike_options,
    variant_option,
)
from referee.ruleset.model import Ruleset

CHARTED = "strike"  # the kind of outcome whose odds are a chart of every pair of values


@click.command()
@ruleset_argument
@force_options
@rear_options
@variant_option
@situation_options
@strike_options
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
      referee odds risk --table 30
    """
    from referee.odds import battle_odds
    from referee.procedures.door import procedure_for
    from referee.render import kinds

    rules = load_rules(ruleset)
    told = OddsTold(**options)
    procedure = procedure_for(rules)
    if procedure.report == CHARTED:
        return chart(rules, told, as_json)
    refuse_unread(told.unread({*procedure.reads, "until", "table", "floats"}), not_read_by(rules))
    if told.until or told.table or told.floats:
        return fights.answer(rules, told, as_json)
    situation = procedure.read(rules, told.words())
    document, report = kinds.report(procedure.report).odds(rules, situation, battle_odds(rules, situation))
    emit(as_json, document, report)


def chart(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    """Hit checks: every attacker value against every target value."""
    from referee.hitcheck import chart
    from referee.procedures.target_number.reader import attack, named
    from referee.render import hit as render

    refuse_unread(
        told.unread({"kind", "wounds", "modifiers"}),
        "the chart covers every pair of values: leave out {options} ('referee hit' rules on one attack)",
    )
    params = attack(rules)
    kind, modifiers = named(params, told.kind, told.modifiers)
    wounds = told.wounds or 0
    cells = chart(rules, kind, wounds, modifiers)
    emit(
        as_json,
        render.chart_document(rules, kind, wounds, modifiers, cells),
        lambda: render.chart_report(rules, params, kind, wounds, modifiers, cells),
    )
