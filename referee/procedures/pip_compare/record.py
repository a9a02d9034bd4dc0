"""pip-compare as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures.pip_compare import reader
from referee.procedures.pip_compare.grammar import PipCompare
from referee.procedures.pip_compare.resolver import ODDS_KEYS, PipFight, dice_needed, prepare
from referee.rulings.procedure import Procedure

PROCEDURE = Procedure(
    name="pip-compare",
    situation=PipFight,
    grammar=PipCompare,
    read=reader.read,
    reads=reader.READS,
    typed=reader.TYPED,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=ODDS_KEYS,
    report="pips",
    for_odds=reader.for_odds,
    board="referee.procedures.pip_compare.reader",
)
