"""Ranked pairs: sorted dice compared pair by pair (classic Risk, Frontline Risk).
The grammar says what a file may write, the resolver rules on a throw; players
name units, read by `told`.

`GRAMMAR` is all that reading a file needs; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.procedures.ranked_pairs.grammar import RankedPairs as GRAMMAR
from referee.words.language import own_catalogue

own_catalogue(__file__)

__all__ = ["GRAMMAR"]
