"""roll-chain as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures import told
from referee.procedures.roll_chain import resolver
from referee.procedures.roll_chain.grammar import RollChain

PROCEDURE = told.procedure("roll-chain", RollChain, "chain", resolver)
