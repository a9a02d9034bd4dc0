"""The door of an attack told as a hit check (`PROCEDURE`), imported on first
use: players describe a strike, not units, so it reads its own words, rolls
its own dice and reports of its own kind. It keeps the name the preset had
("target-number"), which the `hit` command rules and journals record."""

from referee.outcomes.strike import Strike
from referee.rulings.procedure import Procedure
from referee.stages.strike import ODDS_KEYS, Telling, reader
from referee.stages.strike.resolver import dice_needed, prepare

PROCEDURE = Procedure(
    name="target-number",
    situation=Strike,
    grammar=Telling,  # what the stage reads its section into; the attack is read as stages
    read=reader.read,
    reads=reader.READS,
    typed=reader.TYPED,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=ODDS_KEYS,
    report="strike",
    chart="referee.stages.strike.chart",
)
