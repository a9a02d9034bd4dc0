"""`referee setup`: deal the map, roll both armies, say who places first and,
once the dice are placed, who starts."""

from __future__ import annotations

import click

from referee.board.deployment import deployment_of, players_of, roll_armies, typed_armies, who_starts
from referee.board.hexmap import landscape_of
from referee.cli.helptext import SeveralLinesCommand, described
from referee.cli.inplay import rules_and_extra
from referee.cli.journaling import journaled, record
from referee.cli.map import dealt, map_options, svg_option, write_svg
from referee.cli.options import (
    emit,
    extra_options,
    json_option,
    ruleset_argument,
    seed_option,
)
from referee.cli.players import player_options
from referee.core.errors import RefereeError
from referee.procedures.told import pips as numbers
from referee.rulings.ruling import say

SUFFIX = "-left"


@click.command(cls=SeveralLinesCommand, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@ruleset_argument
@map_options
@player_options(board=False)
@svg_option
@seed_option
@journaled
@json_option
@click.pass_context
@described("help.setup")
def setup(
    ctx: click.Context,
    ruleset: str | None,
    tiles: int,
    shape: str,
    capitals: bool,
    svg_path: str | None,
    hex_size: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Deal a map (as `referee map` does with the same seed), roll both armies,
    and say who places first and why. Players who rolled their own dice type
    them (DiceLand: --red 6,5,4,3,2,1,1 --blue 6,6,5,4,2,2,1). After placing,
    give the dice each player has left (--red-left 3,4 --blue-left 6,1) to
    learn who starts.

    \b
    Example:
      referee setup diceland --tiles 20 --seed 7 \\
          --red-left 3,4 --blue-left 6,1
      referee setup diceland --tiles 10 --red 6,6,5,4,3,2,1 \\
          --blue 6,5,5,5,4,1,1 --svg map.svg
    """
    from referee.render import setup as render

    rules = rules_and_extra(ctx, ruleset)
    land = landscape_of(rules)
    setup_rules = deployment_of(rules)
    players = players_of(rules)
    left, rolled = {}, {}
    for option, value in extra_options(ctx.args).items():
        if option.endswith(SUFFIX):
            left[players(option[: -len(SUFFIX)])] = numbers(value, f"--{option}", setup_rules.start_rule)
        elif option.lower() in players:
            rolled[players(option)] = numbers(value, f"--{option}", setup_rules.roll_rule)
        else:
            raise RefereeError(
                say(
                    "error.setup.option",
                    "unknown option --{option}; type each player's army with {armies}, "
                    "and the dice left after placing with {left}",
                    option=option,
                    armies=" ".join(f"--{p}" for p in setup_rules.players),
                    left=" ".join(f"--{p}{SUFFIX}" for p in setup_rules.players),
                )
            )

    landmap = dealt(rules, tiles, shape, capitals, seed)
    if rolled:
        armies = typed_armies(rules, landmap.dice_per_player, rolled)
    else:
        armies = roll_armies(rules, landmap.dice_per_player, landmap.seed)
    start = who_starts(rules, armies, left) if left else None
    document = render.document(rules.name, landmap, armies, start)
    written = write_svg(rules, landmap, svg_path, hex_size, document)
    record(rules, document, "setup", seed=landmap.seed)
    emit(as_json, document, lambda: render.report(rules, land, landmap, armies, start) + written)
