"""target-number as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.outcomes.strike import ODDS_KEYS, Strike
from referee.procedures.target_number import reader
from referee.procedures.target_number.grammar import TargetNumber
from referee.procedures.target_number.resolver import dice_needed, prepare
from referee.rulings.procedure import Procedure

PROCEDURE = Procedure(
    name="target-number",
    situation=Strike,
    grammar=TargetNumber,
    read=reader.read,
    reads=reader.READS,
    typed=reader.TYPED,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=ODDS_KEYS,
    report="strike",
    chart="referee.procedures.target_number.chart",
)
