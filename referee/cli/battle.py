"""`referee battle`: rule on one attack, on typed or rolled dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import click

from referee.cli import completion, pips
from referee.cli.journaling import journaled, record
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
    seed_option,
    situation_options,
    variant_option,
)
from referee.ruleset.model import Ruleset


@dataclass(frozen=True)
class BattleTold(Told):
    """`referee battle`'s options: the attack, and the dice typed (or the seed to draw them)."""

    attacker_roll: str | None = flag("--attacker-roll")
    defender_roll: str | None = flag("--defender-roll")
    roll: str | None = flag("--roll")
    choose: str | None = flag("--choose")
    seed: int | None = None


@click.command()
@ruleset_argument
@force_options
@rear_options
@click.option(
    "--attacker-roll", shell_complete=completion.faces, help="The faces the attacker rolled, e.g. sword,explosion."
)
@click.option("--defender-roll", shell_complete=completion.faces, help="The faces the defender rolled.")
@variant_option
@click.option("--roll", help="Pip-compare rulesets: the hand dice the attacker rolled, e.g. 5 or 5,1.")
@click.option("--choose", metavar="ROLLED:FIELD", help="Pip-compare rulesets: the pairing picked, e.g. 5:6.")
@situation_options
@seed_option
@journaled
@json_option
def battle(ruleset: str, as_json: bool, **options: Any) -> None:
    """Rule on one attack. Type the faces that were rolled, or leave a roll out
    and the referee rolls it (print the seed to repeat it). In DiceLand,
    --attacker and --defender take pips and --roll the hand dice rolled.

    \b
    Example:
      referee battle groundforce --attacker "2 trooper" --defender "trooper, heavy" \\
          --attacker-roll sword,explosion --defender-roll shield,sword
      referee battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6
      referee battle frontline-risk --attacker "infantry, armour" --attacker-rear 1 \\
          --defender "infantry, damaged armour" --when defender:city \\
          --attacker-roll 6,5,2 --defender-roll 6,3,1
    """
    rules = load_rules(ruleset)
    told = BattleTold(**options)
    if rules.uses("pip-compare"):
        return pips.battle(rules, told, as_json)
    return units_battle(rules, told, as_json)


def units_battle(rules: Ruleset, told: BattleTold, as_json: bool) -> None:
    """A battle of units (symbol hits, ranked pairs): each side's faces typed or drawn."""
    from referee.render import battle as render
    from referee.render import rounds
    from referee.rolling import settle

    refuse_unread(told.flags("--rule", "--roll", "--choose"), not_read_by(rules))
    typed = {
        group: text
        for group, text in (("attacker", told.attacker_roll), ("defender", told.defender_roll))
        if text is not None
    }
    settled = settle(rules, told.battle(rules), typed, told.seed)
    view = rounds if rules.attacks[settled.ruling.outcome["attack"]].procedure == "ranked-pairs" else render
    document = render.document(settled)
    record(rules, document, seed=settled.seed, dice={"rolled": settled.throw, "typed": settled.typed})
    emit(as_json, document, lambda: view.report(rules, settled))
