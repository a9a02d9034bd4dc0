"""Target number: a table gives the number to roll, then a wound roll (True Forces).
The grammar says what a file may write, the reader what players say, the
resolver rules on a throw.

`GRAMMAR` is all that reading a file needs; `record` holds the rest (`PROCEDURE`)."""

from referee.procedures.target_number.grammar import TargetNumber as GRAMMAR

__all__ = ["GRAMMAR"]
