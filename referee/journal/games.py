"""Games (evenings) in the journal. Since version 2 a game is two entries of
the chain, 'game start' and 'game stop', so starting, stopping and naming
one is as tamper-evident as a ruling. The games table of version 1 is copied
into the chain once, by the step to version 4 (a 'games kept' entry): from
then on only that copy says which of those games there were and which one
is going, and `log verify` names any row of the table the copy does not
hold. A version-1 journal read before any migration has only its table."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

from referee.core.errors import RefereeError
from referee.rulings.ruling import say

if TYPE_CHECKING:
    from referee.journal.rows import Entry

START, STOP, KEPT = "game start", "game stop", "games kept"
COLUMNS = ("id", "name", "ruleset", "started", "stopped")


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
    going = [game for game in kept(db) if game["stopped"] is None]
    if not going:
        return None
    return {"name": going[-1]["name"], "ruleset": going[-1]["ruleset"], "outside_chain": going[-1]["id"]}


def _table(db: sqlite3.Connection) -> list[dict[str, Any]]:
    return [dict(zip(COLUMNS, row)) for row in db.execute(f"SELECT {', '.join(COLUMNS)} FROM games ORDER BY id")]


def seal(db: sqlite3.Connection) -> None:
    """Copy the games table into the chain (the step to version 4), so a row
    added or changed by hand later changes nothing and is named by verify."""
    from referee.journal.chain import canonical
    from referee.journal.link import link, now

    rows = _table(db)
    if not rows:
        return
    nothing = canonical([])
    link(
        db,
        {
            "time": now(),
            "command": KEPT,
            "game": None,
            "ruleset": None,
            "ruleset_digest": None,
            "ruleset_path": None,
            "version": "",
            "argv": nothing,
            "replay": nothing,
            "inputs": canonical({}),
            "dice": canonical({}),
            "ruling": canonical({"games": rows}),
            "explanation": nothing,
            "situation": None,
        },
    )


def _sealed(db: sqlite3.Connection) -> tuple[int, list[dict[str, Any]]] | None:
    """(entry, the games table as copied there) when the chain holds the copy."""
    import json

    row = db.execute("SELECT id, ruling FROM entries WHERE command = ? ORDER BY id LIMIT 1", (KEPT,)).fetchone()
    if row is None:
        return None
    try:
        games = json.loads(row[1])["games"]
    except (TypeError, ValueError, KeyError):
        return row[0], []
    return row[0], [g for g in games if isinstance(g, dict)]


def _migrated(db: sqlite3.Connection) -> bool:
    return int(db.execute("PRAGMA user_version").fetchone()[0]) >= 4


def kept(db: sqlite3.Connection) -> list[dict[str, Any]]:
    """The games of version 1: the chain's copy; with none, the table only
    while the journal was never migrated (later, its rows are not vouched for)."""
    sealed = _sealed(db)
    if sealed is not None:
        return sealed[1]
    return _table(db) if not _migrated(db) else []


def unvouched(db: sqlite3.Connection) -> tuple[int | None, list[str]]:
    """Rows of the games table that the chain's copy does not hold (added or
    changed by hand after the migration), with the copy's entry."""
    if not _migrated(db):
        return None, []
    entry, copy = _sealed(db) or (None, [])
    held = [tuple(g.get(c) for c in COLUMNS) for g in copy]
    return entry, [
        say("verify.games_row", "row {id} ('{name}')", id=g["id"], name=g["name"])
        for g in _table(db)
        if tuple(g.values()) not in held
    ]


def contradicted(db: sqlite3.Connection) -> list[str]:
    """What the games of version 1 say (their table, or the chain's copy of
    it) that the chained entries ruled in them contradict: an entry tagged
    with a game they do not hold, ruled outside that game's start and stop,
    or a game whose rulings never used the ruleset it says it plays. Those
    games were never entries of the chain; their rulings were, so a name,
    ruleset, start or stop changed by hand shows against them (a game with
    no ruling has nothing to be checked against)."""
    games: dict[str, list[dict[str, Any]]] = {}
    for game in kept(db):
        games.setdefault(str(game.get("name")), []).append(game)
    if not games:
        return []
    in_chain = {row[0] for row in db.execute("SELECT game FROM entries WHERE command = ?", (START,))}
    used: dict[str, set[str]] = {}
    found: list[str] = []
    for entry, time, name, ruleset in db.execute(
        "SELECT id, time, game, ruleset FROM entries WHERE game IS NOT NULL AND command NOT IN (?, ?, ?) ORDER BY id",
        (START, STOP, KEPT),
    ):
        if name in in_chain or not isinstance(name, str) or not isinstance(time, str):
            continue
        if name not in games:
            found.append(
                say(
                    "verify.game_unknown",
                    "entry {entry} was ruled in game '{game}', which the games of version 1 do not hold",
                    entry=entry,
                    game=name,
                )
            )
            continue
        if isinstance(ruleset, str):
            used.setdefault(name, set()).add(ruleset)
        if not any(_during(game, time) for game in games[name]):
            found.append(
                say(
                    "verify.game_time",
                    "entry {entry} of game '{game}' was ruled at {time}, which the games of version 1 say "
                    "is outside that game (from {started} to {stopped})",
                    entry=entry,
                    game=name,
                    time=time,
                    started=games[name][-1].get("started"),
                    stopped=games[name][-1].get("stopped") or "-",
                )
            )
    found += [
        say(
            "verify.game_ruleset",
            "game '{game}' says it plays {ruleset}, yet none of its rulings used it ({used})",
            game=name,
            ruleset=games[name][-1].get("ruleset"),
            used=", ".join(sorted(rulesets)),
        )
        for name, rulesets in used.items()
        if not any(game.get("ruleset") in rulesets for game in games[name])
    ]
    return found


