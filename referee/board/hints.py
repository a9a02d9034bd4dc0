"""Advice on demand: every attack the player to move could make, with the
exact chance of taking the tile and the pips it is expected to cost, from the
resolver that rules the attack itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.records import record

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.board.state import Board
    from referee.ruleset.model import Ruleset


@record
class Hint:
    """One attack weighed; `ends` says how taking the tile ends the game
    ('capital' or 'last_die'), `note` says it in the language spoken."""

    first: str
    target: str
    second: str | None
    take: Fraction
    lost: Fraction
    ends: str | None = None
    note: str | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "from": self.first,
            "to": self.target,
            "with": self.second,
            "take": str(self.take),
            "take_float": float(self.take),
            "expected_pips_lost": str(self.lost),
            "expected_pips_lost_float": float(self.lost),
            "ends_game": self.ends,
            "note": self.note,
        }


def hints(rules: Ruleset, board: Board) -> list[Hint]:
    """Best first: an attack that ends the game when it takes the tile (the
    enemy capital, DL-X4, or the enemy's last die), then the likeliest to take
    the tile, then the cheapest, then by coordinates."""
    if board.phase != "attack" or board.attacked:
        return []
    # the rules of play and the resolver load only when there is an attack to weigh
    from referee.board import combat
    from referee.board.turns import legal_attacks, told

    found = []
    for attack in legal_attacks(rules, board, board.to_move):
        take, lost = combat.chances(rules, told(rules, board, attack))
        ends, note = _ends(rules, board, attack[1]) if take else (None, None)
        found.append(Hint(attack[0], attack[1], attack[2], take, lost, ends, note))
    return sorted(found, key=lambda h: (h.ends is None, -h.take, h.lost, h.first, h.target, h.second or ""))


def _ends(rules: Ruleset, board: Board, target: str) -> tuple[str | None, str | None]:
    """Whether taking the target ends the game, and the note that says so with its rule."""
    from referee.board.state import opted, play_of
    from referee.rulings.ruling import say

    play, player = play_of(rules), board.to_move
    enemy = board.other(player)
    said = {"player": rules.said(player), "enemy": rules.said(enemy), "tile": target}
    if board.capitals.get(target) == enemy and opted(board, play.capital_variant):
        capital = say("hint.capital", "taking {tile}, {enemy}'s capital, wins the game at once for {player}", **said)
        return "capital", f"{capital} ({play.capital_rule})"
    if len(board.pips_of(enemy)) == 1:
        last = say("hint.last_die", "taking {tile}, {enemy}'s last die, ends the game", **said)
        return "last_die", f"{last} ({play.end_rule})"
    return None, None
