"""Is this file a referee journal? Decided from its bytes before SQLite
opens it for writing: opening another program's database in WAL mode, or
rolling back a hot journal, would change a file that is not ours."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from referee.journal import schema
from referee.rulings.ruling import say
from referee.words.language import pgettext

HEADER = b"SQLite format 3\x00"
NEW, OURS = "new", "ours"


def _header(path: Path) -> bytes:
    """The first 100 bytes, read without blocking (a FIFO is refused before this)."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        return os.read(handle, 100)
    finally:
        os.close(handle)


def _looks_like_version_1(path: Path) -> bool:
    """A journal written before the file carried its mark: read with SQLite's
    immutable flag, which takes no lock and writes nothing, not even beside it.
    A writer killed before its WAL was written back leaves the tables in the
    WAL only: then the file is read again through it, still read-only."""
    wal = Path(f"{path}-wal")
    modes = ["mode=ro&immutable=1", *(["mode=ro"] if wal.is_file() and wal.stat().st_size else [])]
    for mode in modes:
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True)
        except sqlite3.Error:
            continue
        try:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if schema.user_version(db) == 1 and tables == schema.VERSION_1_TABLES:
                return True
        except sqlite3.Error:
            pass
        finally:
            db.close()
    return False


def recognise(path: Path) -> str:
    """NEW (nothing there yet, or an empty file) or OURS; otherwise the reason
    the file is not a referee journal, in words for the error message."""
    try:
        head = _header(path)
    except FileNotFoundError:
        return NEW
    except PermissionError:
        return say("error.journal.permission", "no permission to read and write it (or its directory)")
    except OSError as exc:
        return say("error.journal.unreadable", "cannot read it: {why}", why=exc.strerror)
    if not head:
        return NEW
    if not head.startswith(HEADER) or len(head) < 100:
        return say("error.journal.not_sqlite", "it is not an SQLite database (a file of another kind?)")
    mark = int.from_bytes(head[68:72], "big")
    if mark == schema.APPLICATION_ID:
        return OURS
    if mark == 0 and _looks_like_version_1(path):
        return OURS
    return say("error.journal.not_ours", "it is an SQLite database, but not a referee journal")


def kind_said(kind: str) -> str:
    """What a path is ('file', 'directory', as `referee.words.inputs.kind_of` names
    it), in the current language, for a message refusing it."""
    said = {
        "file": pgettext("path.kind", "file"),
        "directory": pgettext("path.kind", "directory"),
        "named pipe (FIFO)": pgettext("path.kind", "named pipe (FIFO)"),
        "socket": pgettext("path.kind", "socket"),
        "device": pgettext("path.kind", "device"),
    }
    return said.get(kind, kind)
