"""Pip compare: a rolled die against the attacking die on the field (DiceLand).
The grammar says what a file may write, the resolver rules on a throw."""

from referee.procedures.base import Procedure
from referee.procedures.pip_compare.grammar import PipCompare
from referee.procedures.pip_compare.resolver import ODDS_KEYS, dice_needed, prepare

PROCEDURE = Procedure(
    name="pip-compare",
    grammar=PipCompare,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=ODDS_KEYS,
    report="pips",
)
