"""The words players type for a target-number attack: which attack, the
target's wounds, named modifiers, changes agreed at the table, the action
before it and the dice typed after the hit die; and `hit`, `battle` by the
names its players use (--target for the defending value)."""

from __future__ import annotations

from referee.ruleset.registry import Option, alias
from referee.words.helps import described, helped

WOUND_ROLL = Option(
    "wound_roll",
    helped("help.battle.wound-roll", "Hit checks: the die rolled to wound, after a hit."),
    value="dice",
    commands=("battle",),
)
STRIKE = (  # what a hit check (or its chart) is about
    Option(
        "kind",
        helped("help.attack", "The attack type, e.g. melee, ranged, astral."),
        flag="attack",
        complete="types",
    ),
    Option(
        "attacker_bonus",
        helped("help.attacker-bonus", "Agreed at the table: N added to the attacker's value before the hit table."),
        value="number",
        metavar="N",
    ),
    Option(
        "target_bonus",
        helped("help.target-bonus", "Agreed at the table: N added to the target's value before the hit table."),
        value="number",
        metavar="N",
    ),
    Option(
        "to_hit",
        helped(
            "help.to-hit-plus",
            "Agreed at the table: N added to the number needed to hit (1 turns 5+ into 6+, -1 into 4+).",
        ),
        flag="to-hit-plus",
        value="number",
        metavar="N",
    ),
    Option(
        "to_wound",
        helped("help.wound-roll-plus", "Agreed at the table: N added to the wound roll."),
        flag="wound-roll-plus",
        value="number",
        metavar="N",
    ),
    Option("wounds", helped("help.wounds", "Wounds the target already has (default 0)."), value="count"),
    Option(
        "modifiers",
        helped("help.modifier", "A modifier the ruleset names (repeatable)."),
        flag="modifier",
        value="texts",
        complete="modifiers",
    ),
)
ACTION = Option(
    "action",
    helped("help.action", "The attacker's action this activation, e.g. hold, walk, run."),
    complete="actions",
    commands=("battle",),
)
OPTIONS = (WOUND_ROLL, *STRIKE, ACTION)


@alias(
    "hit",
    (
        Option(
            "attacker", helped("help.hit.attacker", "The attacker's value (quality)."), value="value", required=True
        ),
        Option("target", helped("help.hit.target", "The target's value (quality)."), value="value", required=True),
        *STRIKE,
        ACTION,
        Option("roll", helped("help.hit.roll", "The die rolled to hit."), value="die"),
        Option("wound_roll", helped("help.hit.wound-roll", "The die rolled to wound, after a hit."), value="die"),
        Option(
            "damage_roll",
            helped("help.hit.damage-roll", "The damage dice rolled after a hit, e.g. 5 or 3,6."),
            value="dice",
        ),
        Option(
            "critical_roll",
            helped("help.hit.critical-roll", "The extra damage dice a critical hit rolls, e.g. 4."),
            value="dice",
        ),
    ),
    renamed=(("target", "defender"),),
    unrolled=helped("help.hit.no-roll", "Only the number needed and the chances; roll nothing."),
)
@described("help.hit")
def hit() -> None:
    """What an attacker needs to hit, the exact chances of a hit, of putting
    the target out of action and of a wound; then the ruling on the dice.
    Type the dice (--roll, --wound-roll), or leave them out and the referee
    rolls them (the seed it prints repeats the roll).

    \b
    Example:
      referee hit trueforces --attacker 4 --target 5 \\
          --attack ranged --roll 5 --wound-roll 3
    """


COMMANDS = (hit,)
