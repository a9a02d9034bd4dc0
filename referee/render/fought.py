"""A whole fight played at the table, for people and as JSON: each round as
its ruling reads (its table, what it cost, why), then how the fight ended,
what each side has left, the policy between rounds, and where the dice came
from, said once for the whole fight. The rounds are tallies: the rulings
of the one kind of attack whose whole fights can be played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.fights.played import Played
from referee.procedures.base import Battle
from referee.render.battle import document as round_document
from referee.render.fight import policy_lines
from referee.render.tally import round_lines
from referee.render.text import View, paragraph, seed_line, styled, wrapped
from referee.ruleset.model import Ruleset
from referee.words.language import _
from referee.words.names import numbered


def view(rules: Ruleset, battle: Battle, played: Played, again: Sequence[str]) -> View:
    return document(rules, battle, played), lambda: report(rules, battle, played, again)


def document(rules: Ruleset, battle: Battle, played: Played) -> dict[str, Any]:
    rounds = [round_document(settled) for settled in played.rounds]
    return {
        "ruleset": rules.name,
        "until": "conquest",
        "attacker": dict(battle.attacker),
        "defender": dict(battle.defender),
        "range": battle.range,
        "when": [f"{side}:{name}" for side, name in battle.when],
        "rounds": rounds,
        "end": played.end,
        "verdict": played.verdict.text,
        "winner": "attacker" if played.end == "conquest" else "defender",
        "left": {"attacker": dict(played.left[0]), "defender": dict(played.left[1])},
        "seed": played.seed,
        "typed": list(played.typed),
        "policy": [s.as_dict() for s in played.policy],
        # every round's steps in turn: the journal keeps them as the fight's explanation
        "explanation": [*(s for r in rounds for s in r["explanation"]), played.verdict.as_dict()],
    }


def report(rules: Ruleset, battle: Battle, played: Played, again: Sequence[str]) -> str:
    title = _("{title}: a whole fight until conquest, played").format(title=rules.spoken_title)
    told = _("{attacker} attacking {defender}").format(
        attacker=numbered(rules, battle.attacker), defender=numbered(rules, battle.defender)
    )
    lines = [styled(paragraph(title), bold=True), *wrapped(told)]
    for number, settled in enumerate(played.rounds, 1):
        lines += ["", styled(_("Round {n}").format(n=number), bold=True), *round_lines(rules, settled)]
    left = _("Left to the attacker: {attacker}; to the defender: {defender}.").format(
        attacker=numbered(rules, played.left[0]) or _("nothing"),
        defender=numbered(rules, played.left[1]) or _("nothing"),
    )
    lines += ["", *(styled(line, bold=True) for line in policy_lines([played.verdict])), *wrapped(left)]
    lines += ["", styled(_("Between rounds (edit 'fight' in the ruleset to change):"), bold=True)]
    lines += policy_lines(played.policy)
    lines += ["", seed_line(played.seed, played.typed, again)]
    return "\n".join(lines)
