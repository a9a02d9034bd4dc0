"""`referee replay` as a service over the door: a ruling made through the door
is ruled on again from its stored situation and throw, never by parsing its
command line again; other entries rerun their command line and write
nothing but the verdict; the stored situation is in the hash chain."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from conftest import run, run_json

from referee.cli import replay as replay_command
from referee.journal.chain import entry_hash

TYPED = (
    'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" '
    "--attacker-roll sword,explosion --defender-roll shield,sword"
)


def _column(journal: Path, entry: int, column: str) -> object:
    db = sqlite3.connect(journal)
    try:
        return db.execute(f"SELECT {column} FROM entries WHERE id = ?", (entry,)).fetchone()[0]
    finally:
        db.close()


def _set(journal: Path, entry: int, column: str, value: object) -> None:
    db = sqlite3.connect(journal)
    with db:
        db.execute(f"UPDATE entries SET {column} = ? WHERE id = ?", (value, entry))
    db.close()


def test_a_ruling_through_the_door_stores_its_situation_and_typed_ruling(journal: Path) -> None:
    printed = run_json(TYPED)
    kept = json.loads(str(_column(journal, 1, "situation")))
    assert kept["procedure"] == "staged"
    assert kept["situation"]["attacker"] == [["trooper", 2]]
    assert kept["ruling"]["explanation"] == printed["explanation"]
    assert kept["ruling"]["defender"]["hits"] == printed["defender"]["hits"]


def test_replay_rules_on_the_stored_situation_not_the_command_line(
    journal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An option renamed since (here: the stored command line made unreadable)
    does not matter: the door rules on what was stored."""
    run_json(TYPED)
    run_json(TYPED.replace("--attacker-roll sword,explosion ", ""))

    def refused(*args: object) -> None:
        raise AssertionError("a ruling through the door was replayed through its command line")

    monkeypatch.setattr(replay_command, "rerun", refused)
    for n in (1, 2):
        replayed = run_json(f"replay {n}")
        assert replayed["same"], replayed
        assert [r["same"] for r in replayed["runs"]] == [True, True]


def test_replay_of_an_altered_situation_says_what_differs(journal: Path) -> None:
    run_json(TYPED)
    kept = json.loads(str(_column(journal, 1, "situation")))
    kept["situation"]["defender"] = [["trooper", 1]]
    _set(journal, 1, "situation", json.dumps(kept))
    replayed = json.loads(run("replay 1 --json", code=1).stdout)
    assert not replayed["same"] and replayed["runs"][0]["differences"]
    assert _broken_at(journal) == 1


def _broken_at(journal: Path) -> int:
    verdict = json.loads(run("log verify --json", code=1).stdout)
    return int(verdict["broken"]["entry"])


@pytest.mark.parametrize(
    "edit, says",
    [
        (lambda kept: kept | {"procedure": "ranked-pairs"}, "is now ruled by staged, not ranked-pairs"),
        (lambda kept: kept | {"situation": {"attacker": 3}}, "the stored situation cannot be read"),
    ],
)
def test_replay_says_per_entry_why_it_cannot_rule_again(journal: Path, edit: object, says: str) -> None:
    run_json(TYPED)
    kept = json.loads(str(_column(journal, 1, "situation")))
    _set(journal, 1, "situation", json.dumps(edit(kept)))  # type: ignore[operator]
    out = run("replay 1", code=1).stdout
    assert "refused: " in out and says in out


def test_the_situation_is_hashed_and_older_entries_keep_their_hash(journal: Path) -> None:
    run_json(TYPED)
    run_json("roll 2d6 --seed 3")
    db = sqlite3.connect(journal)
    db.row_factory = sqlite3.Row
    ruled, rolled = db.execute("SELECT * FROM entries ORDER BY id").fetchall()
    db.close()
    assert ruled["situation"] is not None and rolled["situation"] is None
    assert entry_hash(ruled) == ruled["hash"] and entry_hash(rolled) == rolled["hash"]
    without = dict(ruled)
    del without["situation"]
    assert entry_hash(without) != ruled["hash"]  # the stored situation is covered by the hash
    _set(journal, 2, "situation", str(_column(journal, 1, "situation")))
    assert _broken_at(journal) == 2


def test_replay_of_a_map_entry_writes_no_file(journal: Path, tmp_path: Path) -> None:
    """Issue 15: replaying `map --svg FILE` rewrote FILE, even after it was deleted."""
    picture = tmp_path / "map.svg"
    run(f"map diceland --tiles 8 --seed 1 --svg {picture}")
    assert picture.is_file()
    picture.unlink()
    replayed = run_json("replay 1")
    assert replayed["same"]
    assert not picture.exists()


def test_replay_of_dice_grouped_otherwise_says_it_cannot_rule_on_them(journal: Path) -> None:
    """An entry whose dice fall in other groups than the battle rolls today (an older
    grouping, an edited ruleset) is refused in words, never read wrongly."""
    run_json(TYPED)
    dice = json.loads(str(_column(journal, 1, "dice")))
    first, second = dice["rolled"].pop("attacker")
    dice["rolled"] = {"attacker": [first], "attacker d8": [second], **dice["rolled"]}
    _set(journal, 1, "dice", json.dumps(dice))
    out = run("replay 1", code=1).stdout
    assert "refused: the entry's dice were rolled as attacker 1, attacker d8 1, defender 2, " in out
    assert "but this battle rolls attacker 2, defender 2 today: it cannot be ruled again on them" in " ".join(
        out.split()
    )


def test_replay_of_an_older_ruling_without_a_field_added_since_rules_the_same(journal: Path) -> None:
    """A field the ruling gained later (the battle's `loss`, null unless the file
    names a word; `moves_in`) is absent from an older journal's ruling: no
    difference, whatever it says today."""
    run_json(TYPED)
    kept = json.loads(str(_column(journal, 1, "situation")))
    assert "loss" in kept["ruling"] and kept["ruling"]["loss"] is None
    del kept["ruling"]["loss"]
    _set(journal, 1, "situation", json.dumps(kept))
    replayed = run_json("replay 1")
    assert replayed["same"] and all(run["differences"] == [] for run in replayed["runs"])
    assert "The ruling stands" in run("replay 1").stdout
    del kept["ruling"]["moves_in"]  # a field absent then that says something now is no difference either
    _set(journal, 1, "situation", json.dumps(kept))
    assert run_json("replay 1")["same"]
    kept["ruling"]["winner"] = None  # a ruling that really changed still differs
    _set(journal, 1, "situation", json.dumps(kept))
    said = " ".join(run("replay 1", code=1).stdout.split())
    assert "winner: null → attacker" in said and "moves_in" not in said and "loss" not in said
