"""Opening, writing and reading the journal file.

Each entry is written in its own `BEGIN IMMEDIATE` transaction: the writer
takes the lock, reads the last hash, links to it and commits, so two
terminals writing at once queue up (WAL, a 30 s busy timeout) instead of
forking the chain. The caller prints a ruling only after `append` returns.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.digests import sha256_hex
from referee.errors import RefereeError, did_you_mean
from referee.journal import schema
from referee.journal.chain import GENESIS, HASHED, canonical, entry_hash

if TYPE_CHECKING:
    from referee.journal.verify import Verdict

BUSY_SECONDS = 30.0
HOW = "choose another file with --journal PATH or REFEREE_JOURNAL, or rule without it with --no-journal"
JSON_COLUMNS = ("argv", "replay", "inputs", "dice", "ruling", "explanation")


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def decode(row: sqlite3.Row) -> dict[str, Any]:
    """A stored row as plain JSON-ready data."""
    entry = dict(row)
    for column in JSON_COLUMNS:
        entry[column] = json.loads(entry[column])
    return entry


class Journal:
    """One open journal file. Use as a context manager; it closes the file."""

    def __init__(self, path: Path, db: sqlite3.Connection):
        self.path = path
        self.db = db

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.close()

    def _write(self) -> _Transaction:
        return _Transaction(self)

    def append(
        self,
        *,
        command: str,
        argv: list[str],
        replay: list[str],
        inputs: dict[str, Any],
        dice: dict[str, Any],
        ruling: Any,
        explanation: list[Any],
        version: str,
        ruleset: str | None = None,
        ruleset_path: str | None = None,
        ruleset_content: bytes | None = None,
    ) -> tuple[int, sqlite3.Row | None]:
        """Link and commit one entry: everything needed to show the ruling again
        and to re-run it (`replay`: the command line with its seed made
        explicit). Returns the entry's id and the game it joined. (Keywords,
        not a record class: defining one costs start-up time on every ruling.)"""
        digest = None if ruleset_content is None else sha256_hex(ruleset_content)
        stored = {
            "argv": argv,
            "replay": replay,
            "inputs": inputs,
            "dice": dice,
            "ruling": ruling,
            "explanation": explanation,
        }
        with self._write():
            last = self.db.execute("SELECT id, hash FROM entries ORDER BY id DESC LIMIT 1").fetchone()
            game = self.current_game()
            row: dict[str, Any] = {
                "id": max(last["id"] if last else 0, self._highest_issued() or 0) + 1,
                "time": now(),
                "command": command,
                "game": game["name"] if game else None,
                "ruleset": ruleset,
                "ruleset_digest": digest,
                "ruleset_path": ruleset_path,
                "version": version,
                "prev_hash": last["hash"] if last else GENESIS,
                **{column: canonical(stored[column]) for column in JSON_COLUMNS},
            }
            row["hash"] = entry_hash(row)
            if ruleset_content is not None:
                self.db.execute(
                    "INSERT OR IGNORE INTO rulesets (digest, name, content) VALUES (?, ?, ?)",
                    (digest, ruleset, ruleset_content),
                )
            columns = (*HASHED, "hash")
            self.db.execute(
                f"INSERT INTO entries ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                [row[c] for c in columns],
            )
        return row["id"], game

    def _highest_issued(self) -> int | None:
        found = self.db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'entries'").fetchone()
        return found[0] if found else None

    def entries(
        self, game: str | None = None, ruleset: str | None = None, limit: int | None = None
    ) -> list[dict[str, Any]]:
        """The latest `limit` entries matching, oldest first. A game nobody
        started is a typo, not an empty evening."""
        if game is not None:
            played = [g["name"] for g in self.games()]
            if game not in played:
                raise did_you_mean("game", game, sorted(set(played)))
        rows = self.db.execute(
            "SELECT * FROM entries WHERE (?1 IS NULL OR game = ?1) AND (?2 IS NULL OR ruleset = ?2) "
            "ORDER BY id DESC LIMIT ?3",
            (game, ruleset, -1 if limit is None else limit),
        ).fetchall()
        return [decode(row) for row in reversed(rows)]

    def last_entry(self, game: str, command_prefix: str) -> dict[str, Any] | None:
        """The latest entry of a game whose command starts with the prefix (a
        game held on the board reads its board from it)."""
        row = self.db.execute(
            "SELECT * FROM entries WHERE game = ? AND substr(command, 1, ?) = ? ORDER BY id DESC LIMIT 1",
            (game, len(command_prefix), command_prefix),
        ).fetchone()
        return None if row is None else decode(row)

    def entry(self, n: int) -> dict[str, Any]:
        row = self.db.execute("SELECT * FROM entries WHERE id = ?", (n,)).fetchone()
        if row is None:
            last = self.db.execute("SELECT max(id) FROM entries").fetchone()[0]
            known = f"entries run from 1 to {last}" if last else "the journal is empty"
            raise RefereeError(f"no entry {n} in the journal {self.path}; {known}")
        return decode(row)

    def ruleset_content(self, digest: str) -> bytes | None:
        row = self.db.execute("SELECT content FROM rulesets WHERE digest = ?", (digest,)).fetchone()
        return None if row is None else _stored_bytes(row[0])

    def verify(self) -> Verdict:
        """Walk the whole chain in one read transaction, so writers cannot move it underneath."""
        from referee.journal.verify import walk

        with self._read():
            bad = [
                digest
                for digest, content in self.db.execute("SELECT digest, content FROM rulesets")
                if sha256_hex(_stored_bytes(content)) != digest
            ]
            missing = self.db.execute(
                "SELECT e.id, e.ruleset_digest FROM entries e LEFT JOIN rulesets r "
                "ON r.digest = e.ruleset_digest WHERE e.ruleset_digest IS NOT NULL "
                f"AND (r.digest IS NULL OR r.digest IN ({', '.join('?' * len(bad))})) ORDER BY e.id",
                bad,
            ).fetchall()
            return walk(
                self.db.execute("SELECT * FROM entries ORDER BY id"),
                self._highest_issued(),
                [(row[0], row[1]) for row in missing],
            )

    def _read(self) -> _Transaction:
        return _Transaction(self, "BEGIN")

    def current_game(self) -> sqlite3.Row | None:
        return self.db.execute("SELECT * FROM games WHERE stopped IS NULL ORDER BY id DESC LIMIT 1").fetchone()

    def start_game(self, name: str, ruleset: str) -> None:
        with self._write():
            going = self.current_game()
            if going is not None:
                raise RefereeError(f"game '{going['name']}' is still going; end it first with 'referee game stop'")
            self.db.execute("INSERT INTO games (name, ruleset, started) VALUES (?, ?, ?)", (name, ruleset, now()))

    def stop_game(self) -> dict[str, Any]:
        with self._write():
            going = self.current_game()
            if going is None:
                raise RefereeError("no game is going; start one with 'referee game start NAME --ruleset R'")
            self.db.execute("UPDATE games SET stopped = ? WHERE id = ?", (now(), going["id"]))
        return self.games(going["id"])[0]

    def games(self, only: int | None = None) -> list[dict[str, Any]]:
        """Every game played, with how many rulings each holds (a name played
        twice counts all its rulings in both)."""
        rows = self.db.execute(
            "SELECT g.name, g.ruleset, g.started, g.stopped, "
            "(SELECT count(*) FROM entries e WHERE e.game = g.name) AS entries "
            "FROM games g WHERE ?1 IS NULL OR g.id = ?1 ORDER BY g.id",
            (only,),
        )
        return [dict(row) for row in rows]


class _Transaction:
    """BEGIN … COMMIT, or ROLLBACK on any error, with SQLite's errors made readable."""

    def __init__(self, journal: Journal, begin: str = "BEGIN IMMEDIATE"):
        self.journal = journal
        self.begin = begin

    def __enter__(self) -> None:
        try:
            self.journal.db.execute(self.begin)
        except sqlite3.Error as exc:
            raise unusable(self.journal.path, exc) from None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        db = self.journal.db
        if kind is None:
            try:
                db.execute("COMMIT")
                return
            except sqlite3.Error as error:
                exc = error
        if db.in_transaction:
            db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise unusable(self.journal.path, exc) from None


