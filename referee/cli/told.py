"""The attacks as `battle` (and the commands that are `battle` by other
names) and `odds` are told: each command's own options by word, with the
flag that fills each, and the words the procedures declare for it
(`referee.ruleset.registry.options`); loaded only by the commands that rule."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from referee.cli.options import Told, flag
from referee.core.records import record

if TYPE_CHECKING:
    from referee.ruleset.registry import Option


@record
class BattleTold(Told):
    """`referee battle`'s own options (and an alias's, by its friendly names):
    the dice typed (or the seed to draw them) and whole fights."""

    attacker_roll: str | None = flag("--attacker-roll")
    defender_roll: str | None = flag("--defender-roll")
    roll: str | None = flag("--roll")
    until: str | None = flag("--until")
    stop_at: int | None = flag("--stop-at")
    seed: int | None = None

    @classmethod
    def flags_declared(cls) -> dict[str, Option]:
        """Every word the procedures declare for `battle` or for their aliases
        (--damage-roll for `hit`), by the word `battle` calls it: an entry of
        either is read again by one record."""
        from referee.ruleset import registry

        found = {o.word: o for o in registry.options("battle")}
        for alias in registry.commands().values():
            words = alias.words()
            found |= {words[o.word]: o for o in alias.options if words[o.word] not in found}
        own = {f.name for f in fields(cls)}  # an alias's words `battle` has options of its own for (--roll)
        return {word: o for word, o in found.items() if word not in own}


@record
class OddsTold(Told):
    """`referee odds`'s own options: whole fights and their charts."""

    until: str | None = flag("--until")
    table: int | None = flag("--table")
    floats: bool = flag("--float", False)
    stop_at: int | None = flag("--stop-at")
    exact: bool = flag("--exact", False)

    @classmethod
    def flags_declared(cls) -> dict[str, Option]:
        from referee.ruleset import registry

        return {o.word: o for o in registry.options("odds")}
