"""`referee group`: merging two own dice into one."""

from __future__ import annotations

import click

from referee.board.scoring import group as merge
from referee.cli.helptext import described
from referee.cli.journaling import journaled, record
from referee.cli.options import emit, json_option, load_rules, ruleset_argument
from referee.procedures.told import pips as numbers
from referee.render import score as render


@click.command()
@ruleset_argument
@click.argument("pips", nargs=-1, required=True)
@journaled
@json_option
@described("help.group")
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
        "explanation": [s.as_dict() for s in merged.steps],
    }
    record(rules, document, "group")
    emit(as_json, document, lambda: render.group_report(rules.title, values, merged))
