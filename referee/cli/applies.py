"""What of the referee's commands and options apply to a game, for the
table's Tab to offer nothing else: a command that needs a part of the file
(`reinforce` its reinforcements) where the file has it, a command a
procedure declares (`hit`) where the game's procedure reads all it tells,
and of an attack's options those the game's procedure reads, as
`refuse_unread` refuses the others; beside them, the options the file
itself names (`reinforce --mines`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

NEEDS = {  # a command -> the part of a ruleset it works on
    "reinforce": "reinforcements",
    "recruit": "recruiting",
    "build": "building",
    "map": "landscape",
    "setup": "deployment",
    "score": "scoring",
    "group": "grouping",
    "play": "play",
}


def command_applies(rules: Ruleset, command: str) -> bool:
    """Whether `command` has anything to do in this game."""
    from referee.ruleset import registry

    if command in NEEDS:  # its own error says so where the part is missing
        return getattr(rules, NEEDS[command]) is not None
    alias = registry.commands().get(command)
    if alias is None:
        return True
    return set(alias.words().values()) <= _read(rules, "battle")


def options_unread(rules: Ruleset, command: str) -> set[str]:
    """The flags of an attack's options (`battle`, `odds`, an alias's) that
    the game's procedure does not read."""
    from referee.cli.told import BattleTold, OddsTold
    from referee.ruleset import registry

    read = _read(rules, command)
    alias = registry.commands().get(command)
    if alias is not None:
        words = alias.words()
        return {f"--{o.typed}" for o in alias.options if words[o.word] not in read}
    told = {"battle": BattleTold, "odds": OddsTold}.get(command)
    if told is None:
        return set()
    return {flag for word, flag in told().flags().items() if word not in read}


def options_named(rules: Ruleset, words: list[str]) -> list[str]:
    """The options the file names for the command `words` start with
    (`--mines` for `reinforce`, `--red` for `play start`)."""
    from referee.cli.show import named_options

    return list(
        dict.fromkeys(
            option.split()[0]
            for command, option, _ in named_options(rules)
            if words[: len(command.split())] == command.split()
        )
    )


def _read(rules: Ruleset, command: str) -> set[str]:
    """The words of an attack the game's procedure reads for `command`."""
    from referee.cli import fights
    from referee.procedures.door import fought_by, procedure_for, typed_by

    procedure = procedure_for(rules)
    read = {*procedure.reads, *typed_by(rules), "seed"}
    if command == "odds":
        if procedure.chart:
            import importlib

            read |= set(importlib.import_module(procedure.chart).CHART_WORDS)
        if fought_by(rules):
            read |= set(fights.WORDS)
    elif fought_by(rules):
        read |= {"until", "stop_at"}
    return read
