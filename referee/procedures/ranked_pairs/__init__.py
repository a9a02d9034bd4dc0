"""Ranked pairs: sorted dice compared pair by pair (classic Risk, Frontline Risk).
The grammar says what a file may write, the resolver rules on a throw; players
name units, read by `told`."""

from referee.procedures import told
from referee.procedures.base import Battle, Procedure
from referee.procedures.ranked_pairs.grammar import RankedPairs
from referee.procedures.ranked_pairs.resolver import ODDS_KEYS, dice_needed, prepare

PROCEDURE = Procedure(
    name="ranked-pairs",
    situation=Battle,
    grammar=RankedPairs,
    read=told.read_battle,
    reads=told.UNIT_WORDS,
    typed=told.ROLLS,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=ODDS_KEYS,
    report="pairs",
    rear=True,  # units waiting behind the front give cover and can be lost with a landing
    fight="referee.procedures.ranked_pairs.fight",
)
