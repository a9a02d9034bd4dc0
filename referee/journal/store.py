"""Opening, writing and reading the journal file.

Each entry is written in its own `BEGIN IMMEDIATE` transaction: the writer
takes the lock, reads the last hash, links to it and commits, so two
terminals writing at once queue up (WAL, a 30 s busy timeout) instead of
forking the chain. The caller prints a ruling only after `append` returns.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from referee.core.digests import sha256_hex
from referee.core.errors import RefereeError, did_you_mean
from referee.journal import games, schema
from referee.journal.chain import canonical
from referee.journal.link import highest_issued, link, now
from referee.rulings.ruling import listed, say
from referee.words.inputs import LARGEST
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.journal.checkpoint import Noted
    from referee.journal.rows import Entry
    from referee.journal.verify import Unreadable, Verdict

T = TypeVar("T")
BUSY_SECONDS = 30.0
JSON_COLUMNS = ("argv", "replay", "inputs", "dice", "ruling", "explanation")


class Unusable(RefereeError):
    """A journal file that cannot be used, said of the file; the command that
    chose it adds how to choose another."""


class Moved(RefereeError):
    """An action built on a board that is no longer the game's last: another
    terminal wrote in between. `since` are the entries written meanwhile,
    for the command to say what changed."""

    def __init__(self, since: list[Entry]):
        super().__init__(say("error.journal.moved", "the board changed meanwhile; look again"))
        self.since = since


class Builds:
    """What an action was built on, checked under the write lock: the game,
    the command prefix its board entries share, and the entry read."""

    def __init__(self, game: str, prefix: str, entry: int):
        self.game = game
        self.prefix = prefix
        self.entry = entry


class Written:
    """What `append` wrote: the entry's id and hash, and the game it belongs to.
    (A plain class: every ruling imports this module, and a dataclass costs start-up time.)"""

    def __init__(self, entry: int, hash_: str, game: dict[str, Any] | None):
        self.entry = entry
        self.hash = hash_
        self.game = game


# The journal files this process has a connection to, by (device, inode), and
# how many. Closing any descriptor of a file drops every POSIX lock the process
# holds on it, SQLite's too: another process may then take the file for
# unused, fold the write-ahead log back and reset it under the connections
# still open (the table's, kept for the evening), whose next entries corrupt
# the file. So a file held open is never opened again to read its first bytes.
_HELD: dict[tuple[int, int], int] = {}


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


class Journal:
    """One open journal file. Use as a context manager; it closes the file."""

    def __init__(self, path: Path, db: sqlite3.Connection, held: tuple[int, int] | None = None):
        self.path = path
        self.db = db
        self.held = held  # the file's identity in _HELD while this connection is open
        if held is not None:
            _HELD[held] = _HELD.get(held, 0) + 1
        self.damage: list[str] = []  # what could not be read, for the reading commands to report
        self.found = True  # False: no file there, read as an empty journal
        self.unknown: list[str] = []  # columns of entries another tool added, which readers say they leave unread

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.close()
        if self.held is not None:
            _HELD[self.held] -= 1
            if not _HELD[self.held]:
                del _HELD[self.held]

    def look_over(self) -> None:
        """Read the small bookkeeping tables a reading command would not
        otherwise touch (the id counter, the games), so a damaged page there
        is named (in `damage`) instead of passed over in silence; and the
        columns of the entries, so one this referee does not know is named
        (in `unknown`) instead of read as if it were none."""
        from referee.journal.rows import unknown  # reading entries; a ruling only writes one

        try:
            for table in ("sqlite_sequence", "games"):
                self.db.execute(f"SELECT * FROM {table}").fetchall()
            self.unknown = unknown(str(row["name"]) for row in self.db.execute("PRAGMA table_info(entries)"))
        except sqlite3.DatabaseError as exc:
            self.damage.append(_damaged(exc))

    def _write(self) -> _Transaction:
        return _Transaction(self)

    def append(
        self,
        *,
        command: str,
        kind: str,
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
        starts: str | None = None,
        stops: str | None = None,
        situation: dict[str, Any] | None = None,
        builds: Builds | None = None,
        ruled_in: dict[str, Any] | None = None,
    ) -> Written:
        """Link and commit one entry: everything needed to show the ruling again
        and to re-run it (`replay`: the command line with its seed made
        explicit), and its `kind` of outcome (`referee.journal.kinds`). `starts`
        and `stops` name the game this entry starts or stops, checked under the
        same lock; `situation` is what a ruling through the door is ruled on
        again from (see `referee.journal.rerule`); `builds` the board entry an
        action was read from, which must still be its game's last (else `Moved`,
        and nothing is written); `ruled_in` the game in play that supplied the
        ruleset, which must still be in play: the entry is filed under it, or
        refused. (Keywords, not a record class: defining one
        costs start-up time on every ruling.)"""
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
            if starts is not None:
                games.refuse_to_start(self.db, starts)
                game: dict[str, Any] | None = {"name": starts, "ruleset": ruleset}
            elif stops is not None:
                game = games.refuse_to_stop(self.db, stops)
            elif builds is not None:
                game = games.refuse_to_stop(self.db, builds.game)
                self._still_last(builds)
            else:
                game = games.current(self.db)
                if ruled_in is not None:
                    games.refuse_if_ended(ruled_in, game)
            if ruleset_content is not None:
                self.db.execute(
                    "INSERT OR IGNORE INTO rulesets (digest, name, content) VALUES (?, ?, ?)",
                    (digest, ruleset, ruleset_content),
                )
            row = link(
                self.db,
                {
                    "time": now(),
                    "command": command,
                    "game": game["name"] if game else None,
                    "ruleset": ruleset,
                    "ruleset_digest": digest,
                    "ruleset_path": ruleset_path,
                    "version": version,
                    **{column: canonical(stored[column]) for column in JSON_COLUMNS},
                    "situation": None if situation is None else canonical(situation),
                    "kind": kind,
                },
            )
        return Written(row["id"], row["hash"], game)

    def _still_last(self, builds: Builds) -> None:
        """Refuse (`Moved`) when the game has board entries after the one read."""
        from referee.journal.rows import decode  # reading entries; a ruling only writes one

        since = self.db.execute(
            "SELECT * FROM entries WHERE game = ? AND substr(command, 1, ?) = ? AND id > ? ORDER BY id",
            (builds.game, len(builds.prefix), builds.prefix, builds.entry),
        ).fetchall()
        if since:
            raise Moved([decode(row) for row in since])

    def entries(self, game: str | None = None, ruleset: str | None = None, limit: int | None = None) -> list[Entry]:
        """The latest `limit` entries matching, oldest first. A game nobody
        started is a typo, not an empty evening. What cannot be read is
        named in `damage` (of an entry, or of the journal)."""
        from referee.journal.rows import decode  # reading entries; a ruling only writes one

        if game is not None:
            played = [g["name"] for g in self.games()]
            if game not in played:
                raise did_you_mean(pgettext("kind", "game"), game, sorted(set(played)))
        found = self._readable(
            "(:game IS NULL OR game = :game) AND (:ruleset IS NULL OR ruleset = :ruleset)",
            {"game": game, "ruleset": ruleset},
            newest_first=True,
            limit=limit,
        )
        return [decode(row) for row in found][::-1]

    def _readable(
        self, where: str, params: dict[str, Any], newest_first: bool = False, limit: int | None = None
    ) -> list[sqlite3.Row]:
        """The entries matching `where`, in id order, read past what SQLite
        cannot read: where a page is damaged, each id on is tried alone, the
        ones lost are named in `damage` ("entries 38 to 41 cannot be read")
        and reading goes on beyond them, so no readable entry is dropped. At
        most `limit` rows."""
        order, beyond = ("DESC", "id < :bound") if newest_first else ("ASC", "id > :bound")
        sql = f"SELECT * FROM entries WHERE ({where}) AND (:bound IS NULL OR {beyond}) ORDER BY id {order} LIMIT :left"
        one = f"SELECT * FROM entries WHERE ({where}) AND id = :bound"
        rows: list[sqlite3.Row] = []
        lost: list[int] = []
        bound: int | None = None  # the last id read or tried: reading goes on beyond it
        while limit is None or len(rows) < limit:
            left = -1 if limit is None else min(limit - len(rows), LARGEST)
            try:
                for row in self.db.execute(sql, {**params, "bound": bound, "left": left}):
                    rows.append(row)
                    bound = int(row["id"])
                break
            except sqlite3.DatabaseError as exc:
                ids = self._ids_beyond(bound, newest_first)
                if ids is None:  # where the entries end cannot be told: the file's own words are all there is
                    self.damage.append(_damaged(exc))
                    break
                for bound in ids:  # each id alone, until one reads: the query goes on past it
                    try:
                        rows += self.db.execute(one, {**params, "bound": bound}).fetchall()
                        break
                    except sqlite3.DatabaseError:
                        lost.append(bound)
                else:
                    break
        self.damage += [_lost(run) for run in _runs(sorted(lost))]
        return rows

    def _ids_beyond(self, bound: int | None, newest_first: bool) -> range | None:
        """The ids after `bound` in reading order, down to 1 or up to the last
        id issued; None when that end is needed and cannot be read."""
        if newest_first and bound is not None:
            return range(bound - 1, 0, -1)
        try:
            end = highest_issued(self.db)
        except sqlite3.DatabaseError:
            return None
        if end is None:
            return None
        return range(end, 0, -1) if newest_first else range((bound or 0) + 1, end + 1)

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[sqlite3.Row | Unreadable]:
        """The rows of a query until SQLite cannot read further; then one
        Unreadable, and the reason kept in `damage`."""
        from referee.journal.verify import Unreadable

        try:
            yield from self.db.execute(sql, params)
        except sqlite3.DatabaseError as exc:
            why = _damaged(exc)
            self.damage.append(why)
            yield Unreadable(why)

    def acted(self, prefix: str) -> list[Entry]:
        """Every entry whose command starts with the prefix, oldest first (the
        board actions, in which `log verify` looks for a history that forks)."""
        from referee.journal.rows import decode  # reading entries; a ruling only writes one

        found = self._readable("substr(command, 1, length(:prefix)) = :prefix", {"prefix": prefix})
        return [decode(row) for row in found]

    def last_entry(self, game: str, command_prefix: str) -> Entry | None:
        """The latest entry of a game whose command starts with the prefix (a
        game held on the board reads its board from it)."""
        from referee.journal.rows import decode  # reading entries; a ruling only writes one

        try:
            row = self.db.execute(
                "SELECT * FROM entries WHERE game = ? AND substr(command, 1, ?) = ? ORDER BY id DESC LIMIT 1",
                (game, len(command_prefix), command_prefix),
            ).fetchone()
        except sqlite3.DatabaseError as exc:
            raise RefereeError(
                say(
                    "error.journal.damaged_latest",
                    "the latest entry of game '{game}' cannot be read: {why} ('referee log verify' says more)",
                    game=game,
                    why=_damaged(exc),
                )
            ) from None
        return None if row is None else decode(row)

    def rulesets(self) -> list[str]:
        """The name of every ruleset an entry was ruled with."""
        found = self._rows("SELECT DISTINCT ruleset FROM entries WHERE ruleset IS NOT NULL ORDER BY ruleset")
        return [str(row[0]) for row in found if isinstance(row, sqlite3.Row)]

    def newest(self, ruling: bool = False) -> int:
        """The number of the latest entry; with `ruling`, of the latest that is
        not a game started or stopped ('replay last' after 'game stop' means the
        ruling before it), else of the latest entry. An empty journal has none."""
        try:
            last = self.db.execute("SELECT max(id) FROM entries").fetchone()[0]
            if ruling and last:
                rulings = "SELECT max(id) FROM entries WHERE substr(command, 1, 4) != 'game'"
                last = self.db.execute(rulings).fetchone()[0] or last
        except sqlite3.DatabaseError as exc:
            raise RefereeError(
                say("error.journal.no_newest", "the latest entry cannot be read: {why}", why=_damaged(exc))
            ) from None
        if not last:
            raise RefereeError(
                say("error.journal.none_yet", "the journal {path} holds no entry yet", path=str(self.path))
            )
        return int(last)

    def entry(self, n: int) -> Entry:
        """Entry n; one that cannot be read, or that is gone though the
        journal once held it, stands in as `unreadable` with why."""
        from referee.journal.rows import decode, unreadable  # reading entries; a ruling only writes one

        try:
            row = self.db.execute("SELECT * FROM entries WHERE id = ?", (n,)).fetchone()
            if row is not None:
                return decode(row)
            last = self.db.execute("SELECT max(id) FROM entries").fetchone()[0] or 0
            issued = max(last, highest_issued(self.db) or 0)
            damage = None if n > issued else self._damage()
        except sqlite3.DatabaseError as exc:
            return unreadable(n, _damaged(exc))
        if damage:
            return unreadable(n, damage)
        if n < last:
            why = say(
                "journal.missing", "it is missing, though later entries are there ('referee log verify' says more)"
            )
            return unreadable(n, why)
        if n <= issued:
            why = say(
                "journal.missing_tail",
                "it is missing: it was deleted, with any entries after it ('referee log verify' says more)",
            )
            return unreadable(n, why)
        raise RefereeError(
            say(
                "error.journal.no_entry",
                "no entry {n} in the journal {path}; entries run from 1 to {last}",
                n=n,
                path=str(self.path),
                last=last,
            )
            if last
            else say(
                "error.journal.empty",
                "no entry {n} in the journal {path}; the journal is empty",
                n=n,
                path=str(self.path),
            )
        )

    def _damage(self) -> str | None:
        """Why the file is damaged, in SQLite's words, or None when its check
        finds nothing: an entry the journal once held and no longer shows is
        lost to damage, not deleted, when the file is damaged."""
        try:
            found = [str(row[0]) for row in self.db.execute("PRAGMA quick_check(1)")]
        except sqlite3.DatabaseError as exc:
            return _damaged(exc)
        return (
            None
            if found == ["ok"]
            else say("journal.damaged", "the file is damaged (SQLite says: {why})", why=_one_line(found[0]))
        )

    def ruleset_content(self, digest: str) -> bytes | None:
        try:
            row = self.db.execute("SELECT content FROM rulesets WHERE digest = ?", (digest,)).fetchone()
        except sqlite3.DatabaseError:
            return None
        return None if row is None else _stored_bytes(row[0])

    def verify(self, checkpoints: Sequence[Noted] = ()) -> Verdict:
        """Walk the whole chain in one read transaction, so writers cannot move it
        underneath; a file SQLite cannot read through breaks the chain where
        reading stopped."""
        from referee.journal.verify import walk

        with self._read():
            try:
                missing = self._missing_rulesets()
                highest = highest_issued(self.db)
            except sqlite3.DatabaseError as exc:
                self.damage.append(_damaged(exc))
                missing, highest = [], None
            verdict = walk(self._rows("SELECT * FROM entries ORDER BY id"), highest, missing, checkpoints)
            from referee.journal.verify import Break

            if verdict.broken is None and self.damage:
                why = say("verify.partly", "the journal cannot be checked in full: {why}", why=self.damage[0])
                return verdict._replace(broken=Break(None, why))
            damage = self._damage() if verdict.broken and not self.damage else None
            if verdict.broken and damage:  # rows a damaged page hides are lost to the damage, not deleted by hand
                unread = say("verify.unreadable", "cannot be read: {why}", why=damage)
                return verdict._replace(broken=Break(verdict.broken.entry, unread))
            return verdict if verdict.broken else self._games_vouched(verdict)

    def _games_vouched(self, verdict: Verdict) -> Verdict:
        """The verdict, broken when the games table holds a row the chain's
        copy of it does not, or when what the games of version 1 say is
        contradicted by the entries ruled in them (see `referee.journal.games`)."""
        from referee.journal.verify import Break

        try:
            entry, rows = games.unvouched(self.db)
            contradicted = games.contradicted(self.db)
        except sqlite3.DatabaseError as exc:
            self.damage.append(_damaged(exc))
            return verdict
        if contradicted and not rows:
            reason = say(
                "verify.games_contradicted",
                "the games of version 1 say what the chain contradicts: {why}: changed by hand",
                why=contradicted[0],
            )
            return verdict._replace(broken=Break(None, reason))
        if not rows:
            return verdict
        reason = (
            say(
                "verify.games_copy",
                "the games table holds {rows}, which entry {entry}, the chain's copy of the games of version 1, "
                "does not: added or changed by hand, it counts for nothing",
                rows=listed(rows),
                entry=entry,
            )
            if entry
            else say(
                "verify.games",
                "the games table holds {rows}, which the chain does not: "
                "added or changed by hand, it counts for nothing",
                rows=listed(rows),
            )
        )
        return verdict._replace(broken=Break(None, reason))

    def _missing_rulesets(self) -> list[tuple[int, str]]:
        """(entry, digest) of every entry whose ruleset content is gone or altered."""
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
        return [(row[0], row[1]) for row in missing]

    def _read(self) -> _Transaction:
        return _Transaction(self, "BEGIN")

    def current_game(self) -> dict[str, Any] | None:
        try:
            return games.current(self.db)
        except sqlite3.DatabaseError as exc:
            raise unusable(self.path, exc) from None

    def games(self) -> list[dict[str, Any]]:
        """Every game, or those that could be read, the rest named in `damage`."""
        try:
            return games.played(self.db, self.damage)
        except sqlite3.DatabaseError as exc:
            self.damage.append(_damaged(exc))
            return []


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
            with contextlib.suppress(sqlite3.Error):  # SQLite rolls back by itself what it cannot finish
                db.execute("ROLLBACK")
        if self.begin == "BEGIN" and kind is None:
            return  # a reading transaction wrote nothing; what it read is already in hand
        if isinstance(exc, sqlite3.Error):
            raise unusable(self.journal.path, exc) from None


def unusable(path: Path, exc: sqlite3.Error) -> Unusable:
    """One clear line for every way SQLite can refuse a file."""
    text = _one_line(str(exc))
    if "not a database" in text:
        why = say("error.journal.not_sqlite", "it is not an SQLite database (a file of another kind?)")
    elif "locked" in text or "busy" in text:
        why = say(
            "error.journal.locked",
            "another referee has held it locked for more than {seconds:.0f} s",
            seconds=BUSY_SECONDS,
        )
    elif "readonly" in text or "unable to open" in text or "permission" in text.lower():
        why = say("error.journal.permission", "no permission to read and write it (or its directory)")
    else:
        why = say("error.journal.sqlite", "SQLite says: {text}", text=text)
    return _cannot_use(path, why)


def _cannot_use(path: Path, why: str) -> Unusable:
    return Unusable(say("error.journal.cannot_use", "cannot use the journal {path}: {why}", path=str(path), why=why))


def _runs(ids: list[int]) -> list[tuple[int, int]]:
    """[38, 39, 40, 45] → [(38, 40), (45, 45)]: ids in runs of neighbours."""
    runs: list[tuple[int, int]] = []
    for n in ids:
        runs = [*runs[:-1], (runs[-1][0], n)] if runs and runs[-1][1] == n - 1 else [*runs, (n, n)]
    return runs


def _lost(run: tuple[int, int]) -> str:
    """Entries a damaged page holds, named: what the reader could not give."""
    first, last = run
    if first == last:
        return say("journal.lost", "entry {n} cannot be read", n=first)
    return say("journal.lost_run", "entries {first} to {last} cannot be read", first=first, last=last)


def _damaged(exc: sqlite3.Error) -> str:
    """Why a damaged file could not be read further, in SQLite's words."""
    return say("journal.damaged", "the file is damaged (SQLite says: {why})", why=_one_line(str(exc)))


