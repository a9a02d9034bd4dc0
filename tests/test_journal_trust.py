"""A journal the table can trust: never a byte written to a file that is not
ours, damaged rows and files read without a crash (named, exit 1),
checkpoints that catch a journal cut short or rewritten and re-hashed, games
inside the chain, and journals made before all this still read and written."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shlex
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import fails, run, run_json

from referee.cli import cli
from referee.journal import schema
from referee.journal.chain import entry_hash

BATTLE = 'battle groundforce --attacker "2 trooper" --defender "trooper, heavy"'
TYPED = f"{BATTLE} --attacker-roll sword,explosion --defender-roll shield,sword"
READERS = ["log", "log show 2", "log export", "log export --format csv", "replay 2", "log verify", "game"]


def ruled(count: int) -> list[str]:
    """Rule `count` times; the checkpoints printed."""
    return [run_json(f"{BATTLE} --seed {seed}")["journal_checkpoint"] for seed in range(count)]


def edit(journal: Path, *statements: str, params: tuple[object, ...] = ()) -> None:
    db = sqlite3.connect(journal)
    with db:
        for statement in statements:
            db.execute(statement, params if "?" in statement else ())
    db.close()


def rehash_from(journal: Path, first: int) -> None:
    """What a forger with the code does: re-hash every entry from `first` on,
    each linked to the one before, so the chain walks clean."""
    db = sqlite3.connect(journal)
    db.row_factory = sqlite3.Row
    with db:
        previous = db.execute("SELECT hash FROM entries WHERE id = ?", (first - 1,)).fetchone()
        prev_hash = previous["hash"] if previous else "0" * 64
        for row in db.execute("SELECT * FROM entries WHERE id >= ? ORDER BY id", (first,)).fetchall():
            fixed = {**dict(row), "prev_hash": prev_hash}
            prev_hash = entry_hash(fixed)
            db.execute(
                "UPDATE entries SET prev_hash = ?, hash = ? WHERE id = ?", (fixed["prev_hash"], prev_hash, row["id"])
            )
    db.close()


def invoke(command: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, shlex.split(command), catch_exceptions=False)
    assert "Traceback" not in result.stderr + result.stdout
    return result.exit_code, result.stdout, result.stderr


# --- never touch a file that is not ours -------------------------------------------------


def _foreign(path: Path, wal: bool) -> None:
    db = sqlite3.connect(path)
    if wal:
        db.execute("PRAGMA journal_mode = WAL")
    db.execute("CREATE TABLE entries (id INTEGER PRIMARY KEY, notes TEXT)")
    db.execute("INSERT INTO entries (notes) VALUES ('my shopping list')")
    db.commit()
    db.close()


@pytest.mark.parametrize("wal", [False, True])
@pytest.mark.parametrize("command", [TYPED, "game start friday --ruleset groundforce", *READERS])
def test_another_programs_database_is_refused_without_a_byte_changed(tmp_path: Path, wal: bool, command: str) -> None:
    path = tmp_path / "theirs.sqlite3"
    _foreign(path, wal)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    message = fails(f"{command} --journal {path}")
    assert "an SQLite database, but not a referee journal" in message
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_database_with_another_application_id_is_not_ours(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 1234")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    before = path.read_bytes()
    assert "not a referee journal" in fails(f"{TYPED} --journal {path}")
    assert path.read_bytes() == before


def test_our_journal_carries_its_mark(journal: Path) -> None:
    run(TYPED)
    header = journal.read_bytes()[:100]
    assert int.from_bytes(header[68:72], "big") == schema.APPLICATION_ID
    assert int.from_bytes(header[60:64], "big") == schema.version()


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda p: os.mkfifo(p), "it is a named pipe (FIFO), not a file"),
        (lambda p: p.write_bytes(b""), None),  # an empty file is a new journal
    ],
)
def test_a_fifo_as_the_journal_is_refused_and_an_empty_file_is_claimed(
    tmp_path: Path, make: Callable[[Path], object], says: str | None
) -> None:
    path = tmp_path / "j"
    make(path)
    if says:
        assert says in fails(f"{TYPED} --journal {path}")
        assert says in fails(f"log --journal {path}")
    else:
        run(f"{TYPED} --journal {path}")
        assert run_json(f"log verify --journal {path}")["entries"] == 1


def test_a_device_as_the_journal_is_refused() -> None:
    assert "it is a device, not a file" in fails(f"{TYPED} --journal /dev/null")


def test_reading_opens_the_journal_read_only(journal: Path) -> None:
    run(TYPED)
    journal.chmod(0o444)
    try:
        assert len(run_json("log")["entries"]) == 1
        assert run_json("log verify")["intact"]
    finally:
        journal.chmod(0o644)


# --- damaged rows and files --------------------------------------------------------------


@pytest.mark.parametrize(
    "statement, says",
    [
        ("UPDATE entries SET ruling = '{not json' WHERE id = 2", "its ruling is not valid JSON"),
        ("UPDATE entries SET command = X'00ff10' WHERE id = 2", "its command holds a blob of 3 bytes"),
        ("UPDATE entries SET argv = 42 WHERE id = 2", "its argv does not hold a command line"),
        (
            "UPDATE entries SET argv = X'5b5d' WHERE id = 2",
            "its argv holds a blob of 2 bytes where a command line belongs",
        ),
        ("UPDATE entries SET explanation = '\"text\"' WHERE id = 2", "its explanation does not hold the rules"),
        ("UPDATE entries SET dice = '{\"rolled\": 5}' WHERE id = 2", "its dice does not hold the dice"),
        ("UPDATE entries SET time = X'0102' WHERE id = 2", "its time holds a blob of 2 bytes where text belongs"),
    ],
)
def test_every_reading_command_survives_a_damaged_row(journal: Path, statement: str, says: str) -> None:
    ruled(3)
    edit(journal, statement)
    for command in ["log", "log show 2", "log export", "log export --format csv", "replay 2"]:
        code, out, err = invoke(command)
        assert code == 1, (command, err)
        assert f"damaged: entry 2: {says}" in err, (command, err)
        if command != "replay 2":
            assert out, command  # what could be read is shown
    code, out, err = invoke("log verify")
    assert code == 1 and "BROKEN: entry 2" in out
    code, out, _ = invoke("log show 1")
    assert code == 0 and out.startswith("Entry 1") and "Why:" in out  # the battle as it printed


def test_a_damaged_row_in_json_names_its_damage(journal: Path) -> None:
    ruled(2)
    edit(journal, "UPDATE entries SET ruling = '{' WHERE id = 1")
    result = CliRunner().invoke(cli, ["log", "--json"])
    assert result.exit_code == 1
    entries = json.loads(result.stdout)["entries"]
    assert entries[0]["damage"] == ["its ruling is not valid JSON"]
    assert "damage" not in entries[1]


def _corrupt_page_of(journal: Path, seed: int) -> int:
    """Overwrite, as a failing disk would, the page that holds the entry ruled
    with `seed` (found by its command line's bytes, the only place they are
    written: where it lies depends on how long the stored paths are); the
    page's number."""
    db = sqlite3.connect(journal)
    db.execute("PRAGMA journal_mode = DELETE")  # the WAL written back into the file, which is all there is
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(journal.read_bytes())
    at = data.find(f'"--seed","{seed}","--json"]'.encode())
    assert at > 0 and data.find(f'"--seed","{seed}","--json"]'.encode(), at + 1) // size in (-1, at // size)
    page = at // size
    data[page * size : (page + 1) * size] = b"\xff" * size
    journal.write_bytes(bytes(data))
    return page + 1


