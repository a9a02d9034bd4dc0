"""The journal's tables, versioned with SQLite's user_version so an older
referee refuses a newer file instead of misreading it, and a newer one
migrates an older file forward step by step; SQLite's application_id marks
the file as a referee journal, so another program's database is recognised
as such before a byte of it is written."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

Migration = Callable[[sqlite3.Connection], None]


def _create(db: sqlite3.Connection) -> None:
    """Version 1. Ids come from AUTOINCREMENT's sqlite_sequence as well as the
    rows, so a deleted last entry still leaves a trace for `verify`."""
    for statement in (
        """CREATE TABLE entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            time TEXT NOT NULL,
            command TEXT NOT NULL,
            argv TEXT NOT NULL,
            replay TEXT NOT NULL,
            game TEXT,
            ruleset TEXT,
            ruleset_digest TEXT,
            ruleset_path TEXT,
            inputs TEXT NOT NULL,
            dice TEXT NOT NULL,
            ruling TEXT NOT NULL,
            explanation TEXT NOT NULL,
            version TEXT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL)""",
        "CREATE INDEX entries_game ON entries (game)",
        "CREATE INDEX entries_ruleset ON entries (ruleset)",
        """CREATE TABLE rulesets (
            digest TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            content BLOB NOT NULL)""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            started TEXT NOT NULL,
            stopped TEXT)""",
    ):
        db.execute(statement)


APPLICATION_ID = 0x52464A4C  # "RFJL" in the file's header, at byte 68


def _mark_and_chain_games(db: sqlite3.Connection) -> None:
    """Version 2. The file says it is a referee journal, and games are entries
    in the chain ('game start', 'game stop'), found through this index. The
    games table of version 1 stays as it was: those games were recorded
    outside the chain and are listed as such."""
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("CREATE INDEX entries_command ON entries (command)")


def _store_situations(db: sqlite3.Connection) -> None:
    """Version 3. A ruling made through the door keeps what `replay` rules on
    again: the procedure, the situation as told and the typed ruling, as one
    JSON text. Older entries hold nothing there and are hashed as before
    (chain.LATER)."""
    db.execute("ALTER TABLE entries ADD COLUMN situation TEXT")


def _seal_kept_games(db: sqlite3.Connection) -> None:
    """Version 4. The games table of version 1 is copied into the chain (a
    'games kept' entry), and from then on only that copy counts: a row added
    to the table by hand (a game 'going' that never was) changes nothing, and
    `log verify` names it."""
    from referee.journal.games import seal

    seal(db)


def _store_kinds(db: sqlite3.Connection) -> None:
    """Version 5. Each entry names its kind of outcome (`referee.journal.kinds`),
    so a reader need not guess it from the keys its ruling holds. Older
    entries hold nothing there, are hashed as before (chain.LATER) and have
    their kind inferred once, where a row is decoded."""
    db.execute("ALTER TABLE entries ADD COLUMN kind TEXT")


# MIGRATIONS[n] turns a version-n journal into version n+1 (0 is a new file).
# Append to this list; never edit a step that has shipped. A new column meant
# to be trusted (the stored situation, say) joins chain.LATER, hashed only for entries
# written after its step (chain.LATER), so older entries keep their hashes.
MIGRATIONS: list[Migration] = [_create, _mark_and_chain_games, _store_situations, _seal_kept_games, _store_kinds]

# The tables a version-1 journal holds: how a journal made before the file
# carried its application_id is still known for one.
VERSION_1_TABLES = {"entries", "rulesets", "games", "sqlite_sequence"}


def version() -> int:
    return len(MIGRATIONS)


def user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def application_id(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA application_id").fetchone()[0])


def has_tables(db: sqlite3.Connection) -> bool:
    return bool(db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0)


def migrate(db: sqlite3.Connection, start: int) -> None:
    """Run the steps from `start` to the current version, inside the caller's
    transaction, so a crash mid-way leaves the old version intact."""
    for step in MIGRATIONS[start:]:
        step(db)
    db.execute(f"PRAGMA user_version = {version()}")
