"""A free roll for people and programs: each die as it fell, and the total."""

from __future__ import annotations

import re
from typing import Any

from referee.dice import Face
from referee.freeroll import Rolled
from referee.notation import Expression
from referee.render.text import seed_line


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
    return "\n".join([f"{expression.text}: {''.join(parts)}{constant} = {rolled.total}", seed_line(seed, ())])


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


def faces_report(title: str, die: str, faces: tuple[Face, ...], seed: int) -> str:
    total = _total(faces)
    shown = ", ".join(map(str, faces)) + (f" = {total}" if total is not None and len(faces) > 1 else "")
    dice = "" if re.fullmatch(r"[dw]\d+", die, re.IGNORECASE) else " die" if len(faces) == 1 else " dice"  # "3 d6"
    return "\n".join([f"{title}, {len(faces)} {die}{dice}: {shown}", seed_line(seed, ())])
