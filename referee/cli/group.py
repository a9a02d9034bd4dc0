"""`referee group`: merging two own dice into one."""

from __future__ import annotations

import click

from referee.board.scoring import group as merge
from referee.cli.helptext import described
from referee.cli.inplay import rules_and_words
from referee.cli.journaling import journaled, record
from referee.cli.options import emit, json_option, ruleset_argument
from referee.procedures.told import pips as numbers
from referee.render import score as render


@click.command()
@ruleset_argument
@click.argument("pips", nargs=-1, metavar="PIPS...")
@journaled
@json_option
@click.pass_context
@described("help.group")
def group(ctx: click.Context, ruleset: str | None, pips: tuple[str, ...], as_json: bool) -> None:
    """Merge two own dice into one (grouping): pips add up, to the ruleset's cap.

    \b
    Example:
      referee group diceland 4 5
    """
    rules, words = rules_and_words(ruleset, list(pips))
    if not words:  # PIPS is required, but RULESET before it may have taken the one word given
        raise click.MissingParameter(ctx=ctx, param=next(p for p in ctx.command.params if p.name == "pips"))
    ctx.params["pips"] = pips = tuple(words)
    rule = rules.grouping.rule if rules.grouping else ""
    values = numbers(",".join(pips), "group", rule)
    merged = merge(rules, values)
    document = {
        "ruleset": rules.name,
        "dice": list(values),
        "value": merged.value,
        "lost": merged.lost,
        "explanation": [s.as_dict() for s in merged.steps],
    }
    record(rules, document, "group")
    emit(as_json, document, lambda: render.group_report(rules.spoken_title, values, merged))
