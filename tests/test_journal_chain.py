"""The hash chain against hand edits: the database is changed with sqlite3
directly, as a player hiding a bad roll would, and `log verify` must name
the first entry that was altered, deleted or inserted."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import run
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import cli
from referee.journal.chain import HASHED, entry_hash


def ruled(count: int) -> None:
    for seed in range(count):
        run(f'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" --seed {seed}')


def verify() -> dict:
    """`log verify --json`, whose exit code is 0 when intact and 1 when broken."""
    result = CliRunner().invoke(cli, ["log", "verify", "--json"], catch_exceptions=False)
    document = json.loads(result.stdout)
    assert result.exit_code == (0 if document["intact"] else 1)
    return document


def broken(journal: Path, statement: str, rehashed: int | None = None) -> dict:
    """Rule 5 times, edit the database by hand (re-hashing entry `rehashed`
    as a forger would), and return where `log verify` says it breaks."""
    ruled(5)
    db = sqlite3.connect(journal)
    with db:
        db.execute(statement)
    db.close()
    if rehashed is not None:
        rehash(journal, rehashed)
    result = verify()
    assert not result["intact"]
    return result["broken"]


def rehash(journal: Path, n: int) -> None:
    db = sqlite3.connect(journal)
    db.row_factory = sqlite3.Row
    with db:
        row = dict(db.execute("SELECT * FROM entries WHERE id = ?", (n,)).fetchone())
        db.execute("UPDATE entries SET hash = ? WHERE id = ?", (entry_hash(row), n))
    db.close()


def test_an_untouched_journal_verifies() -> None:
    ruled(5)
    out = run("log verify").stdout
    assert out.startswith("ok: 5 entries, chain intact (last entry 5)")
    document = verify()
    assert document == {**document, "intact": True, "entries": 5, "last": 5, "broken": None}


def test_an_empty_journal_verifies(journal: Path) -> None:
    journal.touch()  # a journal not there at all is refused (test_journal_cli)
    assert verify()["intact"] and verify()["entries"] == 0


def test_an_altered_ruling_is_named(journal: Path) -> None:
    found = broken(journal, "UPDATE entries SET ruling = replace(ruling, '\"winner\":', '\"winner\": ') WHERE id = 3")
    assert found["entry"] == 3
    assert "altered" in found["reason"]


@pytest.mark.parametrize(
    "column, value",
    [("dice", '{"seed":99}'), ("time", "2020-01-01T00:00:00Z"), ("game", "friday"), ("argv", '["battle"]')],
)
def test_any_altered_column_is_named(journal: Path, column: str, value: str) -> None:
    assert broken(journal, f"UPDATE entries SET {column} = '{value}' WHERE id = 2")["entry"] == 2


def test_an_altered_and_rehashed_entry_breaks_the_link_to_the_next(journal: Path) -> None:
    found = broken(journal, "UPDATE entries SET dice = '{\"seed\":1234}' WHERE id = 3", rehashed=3)
    assert found["entry"] == 4
    assert "does not follow entry 3" in found["reason"]


def test_a_deleted_entry_is_named(journal: Path) -> None:
    found = broken(journal, "DELETE FROM entries WHERE id = 3")
    assert found == {"entry": 3, "reason": "is missing: it was deleted by hand"}


def test_deleted_entries_are_named_as_a_range(journal: Path) -> None:
    assert "entries 2 to 4 were deleted" in broken(journal, "DELETE FROM entries WHERE id BETWEEN 2 AND 4")["reason"]


def test_a_deleted_last_entry_is_named(journal: Path) -> None:
    assert broken(journal, "DELETE FROM entries WHERE id = 5")["entry"] == 5


def test_a_deleted_last_entry_stays_named_after_more_rulings(journal: Path) -> None:
    broken(journal, "DELETE FROM entries WHERE id = 5")
    ruled(1)
    assert verify()["broken"]["entry"] == 5


def test_an_inserted_entry_is_named(journal: Path) -> None:
    found = broken(
        journal,
        "INSERT INTO entries SELECT 6, time, command, argv, replay, game, ruleset, "
        "ruleset_digest, ruleset_path, inputs, dice, ruling, explanation, version, hash, "
        "'f00d', situation, kind FROM entries WHERE id = 5",
    )
    assert found["entry"] == 6
    assert "inserted" in found["reason"]


def test_an_entry_inserted_before_the_first_is_named(journal: Path) -> None:
    found = broken(
        journal,
        "INSERT INTO entries SELECT 0, time, command, argv, replay, game, ruleset, "
        "ruleset_digest, ruleset_path, inputs, dice, ruling, explanation, version, prev_hash, "
        "hash, situation, kind FROM entries WHERE id = 1",
    )
    assert found["entry"] == 0


def test_a_replaced_entry_with_a_valid_hash_breaks_the_next_link(journal: Path) -> None:
    """A forger who deletes entry 3 and writes a new one hashed correctly
    cannot link entry 4 to it without rewriting every later entry."""
    found = broken(journal, "UPDATE entries SET prev_hash = '0' WHERE id = 3", rehashed=3)
    assert found["entry"] == 3
    assert "does not follow entry 2" in found["reason"]


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE rulesets SET content = CAST('name: other' AS BLOB)",
        "UPDATE rulesets SET content = replace(content, 'sword', 'swerd')",  # leaves TEXT behind
    ],
)
def test_altered_ruleset_content_is_named(journal: Path, edit: str) -> None:
    found = broken(journal, edit)
    assert found["entry"] == 1
    assert "ruleset content" in found["reason"]


def test_replay_of_text_content_left_by_hand_is_no_crash(journal: Path) -> None:
    broken(journal, "UPDATE rulesets SET content = replace(content, 'sword', 'swerd')")
    assert "altered by hand since" in " ".join(run("replay 1").stdout.split())  # wrapped to the terminal


def test_verify_in_text_names_the_entry_and_exits_1(journal: Path) -> None:
    broken(journal, "DELETE FROM entries WHERE id = 2")
    result = run("log verify", code=1)
    assert result.stdout.startswith("BROKEN: entry 2 is missing: it was deleted by hand")


def _journal_of(path: Path, count: int) -> None:
    from referee.journal.store import open_journal

    with open_journal(path) as journal:
        for n in range(count):
            journal.append(
                command="battle",
                kind="exchange",
                argv=["battle", str(n)],
                replay=["battle", str(n)],
                inputs={"n": n},
                dice={"seed": n},
                ruling={"winner": n % 2},
                explanation=[{"rule": "X-1", "text": f"step {n}"}],
                version="test",
                ruleset="r",
                ruleset_path="/r.yaml",
                ruleset_content=b"rules",
            )


@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 8), data=st.data())
def test_any_edit_to_any_column_is_named_at_its_entry(count: int, data: st.DataObject) -> None:
    """Whatever column of whatever entry is changed, verify names that entry."""
    import tempfile

    from referee.journal.store import open_journal

    target = data.draw(st.integers(1, count))
    column = data.draw(st.sampled_from([c for c in HASHED if c != "id"] + ["hash", "kind"]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "j.sqlite3"
        _journal_of(path, count)
        db = sqlite3.connect(path)
        old = db.execute(f"SELECT {column} FROM entries WHERE id = ?", (target,)).fetchone()[0]
        new = data.draw(st.text(max_size=20).filter(lambda text: text != old))
        with db:
            db.execute(f"UPDATE entries SET {column} = ? WHERE id = ?", (new, target))
        db.close()
        with open_journal(path) as journal:
            verdict = journal.verify()
    assert verdict.broken is not None and verdict.broken.entry == target
