"""Hit checks for people and programs: the number needed, the exact chances,
the ruling on the dice, and the chart of every pair of values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from referee.hitcheck import Chances, chances
from referee.hitcheck import chart as every_pair
from referee.names import article
from referee.procedures.target_number.grammar import TargetNumber
from referee.procedures.target_number.reader import AGREED, attack, named
from referee.procedures.target_number.resolver import Strike, StrikeOutcome, needed
from referee.render import json as json_render
from referee.render.text import View, explanation, fraction, paragraph, percent, seed_line, styled, table
from referee.rolling import Settled
from referee.ruleset.model import Ruleset
from referee.ruling import Step


def _chances(odds: Chances) -> dict[str, Any]:
    return {
        "needed": odds.needed,
        "p_hit": odds.hit,
        "p_out_of_action": odds.out_of_action,
        "p_wound": odds.wound,
        "percent": {name: json_render.percent(getattr(odds, name)) for name in ("hit", "out_of_action", "wound")},
    }


def document(
    rules: Ruleset, strike: Strike, odds: Chances, steps: tuple[Step, ...], settled: Settled | None
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleset": rules.name,
        "attack": strike.kind,
        "action": strike.action,
        "attacker": strike.attacker,
        "target": strike.target,
        "modifiers": list(strike.modifiers),
        **({"agreed": agreed} if (agreed := {w: getattr(strike, w) for w in AGREED if getattr(strike, w)}) else {}),
        "wounds_before": strike.wounds,
        **_chances(odds),
    }
    if settled is not None:
        outcome = _outcome(settled)
        out.update(
            roll=outcome.roll,
            wound_roll=outcome.wound_roll,
            wound_total=outcome.wound_total,
            hit=outcome.hit,
            out_of_action=outcome.out_of_action,
            wounds=outcome.wounds,
        )
        out.update(seed=settled.seed, typed=list(settled.typed))
    out["explanation"] = [{"rule": s.rule, "text": s.text} for s in steps]
    return out


def _outcome(settled: Settled) -> StrikeOutcome:
    return cast("StrikeOutcome", settled.ruling.outcome)  # the door hands this report only strikes


def verdict(outcome: StrikeOutcome) -> str:
    if not outcome.hit:
        return f"Rolled {outcome.roll}: a miss."
    result = (
        "the target is out of action"
        if outcome.out_of_action
        else f"the target takes a wound ({outcome.wounds} in all)"
    )
    return f"Rolled {outcome.roll}: a hit. Wound roll {outcome.wound_roll}: {result}."


def report(
    rules: Ruleset,
    params: TargetNumber,
    strike: Strike,
    odds: Chances,
    steps: tuple[Step, ...],
    settled: Settled | None,
) -> str:
    label = params.value.label
    kind = params.types[strike.kind].label
    rows = [
        (name, fraction(p), percent(p))
        for name, p in (("hit", odds.hit), ("out of action", odds.out_of_action), ("wound", odds.wound))
    ]
    lines = [
        styled(f"{rules.title}: {kind}, {label} {strike.attacker} against {label} {strike.target}", bold=True),
        f"Needs {odds.needed}+ to hit.",
        table(rows, ["chance of", "fraction", "percent"]),
        "",
    ]
    if settled is not None:
        lines += [styled(paragraph(verdict(_outcome(settled))), bold=True), ""]
    lines.append(explanation(steps))
    offered = [m.label + f" ({name})" for name, m in params.modifiers.items() if not m.types or strike.kind in m.types]
    lines += [
        "",
        paragraph(
            f"Modifiers for {article(kind)} (--modifier): {', '.join(offered) if offered else 'none in this ruleset'}; "
            "or agree a change on the spot: --attacker-bonus, --target-bonus, --to-hit-plus, --wound-roll-plus N."
        ),
    ]
    if settled is not None:
        lines += ["", seed_line(settled.seed, settled.typed)]
    return "\n".join(lines)


def chart_document(
    rules: Ruleset, kind: str, wounds: int, modifiers: tuple[str, ...], cells: list[tuple[int, int, Chances]]
) -> dict[str, Any]:
    return {
        "ruleset": rules.name,
        "attack": kind,
        "wounds": wounds,
        "modifiers": list(modifiers),
        "chart": [{"attacker": a, "target": t, **_chances(odds)} for a, t, odds in cells],
    }


AGREED_CHANGES = {  # each change agreed at the table, as the chart's title says it
    "attacker_bonus": "attacker's value {n:+d} (agreed at the table)",
    "target_bonus": "target's value {n:+d} (agreed at the table)",
    "to_hit": "{n:+d} to the number needed to hit (agreed at the table)",
    "to_wound": "{n:+d} to the wound roll (agreed at the table)",
}


def chart_report(
    rules: Ruleset,
    params: TargetNumber,
    kind: str,
    wounds: int,
    modifiers: tuple[str, ...],
    cells: list[tuple[int, int, Chances]],
    agreed: Mapping[str, int],
) -> str:
    label = params.value.label
    targets = sorted({t for _, t, _ in cells})
    by_attacker: dict[int, list[str]] = {}
    for a, _, odds in cells:
        by_attacker.setdefault(a, []).append(f"{odds.needed}+  {fraction(odds.out_of_action)}")
    extras = [f"target has {wounds} wound{'' if wounds == 1 else 's'}"] if wounds else []
    extras += [params.modifiers[m].label for m in modifiers]
    extras += [AGREED_CHANGES[word].format(n=n) for word, n in agreed.items()]
    title = f"{rules.title}: {params.types[kind].label}" + (f" ({'; '.join(extras)})" if extras else "")
    return "\n".join(
        [
            styled(title, bold=True),
            paragraph(
                "Each cell: the number needed to hit, and the chance of putting the target out of action in one attack."
            ),
            table(
                [[a, *cells_of_a] for a, cells_of_a in by_attacker.items()],
                [f"attacker {label} \\ target"] + [str(t) for t in targets],
            ),
        ]
    )


def ruled(rules: Ruleset, strike: Strike, settled: Settled | None) -> View:
    """The number needed and the exact chances, then the ruling on the dice if any were rolled."""
    params = attack(rules)
    odds = chances(rules, strike)
    steps = settled.ruling.steps if settled else tuple(needed(params, strike)[1])
    return document(rules, strike, odds, steps, settled), lambda: report(rules, params, strike, odds, steps, settled)


CHART_WORDS = frozenset({"kind", "wounds", "modifiers", *AGREED})  # what a chart is of; the values are every pair


def chart(rules: Ruleset, words: Mapping[str, Any]) -> View:
    """Every attacker value against every target value, for one attack type."""
    params = attack(rules)
    kind, modifiers = named(params, words.get("kind"), words.get("modifiers") or ())
    wounds = words.get("wounds") or 0
    agreed = {word: words[word] for word in AGREED if words.get(word)}
    cells = every_pair(rules, kind, wounds, modifiers, agreed)
    document = {**chart_document(rules, kind, wounds, modifiers, cells), **({"agreed": agreed} if agreed else {})}
    return document, lambda: chart_report(rules, params, kind, wounds, modifiers, cells, agreed)