def unusable(path: Path, exc: sqlite3.Error) -> RefereeError:
    """One clear line for every way SQLite can refuse a file."""
    text = str(exc)
    if "not a database" in text:
        why = "it is not an SQLite database (a file of another kind?)"
    elif "locked" in text or "busy" in text:
        why = f"another referee has held it locked for more than {BUSY_SECONDS:.0f} s"
    elif "readonly" in text or "unable to open" in text or "permission" in text.lower():
        why = "no permission to read and write it (or its directory)"
    else:
        why = f"SQLite says: {text}"
    return RefereeError(f"cannot use the journal {path}: {why}; {HOW}")


def _stored_bytes(value: bytes | memoryview | str | None) -> bytes:
    """A ruleset's stored content as bytes. It is written as a BLOB, but an edit
    by hand (SQL's replace()) can leave TEXT or NULL behind: the hash check,
    not a crash, must then report it."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape")
    return b"" if value is None else bytes(value)


def open_journal(path: Path, create_dir: bool = False, reading: bool = False) -> Journal:
    """Open (creating or migrating) a journal, or say in one line why not.
    Only `reading` a journal that does not exist yet leaves no file behind:
    it reads as an empty journal."""
    try:
        is_dir, parent_exists, exists = path.is_dir(), path.parent.is_dir(), path.exists()
    except OSError as exc:
        raise RefereeError(f"cannot use the journal {path}: {exc.strerror}; {HOW}") from None
    if reading and not exists and not is_dir:
        journal = Journal(path, sqlite3.connect(":memory:", isolation_level=None))
        journal.db.row_factory = sqlite3.Row
        _prepare(journal)
        return journal
    if is_dir:
        raise RefereeError(f"cannot use the journal {path}: it is a directory; {HOW}")
    if create_dir:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RefereeError(f"cannot create the journal's directory {path.parent}: {exc.strerror}; {HOW}") from None
    elif not parent_exists:
        raise RefereeError(f"cannot use the journal {path}: the directory {path.parent} does not exist; {HOW}")
    try:
        db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    except sqlite3.Error as exc:
        raise unusable(path, exc) from None
    db.row_factory = sqlite3.Row
    journal = Journal(path, db)
    try:
        _prepare(journal)
    except BaseException:
        db.close()
        raise
    return journal


def _version_in_wal_mode(db: sqlite3.Connection, path: Path) -> int:
    """The schema version, switching a new file to WAL first. While another
    process switches the same new file, SQLite answers "locked" at once
    instead of waiting, so this step waits for it by hand."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            found = schema.user_version(db)
            if found < schema.version() and db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            return found
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise unusable(path, exc) from None
            time.sleep(0.01)
        except sqlite3.Error as exc:
            raise unusable(path, exc) from None


def _prepare(journal: Journal) -> None:
    db, path = journal.db, journal.path
    found = _version_in_wal_mode(db, path)
    if found > schema.version():
        raise RefereeError(
            f"cannot use the journal {path}: a newer referee wrote it (schema version {found}; "
            f"this one reads up to {schema.version()}); upgrade referee, or {HOW}"
        )
    if found < schema.version():
        with journal._write():
            found = schema.user_version(db)
            if found == 0 and schema.has_tables(db):
                raise RefereeError(
                    f"cannot use the journal {path}: it is an SQLite database, but not a referee journal; {HOW}"
                )
            if found < schema.version():
                schema.migrate(db, found)
