"""`referee setup`: deal the map, roll both armies, say who places first and,
once the dice are placed, who starts."""

from __future__ import annotations

import click

from referee.cli.journaling import journaled, record
from referee.cli.map import dealt, map_options
from referee.cli.options import emit, extra_options, json_option, load_rules, ruleset_argument, seed_option
from referee.deployment import deployment_of, players_of, roll_armies, who_starts
from referee.errors import RefereeError
from referee.hexmap import landscape_of
from referee.procedures.told import pips as numbers

SUFFIX = "-left"


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@ruleset_argument
@map_options
@seed_option
@journaled
@json_option
@click.pass_context
def setup(
    ctx: click.Context, ruleset: str, tiles: int, shape: str, capitals: bool, seed: int | None, as_json: bool
) -> None:
    """Deal a map (as `referee map` does with the same seed), roll both armies,
    and say who places first and why. After placing, give the dice each
    player has left (DiceLand: --red-left 3,4 --blue-left 6,1) to learn who starts.

    \b
    Example:
      referee setup diceland --tiles 20 --seed 7 --red-left 3,4 --blue-left 6,1
    """
    from referee.render import setup as render

    rules = load_rules(ruleset)
    land = landscape_of(rules)
    setup_rules = deployment_of(rules)
    players = players_of(rules)
    left = {}
    for option, value in extra_options(ctx.args).items():
        if not option.endswith(SUFFIX):
            raise RefereeError(
                f"unknown option --{option}; give each player's dice left with "
                + " ".join(f"--{p}{SUFFIX}" for p in setup_rules.players)
            )
        left[players(option[: -len(SUFFIX)])] = numbers(value, f"--{option}", setup_rules.start_rule)
    landmap = dealt(rules, tiles, shape, capitals, seed)
    armies = roll_armies(rules, landmap.dice_per_player, landmap.seed)
    start = who_starts(rules, armies, left) if left else None
    document = render.document(rules.name, landmap, armies, start)
    record(rules, document, seed=landmap.seed)
    emit(as_json, document, lambda: render.report(land, rules.title, landmap, armies, start))
