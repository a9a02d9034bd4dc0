"""Symbol hits: each side counts the faces that are hits for it (Ground Force).
The grammar says what a file may write, the resolver rules on a throw; players
name units, read by `told`."""

from referee.procedures import told
from referee.procedures.base import Battle, Procedure
from referee.procedures.symbol_hits.grammar import SymbolHits
from referee.procedures.symbol_hits.resolver import ODDS_KEYS, dice_needed, made_alone, prepare

PROCEDURE = Procedure(
    name="symbol-hits",
    situation=Battle,
    grammar=SymbolHits,
    read=told.read_battle,
    reads=told.UNIT_WORDS,
    typed=told.ROLLS,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=ODDS_KEYS,
    report="exchange",
    alone=made_alone,
)