def _one_line(said: str) -> str:
    """SQLite's words on one line: its checks report over several ('*** in
    database main ***' and then each problem), and every message is one line."""
    return "; ".join(line.strip() for line in said.splitlines() if line.strip())


def _stored_bytes(value: bytes | memoryview | str | float | None) -> bytes:
    """A ruleset's stored content as bytes. It is written as a BLOB, but an edit
    by hand (SQL's replace()) can leave TEXT, a number or NULL behind: the hash
    check, not a crash, must then report it."""
    if isinstance(value, (bytes, memoryview)):
        return bytes(value)
    return b"" if value is None else str(value).encode("utf-8", "surrogateescape")


def open_journal(path: Path, create_dir: bool = False, reading: bool = False) -> Journal:
    """Open (creating or migrating) a journal, or say in one line why not.
    The file is recognised as a referee journal from its bytes first: another
    program's file is refused before SQLite may write to it. `reading` opens
    it read-only, unmigrated; a journal that does not exist yet reads as an
    empty one and leaves no file behind."""
    from referee.journal.recognise import NEW, OURS, kind_said, recognise
    from referee.words.inputs import kind_of

    try:
        kind, parent_exists = kind_of(path), path.parent.is_dir()
    except (OSError, RefereeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise _cannot_use(path, why or str(exc)) from None
    if kind not in (None, "file"):
        raise _cannot_use(path, say("error.journal.not_file", "it is a {kind}, not a file", kind=kind_said(kind)))
    found = NEW if not kind else OURS if _identity(path) in _HELD else recognise(path)  # held: known ours
    if found not in (NEW, OURS):
        raise _cannot_use(path, found)
    if reading and found == NEW:
        journal = Journal(path, sqlite3.connect(":memory:", isolation_level=None))
        journal.db.row_factory = sqlite3.Row
        journal.found = kind is not None
        _prepare(journal)
        return journal
    if create_dir and not reading:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise Unusable(
                say(
                    "error.journal.mkdir",
                    "cannot create the journal's directory {path}: {why}",
                    path=str(path.parent),
                    why=exc.strerror,
                )
            ) from None
    elif not parent_exists:
        raise _cannot_use(
            path, say("error.journal.no_dir", "the directory {path} does not exist", path=str(path.parent))
        )
    try:
        if reading:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
        else:
            db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
            # A ruling is printed only once its entry is on disk: in WAL mode, FULL syncs the log at
            # every commit (NORMAL would wait for a checkpoint); said here, not left to how SQLite was built.
            db.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as exc:
        raise unusable(path, exc) from None
    db.row_factory = sqlite3.Row
    journal = Journal(path, db, _identity(path))
    try:
        if reading:
            _check_version(journal)
            journal.look_over()
        else:
            _prepare(journal)
    except BaseException:
        journal.__exit__()
        raise
    return journal


def _retrying(path: Path, step: Callable[[], T]) -> T:
    """Run a step that SQLite may answer "locked" at once instead of waiting
    (reading a new file's header, switching it to WAL, while another process
    does the same), retrying by hand until the busy timeout."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            return step()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise unusable(path, exc) from None
            time.sleep(0.01)
        except sqlite3.Error as exc:
            raise unusable(path, exc) from None


def _check_version(journal: Journal) -> int:
    """The schema version, refusing a journal a newer referee wrote."""
    found = _retrying(journal.path, lambda: schema.user_version(journal.db))
    if found > schema.version():
        raise _cannot_use(
            journal.path,
            say(
                "error.journal.newer",
                "a newer referee wrote it (schema version {found}; this one reads up to {known}); upgrade referee",
                found=found,
                known=schema.version(),
            ),
        )
    return found


def _prepare(journal: Journal) -> None:
    """Claim a new file (its mark is in the first bytes ever written to it),
    migrate an older one, both under the write lock; then WAL, so terminals
    can write at once."""
    db, path = journal.db, journal.path
    found = _check_version(journal)
    if found == schema.version() and schema.application_id(db) == schema.APPLICATION_ID:
        return
    with journal._write():
        found, mark = schema.user_version(db), schema.application_id(db)
        if mark not in (0, schema.APPLICATION_ID) or (found == 0 and schema.has_tables(db)):
            raise _cannot_use(
                path, say("error.journal.not_ours", "it is an SQLite database, but not a referee journal")
            )

        if found < schema.version():
            schema.migrate(db, found)
    _retrying(path, lambda: _wal(db))


def _wal(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA journal_mode").fetchone()[0] not in ("wal", "memory"):
        db.execute("PRAGMA journal_mode = WAL")
