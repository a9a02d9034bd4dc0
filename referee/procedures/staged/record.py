"""staged as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures import told
from referee.procedures.staged import resolver
from referee.procedures.staged.grammar import Staged
from referee.stages.added import made_alone

PROCEDURE = told.procedure(
    "staged", Staged, "tally", resolver, fight="referee.procedures.staged.fight", typed=resolver.TYPED, alone=made_alone
)
