"""JSON output: one document on stdout, exact fractions as strings ("7/36")."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fractions import Fraction


def _default(value: Any) -> Any:
    from fractions import Fraction  # only odds hold fractions; a ruling never pays for the import

    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, (tuple, set, frozenset)):
        return list(value)
    if hasattr(value, "items"):
        return dict(value.items())
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def dumps(document: Any, indent: int | None = 2) -> str:
    """The document as printed (indented); with `indent=None` on one line,
    as stored, which json's C encoder writes (it does not indent) several
    times faster."""
    return json.dumps(document, default=_default, ensure_ascii=False, indent=indent)


def percent(p: Fraction) -> float:
    return round(float(p) * 100, 4)
