"""The parameters each general procedure takes from a ruleset file, one module
per procedure. The behaviour lives in `referee.mechanics`; here is only what a
file may say, so the loader can check it and the schema can describe it.

A procedure's grammar is imported only when a file selects it: start-up pays
for the game being played, not for every game the referee knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from referee.ruleset.spec import Either, Integer, Lazy, Text

RULE = Text(pattern=r"^[A-Z][A-Z0-9]*-[A-Z0-9.]+$")
RULE.doc = "a rule ID such as GF-B2"
FACE = Either(Integer(), Text())
"""A side of a die: a number (written plainly, `6`) or a word (`sword`)."""
EMPTY: Mapping[str, Any] = MappingProxyType({})

ATTACK_PROCEDURES = {
    "pip-compare": Lazy("referee.ruleset.procedures.pip_compare:PipCompare"),
    "ranked-pairs": Lazy("referee.ruleset.procedures.ranked_pairs:RankedPairs"),
    "symbol-hits": Lazy("referee.ruleset.procedures.symbol_hits:SymbolHits"),
    "target-number": Lazy("referee.ruleset.procedures.target_number:TargetNumber"),
}
