"""`referee score`: the winner at the end of a game."""

from __future__ import annotations

import click

from referee.board.deployment import players_of
from referee.board.scoring import score as final
from referee.cli.helptext import described, helped
from referee.cli.inplay import rules_and_extra
from referee.cli.journaling import journaled, record
from referee.cli.options import emit, extra_options, json_option, ruleset_argument
from referee.procedures.told import pips as numbers
from referee.render import score as render


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@ruleset_argument
@click.option("--first", help=helped("help.score.first", "Who moved first (the last tie-break)."))
@journaled
@json_option
@click.pass_context
@described("help.score")
def score(ctx: click.Context, ruleset: str | None, first: str | None, as_json: bool) -> None:
    """Who wins from the dice each player has on the map (DiceLand: --red and
    --blue with each die's pips): most dice, then most pips, then who moved first.

    \b
    Example:
      referee score diceland --red 6,5,1 --blue 4,4,4 \\
          --first red
    """
    rules = rules_and_extra(ctx, ruleset)
    players = players_of(rules)
    rule = rules.scoring.rule if rules.scoring else None
    dice = {players(name): numbers(value, f"--{name}", rule or "") for name, value in extra_options(ctx.args).items()}
    result = final(rules, dice, players(first) if first else None)
    document = render.score_document(rules.name, dice, result)
    record(rules, document, "score")
    emit(as_json, document, lambda: render.score_report(rules, dice, result))
