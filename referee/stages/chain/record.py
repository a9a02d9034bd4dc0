"""The door of an attack told as a roll chain (`PROCEDURE`), imported on first
use: one unit a side, read as units are; its own dice, one a step, and its
report ("chain"). It keeps the name the preset had ("roll-chain")."""

from referee.procedures import told
from referee.stages.chain import Telling, resolver

PROCEDURE = told.procedure("roll-chain", Telling, "chain", resolver)  # Telling: what the stage reads its section into