def test_a_file_with_a_corrupt_page_is_read_as_far_as_it_goes(journal: Path) -> None:
    ruled(40)
    _corrupt_page_of(journal, 38)  # entry 39
    assert invoke("game")[0] in (0, 1)  # `game` reads only the game entries, through their index
    for command in ["log", "log export", "log export --format csv", "log show 39", "replay 39"]:
        code, out, err = invoke(command)
        assert code == 1, (command, code, out, err)
        assert "damaged" in err and "no entry" not in err, command
    for command in ["log show 39", "replay 39"]:
        code, out, err = invoke(command)
        assert (code, out) == (1, "") and err.startswith("damaged: entry 39: it cannot be read: the file is damaged")
    code, out, err = invoke("log verify")
    assert code == 1 and "cannot be read: the file is damaged (SQLite says: database disk image is malformed)" in out
    code, out, _ = invoke("log show 2")  # far from the damage: read as ever
    assert code == 0 and out.startswith("Entry 2")


def _lost_in(err: str) -> set[int]:
    """The entries a reader's damage lines name as lost ("entry 39", "entries 38 to 41")."""
    lost: set[int] = set()
    for found in re.finditer(r"damaged: (?:entry (\d+)|entries (\d+) to (\d+)) cannot be read", err):
        one, first, last = found.groups()
        lost |= {int(one)} if one else set(range(int(first), int(last) + 1))
    return lost


