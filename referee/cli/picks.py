"""A ruling that waits for a pick is settled on its own throw: `battle --entry
N --choose …` reads entry N's attack and dice from the journal, the command
line printed with a waiting ruling types those dice, and the same attack
rolled again just after it cost nobody anything is flagged in the journal."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

import click

from referee.cli.journaling import ARGV, opened
from referee.cli.options import load_rules
from referee.cli.told import BattleTold
from referee.core.errors import RefereeError
from referee.rulings.ruling import listed, say, series

if TYPE_CHECKING:
    from referee.journal.rows import Entry
    from referee.ruleset.model import Ruleset
    from referee.rulings.procedure import Procedure
    from referee.settle.rolling import Settled

NOT_THE_ATTACK = frozenset({"seed", "entry"})


def _without_seed(argv: list[str]) -> list[str]:
    kept: list[str] = []
    skip = False
    for word in argv:
        if skip or word.startswith("--seed="):
            skip = False
            continue
        skip = word == "--seed"
        if not skip:
            kept.append(word)
    return kept


def _flag(word: str) -> str:
    """The option that fills a word of what `battle` is told (`choose` → --choose)."""
    return BattleTold().flags()[word]


def _metavar(word: str) -> str:
    """What stands for the value a word awaits, in a command shown to type:
    the placeholder its procedure declares, in the language spoken where it
    says it (a pairing's, as the steps name its parts)."""
    from referee.ruleset import registry

    option = next((o for o in registry.options("battle") if o.word == word), None)
    if option is not None and option.spoken is not None:
        return option.spoken()
    return (option.metavar if option is not None else None) or word.upper()


def typed_dice(procedure: Procedure, rolled: dict[str, Any]) -> dict[str, str]:
    """The words that type the dice of a throw, by word: what the referee drew, said as players type it."""
    words = {group: word for word, group in procedure.typed.items()}
    return {words[group]: ",".join(map(str, faces)) for group, faces in rolled.items() if group in words}


def _typed_flags(typed: dict[str, str]) -> list[str]:
    return [part for word, text in typed.items() for part in (_flag(word), text)]


def on_this_throw(procedure: Procedure, settled: Settled) -> list[str]:
    """The command line typed, its drawn dice typed instead of its seed: it rules this same throw."""
    argv = _without_seed(list(click.get_current_context().find_root().meta.get(ARGV) or []))
    drawn = {group: faces for group, faces in settled.throw.items() if group not in settled.typed}
    return argv + _typed_flags(typed_dice(procedure, drawn))


def how_to_pick(awaits: str, entry: int | None, line: list[str]) -> str:
    """The commands that give what a waiting ruling awaits, on its own throw."""
    from referee.render.text import typed
    from referee.words.language import _

    flag, metavar = _flag(awaits), _metavar(awaits)
    full = typed(["referee", *line, flag], placeholder=metavar)
    if entry is None:
        return "\n".join([_("To pick on this throw:"), full])
    on_entry = typed(["referee", "battle", "--entry", str(entry), flag], placeholder=metavar)
    return "\n".join([_("To pick on this throw:"), on_entry, _("or, in full:"), full])


def asked(n: int, ruleset: str | None, told: BattleTold) -> tuple[Ruleset, BattleTold, list[str]]:
    """The attack of entry N with its dice typed and the pick given: the
    rules, what was told, and the command line that rules it without the journal."""
    from referee.procedures.door import procedure_for

    with opened(reading=True) as journal:
        entry = journal.entry(n)
        later = [e for e in journal.entries() if e.id > n]
    if entry.damage:
        raise RefereeError(
            say("error.pick.unreadable", "entry {n} cannot be read: {why}", n=n, why=series(entry.damage))
        )
    awaits = entry.awaits if entry.command == "battle" else None
    if entry.kind == "refused":
        raise RefereeError(say("error.pick.refused", "entry {n} is a refusal: it holds no throw to pick on", n=n))
    if awaits is None:
        raise RefereeError(
            say(
                "error.pick.complete",
                "entry {n} waits for no pick: it is a complete '{command}' ruling",
                n=n,
                command=entry.command,
            )
        )
    if ruleset is not None and ruleset != entry.ruleset:
        raise RefereeError(
            say(
                "error.pick.ruleset",
                "entry {n} was ruled with {then}, not {given}: leave the ruleset out",
                n=n,
                then=entry.ruleset,
                given=ruleset,
            )
        )
    picked = next((e.id for e in later if e.picks_on == n), None)
    if picked is not None:
        raise RefereeError(
            say(
                "error.pick.again",
                "entry {picked} picked already on entry {n}'s throw; a throw is picked on once",
                picked=picked,
                n=n,
            )
        )
    flag = _flag(awaits)
    others = {f: v for f, v in told.unread({awaits}).items() if v not in (None, False, ())}
    if others:
        raise RefereeError(
            say(
                "error.pick.only",
                "{options}: entry {n} told the attack and its dice; give only {flag}",
                options=listed(others),
                n=n,
                flag=flag,
            )
        )
    if told.said(awaits) is None:
        raise RefereeError(
            say(
                "error.pick.give",
                "entry {n} waits for {flag} {metavar}: give it",
                n=n,
                flag=flag,
                metavar=_metavar(awaits),
            )
        )
    rules = load_rules(entry.ruleset or "")
    if rules.digest != entry.ruleset_digest:
        raise RefereeError(
            say(
                "error.pick.changed",
                "the ruleset {game} changed since entry {n} was ruled: pick on it with the command "
                "'referee log show' gives, typing the dice it rolled",
                game=rules.name,
                n=n,
            )
        )

    words = [*(f.name for f in fields(BattleTold) if f.name != "declared"), *BattleTold.flags_declared()]
    stored: dict[str, Any] = {word: entry.inputs.get(word) for word in words}
    stored = {k: tuple(v) if isinstance(v, list) else v for k, v in stored.items()}
    seed = entry.dice.seed
    if seed is not None:  # the referee drew them: the same seed draws the same throw, and says so
        said = BattleTold.of(**{**stored, "seed": seed, awaits: told.said(awaits)})
        return rules, said, [*entry.replay, flag, str(told.said(awaits))]
    typed = typed_dice(procedure_for(rules), dict(entry.dice.rolled))
    said = BattleTold.of(**{**stored, **typed, "seed": None, awaits: told.said(awaits)})
    line = _without_seed(list(entry.replay))
    given = {word.partition("=")[0] for word in line}  # dice the players typed are in the line already
    line += _typed_flags({word: text for word, text in typed.items() if _flag(word) not in given})
    line += [flag, str(told.said(awaits))]
    return rules, said, line


def _attack(inputs: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in inputs.items() if k not in NOT_THE_ATTACK and k != "as_json"}


def rolled_before(rules: Ruleset) -> list[int]:
    """The entries that rolled this same attack just before, in the game in
    play, the latest named on stderr (with whether it still waits for its
    pick): a roll again, which the journal flags. A roll that cost someone
    something moved the game on (a Risk round that took armies off), so the
    same attack after it is the next round, and so is one after anything
    else recorded in the game; a refusal changed nothing and does not count."""
    from referee.journal.summaries import cost_nothing

    ctx = click.get_current_context()
    attack = _attack(json.loads(json.dumps(ctx.params)))
    command = " ".join(ctx.command_path.split()[1:])
    with opened(reading=True) as journal:
        game = journal.current_game()
        entries = journal.entries(game=game["name"]) if game else []
    picked = {e.picks_on for e in entries}
    before: list[Entry] = []
    for e in reversed([e for e in entries if e.kind != "refused"]):
        same = e.command == command and e.ruleset == rules.name and e.dice.seed is not None
        if not (same and _attack(e.inputs) == attack and cost_nothing(e.kind, e.ruling)):
            break
        before.insert(0, e)
    if before:
        last = before[-1]
        waiting = last.awaits and last.id not in picked
        click.echo(
            say(
                "pick.rolled_before_waiting",
                "note: entry {n} rolled this same attack just before in game '{game}' and still waits for its pick: "
                "a roll again, not a new round; the journal flags this roll; "
                "pick on entry {n} with: referee battle --entry {n}",
                game=last.game,
                n=last.id,
            )
            if waiting
            else say(
                "pick.rolled_before",
                "note: entry {n} rolled this same attack just before in game '{game}', and it cost nobody anything: "
                "a roll again, not a new round; the journal flags this roll",
                game=last.game,
                n=last.id,
            ),
            err=True,
        )
    return [e.id for e in before]
