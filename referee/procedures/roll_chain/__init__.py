"""A roll chain: to hit, to wound, the save, each its own roll against its own
number (a Warhammer-style chain). The grammar says what a file may write, the
resolver rules on a throw; players name one unit a side, read by `told`."""

from referee.procedures import told
from referee.procedures.roll_chain import resolver
from referee.procedures.roll_chain.grammar import RollChain

PROCEDURE = told.procedure("roll-chain", RollChain, "chain", resolver)