def test_every_reader_reads_past_a_damaged_page_and_names_the_entries_lost(journal: Path) -> None:
    ruled(60)
    _corrupt_page_of(journal, 38)  # entry 39
    result = CliRunner().invoke(cli, ["log", "--limit", "30", "--json"], catch_exceptions=False)
    listed = [e["id"] for e in json.loads(result.stdout)["entries"]]
    lost = _lost_in(result.stderr)
    assert result.exit_code == 1 and 39 in lost and "SQLite" not in result.stderr
    assert len(listed) == 30 and min(listed) < min(lost)  # read on past the damage, the limit filled with readable ones
    assert sorted(set(listed) | lost) == list(range(min(listed), 61))
    result = CliRunner().invoke(cli, ["log", "export"], catch_exceptions=False)
    exported = [e["id"] for e in json.loads(result.stdout)["entries"]]
    assert _lost_in(result.stderr) == lost and sorted(set(exported) | lost) == list(range(1, 61))
    assert invoke("log show 38" if 38 not in lost else f"log show {min(lost) - 1}")[0] == 0
    for n in lost:
        assert invoke(f"log show {n}")[2].startswith(f"damaged: entry {n}: it cannot be read")
    _, table, err = invoke("log export --format csv")
    assert [int(row["id"]) for row in csv.DictReader(io.StringIO(table))] == exported and _lost_in(err) == lost
    said = [invoke(f"--lang {lang} log")[2] for lang in ("nl", "de", "zh-Hant")]
    assert all("SQLite" not in err and str(max(lost)) in err for err in said)


def test_an_entry_deleted_with_the_tail_is_named_as_missing(journal: Path) -> None:
    ruled(4)
    edit(journal, "DELETE FROM entries WHERE id > 2")
    code, out, err = invoke("log show 3")
    assert (code, out) == (1, "") and err.startswith(
        "damaged: entry 3: it cannot be read: it is missing: it was deleted"
    )
    assert fails("log show 5").startswith("error: no entry 5 in the journal")


def test_a_corrupt_page_of_the_id_counter_is_named_by_every_reader(journal: Path) -> None:
    """Only sqlite_sequence's page is damaged: the entries read, yet no reader
    may pass it in silence, and verify may not call the chain intact."""
    ruled(6)
    db = sqlite3.connect(journal)
    db.execute("PRAGMA journal_mode = DELETE")
    page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(journal.read_bytes())
    data[(page - 1) * size : page * size] = b"\xff" * size
    journal.write_bytes(bytes(data))
    for command in READERS:
        code, out, err = invoke(command)
        assert code == 1, (command, code, out, err)
        assert "damaged: the file is damaged (SQLite says: " in err, command
        assert "ok:" not in out, command
    code, out, _ = invoke("log verify")
    assert out.startswith("BROKEN: the journal cannot be checked in full: the file is damaged")


def test_what_sqlite_says_over_several_lines_is_said_on_one(journal: Path) -> None:
    """SQLite's check reports a problem under a heading line ('*** in database
    main ***'); the damaged: line that passes it on stays one line."""
    ruled(12)
    edit(journal, "DELETE FROM entries WHERE id > 8")
    db = sqlite3.connect(journal)
    db.execute("PRAGMA journal_mode = DELETE")
    db.close()
    data = bytearray(journal.read_bytes())
    data[32:40] = bytes(8)  # the header's freelist lost: the pages freed by the delete are never used
    journal.write_bytes(bytes(data))
    for command in ("log show 10", "replay 10"):
        code, out, err = invoke(command)
        assert (code, out) == (1, ""), (command, err)
        assert len(err.splitlines()) == 1 and "*** in database main ***; Page " in err, (command, err)
    assert len(invoke("--lang de log show 10")[2].splitlines()) == 1  # the other languages leave SQLite's words out
    said = invoke("log show 10")[2]
    assert said.startswith("damaged: entry 10: it cannot be read: the file is damaged (SQLite says: *** in database")


