"""Whole-fight odds and charts, for people and as JSON. The arithmetic used
(exact fractions or floats) is always said, in the text and in the JSON."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from referee.fight import Fight, FightOdds, Number
from referee.procedures.base import Battle
from referee.render.json import percent as json_percent
from referee.render.text import explanation, fraction, percent, styled, table
from referee.ruleset.model import Ruleset
from referee.ruling import SIDES


def _arithmetic(exact: bool) -> str:
    return "exact" if exact else "float"


def _exact(p: Number) -> str:
    return fraction(p) if isinstance(p, Fraction) else f"{p:.12g}"


def _forces(rules: Ruleset, battle: Battle) -> dict[str, Any]:
    return {
        side: {
            "units": dict(battle.side(side)),
            "rear": dict(battle.rear(side)),
            "states": [
                {"group": g, "unit": u, "state": s, "count": n} for g, u, s, n in battle.states if g.startswith(side)
            ],
        }
        for side in SIDES
    }


def document(rules: Ruleset, battle: Battle, odds: FightOdds, solved: Fight) -> dict[str, Any]:
    return {
        "ruleset": rules.name,
        "until": "conquest",
        "arithmetic": _arithmetic(odds.exact),
        **_forces(rules, battle),
        "when": [f"{side}:{name}" for side, name in battle.when],
        "p_attacker_wins": odds.p_attacker_wins,
        "p_defender_holds": odds.p_defender_holds,
        "p_attack_stops": {"attacker_out_of_units": odds.p_attacker_runs_out, "attack_failed": odds.p_attack_fails},
        "expected_losses": odds.expected_losses,
        "percent": {
            "attacker_wins": json_percent(odds.p_attacker_wins),
            "defender_holds": json_percent(odds.p_defender_holds),
        },
        "policy": [{"rule": s.rule, "text": s.text} for s in odds.policy],
        "states": len(solved.memo),
        "distinct_rounds": len(solved.rounds),
    }


def report(rules: Ruleset, battle: Battle, odds: FightOdds, solved: Fight) -> str:
    how = "exact fractions" if odds.exact else "floating point, not exact"
    rows = [
        ("the attacker conquers", _exact(odds.p_attacker_wins), percent(odds.p_attacker_wins)),
        ("the defender holds", _exact(odds.p_defender_holds), percent(odds.p_defender_holds)),
        (
            "  of which: the attacker ran out of units",
            _exact(odds.p_attacker_runs_out),
            percent(odds.p_attacker_runs_out),
        ),
        (
            "  of which: the attack failed (" + ", ".join(s.text for s in odds.failing) + ")",
            _exact(odds.p_attack_fails),
            percent(odds.p_attack_fails),
        ),
    ][: 4 if odds.failing else 3]
    losses = ", ".join(f"the {side} {float(odds.expected_losses[side]):.3f} units" for side in SIDES)
    return "\n".join(
        [
            styled(f"{rules.title}: a whole fight until conquest ({how})", bold=True),
            table(rows, ["result", "probability", "percent"], indented=True),
            "",
            f"Expected losses: {losses}.",
            f"Solved over {len(solved.memo)} fight states from {len(solved.rounds)} distinct rounds.",
            "",
            styled("Between rounds (edit 'fight' in the ruleset to change):", bold=True),
            explanation(odds.policy).split("\n", 1)[1],
        ]
    )


def chart_document(
    rules: Ruleset, attackers: list[int], defenders: list[int], rows: list[list[Number]], solved: Fight
) -> dict[str, Any]:
    return {
        "ruleset": rules.name,
        "until": "conquest",
        "arithmetic": _arithmetic(solved.exact),
        "attackers": attackers,
        "defenders": defenders,
        "p_attacker_wins": rows,
        "policy": [{"rule": s.rule, "text": s.text} for s in solved.policy()],
        "states": len(solved.memo),
    }


def chart_report(
    rules: Ruleset, attackers: list[int], defenders: list[int], rows: list[list[Number]], solved: Fight
) -> str:
    how = "exact, shown rounded" if solved.exact else "floating point, not exact"
    body = [[a, *(f"{float(p) * 100:.1f}" for p in row)] for a, row in zip(attackers, rows)]
    return "\n".join(
        [
            styled(
                f"{rules.title}: percent chance the attacker conquers ({how}); "
                "rows: attacker's armies, columns: defender's",
                bold=True,
            ),
            table(body, ["A \\ D", *map(str, defenders)]),
            "",
            explanation(solved.policy()).split("\n", 1)[1],
        ]
    )
