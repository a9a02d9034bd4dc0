"""Fill a journal with one game of ACTIONS actions (default 300), each a
`referee play` command run in-process as a player would type it: random legal
play on a 36-tile map, an undo whenever the game ends early. Used by
benchmarks/board.sh; the journal is $REFEREE_JOURNAL.
Usage: .venv/bin/python benchmarks/board_game.py [ACTIONS]"""

from __future__ import annotations

import json
import random
import shlex
import sys

from click.testing import CliRunner

from referee.cli import cli

ACTIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 300


def play(command: str) -> dict | None:
    result = CliRunner().invoke(cli, ["play", *shlex.split(command), "--json"])
    return json.loads(result.stdout) if result.exit_code == 0 else None


def candidates(board: dict, rng: random.Random) -> list[str]:
    """Commands worth trying in this position, in a random order of preference."""
    at = {t["coord"]: t for t in board["tiles"]}
    if board["phase"] == "place":
        empty = [c for c, t in at.items() if t["owner"] is None]
        rng.shuffle(empty)
        return [f"place {c} {rng.choice(board['unplaced'][board['to_move']])}" for c in empty]
    if board["phase"] == "pick":
        return [f"pick {r}:{f}" for r in board["pending"]["throw"] for f in range(1, 7)]
    if board["phase"] == "over":
        return ["undo"]
    mine = [c for c, t in at.items() if t["owner"] == board["to_move"]]
    hints = (play("hint") or {}).get("hints", []) if board["phase"] == "attack" else []
    tried = [
        f"attack {h['from']} {h['to']}"
        + (f" --with {h['with']}" if h["with"] else "")
        + f" --seed {rng.randrange(9999)}"
        for h in hints
    ]
    rng.shuffle(tried)
    moves = [f"move {c} {n}" for c in mine for n in at]
    rng.shuffle(moves)
    return tried[:1] + moves[:20] + ["end"] + [f"end --grow {c}" for c in mine]


def main() -> None:
    rng = random.Random(1)
    board = play("start bench diceland --tiles 36 --seed 1 --rule terrain")
    assert board, "could not start the game (is another game going in this journal?)"
    done = 1
    while done < ACTIONS:
        for command in candidates(board["board"], rng):
            after = play(command)
            if after:
                board = after
                done += 1
                break
        else:
            raise SystemExit(f"no command allowed at {board['board']['phase']}")
    if board["board"]["phase"] == "over":  # time the commands on a game under way
        board = play("undo") or board
        done += 1
    print(f"{done} actions; phase {board['board']['phase']}, turn {board['board']['turn']}")


main()
