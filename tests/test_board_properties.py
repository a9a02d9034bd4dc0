"""Random legal play on the board, over many seeds: no board ever breaks a
rule, every game ends, and folding the recorded actions again rebuilds the
same board."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.board.history import apply
from referee.board.state import Board
from referee.board.turns import legal_attacks
from referee.core.errors import RefereeError
from referee.ruleset.load import load_file, shipped

RULES = load_file(shipped()["diceland"])
MOST_ACTIONS = 3000


def attempt(board: Board, action: dict[str, Any]) -> tuple[Board, dict[str, Any]] | None:
    """The action applied, or None when the rules refuse it."""
    try:
        new, _, done, _ = apply(RULES, board, action)
    except RefereeError:
        return None
    return new, done


def first_allowed(board: Board, actions: list[dict[str, Any]]) -> tuple[Board, dict[str, Any]]:
    for action in actions:
        done = attempt(board, action)
        if done:
            return done
    raise AssertionError(f"no action allowed among {actions}")


def placement(board: Board, rng: random.Random) -> list[dict[str, Any]]:
    player = board.to_move
    empty = [c for c in board.tiles if c not in board.dice]
    rng.shuffle(empty)
    return [{"kind": "place", "player": player, "placements": [[c, rng.choice(board.unplaced[player])]]} for c in empty]


def turn_actions(board: Board, rng: random.Random) -> list[dict[str, Any]]:
    """Actions worth trying now, in a random order of preference."""
    player = board.to_move
    if board.phase == "pick":
        pending = board.pending or {}
        tiles = [pending["from"], *([pending["with"]] if pending["with"] else [])]
        fields: list[int | str] = [*{board.pips(c) for c in tiles}, *tiles]  # by pips, or by tile
        pairs = [[r, f] for r in pending["throw"] for f in fields]
        rng.shuffle(pairs)
        return [{"kind": "pick", "player": player, "choose": p} for p in pairs]
    found: list[dict[str, Any]] = []
    owed = board.attraction
    if owed and owed["player"] == player and rng.random() < 0.5:
        found.append({"kind": "claim", "player": player, "tile": rng.choice(owed["dice"])})
    if board.phase == "attack" and not board.attacked:
        attacks = legal_attacks(RULES, board, player)
        if attacks:
            first, target, second = rng.choice(attacks)
            throw = [rng.randint(1, 6) for _ in range(2 if second else 1)]
            found.append(
                {"kind": "attack", "player": player, "from": first, "to": target, "with": second, "throw": throw}
            )
    if rng.random() < 0.7:
        moves = [
            {"kind": "move", "player": player, "from": c, "to": n}
            for c, (o, _) in board.dice.items()
            if o == player
            for n in board.near(c)
        ]
        rng.shuffle(moves)
        found += moves
    found.append({"kind": "end", "player": player, "grow": None})
    found += [{"kind": "end", "player": player, "grow": c} for c in board.dice]
    return found


def check(board: Board, dice: int) -> None:
    assert set(board.dice) <= set(board.tiles)
    for owner, value in board.dice.values():
        assert owner in board.players and 1 <= value <= 6
    for player in board.players:
        held = len(board.pips_of(player)) + len(board.hand[player]) + len(board.unplaced[player])
        assert held + board.out[player] == dice
        if board.phase not in ("place",):
            assert len(board.hand[player]) == 2
    assert Board.from_dict(board.as_dict()).as_dict() == board.as_dict()
    assert (board.phase == "over") == (board.winner is not None)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    tiles=st.sampled_from([8, 10, 12, 16]),
    shape=st.sampled_from(["random", "blob", "front"]),
    options=st.sets(st.sampled_from(["terrain", "fatal-attraction", "grouping", "fill-the-void", "capital"])),
)
def test_random_legal_play_keeps_the_rules_ends_and_replays(
    seed: int, tiles: int, shape: str, options: set[str]
) -> None:
    rng = random.Random(seed)
    capitals = "capital" in options
    start = {"kind": "start", "game": "g", "tiles": tiles, "shape": shape, "capitals": capitals}
    start |= {"options": sorted(options), "seed": seed, "armies": {}}
    board, _, _, _ = apply(RULES, None, start)
    dice = len(board.unplaced["red"])
    played = [start]
    for _ in range(MOST_ACTIONS):
        if board.phase == "over":
            break
        options_now = placement(board, rng) if board.phase == "place" else turn_actions(board, rng)
        board, done = first_allowed(board, options_now)
        played.append(done)
        check(board, dice)
    assert board.phase == "over", f"no end after {MOST_ACTIONS} actions"
    assert board.winner and board.winner["player"] in board.players
    rebuilt = None
    for action in played:
        rebuilt = apply(RULES, rebuilt, action)[0]
    assert rebuilt is not None and rebuilt.as_dict() == board.as_dict()
