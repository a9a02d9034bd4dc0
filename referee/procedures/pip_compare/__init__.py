"""Pip compare: a rolled die against the attacking die on the field (DiceLand).
The grammar says what a file may write, the reader what players say, the
resolver rules on a throw.

`GRAMMAR` is all that reading a file needs; `record` holds the rest (`PROCEDURE`)."""

from referee.procedures.pip_compare.grammar import PipCompare as GRAMMAR

__all__ = ["GRAMMAR"]
