"""`referee odds`: the exact chance of every outcome of an attack."""

from __future__ import annotations

import click

from referee.cli import fights
from referee.cli.options import (battle_from_words, emit, force_options, json_option, load_rules,
                                 rear_options, ruleset_argument, situation_options)
from referee.odds import battle_odds
from referee.render import odds as render


@click.command()
@ruleset_argument
@force_options
@rear_options
@situation_options
@fights.fight_options
@json_option
def odds(ruleset: str, attacker: str | None, defender: str | None, attacker_rear: str | None,
         defender_rear: str | None, reach: int | None, when: tuple[str, ...], until: str | None,
         table: int | None, floats: bool, as_json: bool) -> None:
    """Exact odds of every outcome of one attack, summed over every possible
    roll with exact weights (no sampling). With --until conquest, whole fights
    of rounds (armies on the territories for classic Risk; the front, and the
    rear with --attacker-rear, for Frontline Risk).

    \b
    Example:
      referee odds groundforce --attacker "2 trooper" --defender "trooper, heavy"
      referee odds risk --attacker 10 --defender 10 --until conquest
      referee odds risk --table 30
    """
    rules = load_rules(ruleset)
    words = dict(attacker=attacker, defender=defender, reach=reach, when=when,
                 rear=(attacker_rear, defender_rear))
    if until or table or floats:
        return fights.answer(rules, words, until, table, floats, as_json)
    fight = battle_from_words(rules, **words)
    outcomes = battle_odds(rules, fight)
    emit(as_json,
         {"ruleset": rules.name, "outcomes": render.document(outcomes)},
         lambda: render.report(f"{rules.title}: odds of one attack", outcomes))
