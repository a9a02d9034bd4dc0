"""Journal rows and stored boards are read back as typed records, each by
one decoder: each entry stores its kind of outcome, and an entry written
before kinds were stored has its kind inferred once, where its row is
decoded, and reads, replays and verifies as before; a board action or board
edited out of its shape is refused or named in words, never guessed at."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee.journal.kinds import KINDS
from tests.conftest import run, run_json

# one command of every kind a ruling command writes, and that kind
EVENING = [
    ("battle groundforce --attacker trooper --defender trooper --seed 1", "exchange"),
    ("battle risk --attacker 3 --defender 2 --seed 1", "pairs"),
    ("battle diceland --attacker 6,3 --defender 5 --seed 4", "pips"),
    ("hit trueforces --attacker 4 --target 5 --attack ranged --roll 6 --wound-roll 6", "strike"),
    ("roll 2d6+1 --seed 1", "roll"),
    ("roll groundforce 2 --seed 7", "faces"),
    ("score diceland --red 6,5,1 --blue 4,4,4", "score"),
    ("recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia", "recruit"),
    ('recruit frontline-risk --territory "3 infantry" --change merge --site', "territory"),
    ("build frontline-risk --unflipped-stars 4 city", "build"),
    ('reinforce groundforce --mines 1 --free-places 3 --buy "3 troopers"', "reinforce"),
    ("group diceland 4 5", "group"),
    ("map diceland --tiles 8 --seed 1", "map"),
    ("setup diceland --tiles 8 --seed 1", "setup"),
    ("game start friday --ruleset groundforce", "game"),
    ("game stop", "game"),
    ("play start saturday diceland --tiles 8 --seed 1", "game"),
    ("play place", "board"),  # completed below with a tile and a die of the player to place
]


def _evening() -> list[dict[str, object]]:
    for command, _ in EVENING:
        if command == "play place":
            board = run_json("play board")["board"]
            placer = board["to_move"]
            command += f" {board['tiles'][0]['coord']} {board['unplaced'][placer][0]}"
        run(command)
    entries: list[dict[str, object]] = run_json("log --limit 100")["entries"]
    return entries


def _without_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Write as a referee did before kinds were stored: nothing in the column."""
    from referee.journal import store

    appended = store.Journal.append
    monkeypatch.setattr(store.Journal, "append", lambda self, **kept: appended(self, **{**kept, "kind": None}))


def test_every_ruling_command_stores_its_kind(journal: Path) -> None:
    entries = _evening()
    stored = [row[0] for row in sqlite3.connect(journal).execute("SELECT kind FROM entries ORDER BY id")]
    expected = [kind for _, kind in EVENING]
    expected.insert(-1, "board")  # 'play start' writes the game's start, then the board it deals
    assert stored == expected
    assert [e["kind"] for e in entries] == expected
    assert set(stored) <= set(KINDS)


