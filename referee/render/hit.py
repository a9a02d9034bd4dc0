"""Hit checks for people and programs: the number needed, the exact chances,
the ruling on the dice, and the chart of every pair of values. What a strike
is checked against comes from the procedure's `chart` module, by the door."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any, cast

from referee.hitcheck import Chances, chances
from referee.hitcheck import chart as every_pair
from referee.language import _, ngettext, pgettext
from referee.names import article
from referee.outcomes.strike import Strike, StrikeChart, StrikeOutcome, StrikeTerms
from referee.procedures.door import procedure_for
from referee.render import json as json_render
from referee.render.text import View, explanation, fraction, paragraph, percent, seed_line, styled, table
from referee.rolling import Settled
from referee.ruleset.model import Ruleset
from referee.ruling import Step, listed, series


def charted(rules: Ruleset) -> ModuleType:
    """The module that reads this ruleset's strikes and charts (`Procedure.chart`)."""
    name = procedure_for(rules).chart
    assert name is not None, "the door hands this report only procedures with a chart"
    return importlib.import_module(name)


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
        **({"agreed": agreed} if (agreed := strike.agreed()) else {}),
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
    out["explanation"] = [s.as_dict() for s in steps]
    return out


def _outcome(settled: Settled) -> StrikeOutcome:
    return cast("StrikeOutcome", settled.ruling.outcome)  # the door hands this report only strikes


def verdict(outcome: StrikeOutcome) -> str:
    if not outcome.hit:
        return _("Rolled {roll}: a miss.").format(roll=outcome.roll)
    if outcome.out_of_action:
        said = _("Rolled {roll}: a hit. Wound roll {wound_roll}: the target is out of action.")
    else:
        said = _("Rolled {roll}: a hit. Wound roll {wound_roll}: the target takes a wound ({wounds} in all).")
    return said.format(roll=outcome.roll, wound_roll=outcome.wound_roll, wounds=outcome.wounds)


def report(
    rules: Ruleset, terms: StrikeTerms, strike: Strike, odds: Chances, steps: tuple[Step, ...], settled: Settled | None
) -> str:
    rows = [
        (name, fraction(p), percent(p))
        for name, p in ((_("hit"), odds.hit), (_("out of action"), odds.out_of_action), (_("wound"), odds.wound))
    ]
    title = _("{title}: {attack}, {value} {attacker} against {value} {target}").format(
        title=rules.title, attack=terms.kind, value=terms.value, attacker=strike.attacker, target=strike.target
    )
    lines = [
        styled(title, bold=True),
        _("Needs {needed}+ to hit.").format(needed=odds.needed),
        table(rows, [_("chance of"), _("fraction"), _("percent")]),
        "",
    ]
    if settled is not None:
        lines += [styled(paragraph(verdict(_outcome(settled))), bold=True), ""]
    lines.append(explanation(steps))
    offered = terms.offered
    modifiers = (
        _(
            "Modifiers for {attack} (--modifier): {modifiers}; or agree a change on the spot: "
            "--attacker-bonus, --target-bonus, --to-hit-plus, --wound-roll-plus N."
        )
        if offered
        else _(
            "Modifiers for {attack} (--modifier): none in this ruleset; or agree a change on the spot: "
            "--attacker-bonus, --target-bonus, --to-hit-plus, --wound-roll-plus N."
        )
    )
    said = modifiers.format(attack=article(terms.kind), kind=terms.kind, modifiers=listed(offered))
    lines += ["", paragraph(said)]
    if settled is not None:
        lines += ["", seed_line(settled.seed, settled.typed, settled.again)]
    return "\n".join(lines)


def chart_document(rules: Ruleset, sheet: StrikeChart, cells: list[tuple[int, int, Chances]]) -> dict[str, Any]:
    return {
        "ruleset": rules.name,
        "attack": sheet.kind,
        "wounds": sheet.wounds,
        "modifiers": list(sheet.modifiers),
        "chart": [{"attacker": a, "target": t, **_chances(odds)} for a, t, odds in cells],
        **({"agreed": sheet.agreed} if sheet.agreed else {}),
    }


def chart_report(rules: Ruleset, sheet: StrikeChart, cells: list[tuple[int, int, Chances]]) -> str:
    targets = sorted({t for _a, t, _o in cells})
    by_attacker: dict[int, list[str]] = {}
    for a, _t, odds in cells:
        by_attacker.setdefault(a, []).append(f"{odds.needed}+  {fraction(odds.out_of_action)}")
    wounds = sheet.wounds
    extras = [ngettext("target has {n} wound", "target has {n} wounds", wounds).format(n=wounds)] if wounds else []
    extras += sheet.extras
    title = _("{title}: {attack}").format(title=rules.title, attack=sheet.label)
    if extras:
        title = pgettext("chart.title_extras", "{title} ({extras})").format(title=title, extras=series(extras))
    return "\n".join(
        [
            styled(title, bold=True),
            paragraph(
                _(
                    "Each cell: the number needed to hit, and the chance of putting the target "
                    "out of action in one attack."
                )
            ),
            table(
                [[a, *cells_of_a] for a, cells_of_a in by_attacker.items()],
                [_("attacker {value} \\ target").format(value=sheet.value)] + [str(t) for t in targets],
            ),
        ]
    )


def ruled(rules: Ruleset, strike: Strike, settled: Settled | None) -> View:
    """The number needed and the exact chances, then the ruling on the dice if any were rolled."""
    terms: StrikeTerms = charted(rules).terms(rules, strike)
    odds = chances(rules, strike)
    steps = settled.ruling.steps if settled else terms.steps
    return document(rules, strike, odds, steps, settled), lambda: report(rules, terms, strike, odds, steps, settled)


def chart(rules: Ruleset, words: Mapping[str, Any]) -> View:
    """Every attacker value against every target value, for one attack type."""
    sheet: StrikeChart = charted(rules).cells(rules, words)
    cells = every_pair(rules, sheet)
    return chart_document(rules, sheet, cells), lambda: chart_report(rules, sheet, cells)
