"""`referee battle`: rule on one attack, on typed or rolled dice."""

from __future__ import annotations

import click

from referee.cli.options import (battle_from_words, emit, force_options, json_option, load_rules,
                                 rear_options, ruleset_argument, seed_option, situation_options)
from referee.render import battle as render
from referee.render import rounds
from referee.rolling import settle


@click.command()
@ruleset_argument
@force_options
@rear_options
@click.option("--attacker-roll", help="The faces the attacker rolled, e.g. sword,explosion.")
@click.option("--defender-roll", help="The faces the defender rolled.")
@situation_options
@seed_option
@json_option
def battle(ruleset: str, attacker: str | None, defender: str | None, attacker_rear: str | None,
           defender_rear: str | None, attacker_roll: str | None, defender_roll: str | None,
           reach: int | None, when: tuple[str, ...], seed: int | None, as_json: bool) -> None:
    """Rule on one attack. Type the faces that were rolled, or leave a roll out
    and the referee rolls it (print the seed to repeat it).

    \b
    Example:
      referee battle groundforce --attacker "2 trooper" --defender "trooper, heavy" \\
          --attacker-roll sword,explosion --defender-roll shield,sword
      referee battle frontline-risk --attacker "infantry, armour" --attacker-rear 1 \\
          --defender "infantry, damaged armour" --when defender:city \\
          --attacker-roll 6,5,2 --defender-roll 6,3,1
    """
    rules = load_rules(ruleset)
    fight = battle_from_words(rules, attacker, defender, reach, when, (attacker_rear, defender_rear))
    typed = {group: text for group, text in (("attacker", attacker_roll), ("defender", defender_roll))
             if text is not None}
    settled = settle(rules, fight, typed, seed)
    view = rounds if rules.attacks[settled.ruling.outcome["attack"]].procedure == "ranked-pairs" else render
    emit(as_json, render.document(settled), lambda: view.report(rules, settled))
