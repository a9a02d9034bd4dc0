"""A game held on the board as journal entries: each action is one entry
whose ruling holds the action, the entry it was applied to (`previous`) and
the board after it. The latest entry's board is the snapshot every command
starts from; `rebuild` folds the actions again from the deal and checks each
stored board, so a snapshot can be trusted and a dispute settled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.board import COMMAND, opening, turns
from referee.board.state import Board
from referee.core.errors import RefereeError
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Step, say

if TYPE_CHECKING:
    from referee.board.snapshot import BoardMove
    from referee.journal.rows import Entry

Action = dict[str, Any]


def apply(
    rules: Ruleset, board: Board | None, action: Action, seed: int | None = None
) -> tuple[Board, list[Step], Action, int | None]:
    """One action on the board (a new board; the old one is untouched), why,
    the action completed with any dice drawn, and the seed they came from."""
    kind = action["kind"]
    if kind == "start":
        new, steps = opening.start(rules, action)
        return new, steps, action, None
    if board is None:
        raise RefereeError(say("error.board.no_game", "no game on the board yet: start one with 'referee play start'"))

    if kind == "attack":
        return turns.attack(rules, board, action, seed)
    if kind == "place":
        new, steps = opening.place(rules, board, action)
        return new, steps, action, None
    act = {"pick": turns.pick, "move": turns.move, "claim": turns.claim, "end": turns.end}[kind]
    new, steps, done = act(rules, board, action)
    return new, steps, done, None


def document(board: Board, action: Action, previous: int | None, steps: list[Step]) -> dict[str, Any]:
    """What the journal stores for an action, and what --json prints."""
    return {
        "game": board.game,
        "action": action,
        "previous": previous,
        "board": board.as_dict(),
        "explanation": [s.as_dict() for s in steps],
    }


def built_on(move: BoardMove) -> int | None:
    """The board entry an action was read from: its `previous`, except for an
    undo, which keeps the board (and the `previous`) of the entry before the
    one it takes back, and names the entry it was read from as `built_on`
    (older journals: as `undone`, the same entry but after an undo)."""
    if move.act.kind != "undo":
        return move.previous
    return move.act.undone if move.act.built_on is None else move.act.built_on


def forks(entries: list[Entry]) -> list[dict[str, Any]]:
    """Every board entry read by more than one action: a history that split
    (two terminals acting at once, before the referee refused the second).
    Each: the game, the entry built on, and the entries built on it."""
    on: dict[tuple[str, int], list[int]] = {}
    for entry in entries:
        base = built_on(entry.move) if entry.move is not None and entry.command.startswith(COMMAND) else None
        if base is not None:
            on.setdefault((str(entry.game), base), []).append(entry.id)
    return [
        {"game": game, "built_on": base, "entries": ids}
        for (game, base), ids in sorted(on.items(), key=lambda i: i[1])
        if len(ids) > 1
    ]


def rebuild(rules: Ruleset, entries: list[Entry]) -> tuple[Board | None, list[dict[str, Any]]]:
    """Fold every action of a game from the deal; each stored board that the
    fold does not reach is listed (entry, what differs)."""
    boards: dict[int, Board] = {}
    board: Board | None = None
    disagreements = []
    for entry in entries:
        move = entry.move
        if not entry.command.startswith(COMMAND):
            continue
        if move is None:
            said = say("board.unreadable", "its action and board cannot be read")
            disagreements.append({"entry": entry.id, "differs": said})
            continue
        act, previous = move.act, move.previous
        base = boards.get(previous) if previous is not None else None
        try:
            if act.kind == "undo" and act.back_to is not None:
                board = boards[act.back_to]
            else:  # an undo that names no entry to go back to is no action apply knows
                board = apply(rules, base, dict(act.stored))[0]
        except (RefereeError, KeyError) as exc:
            said = say("board.no_longer", "the action no longer applies: {why}", why=str(exc))
            disagreements.append({"entry": entry.id, "differs": said})

            continue
        boards[entry.id] = board
        stored = move.board.stored
        if board.as_dict() != stored:
            keys = sorted(k for k, v in board.as_dict().items() if stored.get(k) != v)
            disagreements.append({"entry": entry.id, "differs": ", ".join(keys)})
    return board, disagreements
