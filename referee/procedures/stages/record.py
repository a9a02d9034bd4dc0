"""stages as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures import told
from referee.procedures.stages import resolver
from referee.procedures.stages.grammar import Stages

PROCEDURE = told.procedure("stages", Stages, "tally", resolver)
