"""`referee battle`: rule on one attack, on typed or rolled dice, whatever
procedure the game's file selects: its reader turns the words into the
situation, one settle rules, and the report of its kind of outcome prints."""

from __future__ import annotations

from typing import Any

import click

from referee.cli import completion
from referee.cli.journaling import journaled, record
from referee.cli.options import (
    action_option,
    emit,
    force_options,
    json_option,
    load_rules,
    not_read_by,
    rear_options,
    refuse_unread,
    ruleset_argument,
    seed_option,
    situation_options,
    strike_options,
    variant_option,
)
from referee.cli.told import BattleTold
from referee.ruleset.model import Ruleset


@click.command()
@ruleset_argument
@force_options
@rear_options
@click.option(
    "--attacker-roll", shell_complete=completion.faces, help="The faces the attacker rolled, e.g. sword,explosion."
)
@click.option("--defender-roll", shell_complete=completion.faces, help="The faces the defender rolled.")
@variant_option
@click.option("--roll", help="The one roll a game types alone: DiceLand's hand dice (5 or 5,1), a hit check's hit die.")
@click.option("--wound-roll", help="Hit checks: the die rolled to wound, after a hit.")
@click.option("--choose", metavar="ROLLED:FIELD", help="Pip-compare rulesets: the pairing picked, e.g. 5:6.")
@strike_options
@action_option
@situation_options
@seed_option
@journaled
@json_option
def battle(ruleset: str, as_json: bool, **options: Any) -> None:
    """Rule on one attack. Type the faces that were rolled, or leave a roll out
    and the referee rolls it (print the seed to repeat it). In DiceLand,
    --attacker and --defender take pips and --roll the hand dice rolled; in a
    game of hit checks, values (see also `referee hit`).

    \b
    Example:
      referee battle groundforce --attacker "2 trooper" --defender "trooper, heavy" \\
          --attacker-roll sword,explosion --defender-roll shield,sword
      referee battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6
      referee battle frontline-risk --attacker "infantry, armour" --attacker-rear 1 \\
          --defender "infantry, damaged armour" --when defender:city \\
          --attacker-roll 6,5,2 --defender-roll 6,3,1
    """
    rule(load_rules(ruleset), BattleTold(**options), as_json)


def rule(rules: Ruleset, told: BattleTold, as_json: bool, roll: bool = True) -> None:
    """The one door of every ruling command: words → situation → settle → report
    of its kind; `roll=False` reports the situation before any dice."""
    from referee.journal.rerule import stored
    from referee.procedures.door import procedure_for
    from referee.render import kinds
    from referee.rolling import settle

    procedure = procedure_for(rules)
    refuse_unread(told.unread({*procedure.reads, *procedure.typed, "seed"}), not_read_by(rules))
    words = told.words()
    situation = procedure.read(rules, words)
    typed = {group: str(words[word]) for word, group in procedure.typed.items() if words[word] is not None}
    settled = settle(rules, situation, typed, told.seed) if roll else None
    document, report = kinds.report(procedure.report).ruled(rules, situation, settled)
    record(
        rules,
        document,
        seed=settled.seed if settled else None,
        dice={"rolled": settled.throw, "typed": settled.typed} if settled else None,
        situation=stored(procedure.name, situation, settled.ruling) if settled else None,
    )
    emit(as_json, document, report)
