"""The words of a target-number attack: its type, the attacker's and the
target's values, the action before it, the target's wounds so far and the
named modifiers, each through the words the file gives them."""

from __future__ import annotations

from typing import Any

from referee.errors import RefereeError, setting
from referee.inputs import whole_number
from referee.names import Lexicon
from referee.outcomes.strike import AGREED, Strike
from referee.procedures.base import Words, cite
from referee.procedures.target_number.grammar import TargetNumber
from referee.ruleset.model import Ruleset

READS = frozenset({"kind", "attacker", "defender", "action", "wounds", "modifiers", *AGREED})
TYPED = {"roll": "hit", "wound_roll": "wound"}


def attack(rules: Ruleset) -> TargetNumber:
    return next(p for p in rules.attacks.values() if isinstance(p, TargetNumber))


def _lexicon(kind: str, table: Any) -> Lexicon[str]:
    return Lexicon(kind, {name: [item.label, *item.aliases] for name, item in table.items()})


def named(params: TargetNumber, kind: str | None, modifiers: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The attack type and modifiers by their names in the file, each modifier once."""
    if not kind:
        raise RefereeError(f"say which attack it is: {', '.join(params.types)}")
    if modifiers and not params.modifiers:
        raise RefereeError(
            f"unknown modifier '{modifiers[0]}': this ruleset names no modifiers; say a change on the spot "
            f"({setting('attacker-bonus')}, {setting('target-bonus')}, "
            f"{setting('to-hit-plus')} or {setting('wound-roll-plus')} N), "
            "or declare named ones under the attack's 'modifiers:' in a copy of the ruleset "
            f"(referee new NAME {setting('from')} RULESET; docs/rulesets.md, "
            "target-number)",
            rule=cite(params, "modifiers"),
        )
    modifier = _lexicon("modifier", params.modifiers)
    return _lexicon("attack type", params.types)(kind), tuple(dict.fromkeys(modifier(m) for m in modifiers))


def _value(params: TargetNumber, side: str, given: object) -> int:
    if given is None:
        raise RefereeError(f"say the {side}'s {params.value.label}")
    return whole_number(str(given), f"the {side}'s {params.value.label}")


def read(rules: Ruleset, words: Words) -> Strike:
    params = attack(rules)
    kind, modifiers = named(params, words.get("kind"), words.get("modifiers") or ())
    action = words.get("action")
    return Strike(
        kind=kind,
        attacker=_value(params, "attacker", words.get("attacker")),
        target=_value(params, "target", words.get("defender")),
        action=_lexicon("action", params.actions)(action) if action else None,
        wounds=words.get("wounds") or 0,
        modifiers=modifiers,
        **{word: words.get(word) or 0 for word in AGREED},
    )
