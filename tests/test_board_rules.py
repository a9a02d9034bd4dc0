"""The rules of a turn on the board, each on a small position of the 8-tile
map of seed 3 (rows 2 and 4 half a tile to the right):

              B1 G
          A2 M   B2 H
      A3 G   B3 G
          A4 F   B4 G   C4 F
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.board.history import apply
from referee.board.state import Board
from referee.core.errors import RefereeError
from referee.ruleset.load import load_file, shipped

RULES = load_file(shipped()["diceland"])


def position(dice: dict[str, tuple[str, int]], *options: str, **fields: Any) -> Board:
    start = {"kind": "start", "game": "g", "tiles": 8, "shape": "random", "capitals": False, "seed": 3}
    start |= {"options": list(options), "armies": {"red": [6, 6, 5, 3, 2, 1], "blue": [6, 5, 4, 4, 3, 1]}}
    board = apply(RULES, None, start)[0]
    board.dice = {coord: [owner, pips] for coord, (owner, pips) in dice.items()}
    board.unplaced = {"red": [], "blue": []}
    board.hand = {"red": [2, 1], "blue": [2, 1]}
    board.phase, board.turn, board.to_move, board.starter = "attack", 1, "red", "red"
    for key, value in fields.items():
        setattr(board, key, value)
    return board


def act(board: Board, kind: str, **action: Any) -> tuple[Board, str]:
    new, steps, _, _ = apply(RULES, board, {"kind": kind, "player": board.to_move, **action})
    return new, "\n".join(f"{s.rule} {s.text}" for s in steps)


def refused(board: Board, kind: str, **action: Any) -> str:
    with pytest.raises(RefereeError) as caught:
        act(board, kind, **action)
    return str(caught.value)


def test_a_die_in_contact_does_not_move_unless_on_forest() -> None:
    board = position({"A3": ("red", 3), "A4": ("red", 2), "B3": ("blue", 2)}, "terrain", attacked=True, phase="move")
    assert refused(board, "move", **{"from": "A3", "to": "A2"}) == (
        "the die on A3 stands next to an enemy die: it may not move (DL-V3)"
    )
    moved, _ = act(board, "move", **{"from": "A4", "to": "B4"})  # A4 is forest (DL-T5)
    assert moved.owner("B4") == "red"
    plain = position({"A4": ("red", 2), "B3": ("blue", 2)}, attacked=True, phase="move")
    assert "(DL-V3)" in refused(plain, "move", **{"from": "A4", "to": "B4"})


def test_grouping_merges_two_own_dice_capped_at_six() -> None:
    board = position({"A3": ("red", 4), "B3": ("red", 5), "C4": ("blue", 1)}, "grouping")
    merged, why = act(board, "move", **{"from": "A3", "to": "B3"})
    assert merged.pips("B3") == 6 and "A3" not in merged.dice and merged.out["red"] == 1
    assert "DL-X3 4 + 5 = 9, capped at 6: 3 pips lost" in why
    plain = position({"A3": ("red", 4), "B3": ("red", 5), "C4": ("blue", 1)})
    assert (
        refused(plain, "move", **{"from": "A3", "to": "B3"}) == "B3 is not empty: a die moves to an empty tile (DL-V1)"
    )


def test_fill_the_void_moves_the_defender_into_the_attackers_tile() -> None:
    board = position({"A3": ("red", 1), "B3": ("blue", 5), "C4": ("red", 3)}, "fill-the-void")
    after, why = act(board, "attack", **{"from": "A3", "to": "B3", "with": None, "throw": [2]})
    assert after.owner("A3") == "blue" and "B3" not in after.dice and after.void is None
    assert "DL-X2 fill the void" in why
    plain = position({"A3": ("red", 1), "B3": ("blue", 5), "C4": ("red", 3)})
    after, _ = act(plain, "attack", **{"from": "A3", "to": "B3", "with": None, "throw": [2]})
    assert after.owner("B3") == "blue" and after.void == {"tile": "A3", "die": "B3", "player": "blue"}


def test_taking_the_enemy_capital_wins_at_once() -> None:
    capitals = {"B3": "blue", "B1": "red"}
    dice = {"A3": ("red", 6), "B3": ("blue", 2), "C4": ("blue", 6), "B1": ("red", 1)}
    board = position(dice, capitals=capitals, options=["capital"])  # as if dealt with --capitals
    won, why = act(board, "attack", **{"from": "A3", "to": "B3", "with": None, "throw": [2]})
    assert won.phase == "over" and won.winner is not None
    assert (won.winner["player"], won.winner["decided_by"]) == ("red", "capital")
    assert "DL-X4 red takes blue's capital B3 and wins at once" in why
    without = position(dice, capitals=capitals)
    assert act(without, "attack", **{"from": "A3", "to": "B3", "with": None, "throw": [2]})[0].phase == "move"


def test_a_city_die_that_stayed_still_grows_at_the_end_of_the_turn() -> None:
    board = position({"A3": ("red", 3), "B1": ("red", 4), "C4": ("blue", 2)}, "terrain", attacked=True, phase="move")
    board.tiles["A3"]["terrain"] = board.tiles["B1"]["terrain"] = "city"
    assert refused(board, "end") == "say which die grows: --grow A3 or --grow B1 (DL-T3)"
    grown, why = act(board, "end", grow="B1")
    assert grown.pips("B1") == 5 and "DL-T3 the die on B1 neither attacked nor moved: +1 (5)" in why
    moved, _ = act(board, "move", **{"from": "A3", "to": "A4"})
    assert act(moved, "end")[0].pips("B1") == 5  # the die that moved does not grow; one candidate is applied
    assert "cannot grow" in refused(moved, "end", grow="A4")
    board.growth = "apply"  # as a table may choose with play start --growth apply
    assert act(board, "end")[0].pips("A3") == 4  # the weakest grows


def test_a_forgotten_compulsory_move_lets_the_opponent_take_a_pip() -> None:
    board = position({"B1": ("red", 3), "B3": ("blue", 2)}, "fatal-attraction")
    ended, why = act(board, "end")
    assert ended.attraction == {"player": "blue", "dice": ["B1"]}
    assert "DL-X1 red could have moved next to an enemy die (B1)" in why
    claimed, why = act(ended, "claim", tile="B1")
    assert claimed.pips("B1") == 2 and claimed.attraction is None and "(3 → 2)" in why
    assert refused(claimed, "claim", tile="B1") == "blue has no claim now: it is made at the start of the turn (DL-X1)"
    moved, _ = act(board, "move", **{"from": "B1", "to": "A2"})
    assert act(moved, "end")[0].attraction is None
    ended.quiet = 0  # as if red had attacked: blue's quiet turn does not end the game
    lapsed, _ = act(ended, "end")  # blue lets the start of the turn pass: the claim lapses, and blue forgot too
    assert lapsed.attraction == {"player": "red", "dice": ["B3"]}


def test_a_mountain_once_left_stays_empty() -> None:
    board = position({"A2": ("red", 3), "C4": ("blue", 1)}, "terrain")
    left, why = act(board, "move", **{"from": "A2", "to": "B2"})
    assert left.closed == ["A2"] and "DL-T4 A2 (mountains) is left: no die may enter it again" in why
    back = position({"B2": ("red", 3), "C4": ("blue", 1)}, "terrain", closed=["A2"])
    assert refused(back, "move", **{"from": "B2", "to": "A2"}) == "A2 was left: no die may enter it again (DL-T4)"


def test_two_turns_without_an_attack_end_the_game_and_ties_go_to_the_first_mover() -> None:
    board = position({"B1": ("red", 3), "C4": ("blue", 3)}, starter="blue")
    once, _ = act(board, "end")
    assert once.phase == "attack" and once.quiet == 1
    over, why = act(once, "end")
    assert over.phase == "over" and over.winner is not None
    assert (over.winner["player"], over.winner["decided_by"]) == ("blue", "first")
    assert "DL-E1 2 turns in a row without an attack: the game ends" in why


def test_a_turn_out_of_turn_is_refused() -> None:
    board = position({"A3": ("red", 3), "B3": ("blue", 2)})
    with pytest.raises(RefereeError, match=r"it is red's turn, not blue's \(DL-A1\)"):
        apply(RULES, board, {"kind": "end", "player": "blue"})


def test_a_finished_game_offers_no_claim() -> None:
    from referee.render.board import report

    board = position({"B1": ("red", 3), "B3": ("blue", 2)}, "fatal-attraction", quiet=1)
    over, why = act(board, "end")  # red forgot the move, but the second quiet turn ends the game
    assert over.phase == "over" and over.attraction is None and "play claim" not in why
    shown = report(RULES, {"board": over.as_dict()})
    assert "may claim" not in shown
    assert refused(over, "claim", tile="B1") == "the game is over (DL-X1)"


def test_a_tile_left_for_good_is_crossed_in_the_svg_and_keeps_its_letters() -> None:
    import xml.etree.ElementTree as ET

    from referee.board.snapshot import BoardState
    from referee.render.board import svg

    board = position({"A2": ("red", 3), "C4": ("blue", 1)}, "terrain")
    left, _ = act(board, "move", **{"from": "A2", "to": "B2"})
    root = ET.fromstring(svg(RULES, BoardState.read(left.as_dict())))
    ns = "{http://www.w3.org/2000/svg}"
    tiles = root.findall(f"{ns}g[@class='tile']")
    crossed = [g for g in tiles if g.find(f"{ns}path[@class='left']") is not None]
    assert [[t.text for t in g.findall(f"{ns}text")] for g in crossed] == [["M", "A2"]]
    parts = [child.tag for child in crossed[0]]
    assert parts.index(f"{ns}path") < parts.index(f"{ns}text")  # drawn under the letters
    assert "A2 left for good (crossed)" in ET.tostring(root, encoding="unicode")


def test_a_player_whose_last_die_falls_attacking_loses_at_once_in_that_turn() -> None:
    """DL-A1: the game ends when a player has no dice left, also when its own
    attack cost it the last one: no end of turn to play, and the turn it ended in is the last."""
    board = position({"A3": ("red", 1), "B3": ("blue", 5), "C4": ("blue", 3)})
    over, _ = act(board, "attack", **{"from": "A3", "to": "B3", "with": None, "throw": [2]})
    assert (over.phase, over.turn) == ("over", 1)
    assert over.winner is not None and over.winner["player"] == "blue"
    assert refused(over, "end") == "the game is over (DL-A1)"
