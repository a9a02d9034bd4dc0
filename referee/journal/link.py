"""Linking one new row onto the end of the hash chain and inserting it: the
one way an entry is written, by a ruling or by a migration step."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from referee.journal.chain import GENESIS, entry_hash, hashed


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def highest_issued(db: sqlite3.Connection) -> int | None:
    """The last id SQLite ever gave an entry (a deleted tail leaves it higher)."""
    found = db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'entries'").fetchone()
    return None if found is None else int(found[0])


def link(db: sqlite3.Connection, row: dict[str, Any]) -> dict[str, Any]:
    """Give `row` (every hashed column but id, prev_hash and hash) its place
    after the last entry, hash it and insert it, inside the caller's write
    transaction; the row as written."""
    last = db.execute("SELECT id, hash FROM entries ORDER BY id DESC LIMIT 1").fetchone()
    row = {
        **row,
        "id": max(last[0] if last else 0, highest_issued(db) or 0) + 1,
        "prev_hash": last[1] if last else GENESIS,
    }
    row["hash"] = entry_hash(row)
    columns = (*hashed(row), "hash")
    db.execute(
        f"INSERT INTO entries ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        [row[c] for c in columns],
    )
    return row
