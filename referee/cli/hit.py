"""`referee hit`: `referee battle` for a game of hit checks, by the names its
players use (--target for the defending value): the number needed, the exact
chances, and the ruling of one attack, through the same door."""

from __future__ import annotations

import click

from referee.cli.battle import rule
from referee.cli.helptext import described, helped
from referee.cli.inplay import rules_in_play
from referee.cli.journaling import journaled
from referee.cli.options import (
    ROLLED,
    action_option,
    json_option,
    ruleset_argument,
    seed_option,
    strike_options,
    whole,
)
from referee.cli.told import BattleTold
from referee.core.errors import RefereeError
from referee.rulings.ruling import say


@click.command()
@ruleset_argument
@click.option(
    "--attacker", type=whole(), required=True, help=helped("help.hit.attacker", "The attacker's value (quality).")
)
@click.option("--target", type=whole(), required=True, help=helped("help.hit.target", "The target's value (quality)."))
@strike_options
@action_option
@click.option("--roll", type=whole(), help=helped("help.hit.roll", "The die rolled to hit."))
@click.option("--wound-roll", type=whole(), help=helped("help.hit.wound-roll", "The die rolled to wound, after a hit."))
@click.option(
    "--damage-roll",
    type=ROLLED,
    help=helped("help.hit.damage-roll", "The damage dice rolled after a hit, e.g. 5 or 3,6."),
)
@click.option(
    "--critical-roll",
    type=ROLLED,
    help=helped("help.hit.critical-roll", "The extra damage dice a critical hit rolls, e.g. 4."),
)
@click.option(
    "--no-roll", is_flag=True, help=helped("help.hit.no-roll", "Only the number needed and the chances; roll nothing.")
)
@seed_option
@journaled
@json_option
@described("help.hit")
def hit(
    ruleset: str | None,
    attacker: int,
    target: int,
    kind: str | None,
    wounds: int | None,
    modifiers: tuple[str, ...],
    action: str | None,
    roll: int | None,
    wound_roll: int | None,
    damage_roll: str | None,
    critical_roll: str | None,
    no_roll: bool,
    seed: int | None,
    as_json: bool,
    attacker_bonus: int | None,
    target_bonus: int | None,
    to_hit: int | None,
    to_wound: int | None,
) -> None:
    """What an attacker needs to hit, the exact chances of a hit, of putting
    the target out of action and of a wound; then the ruling on the dice.
    Type the dice (--roll, --wound-roll), or leave them out and the referee
    rolls them (the seed it prints repeats the roll).

    \b
    Example:
      referee hit trueforces --attacker 4 --target 5 \\
          --attack ranged --roll 5 --wound-roll 3
    """
    if no_roll and any(given is not None for given in (roll, wound_roll, damage_roll, critical_roll, seed)):
        raise RefereeError(
            say("error.hit.no_roll", "--no-roll rolls nothing: leave out --roll, --wound-roll and --seed")
        )

    told = BattleTold(
        attacker=str(attacker),
        defender=str(target),
        kind=kind,
        wounds=wounds,
        modifiers=modifiers,
        action=action,
        roll=None if roll is None else str(roll),
        wound_roll=None if wound_roll is None else str(wound_roll),
        damage_roll=damage_roll,
        critical_roll=critical_roll,
        seed=seed,
        attacker_bonus=attacker_bonus,
        target_bonus=target_bonus,
        to_hit=to_hit,
        to_wound=to_wound,
    )
    rule(rules_in_play(ruleset), told, as_json, roll=not no_roll)
