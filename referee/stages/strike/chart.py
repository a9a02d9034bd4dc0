"""What a report of strikes reads of a True Forces-like file before any roll:
the terms of one strike, and a chart's cells, every attacker value against
every target value (the procedure's `chart` hook names this module)."""

from __future__ import annotations

from dataclasses import replace

from referee.outcomes.strike import AGREED, Strike, StrikeChart, StrikeTerms
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Words
from referee.stages import costs
from referee.stages.strike import HitCheck
from referee.stages.strike.reader import attack, named
from referee.stages.strike.resolver import needed
from referee.words.language import _

CHART_WORDS = frozenset({"kind", "wounds", "modifiers", *AGREED})  # what a chart is of; the values are every pair


def terms(rules: Ruleset, strike: Strike) -> StrikeTerms:
    params = attack(rules)
    number, steps = needed(rules, params, strike)
    offered = tuple(
        f"{rules.said(m.label).spoken} ({name})"
        for name, m in params.modifiers.items()
        if not m.types or strike.kind in m.types
    )
    label = params.types[strike.kind].label
    value = rules.said(params.value.label).spoken
    return StrikeTerms(value, rules.said(label).spoken, number, tuple(steps), offered, _target_value(rules, params))


def _target_value(rules: Ruleset, params: HitCheck) -> str:
    """The target's own value as said ('armour class'), or '' where it is the attacker's."""
    return rules.said(params.target_value.label).spoken if params.target_value else ""


def losses(rules: Ruleset, n: int) -> str:
    """'7 hit points': damage as the report says it, in the game's word where the file names one."""
    return costs.damage_said(rules, attack(rules).loss, n)


def losses_head(rules: Ruleset) -> str:
    """The column head of damage: the game's word ('hit points'), else 'damage'."""
    loss = attack(rules).loss
    return rules.said(loss.many).spoken if loss else _("damage")


AGREED_CHANGES = {  # each change agreed at the table, as the chart's title says it
    "attacker_bonus": "attacker's value {n:+d} (agreed at the table)",
    "target_bonus": "target's value {n:+d} (agreed at the table)",
    "to_hit": "{n:+d} to the number needed to hit (agreed at the table)",
    "to_wound": "{n:+d} to the wound roll (agreed at the table)",
}


def cells(rules: Ruleset, words: Words) -> StrikeChart:
    """One attack type with the changes asked for, at every pair of values."""
    params = attack(rules)
    kind, modifiers = named(rules, params, words.get("kind"), words.get("modifiers") or ())
    wounds = words.get("wounds") or 0
    agreed = {word: words[word] for word in AGREED if words.get(word)}
    template = Strike(kind, 0, 0, wounds=wounds, modifiers=modifiers, **agreed)
    values = range(params.value.min, params.value.max + 1)
    targets = range(params.valued("target").min, params.valued("target").max + 1)
    return StrikeChart(
        kind=kind,
        label=rules.said(params.types[kind].label).spoken,
        value=rules.said(params.value.label).spoken,
        wounds=wounds,
        modifiers=modifiers,
        agreed=agreed,
        extras=(
            *(rules.said(params.modifiers[m].label).spoken for m in modifiers),
            *(AGREED_CHANGES[word].format(n=n) for word, n in agreed.items()),
        ),
        cells=tuple(replace(template, attacker=a, target=t) for a in values for t in targets),
        target_value=_target_value(rules, params),
    )
