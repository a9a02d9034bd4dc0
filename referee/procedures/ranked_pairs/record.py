"""ranked-pairs as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures import told
from referee.procedures.ranked_pairs import resolver
from referee.procedures.ranked_pairs.grammar import RankedPairs

PROCEDURE = told.procedure(
    "ranked-pairs",
    RankedPairs,
    "pairs",
    resolver,
    rear=True,  # units waiting behind the front give cover and can be lost with a landing
    front=resolver.front_limit,
    fight="referee.procedures.ranked_pairs.fight",
)
