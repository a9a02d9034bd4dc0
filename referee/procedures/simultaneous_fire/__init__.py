"""Simultaneous fire: every unit rolls its own dice and both sides take their
casualties at once (an Axis & Allies style land battle), fought in rounds
until a side is gone. The grammar says what a file may write, the resolver
rules on a throw, `fight` gives the whole-fight solver its rounds; players
name units, read by `told`."""

from referee.procedures import told
from referee.procedures.base import Battle, Procedure
from referee.procedures.simultaneous_fire.grammar import SimultaneousFire
from referee.procedures.simultaneous_fire.resolver import ODDS_KEYS, dice_needed, prepare

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
