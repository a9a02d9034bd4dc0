"""The journal's tables, versioned with SQLite's user_version so an older
referee refuses a newer file instead of misreading it, and a newer one
migrates an older file forward step by step."""

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


# MIGRATIONS[n] turns a version-n journal into version n+1 (0 is a new file).
# Append to this list; never edit a step that has shipped.
MIGRATIONS: list[Migration] = [_create]


def version() -> int:
    return len(MIGRATIONS)


def user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def has_tables(db: sqlite3.Connection) -> bool:
    return int(db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]) > 0


def migrate(db: sqlite3.Connection, start: int) -> None:
    """Run the steps from `start` to the current version, inside the caller's
    transaction, so a crash mid-way leaves the old version intact."""
    for step in MIGRATIONS[start:]:
        step(db)
    db.execute(f"PRAGMA user_version = {version()}")