def test_a_column_another_tool_added_is_named_and_the_rest_read(journal: Path) -> None:
    """Another tool (or a newer referee's migration by hand) added a column to the
    entries: every reader reads the columns it knows and says, in one line, which
    it does not; the chain covers none of it, so verify still finds it intact."""
    ruled(2)
    edit(journal, "ALTER TABLE entries ADD COLUMN extra TEXT", "UPDATE entries SET extra = 'x'")
    run(f"{BATTLE} --seed 9")  # a ruling still writes to it
    note = (
        "note: the journal's entries also hold 'extra', which this referee does not know: "
        "left unread, and not covered by the hash chain"
    )
    for command in ["log", "log show 2", "log show 3", "log export", "log export --format csv", "log verify"]:
        result = run(command)
        assert result.stderr.splitlines() == [note], (command, result.stderr)
        assert result.stdout, command
    listed = json.loads(run("log --json").stdout)["entries"]
    assert [e["id"] for e in listed] == [1, 2, 3] and all("extra" not in e for e in listed)
    assert run("log show 2").stdout.startswith("Entry 2")
    verdict = json.loads(run("log verify --json").stdout)
    assert (verdict["intact"], verdict["entries"], verdict["unknown_columns"]) == (True, 3, ["extra"])
    said = {lang: CliRunner().invoke(cli, ["--lang", lang, "log"]).stderr for lang in ("nl", "de", "zh-Hant")}
    assert all(len(err.splitlines()) == 1 and "'extra'" in err and "note:" not in err for err in said.values())


def test_a_journal_of_ours_names_no_unknown_column() -> None:
    ruled(1)
    assert run("log").stderr == "" and run_json("log verify")["unknown_columns"] == []


# --- checkpoints ---------------------------------------------------------------------------


def test_every_ruling_prints_its_checkpoint_and_it_verifies() -> None:
    out = run(TYPED).stdout
    line = out.strip().splitlines()[-1]
    assert line.startswith("Journal entry 1, checkpoint 1:")
    noted = line.split()[-1]
    document = run_json(f"log verify --checkpoint {noted}")
    assert document["intact"] and document["checkpoints"] == [noted]
    assert f"holding the history of checkpoint {noted}" in run(f"log verify --checkpoint {noted}").stdout


def test_a_checkpoint_noted_in_part_or_in_capitals_still_checks() -> None:
    noted = ruled(1)[0]
    n, code = noted.split(":")
    assert run_json(f"log verify --checkpoint {n}:{code.upper()[:9]}")["intact"]


def test_a_journal_cut_short_passes_alone_but_not_against_a_checkpoint(journal: Path) -> None:
    noted = ruled(6)
    edit(journal, "DELETE FROM entries WHERE id > 3", "DELETE FROM sqlite_sequence")
    assert run_json("log verify")["intact"]  # what verify cannot see by itself
    code, out, _ = invoke(f"log verify --checkpoint {noted[5]}")
    assert code == 1 and "BROKEN: entry 4 is missing: entries 4 to 6 were deleted by hand" in out
    assert run_json(f"log verify --checkpoint {noted[2]}")["intact"]


def test_a_journal_emptied_fails_against_a_checkpoint(journal: Path) -> None:
    noted = ruled(3)
    edit(journal, "DELETE FROM entries", "DELETE FROM sqlite_sequence")
    assert run_json("log verify")["intact"]
    assert "entries 1 to 2 were deleted" in invoke(f"log verify --checkpoint {noted[1]}")[1]


@pytest.mark.parametrize("first", [1, 3, 5])
def test_a_history_rewritten_and_rehashed_fails_against_a_later_checkpoint(journal: Path, first: int) -> None:
    noted = ruled(6)
    edit(journal, "UPDATE entries SET dice = replace(dice, '\"seed\":', '\"seed\": 1') WHERE id = ?", params=(first,))
    rehash_from(journal, first)
    assert run_json("log verify")["intact"]  # a clean forgery, by itself
    code, out, _ = invoke(f"log verify --checkpoint {noted[4]}")
    assert code == 1 and "BROKEN: entry 5 does not match the checkpoint noted for it" in out
    if first > 1:  # a checkpoint before the rewrite still holds
        assert run_json(f"log verify --checkpoint {noted[first - 2]}")["intact"]


