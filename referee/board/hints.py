"""Advice on demand: every attack the player to move could make, with the
exact chance of taking the tile and the pips it is expected to cost, from the
resolver that rules the attack itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.records import record

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.board.state import Board
    from referee.ruleset.model import Ruleset


@record
class Hint:
    first: str
    target: str
    second: str | None
    take: Fraction
    lost: Fraction

    def as_dict(self) -> dict[str, object]:
        return {
            "from": self.first,
            "to": self.target,
            "with": self.second,
            "take": str(self.take),
            "take_float": float(self.take),
            "expected_pips_lost": str(self.lost),
            "expected_pips_lost_float": float(self.lost),
        }


def hints(rules: Ruleset, board: Board) -> list[Hint]:
    """Best first: the likeliest to take the tile, then the cheapest, then by coordinates."""
    if board.phase != "attack" or board.attacked:
        return []
    # the rules of play and the resolver load only when there is an attack to weigh
    from referee.board import combat
    from referee.board.turns import legal_attacks, told

    found = []
    for attack in legal_attacks(rules, board, board.to_move):
        take, lost = combat.chances(rules, told(rules, board, attack))
        found.append(Hint(attack[0], attack[1], attack[2], take, lost))
    return sorted(found, key=lambda h: (-h.take, h.lost, h.first, h.target, h.second or ""))
