"""Options and arguments several commands share, and turning words into a battle."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from referee.errors import RefereeError
from referee.mechanics.base import SIDES, Battle
from referee.names import situations_of, units_of
from referee.ruleset.model import Ruleset

F = Callable[..., Any]


def _complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from referee.ruleset.load import shipped

    return [name for name in shipped() if name.startswith(incomplete)]


def _complete_units(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Completes the last unit name after any commas typed so far."""
    from referee.ruleset.load import load

    try:
        rules = load(ctx.params.get("ruleset") or "")
    except RefereeError:
        return []
    head, _, last = incomplete.rpartition(",")
    prefix = f"{head}," if head else ""
    words = last.lstrip()
    return [prefix + (last[: len(last) - len(words)]) + n for n in rules.units if n.startswith(words)]


def ruleset_argument(f: F) -> F:
    return click.argument("ruleset", shell_complete=_complete_ruleset)(f)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")(f)


def seed_option(f: F) -> F:
    return click.option("--seed", type=click.IntRange(min=0),
                        help="Seed for the referee's rolls; the same seed gives the same dice anywhere.")(f)


def force_options(f: F) -> F:
    for side in reversed(SIDES):
        f = click.option(f"--{side}", shell_complete=_complete_units,
                         help=f"The {side}'s units, e.g. \"2 trooper, heavy\".")(f)
    return f


def situation_options(f: F) -> F:
    f = click.option("--when", "when", multiple=True, metavar="SIDE:NAME",
                     help="A named situation of the ruleset, e.g. defender:stealth (repeatable).")(f)
    return click.option("--range", "reach", type=click.IntRange(min=0),
                        help="Distance to the target, for attacks that reach further.")(f)


def load_rules(name: str) -> Ruleset:
    """The named ruleset, or during `referee replay` the file it substitutes."""
    from referee.cli.journaling import ruleset_override
    from referee.ruleset.load import load, load_file

    override = ruleset_override()
    return load_file(override) if override else load(name)


def battle_from_words(rules: Ruleset, attacker: str | None, defender: str | None,
                      reach: int | None, when: tuple[str, ...]) -> Battle:
    for side, given in zip(SIDES, (attacker, defender)):
        if not given:
            raise RefereeError(f"say which units fight with --{side}, e.g. --{side} \"2 trooper\"")
    assert attacker and defender
    lexicon = units_of(rules)
    situations = situations_of(rules)
    named = []
    for item in when:
        side, sep, name = item.partition(":")
        if not sep or side.strip().lower() not in SIDES:
            raise RefereeError(f"--when takes SIDE:NAME with SIDE attacker or defender, not '{item}'")
        named.append((side.strip().lower(), situations(name)))
    return Battle(
        attacker=tuple(lexicon.counted(attacker)),
        defender=tuple(lexicon.counted(defender)),
        range=reach,
        when=tuple(named),
    )


def emit(as_json: bool, document: Any, text: Callable[[], str]) -> None:
    """Data goes to stdout: a JSON document, or the human report. A journaled
    ruling also says which journal entry holds it."""
    from referee.cli.journaling import printed_entry

    journaled, entry = printed_entry()
    if as_json:
        from referee.render.json import dumps

        click.echo(dumps({**document, "journal_entry": entry} if journaled else document))
    else:
        click.echo(text())
        if entry is not None:
            click.echo(f"\nJournal entry {entry}; 'referee log show {entry}' shows it again.")
