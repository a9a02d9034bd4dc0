"""Options and arguments several commands share, and turning words into a battle."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from referee.errors import RefereeError
from referee.mechanics.base import SIDES, Battle
from referee.names import situations_of, states_of, units_of
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


def rear_options(f: F) -> F:
    for side in reversed(SIDES):
        f = click.option(f"--{side}-rear", metavar="UNITS",
                         help=f"The {side}'s units in the rear, e.g. 1 or \"infantry, damaged armour\" "
                              "(a bare number counts the first unit of the ruleset).")(f)
    return f


def _force(rules: Ruleset, text: str, group: str, default: str) -> tuple[list[tuple[str, int]], list]:
    """Units (a bare number counts `default`) and the states typed before them."""
    if text.strip().isdigit():
        return [(default, int(text))] if int(text) else [], []
    found = units_of(rules).counted_in_states(text, states_of(rules))
    counts: dict[str, int] = {}
    for unit, _, count in found:
        counts[unit] = counts.get(unit, 0) + count
    return list(counts.items()), [(group, unit, state, count) for unit, state, count in found if state]


def counts_from_args(extra: list[str]) -> tuple[dict[str, int], list[str]]:
    """`--mines 2` and `--mines=2` (the ruleset names what is counted, not the
    code), and the other words in order."""
    held: dict[str, int] = {}
    words = []
    args = list(extra)
    while args:
        word = args.pop(0)
        if not word.startswith("--"):
            words.append(word)
            continue
        name, _, value = word[2:].partition("=")
        if not value:
            if not args:
                raise RefereeError(f"--{name} needs a number")
            value = args.pop(0)
        try:
            held[name] = int(value)
        except ValueError:
            raise RefereeError(f"--{name} needs a whole number, not '{value}'") from None
    return held, words


def load_rules(name: str) -> Ruleset:
    from referee.ruleset.load import load

    return load(name)


def battle_from_words(rules: Ruleset, attacker: str | None, defender: str | None,
                      reach: int | None, when: tuple[str, ...],
                      rear: tuple[str | None, str | None] = (None, None)) -> Battle:
    for side, given in zip(SIDES, (attacker, defender)):
        if not given:
            raise RefereeError(f"say which units fight with --{side}, e.g. --{side} \"2 trooper\"")
    assert attacker and defender
    situations = situations_of(rules)
    named = []
    for item in when:
        side, sep, name = item.partition(":")
        if not sep or side.strip().lower() not in SIDES:
            raise RefereeError(f"--when takes SIDE:NAME with SIDE attacker or defender, not '{item}'")
        named.append((side.strip().lower(), situations(name)))
    groups, states = {}, []
    default = next(iter(rules.units))
    for group, text in zip((*SIDES, *(f"{side}_rear" for side in SIDES)), (attacker, defender, *rear)):
        units, typed_states = _force(rules, text or "0", group, default)
        groups[group] = tuple(units)
        states += typed_states
    return Battle(range=reach, when=tuple(dict.fromkeys(named)), states=tuple(states), **groups)


def emit(as_json: bool, document: Any, text: Callable[[], str]) -> None:
    """Data goes to stdout: a JSON document, or the human report."""
    if as_json:
        from referee.render.json import dumps

        click.echo(dumps(document))
    else:
        click.echo(text())
