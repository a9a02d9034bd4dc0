"""`referee battle`: rule on one attack, on typed or rolled dice."""

from __future__ import annotations

import click

from referee.cli import pips
from referee.cli.journaling import journaled, record
from referee.cli.options import (
    battle_from_words,
    emit,
    force_options,
    json_option,
    load_rules,
    rear_options,
    ruleset_argument,
    seed_option,
    situation_options,
)
from referee.render import battle as render
from referee.render import rounds
from referee.rolling import settle


@click.command()
@ruleset_argument
@force_options
@rear_options
@click.option("--attacker-roll", help="The faces the attacker rolled, e.g. sword,explosion.")
@click.option("--defender-roll", help="The faces the defender rolled.")
@pips.options
@click.option("--roll", help="Pip-compare rulesets: the hand dice the attacker rolled, e.g. 5 or 5,1.")
@click.option("--choose", metavar="ROLLED:FIELD", help="Pip-compare rulesets: the pairing picked, e.g. 5:6.")
@situation_options
@seed_option
@journaled
@json_option
def battle(ruleset: str, attacker: str | None, defender: str | None, attacker_rear: str | None,
           defender_rear: str | None, attacker_roll: str | None, defender_roll: str | None,
           variants: tuple[str, ...], roll: str | None, choose: str | None,
           reach: int | None, when: tuple[str, ...], seed: int | None, as_json: bool) -> None:
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
    if pips.handles(rules):
        pips.refuse_options(rules, {"--attacker-roll": attacker_roll, "--defender-roll": defender_roll,
                                    "--range": reach, "--attacker-rear": attacker_rear,
                                    "--defender-rear": defender_rear})
        fight = pips.fight_from_words(rules, attacker, defender, when, variants, choose)
        return pips.battle(rules, fight, roll, seed, as_json)
    pips.refuse_options(rules, {"--rule": variants, "--roll": roll, "--choose": choose})
    fight = battle_from_words(rules, attacker, defender, reach, when, (attacker_rear, defender_rear))
    typed = {group: text for group, text in (("attacker", attacker_roll), ("defender", defender_roll))
             if text is not None}
    settled = settle(rules, fight, typed, seed)
    view = rounds if rules.attacks[settled.ruling.outcome["attack"]].procedure == "ranked-pairs" else render
    document = render.document(settled)
    record(rules, document, seed=settled.seed, dice={"rolled": settled.throw, "typed": settled.typed})
    emit(as_json, document, lambda: view.report(rules, settled))
