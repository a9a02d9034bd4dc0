"""A roll chain: to hit, to wound, the save, each its own roll against its own
number (a Warhammer-style chain). The grammar says what a file may write, the
resolver rules on a throw; players name one unit a side, read by `told`.

`GRAMMAR` is all that reading a file needs; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.procedures.roll_chain.grammar import RollChain as GRAMMAR
from referee.words.language import own_catalogue

own_catalogue(__file__)

__all__ = ["GRAMMAR"]
