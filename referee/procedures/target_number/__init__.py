"""Target number: a table gives the number to roll, then a wound roll (True Forces).
The grammar says what a file may write, the reader what players say, the
resolver rules on a throw.

`GRAMMAR` is all that reading a file needs; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.procedures.target_number.grammar import TargetNumber as GRAMMAR
from referee.words.language import own_catalogue

own_catalogue(__file__)

__all__ = ["GRAMMAR"]
