"""`referee battle`: rule on one attack, on typed or rolled dice."""

from __future__ import annotations

import click

from referee.cli.journaling import journaled, record
from referee.cli.options import (battle_from_words, emit, force_options, json_option, load_rules,
                                 ruleset_argument, seed_option, situation_options)
from referee.render import battle as render
from referee.rolling import settle


@click.command()
@ruleset_argument
@force_options
@click.option("--attacker-roll", help="The faces the attacker rolled, e.g. sword,explosion.")
@click.option("--defender-roll", help="The faces the defender rolled.")
@situation_options
@seed_option
@journaled
@json_option
def battle(ruleset: str, attacker: str | None, defender: str | None, attacker_roll: str | None,
           defender_roll: str | None, reach: int | None, when: tuple[str, ...], seed: int | None,
           as_json: bool) -> None:
    """Rule on one attack. Type the faces that were rolled, or leave a roll out
    and the referee rolls it (print the seed to repeat it).

    \b
    Example:
      referee battle groundforce --attacker "2 trooper" --defender "trooper, heavy" \\
          --attacker-roll sword,explosion --defender-roll shield,sword
    """
    rules = load_rules(ruleset)
    fight = battle_from_words(rules, attacker, defender, reach, when)
    typed = {group: text for group, text in (("attacker", attacker_roll), ("defender", defender_roll))
             if text is not None}
    settled = settle(rules, fight, typed, seed)
    document = render.document(settled)
    record(rules, document, seed=settled.seed, dice={"rolled": settled.throw, "typed": settled.typed})
    emit(as_json, document, lambda: render.report(rules, settled))
