"""A free roll for people and programs: each die as it fell, and the total."""

from __future__ import annotations

import re
from typing import Any

from referee.chance.dice import Face
from referee.chance.notation import Expression
from referee.render.text import seed_line
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import listed
from referee.settle.freeroll import Rolled
from referee.words.language import npgettext, pgettext


def _signed(n: int) -> str:
    return f" {'-' if n < 0 else '+'} {abs(n)}"


def expression_document(expression: Expression, rolled: Rolled, seed: int) -> dict[str, Any]:
    return {
        "expression": expression.text,
        "dice": [
            {"count": t.count, "sides": t.sides, "sign": t.sign, "rolled": list(faces)} for t, faces in rolled.groups
        ],
        "constant": rolled.constant,
        "total": rolled.total,
        "seed": seed,
    }


def expression_report(expression: Expression, rolled: Rolled, seed: int) -> str:
    parts = []
    for i, (term, faces) in enumerate(rolled.groups):
        shown = f"{term} [{', '.join(map(str, faces))}]"
        parts.append(shown if i == 0 and term.sign > 0 else f" {'-' if term.sign < 0 else '+'} {shown}")
    constant = _signed(rolled.constant) if rolled.constant else ""
    said = pgettext("roll.notation", "{notation}: {rolled}").format(
        notation=expression.text, rolled=f"{''.join(parts)}{constant} = {rolled.total}"
    )
    return "\n".join([said, seed_line(seed, ())])


def _total(faces: tuple[Face, ...]) -> int | None:
    numbers = [f for f in faces if isinstance(f, int)]
    return sum(numbers) if len(numbers) == len(faces) else None


def faces_document(ruleset: str, die: str, faces: tuple[Face, ...], seed: int) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "die": die,
        "count": len(faces),
        "faces": list(faces),
        "total": _total(faces),
        "seed": seed,
    }


def faces_report(rules: Ruleset, die: str, faces: tuple[Face, ...], seed: int) -> str:
    total = _total(faces)
    shown = listed(rules.face_said(die, face) for face in faces)
    shown += f" = {total}" if total is not None and len(faces) > 1 else ""
    said = {"title": rules.spoken_title, "n": len(faces), "die": rules.said(die).spoken, "faces": shown}
    if re.fullmatch(r"[dw]\d+", die, re.IGNORECASE):  # "3 d6": the die's name says it is a die
        line = pgettext("roll.notation_faces", "{title}, {n} {die}: {faces}").format(**said)
    else:
        line = npgettext(
            "roll.faces", "{title}, {n} {die} die: {faces}", "{title}, {n} {die} dice: {faces}", len(faces)
        )
        line = line.format(**said)
    return "\n".join([line, seed_line(seed, ())])
