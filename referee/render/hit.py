"""Hit checks for people and programs: the number needed, the exact chances,
the ruling on the dice, and the chart of every pair of values. What a strike
is checked against comes from the procedure's `chart` module, by the door."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any, cast

from referee.outcomes.strike import Chances, Strike, StrikeChart, StrikeOutcome, StrikeTerms
from referee.procedures.door import procedure_for
from referee.render import json as json_render
from referee.render.text import View, explanation, fraction, paragraph, percent, seed_line, styled, table
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Step, listed, series
from referee.settle.hitcheck import chances
from referee.settle.hitcheck import chart as every_pair
from referee.settle.rolling import Settled
from referee.words.language import _, ngettext, pgettext
from referee.words.names import article


def charted(rules: Ruleset) -> ModuleType:
    """The module that reads this ruleset's strikes and charts (`Procedure.chart`)."""
    name = procedure_for(rules).chart
    assert name is not None, "the door hands this report only procedures with a chart"
    return importlib.import_module(name)


def _chances(odds: Chances) -> dict[str, Any]:
    """The chances as --json holds them: those of the roll the file's last step
    makes (out of action and wound, or damage), and a critical hit's where it has one."""
    named = {"hit": odds.hit}
    if odds.follows == "wound":
        named.update(out_of_action=odds.out_of_action, wound=odds.wound)
    if odds.critical:
        named["critical"] = odds.critical
    out: dict[str, Any] = {"needed": odds.needed, **{f"p_{name}": p for name, p in named.items()}}
    if odds.follows == "damage":
        out["damage"] = [
            {"critical": critical, "damage": n, "probability": p, "percent": json_render.percent(p)}
            for critical, n, p in odds.damage
        ]
        out["expected_damage"] = odds.expected
    out["percent"] = {name: json_render.percent(p) for name, p in named.items()}
    return out


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
        if outcome.follows == "wound":
            out.update(
                roll=outcome.roll,
                wound_roll=outcome.wound_roll,
                wound_total=outcome.wound_total,
                hit=outcome.hit,
                out_of_action=outcome.out_of_action,
                wounds=outcome.wounds,
            )
        else:
            out.update({k: v for k, v in outcome.as_dict().items() if k != "needed"})
        out.update(seed=settled.seed, typed=list(settled.typed))
    out["explanation"] = [s.as_dict() for s in steps]
    return out


def _outcome(settled: Settled) -> StrikeOutcome:
    return cast("StrikeOutcome", settled.ruling.outcome)  # the door hands this report only strikes


def verdict(rules: Ruleset, outcome: StrikeOutcome) -> str:
    """One line: the roll and what the file's last step made of it."""
    if outcome.needed is None:
        return _("Rolled {roll}: no roll can hit.").format(roll=outcome.roll)
    if not outcome.hit:
        return _("Rolled {roll}: a miss.").format(roll=outcome.roll)
    if outcome.follows == "damage":
        said = _("Rolled {roll}: a critical hit.") if outcome.critical else _("Rolled {roll}: a hit.")
        dice = listed(str(d) for d in outcome.damage_roll or ())
        damage = _("Damage roll {dice}: {losses}.").format(
            dice=dice, losses=charted(rules).losses(rules, outcome.damage or 0)
        )
        return f"{said.format(roll=outcome.roll)} {damage}"
    if outcome.follows != "wound":
        said = _("Rolled {roll}: a critical hit.") if outcome.critical else _("Rolled {roll}: a hit.")
        return said.format(roll=outcome.roll)
    if outcome.out_of_action:
        said = _("Rolled {roll}: a hit. Wound roll {wound_roll}: the target is out of action.")
    else:
        said = _("Rolled {roll}: a hit. Wound roll {wound_roll}: the target takes a wound ({wounds} in all).")
    return said.format(roll=outcome.roll, wound_roll=outcome.wound_roll, wounds=outcome.wounds)


def _needs(needed: int | None) -> str:
    return _("No roll can hit.") if needed is None else _("Needs {needed}+ to hit.").format(needed=needed)