def _during(game: dict[str, Any], time: str) -> bool:
    started, stopped = game.get("started"), game.get("stopped")
    if not isinstance(started, str) or not isinstance(stopped, (str, type(None))):
        return True  # a damaged row is named as such by the game listing
    return started <= time and (stopped is None or time <= stopped)


def played(db: sqlite3.Connection, damage: list[str] | None = None) -> list[dict[str, Any]]:
    """Every game with how many rulings it holds: the version-1 games first
    (counted by name, as version 1 did), then the chain's, each counted
    between its start and its stop. Damaged game entries are named in `damage`."""
    noted = [] if damage is None else damage
    games = _outside_chain(db, noted)
    for row in db.execute("SELECT * FROM entries WHERE command = ? ORDER BY id", (START,)).fetchall():
        start = _read(row, noted)
        found = db.execute("SELECT min(id) FROM entries WHERE command = ? AND id > ?", (STOP, start.id)).fetchone()
        stop = found[0]
        stopped = _read(db.execute("SELECT * FROM entries WHERE id = ?", (stop,)).fetchone(), noted) if stop else None
        count = db.execute(
            "SELECT count(*) FROM entries WHERE id > ? AND (? IS NULL OR id < ?)", (start.id, stop, stop)
        ).fetchone()[0]
        games.append(
            {
                "name": start.game or f"(damaged entry {start.id})",
                "ruleset": start.ruleset,
                "started": start.time,
                "stopped": stopped.time if stopped else None,
                "entries": count,
                "start_entry": start.id,
                "stop_entry": stop,
                "in_chain": True,
            }
        )
    return games


def _read(row: sqlite3.Row, damage: list[str]) -> Entry:
    from referee.journal.rows import decode

    entry = decode(row)
    if entry.damage:
        damage.append(f"entry {entry.id}: {'; '.join(entry.damage)}")
    return entry


def _outside_chain(db: sqlite3.Connection, damage: list[str]) -> list[dict[str, Any]]:
    games = []
    first = db.execute("SELECT command, time FROM entries WHERE command IN (?, ?) ORDER BY id LIMIT 1", (START, STOP))
    ended = first.fetchone()
    for found in kept(db):
        game = {**found, "start_entry": None, "stop_entry": None, "in_chain": False}
        for key in ("name", "ruleset", "started", "stopped"):
            if not isinstance(game.get(key), str) and not (key == "stopped" and game.get(key) is None):
                damage.append(f"game {game.get('id')} of the games table: its {key} is not text")
                game[key] = "(damaged)"
        if game["stopped"] is None and ended is not None and ended[0] == STOP:
            game["stopped"] = ended[1]  # stopped by the chain's first game entry
        game["entries"] = db.execute(
            "SELECT count(*) FROM entries WHERE game = ? AND command NOT IN (?, ?)", (game["name"], START, STOP)
        ).fetchone()[0]
        games.append(game)
    return games


def refuse_to_start(db: sqlite3.Connection, name: str) -> None:
    """One game at a time, and each evening its own name, so two evenings never merge in the log."""
    going = current(db)
    if going is not None:
        raise RefereeError(
            say(
                "error.game.still_going",
                "game '{game}' is still going; end it first with 'referee game stop'",
                game=going["name"],
            )
        )
    taken = {game["name"] for game in played(db)}
    if name in taken:
        free = next(f"{name}-{n}" for n in range(2, len(taken) + 3) if f"{name}-{n}" not in taken)
        raise RefereeError(
            say(
                "error.game.played_before",
                "a game named '{game}' was played before; each evening is its own game: name it '{free}'",
                game=name,
                free=free,
            )
        )


def refuse_to_stop(db: sqlite3.Connection, name: str) -> dict[str, Any]:
    """The game going, which must still be the one named: the one the player
    asked to stop, or whose board an action was read from."""
    going = current(db)
    if going is None:
        raise RefereeError(
            say("error.game.none_going", "no game is going; start one with 'referee game start NAME RULESET'")
        )
    if going["name"] != name:
        raise RefereeError(
            say(
                "error.game.meanwhile",
                "game '{game}' started meanwhile in another terminal; run 'referee game' to see",
                game=going["name"],
            )
        )

    return going


def refuse_if_ended(ruled_in: dict[str, Any], going: dict[str, Any] | None) -> None:
    """A ruling is filed under the game that was in play when it was ruled:
    where that game supplied its ruleset and has ended since (stopped in
    another terminal, another perhaps started), it is refused, nothing written."""
    if going != ruled_in:
        raise RefereeError(
            say(
                "error.game.ended_meanwhile",
                "game '{game}' ended meanwhile in another terminal; nothing was ruled: "
                "run 'referee game' to see, then type the command again",
                game=ruled_in["name"],
            )
        )
