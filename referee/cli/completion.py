"""Shell completion from the ruleset named on the command line: units (after
a count too, '2 tr'), die faces, situations after their side, continents and
rewards, by their keys and as the language spoken prints them. Each
completes the last item after any commas typed so far."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable

import click

from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import SIDES, Side, side_word

Completer = Callable[[click.Context, click.Parameter, str], list[str]]
_COUNT = r"^(\d+\s*[x×*]?\s*)?(.*)$"  # compiled (and kept) by `re` when completing, not at every start


def rulesets(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from referee.ruleset.load import catalogue

    return sorted({e.name for e in catalogue(user_dirs()) if e.name.startswith(incomplete)})


def completing_ruleset(ctx: click.Context) -> Ruleset | None:
    """The ruleset named on a command line being completed, else the game in
    play's (quietly: a note about an unused file would land in the shell).
    While an option still awaits its value, click leaves the arguments
    unparsed in ctx.args."""
    from referee.ruleset.load import find, load_file

    named = ctx.params.get("ruleset") or next(iter(ctx.args), "")
    if named and not named.startswith("-") and "said" in ctx.params:  # the short form's first word, or RULESET
        with contextlib.suppress(RefereeError):
            return load_file(find(named, user_dirs())[0])
        named = ""
    try:
        if not named or named.startswith("-"):  # none named: the game in play's
            from click.globals import pop_context, push_context

            from referee.cli.journaling import ruleset_in_play

            push_context(ctx)  # completion runs outside the command: the journal it names is this line's
            try:
                named = ruleset_in_play() or ""
            finally:
                pop_context()
        path, _ = find(named, user_dirs())
        return load_file(path)
    except RefereeError:
        return None


def part(name: str) -> Completer:
    """Completes the names a ruleset's attacks give their attack types, actions or modifiers."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        rules = completing_ruleset(ctx)
        parts = [s for p in rules.attacks.values() for s in (p, *getattr(p, "added", {}).values())] if rules else []
        named = [n for p in parts for n in getattr(p, name, ())]  # an attack's own, or its stages'
        return [n for n in named if n.startswith(incomplete)]

    return complete


def _last_item(incomplete: str, names: Iterable[str]) -> list[str]:
    """'trooper, 2 he' with 'heavy' known → ['trooper, 2 heavy']."""
    head, sep, last = incomplete.rpartition(",")
    word = last.lstrip()
    match = re.match(_COUNT, word, re.DOTALL)
    assert match  # the pattern accepts any text
    kept = head + sep + last[: len(last) - len(word)] + (match.group(1) or "")
    return sorted({kept + name for name in names if name.startswith(match.group(2))})


def _speak_as_typed(ctx: click.Context) -> None:
    """Completion speaks the language the line asks for, as the command will
    (click completes without running the group's options); quietly the one
    before where the line names no language the referee speaks."""
    import os
    import sys

    from referee.cli.helptext import language_typed
    from referee.cli.journaling import ARGV
    from referee.words import language

    with contextlib.suppress(RefereeError):
        language.choose(language_typed(ctx.meta.get(ARGV, [])), os.environ, sys.stdout.encoding)


def names_from(pick: Callable[[Ruleset], Iterable[str]]) -> Completer:
    """A completer offering the names `pick` finds in the ruleset in play,
    as the file writes them and as the language asked for prints them."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        _speak_as_typed(ctx)
        rules = completing_ruleset(ctx)
        return [] if rules is None else _last_item(incomplete, pick(rules))

    return complete


def _faces(rules: Ruleset) -> list[str]:
    named = [(str(face), rules.face_said(name, face)) for name, die in rules.dice.items() for face in die.faces]
    return list(dict.fromkeys(word for pair in named for word in pair))


def _situations(rules: Ruleset) -> list[str]:
    """SIDE:NAME as the file writes them, and as the language spoken prints the side and the situation."""
    sides = {"either": SIDES}
    told = [(Side(side), name) for name, s in rules.situations.items() for side in sides.get(s.side, (s.side,))]
    written = [f"{side}:{name}" for side, name in told]
    return list(dict.fromkeys([*written, *(f"{side_word(side)}:{rules.said(name).spoken}" for side, name in told)]))


def _bonuses(kind: str) -> Callable[[Ruleset], list[str]]:
    """Continents or rewards by key, and as the language spoken prints them."""

    def named(rules: Ruleset) -> list[str]:
        keys = list(getattr(rules.recruiting, kind, {}) or {})
        return list(dict.fromkeys([*keys, *(rules.said(key).spoken for key in keys)]))

    return named


def short_form(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The short form's words (`2 trooper vs trooper : sword …`): units
    before the colon, faces after it, by the words typed so far."""
    said = [*([ctx.params["ruleset"]] if ctx.params.get("ruleset") else []), *(ctx.params.get("said") or ())]
    return (faces if any(":" in word or "：" in word for word in said) else units)(ctx, param, incomplete)


units = names_from(lambda rules: list(dict.fromkeys([*rules.units, *(u.known_as for u in rules.units.values())])))
faces = names_from(_faces)
situations = names_from(_situations)
continents = names_from(_bonuses("continents"))
rewards = names_from(_bonuses("rewards"))
