"""`referee score` and `referee group`: the winner at the end, and merging two dice."""

from __future__ import annotations

import click

from referee.cli.journaling import journaled, record
from referee.cli.options import emit, extra_options, json_option, load_rules, numbers, ruleset_argument
from referee.deployment import players_of
from referee.render import score as render
from referee.scoring import group as merge
from referee.scoring import score as final


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@ruleset_argument
@click.option("--first", help="Who moved first (the last tie-break).")
@journaled
@json_option
@click.pass_context
def score(ctx: click.Context, ruleset: str, first: str | None, as_json: bool) -> None:
    """Who wins from the dice each player has on the map (DiceLand: --red and
    --blue with each die's pips): most dice, then most pips, then who moved first.

    \b
    Example:
      referee score diceland --red 6,5,1 --blue 4,4,4 --first red
    """
    rules = load_rules(ruleset)
    players = players_of(rules)
    rule = rules.scoring.rule if rules.scoring else None
    dice = {players(name): numbers(value, f"--{name}", rule or "") for name, value in extra_options(ctx.args).items()}
    result = final(rules, dice, players(first) if first else None)
    document = render.score_document(rules.name, dice, result)
    record(rules, document)
    emit(as_json, document, lambda: render.score_report(rules.title, dice, result))


@click.command()
@ruleset_argument
@click.argument("pips", nargs=-1, required=True)
@journaled
@json_option
def group(ruleset: str, pips: tuple[str, ...], as_json: bool) -> None:
    """Merge two own dice into one (grouping): pips add up, to the ruleset's cap.

    \b
    Example:
      referee group diceland 4 5
    """
    rules = load_rules(ruleset)
    rule = rules.grouping.rule if rules.grouping else ""
    values = numbers(",".join(pips), "group", rule)
    merged = merge(rules, values)
    document = {
        "ruleset": rules.name,
        "dice": list(values),
        "value": merged.value,
        "lost": merged.lost,
        "explanation": [{"rule": s.rule, "text": s.text} for s in merged.steps],
    }
    record(rules, document)
    emit(as_json, document, lambda: render.group_report(rules.title, values, merged))
