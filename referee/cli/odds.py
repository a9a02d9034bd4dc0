"""`referee odds`: the exact chance of every outcome of an attack, whatever
procedure the game's file selects; whole fights and hit-check charts are
the two odds that are more than one attack."""

from __future__ import annotations

import importlib
from typing import Any

import click

from referee.cli import fights, shortform
from referee.cli.helptext import described
from referee.cli.inplay import rules_and_words, rules_in_play
from referee.cli.options import (
    declare,
    declared_options,
    emit,
    force_options,
    json_option,
    not_read_by,
    rear_options,
    refuse_unread,
    ruleset_argument,
    short_form,
    situation_options,
    variant_option,
)
from referee.cli.told import OddsTold


@declare  # the options the procedures declare, already in place for whoever imports the command
@click.command()
@ruleset_argument
@short_form
@force_options
@rear_options
@variant_option
@situation_options
@declared_options("odds")
@fights.fight_options
@json_option
@described("help.odds")
def odds(ruleset: str | None, said: tuple[str, ...], as_json: bool, **options: Any) -> None:
    """Exact odds of every outcome of one attack, summed over every possible
    roll with exact weights (no sampling), then each number on its own: the
    chance of each value, of at least it, and its expectation. In DiceLand,
    --attacker and --defender take pips. --attacker counts the attacking
    units, never those the rules keep behind on its territory. With --until
    conquest, whole fights of rounds, --defender counts every unit on its
    territory, or, where the ruleset's fight is told by its front, both count
    the front with the rear apart (--attacker-rear). The answer says which,
    under 'Between rounds'.

    A game ruled by hit checks (--attack) gets the chart of every attacker
    value against every target value.

    \b
    Example:
      referee odds groundforce --attacker "2 trooper" \\
          --defender "trooper, heavy"
      referee odds risk 3 vs 2
      referee odds trueforces --attack melee --wounds 1
      referee odds diceland --attacker 6,2 --defender 3
      referee odds risk --attacker 10 --defender 10 \\
          --until conquest
      referee odds risk --attacker 10 --defender 3,5,2 \\
          --until conquest
      referee odds risk --table 30
    """
    from referee.procedures.door import procedure_for, report_of
    from referee.render import kinds

    if said:
        rules, words = rules_and_words(ruleset, list(said))
        options = shortform.told(words, options, {})
    else:
        rules = rules_in_play(ruleset)
    told = OddsTold.of(**options)
    procedure = procedure_for(rules)
    if procedure.chart:
        view = kinds.report(procedure.report)
        refuse_unread(
            told.unread(importlib.import_module(procedure.chart).CHART_WORDS),
            "the chart covers every pair of values: leave out {options} ('referee hit' rules on one attack)",
        )
        return emit(as_json, *view.chart(rules, told.words()))
    refuse_unread(told.unread({*procedure.reads, *fights.WORDS}), not_read_by(rules))
    if fights.asked(told):  # whole fights: neither one attack's odds nor its report are imported
        return fights.answer(rules, told, as_json)
    from referee.settle.odds import battle_odds

    situation = procedure.read(rules, told.words())
    view = kinds.report(report_of(rules, situation))
    document, report = view.odds(rules, situation, battle_odds(rules, situation))
    emit(as_json, document, report)
