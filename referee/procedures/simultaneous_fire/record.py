"""simultaneous-fire as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures import told
from referee.procedures.simultaneous_fire.grammar import SimultaneousFire
from referee.procedures.simultaneous_fire.resolver import ODDS_KEYS, dice_needed, prepare
from referee.rulings.battle import Battle
from referee.rulings.procedure import Procedure

PROCEDURE = Procedure(
    name="simultaneous-fire",
    situation=Battle,
    grammar=SimultaneousFire,
    read=told.read_battle,
    reads=told.UNIT_WORDS,
    typed=told.ROLLS,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=ODDS_KEYS,
    report="exchange",
    fight="referee.procedures.simultaneous_fire.fight",
)
