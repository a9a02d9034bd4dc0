"""A roll chain: to hit, to wound, the save, each its own roll against its own
number (a Warhammer-style chain). The grammar says what a file may write, the
resolver rules on a throw; players name one unit a side, read by `told`.

`GRAMMAR` is all that reading a file needs; `record` holds the rest (`PROCEDURE`)."""

from referee.procedures.roll_chain.grammar import RollChain as GRAMMAR

__all__ = ["GRAMMAR"]
