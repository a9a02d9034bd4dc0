"""`referee recruit` and `referee build`: units for a turn, and what a player's
currency builds. The ruleset names what is counted (--stars N, --cities N…)."""

from __future__ import annotations

import click

from referee.cli import completion
from referee.cli.journaling import journaled, record
from referee.cli.options import counts_from_args, emit, json_option, load_rules, ruleset_argument
from referee.errors import RefereeError
from referee.recruiting import build as check_build
from referee.recruiting import recruit as count_recruits
from referee.render import recruiting as render

_EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}


@click.command(context_settings=_EXTRA)
@ruleset_argument
@click.option(
    "--continent",
    "continents",
    multiple=True,
    shell_complete=completion.continents,
    help="A continent held (repeatable).",
)
@click.option(
    "--reward",
    "rewards",
    multiple=True,
    shell_complete=completion.rewards,
    help="A reward held that gives units (repeatable).",
)
@journaled
@json_option
@click.pass_context
def recruit(
    ctx: click.Context, ruleset: str, continents: tuple[str, ...], rewards: tuple[str, ...], as_json: bool
) -> None:
    """Units to recruit this turn and every way to take them. Count what you
    hold with the ruleset's options (Frontline Risk: --stars N --cities N
    --capitals N, and --free-armour N, --armour-sites N for armour).

    \b
    Example:
      referee recruit frontline-risk --stars 7 --cities 2 --capitals 1 \\
          --continent asia --reward two-armies
    """
    rules = load_rules(ruleset)
    held, words = counts_from_args(ctx.args)
    if words:
        raise RefereeError(f"unexpected argument '{words[0]}'")
    result = count_recruits(rules, held, continents, rewards)
    document = {
        "ruleset": rules.name,
        "units": result.units,
        "ways": result.ways,
        "explanation": [{"rule": s.rule, "text": s.text} for s in result.steps],
    }
    record(rules, document)
    emit(as_json, document, lambda: render.recruit_report(rules, result))


@click.command(context_settings=_EXTRA)
@ruleset_argument
@journaled
@json_option
@click.pass_context
def build(ctx: click.Context, ruleset: str, as_json: bool) -> None:
    """Check that what you build is paid for. Say what you may pay with as the
    ruleset names it (Frontline Risk: --unflipped-stars N), then what to build.

    \b
    Example:
      referee build frontline-risk --unflipped-stars 4 city
    """
    rules = load_rules(ruleset)
    held, words = counts_from_args(ctx.args)
    built = check_build(rules, held, words)
    document = {
        "ruleset": rules.name,
        "built": [w.name for w in built.works],
        "cost": built.cost,
        "have": built.have,
        "left": built.have - built.cost,
        "explanation": [{"rule": s.rule, "text": s.text} for s in built.steps],
    }
    record(rules, document)
    emit(as_json, document, lambda: render.build_report(rules, built))
