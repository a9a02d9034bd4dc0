"""The words of a target-number attack: its type, the attacker's and the
target's values, the action before it, the target's wounds so far and the
named modifiers, each through the words the file gives them."""

from __future__ import annotations

from typing import Any

from referee.core.errors import RefereeError, setting
from referee.outcomes.strike import AGREED, Strike
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Words
from referee.rulings.procedure import cite
from referee.rulings.ruling import listed, say
from referee.stages.strike import HitCheck
from referee.stages.strike.resolver import whose
from referee.words.inputs import whole_number
from referee.words.language import pgettext
from referee.words.names import Lexicon, lexicon

READS = frozenset({"kind", "attacker", "defender", "action", "wounds", "modifiers", *AGREED})
TYPED = {"roll": "hit", "wound_roll": "wound", "damage_roll": "damage", "critical_roll": "critical"}


def attack(rules: Ruleset) -> HitCheck:
    """The file's hit check, as its stages say it."""
    return HitCheck(next(p for p in rules.attacks.values() if "strike" in getattr(p, "added", ())))


def _lexicon(rules: Ruleset, kind: str, table: Any) -> Lexicon[str]:
    return lexicon(rules, kind, {name: [item.label, *item.aliases] for name, item in table.items()})


def named(
    rules: Ruleset, params: HitCheck, kind: str | None, modifiers: tuple[str, ...]
) -> tuple[str, tuple[str, ...]]:
    """The attack type and modifiers by their names in the file, each modifier once."""
    if not kind:
        raise RefereeError(say("attack.say_which", "say which attack it is: {attacks}", attacks=listed(params.types)))
    if modifiers and not params.modifiers:
        no_modifiers = say(
            "modifier.none_named",
            "unknown modifier '{given}': this ruleset names no modifiers; say a change on the spot "
            "({attacker_bonus}, {target_bonus}, {to_hit} or {wound_roll} N), "
            "or declare named ones under the attack's 'modifiers:' in a copy of the ruleset "
            "(referee new NAME {from_flag} RULESET; docs/rulesets.md, target-number)",
            given=modifiers[0],
            attacker_bonus=setting("attacker-bonus"),
            target_bonus=setting("target-bonus"),
            to_hit=setting("to-hit-plus"),
            wound_roll=setting("wound-roll-plus"),
            from_flag=setting("from"),
        )
        raise RefereeError(no_modifiers, rule=cite(params, "modifiers"))
    modifier = _lexicon(rules, pgettext("kind", "modifier"), params.modifiers)
    return _lexicon(rules, pgettext("kind", "attack type"), params.types)(kind), tuple(
        dict.fromkeys(modifier(m) for m in modifiers)
    )


def _value(rules: Ruleset, params: HitCheck, side: str, given: object) -> int:
    named = whose(rules, params, side)
    if given is None:
        raise RefereeError(say("value.say", "say {whose}", whose=named))
    return whole_number(str(given), named)


def read(rules: Ruleset, words: Words) -> Strike:
    params = attack(rules)
    kind, modifiers = named(rules, params, words.get("kind"), words.get("modifiers") or ())
    action = words.get("action")
    return Strike(
        kind=kind,
        attacker=_value(rules, params, "attacker", words.get("attacker")),
        target=_value(rules, params, "target", words.get("defender")),
        action=_lexicon(rules, pgettext("kind", "action"), params.actions)(action) if action else None,
        wounds=words.get("wounds") or 0,
        modifiers=modifiers,
        **{word: words.get(word) or 0 for word in AGREED},
    )
