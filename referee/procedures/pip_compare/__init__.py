"""Pip compare: a rolled die against the attacking die on the field (DiceLand).
The grammar says what a file may write, the reader what players say, the
resolver rules on a throw.

`GRAMMAR` is all that reading a file needs; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.procedures.pip_compare.grammar import PipCompare as GRAMMAR
from referee.words.language import own_catalogue

own_catalogue(__file__)

__all__ = ["GRAMMAR"]
