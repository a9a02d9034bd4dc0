"""staged as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures import told
from referee.procedures.staged import resolver
from referee.procedures.staged.grammar import Staged

PROCEDURE = told.procedure(
    "staged", Staged, "tally", resolver, fight="referee.procedures.staged.fight", typed=resolver.TYPED
)
