"""A whole fight played at the table, for people and as JSON: what was told
and the situations that hold in every round, each round as its kind of
ruling reads in a fight (a Risk round on one line, a tally in its table),
then how the fight ended, what each side has left, the policy between
rounds, and where the dice came from, said once for the whole fight. In a
chain each territory's rounds follow a line of who attacks whom."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.fights.played import Left, Played
from referee.render import kinds
from referee.render.battle import document as round_document
from referee.render.fight import forces_told, policy_lines, situation_lines, told_line
from referee.render.text import View, paragraph, seed_line, styled, wrapped
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle
from referee.rulings.ruling import listed
from referee.words.language import _


def view(rules: Ruleset, kind: str, battles: Sequence[Battle], played: Played, again: Sequence[str]) -> View:
    return document(rules, battles, played), lambda: report(rules, kind, battles, played, again)


def _left(left: Left) -> dict[str, int]:
    """{'damaged armour': 1}: a side's units as the odds' expected_left names them."""
    return {f"{state} {unit}" if state else unit: n for (unit, state), n in left}


def document(rules: Ruleset, battles: Sequence[Battle], played: Played) -> dict[str, Any]:
    rounds = [
        {
            **round_document(settled),
            "round": number,
            "territory": territory + 1,
            "left": {"attacker": _left(after[0]), "defender": _left(after[1])},
        }
        for number, (settled, territory, after) in enumerate(zip(played.rounds, played.territory, played.after), 1)
    ]
    first = battles[0]
    return {
        "ruleset": rules.name,
        "until": "conquest",
        "attacker": forces_told(first, "attacker"),
        "defender": forces_told(first, "defender"),
        "territories": [forces_told(b, "defender") for b in battles],
        "range": first.range,
        "when": [f"{side}:{name}" for side, name in first.when],
        "stop_at": played.stop_at,
        "kept_behind": played.kept,
        "rounds": rounds,
        "end": played.end,
        "verdict": [s.as_dict() for s in played.verdict],  # its steps: the same in every language but their text
        "winner": "attacker" if played.end == "conquest" else "defender",
        "taken": played.taken,
        "left": {"attacker": _left(played.left[0]), "defender": _left(played.left[1])},
        "seed": played.seed,
        "typed": list(played.typed),
        "policy": [s.as_dict() for s in played.policy],
        # every round's steps in turn: the journal keeps them as the fight's explanation
        "explanation": [*(s for r in rounds for s in r["explanation"]), *(s.as_dict() for s in played.verdict)],
    }


def _units(rules: Ruleset, left: Left) -> str:
    """'2 infantry, 1 damaged armour': a side's units, every count said."""
    return listed(rules.units[unit].counted(n, state, numbered=True) for (unit, state), n in left) or _("nothing")


def report(rules: Ruleset, kind: str, battles: Sequence[Battle], played: Played, again: Sequence[str]) -> str:
    title = _("{title}: a whole fight until conquest, played").format(title=rules.spoken_title)
    lines = [styled(paragraph(title), bold=True), *wrapped(told_line(rules, battles, played.kept, played.kept_rule))]
    lines += situation_lines(rules, battles[0].when)
    fought_round = kinds.report(kind).fought_round
    rounds = zip(played.rounds, played.territory, played.before, played.after)
    for number, (settled, territory, before, after) in enumerate(rounds, 1):
        block = fought_round(rules, number, settled, before, after)
        starts = number == 1 or territory != played.territory[number - 2]
        if starts and len(battles) > 1:
            attack = _("Territory {k} of {n}: {attacker} attacking {defender}").format(
                k=territory + 1, n=len(battles), attacker=_units(rules, before[0]), defender=_units(rules, before[1])
            )
            lines += ["", *(styled(line, bold=True) for line in wrapped(attack))]
        elif starts or len(block) > 1:  # a round of several lines is a paragraph of its own
            lines += [""]
        lines += block
    left = _("Left to the attacker: {attacker}; to the defender: {defender}.").format(
        attacker=_units(rules, played.left[0]), defender=_units(rules, played.left[1])
    )
    lines += ["", *(styled(line, bold=True) for line in policy_lines(played.verdict)), *wrapped(left)]
    between = _("Between rounds (edit 'fight' in the ruleset to change):")
    lines += ["", *(styled(line, bold=True) for line in wrapped(between))]
    lines += policy_lines(played.policy)
    lines += ["", seed_line(played.seed, played.typed, again)]
    return "\n".join(lines)
