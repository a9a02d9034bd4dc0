"""The dice players type for a staged attack beyond each side's roll: the
follow-up steps' dice, and the damage dice of the hits kept and of critical
hits, each group in turn (the resolver's `TYPED` says which group each fills)."""

from __future__ import annotations

from referee.ruleset.registry import Option
from referee.words.helps import helped

OPTIONS = (
    Option(
        "follow_roll",
        helped(
            "help.battle.follow-roll",
            "Follow-up rolls: each step's dice in turn, apart by '/', one die for each success before it "
            "(to wound, then the save: 5,2/1).",
        ),
        value="dice",
        commands=("battle",),
    ),
    Option(
        "damage_roll",
        helped(
            "help.battle.damage-roll",
            "The damage dice, one roll per hit kept, in turn: the attacker's, then after a '/' the defender's.",
        ),
        value="dice",
        commands=("battle",),
    ),
    Option(
        "critical_roll",
        helped(
            "help.battle.critical-roll", "The extra damage dice of critical hits, in turn, typed as the damage dice."
        ),
        value="dice",
        commands=("battle",),
    ),
)
