"""Human output. Tables come from tabulate, imported only when a table is drawn."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.ruling import Step

View = tuple[dict[str, Any], Callable[[], str]]  # a JSON document, and the report for people

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.ruleset.model import Ruleset


def styled(text: str, **style: Any) -> str:
    """Bold or coloured text, unless NO_COLOR is set (click strips it off a non-terminal)."""
    if os.environ.get("NO_COLOR"):
        return text
    import click

    return click.style(text, **style)


def spoken(value: Any) -> Any:
    """A value as a player reads it: yes, no, and '-' for nothing, never Python's True/False/None."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], indented: bool = False) -> str:
    """`indented` keeps the leading spaces of cells, for rows that are parts of the row above."""
    from tabulate import tabulate

    cells = [[spoken(cell) for cell in row] for row in rows]
    return tabulate(
        cells, headers=list(headers), tablefmt="simple", disable_numparse=True, preserve_whitespace=indented
    )


def explanation(steps: Iterable[Step]) -> str:
    lines = [styled("Why:", bold=True)]
    lines += [f"  {step.rule:<7} {step.text}" for step in steps]
    return "\n".join(lines)


def fraction(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def units(rules: Ruleset, counted: Mapping[str, int]) -> str:
    return ", ".join(rules.units[u].counted(n) for u, n in counted.items()) or "-"


def seed_line(seed: int | None, typed: Sequence[str]) -> str:
    if seed is None:
        return "Dice typed by the players."
    typed_part = f" (typed: {', '.join(typed)})" if typed else ""
    return f"Seed: {seed}{typed_part}; repeat this roll with --seed {seed}."
