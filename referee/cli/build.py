"""`referee build`: what a player's currency builds. The ruleset names what
is paid with (--unflipped-stars N…)."""

from __future__ import annotations

import click

from referee.cli.helptext import described
from referee.cli.inplay import rules_and_extra
from referee.cli.journaling import journaled, record
from referee.cli.options import counts_from_args, emit, json_option, ruleset_argument
from referee.economy.recruiting import build as check_build
from referee.economy.recruiting import building_counts
from referee.render import recruiting as render

_EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}


@click.command(context_settings=_EXTRA)
@ruleset_argument
@journaled
@json_option
@click.pass_context
@described("help.build")
def build(ctx: click.Context, ruleset: str | None, as_json: bool) -> None:
    """Check that what you build is paid for. Say what you may pay with as the
    ruleset names it (Frontline Risk: --unflipped-stars N), then what to build.

    \b
    Example:
      referee build frontline-risk --unflipped-stars 4 city
    """
    rules = rules_and_extra(ctx, ruleset)
    held, words = counts_from_args(ctx.args, building_counts(rules))
    built = check_build(rules, held, words)
    document = {
        "ruleset": rules.name,
        "built": [w.name for w in built.works],
        "cost": built.cost,
        "have": built.have,
        "left": built.have - built.cost,
        "explanation": [s.as_dict() for s in built.steps],
    }
    record(rules, document, "build")
    emit(as_json, document, lambda: render.build_report(rules, built))