@pytest.mark.parametrize("given", ["12", "x:3f9a-c2d1", "0:3f9ac2d1", "3:3f9a", "3:zzzzzzzz", "1:" + "a" * 65])
def test_a_checkpoint_not_written_as_printed_is_refused(given: str) -> None:
    assert "--checkpoint takes ENTRY:CODE as a ruling printed it" in fails(f"log verify --checkpoint '{given}'")


# --- games inside the chain ----------------------------------------------------------------


def test_games_start_and_stop_are_entries_of_the_chain(journal: Path) -> None:
    started = run_json("game start friday --ruleset groundforce")
    assert started["journal_entry"] == 1 and started["journal_checkpoint"].startswith("1:")
    run(TYPED)
    stopped = run_json("game stop")
    assert (stopped["journal_entry"], stopped["entries"]) == (3, 1)
    assert [e["command"] for e in run_json("log")["entries"]] == ["game start", "battle", "game stop"]
    edit(journal, "UPDATE entries SET game = 'saturday' WHERE id = 1")
    code, out, _ = invoke("log verify")
    assert code == 1 and "BROKEN: entry 1" in out


def test_a_game_name_played_before_is_refused_with_a_free_one() -> None:
    run("game start friday --ruleset groundforce")
    run(TYPED)
    run("game stop")
    message = fails("game start friday --ruleset groundforce")
    assert "a game named 'friday' was played before; each evening is its own game: name it 'friday-2'" in message
    run("game start friday-2 --ruleset groundforce")
    assert "game 'friday-2' is still going" in fails("game start friday-2 --ruleset groundforce")
    run("game stop")
    assert "name it 'friday-3'" in fails("game start friday --ruleset groundforce")
    games = {g["name"]: g["entries"] for g in run_json("game")["games"]}
    assert games == {"friday": 1, "friday-2": 0}
    assert len(run_json("log --game friday")["entries"]) == 3


def test_replay_of_a_game_entry_says_there_is_nothing_to_rule() -> None:
    run("game start friday --ruleset groundforce")
    assert "entry 1 records a 'game start', not a ruling" in fails("replay 1")


# --- journals made before version 2 --------------------------------------------------------


