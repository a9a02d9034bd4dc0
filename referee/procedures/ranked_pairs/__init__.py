"""Ranked pairs: sorted dice compared pair by pair (classic Risk, Frontline Risk).
The grammar says what a file may write, the resolver rules on a throw; players
name units, read by `told`."""

from referee.procedures import told
from referee.procedures.ranked_pairs import resolver
from referee.procedures.ranked_pairs.grammar import RankedPairs

PROCEDURE = told.procedure(
    "ranked-pairs",
    RankedPairs,
    "pairs",
    resolver,
    rear=True,  # units waiting behind the front give cover and can be lost with a landing
    fight="referee.procedures.ranked_pairs.fight",
)