def _damage_table(rules: Ruleset, odds: Chances) -> list[str]:
    """The joint chances of each damage on a normal and on a critical hit, and the expected damage."""
    if odds.follows != "damage":
        return []
    rows = [(_("critical hit") if critical else _("hit"), n, fraction(p), percent(p)) for critical, n, p in odds.damage]
    expected = _("Expected damage: {expected} ({decimal}).").format(
        expected=fraction(odds.expected), decimal=f"{float(odds.expected):.2f}"
    )
    heads = [_("result"), charted(rules).losses_head(rules), _("fraction"), _("percent")]
    return [expected, table(rows, heads), ""] if rows else [expected, ""]


def report(
    rules: Ruleset, terms: StrikeTerms, strike: Strike, odds: Chances, steps: tuple[Step, ...], settled: Settled | None
) -> str:
    named = [(_("hit"), odds.hit)]
    named += [(_("critical hit"), odds.critical)] if odds.critical else []
    named += [(_("out of action"), odds.out_of_action), (_("wound"), odds.wound)] if odds.follows == "wound" else []
    rows = [(name, fraction(p), percent(p)) for name, p in named]
    title = _("{title}: {attack}, {value} {attacker} against {target_value} {target}").format(
        title=rules.spoken_title,
        attack=terms.kind,
        value=terms.value,
        target_value=terms.target_value or terms.value,
        attacker=strike.attacker,
        target=strike.target,
    )
    lines = [
        styled(paragraph(title), bold=True),
        _needs(odds.needed),
        table(rows, [_("chance of"), _("fraction"), _("percent")]),
        "",
        *_damage_table(rules, odds),
    ]
    if settled is not None:
        lines += [styled(paragraph(verdict(rules, _outcome(settled))), bold=True), ""]
    lines.append(explanation(steps))
    offered = terms.offered
    modifiers = (
        _("Modifiers for {attack} (--modifier): {modifiers}; or agree a change on the spot: {agreed} N.")
        if offered
        else _("Modifiers for {attack} (--modifier): none in this ruleset; or agree a change on the spot: {agreed} N.")
    )
    agreed = ["--attacker-bonus", "--target-bonus", "--to-hit-plus"]
    agreed += ["--wound-roll-plus"] if odds.follows == "wound" else []  # only a wound roll takes it
    said = modifiers.format(
        attack=article(terms.kind), kind=terms.kind, modifiers=listed(offered), agreed=listed(agreed)
    )
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


def _cell(odds: Chances) -> str:
    """A chart's cell: the number needed and the chance (or the expected
    damage) of what the file's last step decides."""
    if odds.needed is None:
        return _("cannot hit")
    last = {"wound": odds.out_of_action, "damage": odds.expected}.get(odds.follows, odds.hit)
    return f"{odds.needed}+  {fraction(last)}"


def _each_cell(follows: str) -> str:
    if follows == "damage":
        return _("Each cell: the number needed to hit, and the damage one attack does on average.")
    if follows == "wound":
        return _(
            "Each cell: the number needed to hit, and the chance of putting the target out of action in one attack."
        )
    return _("Each cell: the number needed to hit, and the chance of a hit.")


def _heading(sheet: StrikeChart) -> str:
    """'attacker quality \\ target', or 'attack bonus \\ armour class' where the target has its own value."""
    if sheet.target_value:
        return _("{value} \\ {target_value}").format(value=sheet.value, target_value=sheet.target_value)
    return _("attacker {value} \\ target").format(value=sheet.value)


def chart_report(rules: Ruleset, sheet: StrikeChart, cells: list[tuple[int, int, Chances]]) -> str:
    targets = sorted({t for _a, t, _o in cells})
    by_attacker: dict[int, list[str]] = {}
    for a, _t, odds in cells:
        by_attacker.setdefault(a, []).append(_cell(odds))
    wounds = sheet.wounds
    extras = [ngettext("target has {n} wound", "target has {n} wounds", wounds).format(n=wounds)] if wounds else []
    extras += sheet.extras
    title = _("{title}: {attack}").format(title=rules.spoken_title, attack=sheet.label)
    if extras:
        title = pgettext("chart.title_extras", "{title} ({extras})").format(title=title, extras=series(extras))
    return "\n".join(
        [
            styled(title, bold=True),
            paragraph(_each_cell(cells[0][2].follows if cells else "wound")),
            table(
                [[a, *cells_of_a] for a, cells_of_a in by_attacker.items()],
                [_heading(sheet)] + [str(t) for t in targets],
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
