"""`referee reinforce`: the points a player has and the purchases that are legal."""

from __future__ import annotations

import click

from referee.cli.helptext import described, helped
from referee.cli.inplay import rules_and_extra
from referee.cli.journaling import journaled, record
from referee.cli.options import (
    bought,
    buy_option,
    counts_from_args,
    emit,
    json_option,
    ruleset_argument,
    whole,
)
from referee.core.errors import RefereeError
from referee.economy.purchase import bought as buying
from referee.economy.purchase import income_sources, offer
from referee.render import purchase as render
from referee.rulings.ruling import say


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@ruleset_argument
@click.option(
    "--free-places",
    type=whole(),
    help=helped("help.reinforce.free-places", "Free places for new units (default: all of them)."),
)
@buy_option(helped("help.reinforce.buy", 'Check a purchase, e.g. "heavy, trooper".'))
@journaled
@json_option
@click.pass_context
@described("help.reinforce")
def reinforce(ctx: click.Context, ruleset: str | None, free_places: int | None, buy: str | None, as_json: bool) -> None:
    """Points for new units and every legal purchase. Count what you hold with
    the ruleset's income options (Ground Force: --mines N).

    \b
    Example:
      referee reinforce groundforce --mines 2 --free-places 2
    """
    rules = rules_and_extra(ctx, ruleset)
    held, words = counts_from_args(ctx.args, income_sources(rules))
    if words:
        raise RefereeError(say("error.args.unexpected", "unexpected argument '{word}'", word=words[0]))
    offered = offer(rules, held, free_places)
    wanted = bought(rules, buy)
    if wanted is not None:
        offered = buying(rules, offered, wanted)
    document = {
        "ruleset": rules.name,
        "points": offered.points,
        "free_places": offered.free_places,
        "spend": offered.spend,
        "lost": offered.lost,
        "kept": offered.kept,
        "purchases": offered.purchases,
        "bought": wanted,
        "explanation": [s.as_dict() for s in offered.steps],
    }
    record(rules, document, "reinforce")
    emit(as_json, document, lambda: render.report(rules, offered, wanted))