def test_a_journal_without_kinds_reads_replays_and_verifies_as_one_with_them(
    journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_kinds = _evening()
    monkeypatch.setenv("REFEREE_JOURNAL", str(tmp_path / "older.sqlite3"))
    with monkeypatch.context() as patch:
        _without_kinds(patch)
        _evening()
    older = sqlite3.connect(tmp_path / "older.sqlite3")
    assert {row[0] for row in older.execute("SELECT kind FROM entries")} == {None}
    older.close()
    inferred = run_json("log --limit 100")["entries"]
    assert [(e["kind"], e["outcome"]) for e in inferred] == [(e["kind"], e["outcome"]) for e in with_kinds]
    assert run_json("log verify")["intact"]
    assert run_json("replay 1")["same"]
    assert run_json("log show 3")["kind"] == "pips"
    assert "waits for --choose" in run("log").stdout


def _board_edited_out_of_shape(journal: Path) -> int:
    """A game on the board whose last board entry holds a ruling that is no board action; its id."""
    run("play start saturday diceland --tiles 8 --seed 1")
    last = run_json("log")["entries"][-1]
    assert last["kind"] == "board"
    db = sqlite3.connect(journal)
    with db:
        db.execute("UPDATE entries SET ruling = ? WHERE id = ?", ('{"game": "saturday"}', last["id"]))
    db.close()
    return int(last["id"])


def test_a_board_entry_edited_out_of_shape_is_refused_by_play_and_named_by_replay(journal: Path) -> None:
    n = _board_edited_out_of_shape(journal)
    said = run("play board", code=2).stderr
    assert f"the board of entry {n} cannot be read ('referee log verify' says more)" in said
    assert "Traceback" not in said
    replayed = run("play replay", code=2).stderr  # the latest board cannot be read: nothing to compare with
    assert f"entry {n} cannot be read" in replayed
    listed = run_json("log")["entries"][-1]
    assert listed["kind"] == "board"  # as stored: an edit does not make it another kind
    assert listed["outcome"] == listed["explanation"][-1]["text"].split(": ")[-1]  # told by its last step


def test_play_replay_names_an_earlier_board_entry_that_cannot_be_read(journal: Path) -> None:
    run("play start saturday diceland --tiles 8 --seed 1")
    board = run_json("play board")["board"]
    placer = board["to_move"]
    run(f"play place {board['tiles'][0]['coord']} {board['unplaced'][placer][0]}")
    first = run_json("log")["entries"][-2]["id"]
    db = sqlite3.connect(journal)
    with db:
        db.execute("UPDATE entries SET ruling = ? WHERE id = ?", ('{"game": "saturday"}', first))
    db.close()
    out = run("play replay", code=1).stdout
    assert f"entry {first}: its action and board cannot be read" in out


@pytest.mark.parametrize(
    "ruling",
    [
        '{"game": "saturday", "action": [], "previous": null, "board": {}}',
        '{"game": "saturday", "action": {"kind": "start"}, "previous": null, "board": []}',
        '{"game": "saturday", "action": {"kind": "place", "placements": [["A1", "six"]]}, "previous": 1, "board": {}}',
        "[]",
    ],
)
def test_a_board_ruling_of_any_wrong_shape_is_refused_in_words(journal: Path, ruling: str) -> None:
    n = _board_edited_out_of_shape(journal)
    db = sqlite3.connect(journal)
    with db:
        db.execute("UPDATE entries SET ruling = ? WHERE id = ?", (ruling, n))
    db.close()
    assert f"the board of entry {n} cannot be read" in run("play board", code=2).stderr
    assert run_json("log")["entries"][-1]["kind"] == "board"


def test_a_board_stored_before_growth_was_chosen_reads_as_offering_it() -> None:
    from referee.board.snapshot import BoardState
    from referee.board.state import Board

    run("play start saturday diceland --tiles 8 --seed 1 --growth apply")
    stored = run_json("play board")["board"]
    assert BoardState.read(stored).growth == "apply"
    older = {key: value for key, value in stored.items() if key != "growth"}
    assert BoardState.read(older).growth == "offer"
    assert Board.from_dict(older).as_dict() == {**stored, "growth": "offer"}


def test_every_procedures_kind_of_outcome_is_a_kind_the_journal_knows() -> None:
    from referee.render.kinds import REPORTS
    from referee.ruleset import registry

    reports = {registry.entry(name).report for name in registry.names()}
    assert reports <= set(KINDS), reports - set(KINDS)
    assert set(REPORTS) <= set(KINDS), set(REPORTS) - set(KINDS)


def test_a_tally_is_stored_and_inferred_as_one(journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tally = (
        "battle docs/examples/memoir44.yaml --attacker infantry --defender infantry --range 1 "
        "--when defender:forest --attacker-roll infantry,flag"
    )
    run(tally)
    assert run_json("log")["entries"][-1]["kind"] == "tally"
    monkeypatch.setenv("REFEREE_JOURNAL", str(tmp_path / "older.sqlite3"))
    with monkeypatch.context() as patch:
        _without_kinds(patch)
        run(tally)
    assert run_json("log")["entries"][-1]["kind"] == "tally"
