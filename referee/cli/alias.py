"""The commands a procedure declares as `battle` by the names its players
use (`hit`, with --target for the defending value): each made here from its
declaration, ruled through the same door as `battle`."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import click

from referee.cli.inplay import rules_in_play
from referee.cli.journaling import journaled
from referee.cli.options import json_option, made, ruleset_argument, seed_option
from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError
from referee.ruleset import registry
from referee.ruleset.load import catalogue, load_file
from referee.ruleset.model import Ruleset
from referee.ruleset.registry import Alias
from referee.rulings.ruling import listed, say

AS_TEXT = ("die", "value")  # whole numbers passed on as typed, as `battle` takes them
ROLLED = ("die", "dice")  # what is typed as rolled, which a command that rolls nothing refuses


def _said(value: str, given: object) -> object:
    return str(given) if value in AS_TEXT and given is not None else given


@cache
def command(alias: Alias) -> click.Command:
    """The alias as a command: the ruleset, its declared options, the flag
    that rolls nothing (where it has one), the seed, the journal and --json;
    made once, as a command module's is."""

    def ruled(ruleset: str | None, as_json: bool, seed: int | None, no_roll: bool = False, **given: Any) -> None:
        from referee.cli.battle import rule
        from referee.cli.told import BattleTold

        rolled = [o.word for o in alias.options if o.value in ROLLED]
        if no_roll and (seed is not None or any(given[word] is not None for word in rolled)):
            raise RefereeError(
                say("error.hit.no_roll", "--no-roll rolls nothing: leave out --roll, --wound-roll and --seed")
            )
        named = alias.words()
        words = {named[o.word]: _said(o.value, given[o.word]) for o in alias.options}
        rules = rules_in_play(ruleset)
        refuse_other(rules, alias.name)
        rule(rules, BattleTold.of(**words, seed=seed), as_json, roll=not no_roll)

    made_command = click.command(alias.name, help=alias.help)(
        ruleset_argument(seed_option(journaled(json_option(ruled))))
    )
    unrolled = [click.Option(["--no-roll", "no_roll"], is_flag=True, help=alias.unrolled)] if alias.unrolled else []
    made_command.params[1:1] = [*(made(o) for o in alias.options), *unrolled]  # after RULESET, before --seed
    return made_command


def refuse_other(rules: Ruleset, command: str) -> None:
    """A command declared by a procedure or a stage rules the attacks made by it: a
    ruleset whose words another procedure reads is refused, naming the
    rulesets that have such an attack, rather than ruled as something else."""
    owner = registry.declared_by(command)
    if any(_made_by(attack, owner) for attack in rules.attacks.values()):
        return
    found = [entry.name for entry in catalogue(user_dirs()) if not entry.hidden and _has(entry.path, owner)]
    others = (
        say("error.alias.found", "rulesets with one: {rulesets}", rulesets=listed(found))
        if found
        else say("error.alias.none_found", "no ruleset found has one")
    )
    raise RefereeError(
        say(
            "error.alias.other_procedure",
            "'referee {command}' rules {procedure} attacks, and {title} has none "
            "(rule its attacks with 'referee battle'); {others}",
            command=command,
            procedure=owner,
            title=rules.spoken_title,
            others=others,
        )
    )


def _has(path: Path, procedure: str) -> bool:
    """Whether the ruleset at `path` has an attack of the procedure; a file
    that does not load has none a command could rule."""
    try:
        return any(_made_by(attack, procedure) for attack in load_file(path).attacks.values())
    except RefereeError:
        return False


def _made_by(attack: Any, owner: str) -> bool:
    """Whether an attack is the owner's: made by that procedure, or written
    with that stage (a strike, whether a file writes it or a template does)."""
    return bool(attack.procedure == owner or owner in getattr(attack, "added", {}))


def __getattr__(name: str) -> click.Command:
    """Each alias by its name, as the group imports a command (`referee.cli.alias:hit`)."""
    found = registry.commands().get(name)
    if found is None:
        raise AttributeError(name)
    return command(found)