def _version_1_journal(journal: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal as version 1 wrote it: no mark, games in their own table
    (one stopped, one still going), rulings tagged with the game's name and
    no situation stored to rule on again (replayed by their command lines)
    and no kind of outcome stored."""
    from referee.journal import rerule, store

    appended = store.Journal.append
    with monkeypatch.context() as patch:
        patch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
        patch.setattr(rerule, "stored", lambda *told: None)
        patch.setattr(store.Journal, "append", lambda self, **kept: appended(self, **{**kept, "kind": None}))
        run(TYPED)
        run(TYPED)
    edit(
        journal,
        "INSERT INTO games (name, ruleset, started, stopped) VALUES ('monday', 'groundforce', '2026-01-05T19:00:00Z', "
        "'2026-01-05T23:00:00Z')",
        "INSERT INTO games (name, ruleset, started) VALUES ('friday', 'groundforce', '2026-01-09T19:00:00Z')",
        "UPDATE entries SET game = 'friday' WHERE id = 2",
    )
    rehash_from(journal, 2)
    db = sqlite3.connect(journal)
    assert (db.execute("PRAGMA user_version").fetchone()[0], db.execute("PRAGMA application_id").fetchone()[0]) == (
        1,
        0,
    )
    db.close()


def test_a_version_1_journal_is_read_without_being_changed(journal: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _version_1_journal(journal, monkeypatch)
    run("log verify")  # the WAL is written back; from here on the file must stay as it is
    before = journal.read_bytes()
    assert [e["id"] for e in run_json("log")["entries"]] == [1, 2]
    assert run_json("log verify")["intact"]
    games = run_json("game")["games"]
    assert [(g["name"], g["entries"], g["in_chain"]) for g in games] == [("monday", 0, False), ("friday", 1, False)]
    assert "outside the chain" in run("game").stdout
    assert journal.read_bytes() == before


def test_a_version_1_journal_is_migrated_by_the_next_ruling(journal: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _version_1_journal(journal, monkeypatch)
    assert run_json(TYPED)["journal_entry"] == 4  # entry 3 is the chain's copy of the games table
    assert run_json("log show 3")["command"] == "games kept"
    db = sqlite3.connect(journal)
    assert (db.execute("PRAGMA user_version").fetchone()[0], db.execute("PRAGMA application_id").fetchone()[0]) == (
        schema.version(),
        schema.APPLICATION_ID,
    )
    db.close()
    assert run_json("log")["entries"][-1]["game"] == "friday"  # the game of version 1 still going
    assert "Game 'friday' stopped (2 rulings in all)" in run("game stop").stdout
    assert run_json("log verify")["intact"]
    assert "name it 'monday-2'" in fails("game start monday --ruleset groundforce")
    run("game start tuesday --ruleset groundforce")
    games = run_json("game")["games"]
    assert [(g["name"], g["stopped"] is not None, g["in_chain"]) for g in games] == [
        ("monday", True, False),
        ("friday", True, False),
        ("tuesday", False, True),
    ]


FAKE_GAME = "INSERT INTO games (name, ruleset, started) VALUES ('fake', 'risk', '2026-01-10T19:00:00Z')"


def test_a_game_added_to_the_table_after_the_migration_counts_for_nothing(
    journal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _version_1_journal(journal, monkeypatch)
    run(TYPED)  # migrates: the games table is copied into the chain
    run("game stop")
    edit(journal, FAKE_GAME)
    games = run_json("game")["games"]
    assert [(g["name"], g["stopped"] is not None) for g in games] == [("monday", True), ("friday", True)]
    assert run_json(TYPED)["journal_entry"] == 6 and run_json("log")["entries"][-1]["game"] is None
    code, out, _ = invoke("log verify")
    assert code == 1
    assert "BROKEN: the games table holds row 3 ('fake'), which entry 3, the chain's copy" in out
    assert not json.loads(invoke("log verify --json")[1])["intact"]


def test_a_game_added_to_the_table_of_a_new_journal_counts_for_nothing(journal: Path) -> None:
    run(TYPED)
    edit(journal, FAKE_GAME)
    assert run_json("game")["games"] == []
    assert run_json(TYPED)["journal_entry"] == 2 and run_json("log")["entries"][-1]["game"] is None
    code, out, _ = invoke("log verify")
    assert code == 1 and "BROKEN: the games table holds row 1 ('fake'), which the chain does not" in out


def test_a_damaged_game_entry_is_named_by_the_game_listing(journal: Path) -> None:
    run("game start friday --ruleset groundforce")
    run(TYPED)
    edit(journal, "UPDATE entries SET time = X'0102', ruleset = 7, game = X'00' WHERE id = 1")
    for command in ("game", "game --json"):
        code, out, err = invoke(command)
        assert code == 1 and "(damaged entry 1)" in out
        assert "damaged: entry 1: its time holds a blob of 2 bytes where text belongs" in err
    assert "Game '(damaged entry 1)' stopped (1 ruling in all)" in run("game stop").stdout


def test_a_version_1_journal_whose_writer_was_killed_is_still_known(tmp_path: Path) -> None:
    """Its tables sit only in the WAL, not yet written back into the file: the
    files are copied while the writer still holds them open, as a kill leaves them."""
    import shutil

    live = tmp_path / "live.sqlite3"
    writer = sqlite3.connect(live, isolation_level=None)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("BEGIN")
    schema.MIGRATIONS[0](writer)
    writer.execute("PRAGMA user_version = 1")
    writer.execute("COMMIT")
    killed = tmp_path / "killed.sqlite3"
    for suffix in ("", "-wal"):
        shutil.copy(f"{live}{suffix}", f"{killed}{suffix}")
    writer.close()
    db = sqlite3.connect(f"{killed.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0  # the file alone holds nothing
    db.close()
    assert run_json(f"log --journal {killed}")["entries"] == []
    assert run_json(f"{TYPED} --journal {killed}")["journal_entry"] == 1
    assert run_json(f"log verify --journal {killed}")["intact"]
