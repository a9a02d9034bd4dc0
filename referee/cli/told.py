"""The attacks as `battle` (and `hit`) and `odds` are told: each command's
options by word, with the flag that fills each; loaded only by the commands
that rule."""

from __future__ import annotations

from referee.cli.options import Told, flag
from referee.core.records import record


@record
class StrikeTold(Told):
    """What both `battle` and `odds` may say of a hit check: which attack, the
    wounds already taken, named modifiers and changes agreed at the table."""

    kind: str | None = flag("--attack")
    wounds: int | None = flag("--wounds")
    modifiers: tuple[str, ...] = flag("--modifier", ())
    attacker_bonus: int | None = flag("--attacker-bonus")
    target_bonus: int | None = flag("--target-bonus")
    to_hit: int | None = flag("--to-hit-plus")
    to_wound: int | None = flag("--wound-roll-plus")


@record
class BattleTold(StrikeTold):
    """`referee battle`'s options (and `hit`'s, by their friendly names): the
    attack, and the dice typed (or the seed to draw them)."""

    attacker_roll: str | None = flag("--attacker-roll")
    defender_roll: str | None = flag("--defender-roll")
    roll: str | None = flag("--roll")
    wound_roll: str | None = flag("--wound-roll")
    damage_roll: str | None = flag("--damage-roll")
    critical_roll: str | None = flag("--critical-roll")
    follow_roll: str | None = flag("--follow-roll")
    choose: str | None = flag("--choose")
    action: str | None = flag("--action")
    until: str | None = flag("--until")
    stop_at: int | None = flag("--stop-at")
    seed: int | None = None


@record
class OddsTold(StrikeTold):
    """`referee odds`'s options: the attack, what a hit-check chart is of, and whole fights."""

    until: str | None = flag("--until")
    table: int | None = flag("--table")
    floats: bool = flag("--float", False)
    stop_at: int | None = flag("--stop-at")
    exact: bool = flag("--exact", False)
