"""Games (evenings) in the journal. Since version 2 a game is two entries of
the chain, 'game start' and 'game stop', so starting, stopping and naming
one is as tamper-evident as a ruling; the games table of version 1 is read
as it was, and listed as kept outside the chain."""

from __future__ import annotations

import sqlite3
from typing import Any

from referee.errors import RefereeError

START, STOP = "game start", "game stop"


def _text(value: Any, entry: int) -> str:
    return value if isinstance(value, str) else f"(damaged entry {entry})"


def current(db: sqlite3.Connection) -> dict[str, Any] | None:
    """The game going: the last game entry of the chain if it is a start; in a
    journal whose chain holds none yet, a version-1 game never stopped."""
    last = db.execute(
        "SELECT id, command, game, ruleset FROM entries WHERE command IN (?, ?) ORDER BY id DESC LIMIT 1",
        (START, STOP),
    ).fetchone()
    if last is not None:
        if last["command"] != START:
            return None
        return {"name": _text(last["game"], last["id"]), "ruleset": last["ruleset"], "entry": last["id"]}
    kept = db.execute("SELECT id, name, ruleset FROM games WHERE stopped IS NULL ORDER BY id DESC LIMIT 1").fetchone()
    return None if kept is None else {"name": kept["name"], "ruleset": kept["ruleset"], "outside_chain": kept["id"]}


def played(db: sqlite3.Connection, damage: list[str] | None = None) -> list[dict[str, Any]]:
    """Every game with how many rulings it holds: the version-1 games first
    (counted by name, as version 1 did), then the chain's, each counted
    between its start and its stop. Damaged game entries are named in `damage`."""
    noted = [] if damage is None else damage
    games = _outside_chain(db, noted)
    for row in db.execute("SELECT * FROM entries WHERE command = ? ORDER BY id", (START,)).fetchall():
        start = _read(row, noted)
        found = db.execute("SELECT min(id) FROM entries WHERE command = ? AND id > ?", (STOP, start["id"])).fetchone()
        stop = found[0]
        stopped = _read(db.execute("SELECT * FROM entries WHERE id = ?", (stop,)).fetchone(), noted) if stop else None
        count = db.execute(
            "SELECT count(*) FROM entries WHERE id > ? AND (? IS NULL OR id < ?)", (start["id"], stop, stop)
        ).fetchone()[0]
        games.append(
            {
                "name": start["game"] or f"(damaged entry {start['id']})",
                "ruleset": start["ruleset"],
                "started": start["time"],
                "stopped": stopped["time"] if stopped else None,
                "entries": count,
                "start_entry": start["id"],
                "stop_entry": stop,
                "in_chain": True,
            }
        )
    return games


def _read(row: sqlite3.Row, damage: list[str]) -> dict[str, Any]:
    from referee.journal.rows import decode

    entry = decode(row)
    if "damage" in entry:
        damage.append(f"entry {entry['id']}: {'; '.join(entry['damage'])}")
    return entry


def _outside_chain(db: sqlite3.Connection, damage: list[str]) -> list[dict[str, Any]]:
    rows = db.execute(
        "SELECT g.id, g.name, g.ruleset, g.started, g.stopped, "
        "(SELECT count(*) FROM entries e WHERE e.game = g.name AND e.command NOT IN (?, ?)) AS entries "
        "FROM games g ORDER BY g.id",
        (START, STOP),
    )
    games = []
    for row in rows:
        game = {**dict(row), "start_entry": None, "stop_entry": None, "in_chain": False}
        for key in ("name", "ruleset", "started", "stopped"):
            if not isinstance(game[key], str) and not (key == "stopped" and game[key] is None):
                damage.append(f"game {game['id']} of the games table: its {key} is not text")
                game[key] = "(damaged)"
        games.append(game)
    return games


def refuse_to_start(db: sqlite3.Connection, name: str) -> None:
    """One game at a time, and each evening its own name, so two evenings never merge in the log."""
    going = current(db)
    if going is not None:
        raise RefereeError(f"game '{going['name']}' is still going; end it first with 'referee game stop'")
    taken = {game["name"] for game in played(db)}
    if name in taken:
        free = next(f"{name}-{n}" for n in range(2, len(taken) + 3) if f"{name}-{n}" not in taken)
        raise RefereeError(f"a game named '{name}' was played before; each evening is its own game: name it '{free}'")


def refuse_to_stop(db: sqlite3.Connection, name: str) -> dict[str, Any]:
    """The game going, which must still be the one the player asked to stop."""
    going = current(db)
    if going is None:
        raise RefereeError("no game is going; start one with 'referee game start NAME --ruleset R'")
    if going["name"] != name:
        raise RefereeError(f"game '{going['name']}' started meanwhile in another terminal; run 'referee game' to see")
    if "outside_chain" in going:
        db.execute(
            "UPDATE games SET stopped = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?", (going["outside_chain"],)
        )
    return going
