"""The journal says what it knows: a checkpoint mistyped is not a history
rewritten, a game's row in the games table is checked against the chain,
every number is bounded where it enters, and an entry lost to damage is
named as damaged, not as missing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from conftest import fails, run, run_json
from test_journal_trust import TYPED, edit, invoke, rehash_from, ruled

LARGEST = 2**63 - 1

# --- checkpoints with a check letter ---------------------------------------------------------


def _swapped(text: str, at: int) -> str:
    return text[:at] + text[at + 1] + text[at] + text[at + 2 :]


def _changed(text: str, at: int) -> str:
    return text[:at] + ("0" if text[at] != "0" else "1") + text[at + 1 :]


def test_a_checkpoint_mistyped_by_one_character_is_refused_as_mistyped() -> None:
    noted = ruled(3)[1]  # '2:xxxx-xxxx-xxxx-L'
    assert noted[-2] == "-" and noted[-1] in "ghjkmnpqrstuvwxyz"
    assert run_json(f"log verify --checkpoint {noted}")["intact"]
    typos = ["3" + noted[1:], _changed(noted, 5), _changed(noted, 15), noted[:-1] + ("z" if noted[-1] != "z" else "y")]
    typos += [_swapped(noted, at) for at in (2, 8, 14) if noted[at] != noted[at + 1]]
    for typo in typos:
        message = fails(f"log verify --checkpoint {typo}")
        assert message.startswith(f"error: the checkpoint {typo} is mistyped: its check letter does not match"), typo


@pytest.mark.parametrize("letter", ["a", "f", "0"])
def test_a_hex_digit_where_the_check_letter_goes_is_refused_as_mistyped(letter: str) -> None:
    noted = ruled(1)[0]
    typo = noted[:-1] + letter  # '1:xxxx-xxxx-xxxx-a': not a thirteenth digit
    assert fails(f"log verify --checkpoint {typo}").startswith(f"error: the checkpoint {typo} is mistyped")


def test_verify_echoes_the_checkpoint_as_printed() -> None:
    noted = ruled(1)[0]
    assert run_json(f"log verify --checkpoint {noted.upper().replace('-', ' ')!r}")["checkpoints"] == [noted]
    assert f"holding the history of checkpoint {noted}:" in run(f"log verify --checkpoint {noted}").stdout
    assert run_json(f"log verify --checkpoint {noted[:-2].replace('-', '')}")["checkpoints"] == [noted[:-2]]


def test_a_checkpoint_printed_before_the_letter_still_verifies() -> None:
    noted = ruled(3)[1]
    old = noted[:-2]
    assert run_json(f"log verify --checkpoint {old}")["intact"]
    code, out, _ = invoke(f"log verify --checkpoint {_changed(old, 5)}")
    said = " ".join(out.split())
    assert code == 1 and "was rewritten, or the checkpoint was noted wrongly (it has no check letter to tell)" in said


def test_a_history_rewritten_fails_its_lettered_checkpoint_as_rewritten(journal: Path) -> None:
    noted = ruled(3)
    edit(journal, "UPDATE entries SET dice = replace(dice, '\"seed\":', '\"seed\": 1') WHERE id = 2")
    rehash_from(journal, 2)
    code, out, _ = invoke(f"log verify --checkpoint {noted[2]}")
    assert code == 1
    assert "does not match the checkpoint noted for it: the history up to entry 3 was rewritten (" in " ".join(
        out.split()
    )


# --- numbers bounded where they enter --------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        f"log --limit {LARGEST}",
        f"log --game friday --limit {LARGEST}",
        f"log show {LARGEST}",
        f"replay {LARGEST}",
        f"battle diceland --attacker 6,5 --defender 1 --entry {LARGEST} --choose 5:1",
    ],
)
def test_the_largest_number_an_option_takes_is_answered_without_a_traceback(command: str) -> None:
    run("game start friday --ruleset groundforce")
    run(TYPED)
    code, out, err = invoke(command)
    assert code in (0, 2) and (code == 0 or len(err.strip().splitlines()) == 1), (command, err)
    if command.startswith("log --"):
        assert code == 0 and "battle" in out


@pytest.mark.parametrize(
    "command, option",
    [
        (f"log --limit {LARGEST + 1}", "--limit"),
        (f"log show {LARGEST + 1}", "entry"),
        (f"battle diceland --attacker 6,5 --defender 1 --entry {LARGEST + 1} --choose 5:1", "--entry"),
        ("battle diceland --attacker 6,5 --defender 1 --entry -3 --choose 5:1", "--entry"),
        (f"hit trueforces --attacker 4 --target 5 --attack ranged --attacker-bonus {LARGEST + 1}", "--attacker-bonus"),
        (f"hit trueforces --attacker 4 --target 5 --attack ranged --target-bonus -{LARGEST + 1}", "--target-bonus"),
        (f"play start x diceland --tiles 8 --seed {LARGEST + 1}", "--seed"),
    ],
)
def test_a_number_beyond_its_bound_is_refused_where_it_enters(command: str, option: str) -> None:
    assert fails(command).startswith(f"error: {option} must be ")


# --- the games of version 1 checked against the entries ruled in them --------------------------


@pytest.mark.parametrize(
    "statement, says",
    [
        ("UPDATE games SET name = 'evil' WHERE name = 'friday'", "entry 2 was ruled in game 'friday', which"),
        ("UPDATE games SET started = '2099-01-01T00:00:00Z' WHERE name = 'friday'", "entry 2 of game 'friday'"),
        ("UPDATE games SET stopped = '2026-01-10T00:00:00Z' WHERE name = 'friday'", "is outside that game"),
        ("UPDATE games SET ruleset = 'risk' WHERE name = 'friday'", "game 'friday' says it plays risk, yet none"),
    ],
)
def test_a_game_of_version_1_changed_by_hand_fails_verify_even_against_a_checkpoint(
    journal: Path, monkeypatch: pytest.MonkeyPatch, statement: str, says: str
) -> None:
    from test_journal_trust import _version_1_journal

    from referee.journal.checkpoint import code

    _version_1_journal(journal, monkeypatch)
    noted = code(2, run_json("log show 2")["hash"])
    assert run_json(f"log verify --checkpoint {noted}")["intact"]
    edit(journal, statement)
    for command in ("log verify", f"log verify --checkpoint {noted}"):
        status, out, _ = invoke(command)
        said = " ".join(out.split())
        assert status == 1 and said.startswith("BROKEN: the games of version 1 say what the chain contradicts: ")
        assert says in said, said
    run(TYPED)  # the next ruling migrates the journal: the copy the chain keeps of the table is checked the same
    assert invoke(f"log verify --checkpoint {noted}")[0] == 1


# --- a game held on the board, read from a damaged journal ------------------------------------


def test_a_board_lost_to_a_damaged_page_is_named_by_every_play_command(journal: Path) -> None:
    from test_board_game import placed

    placed()
    db = sqlite3.connect(journal)
    db.execute("PRAGMA journal_mode = DELETE")
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(journal.read_bytes())
    page = data.rfind(b'"C4",4]') // size  # the last placement, the latest board
    data[page * size : (page + 1) * size] = b"\xff" * size
    journal.write_bytes(bytes(data))
    for command in ("play board", "play hint", "play replay", "play end", "play undo", "play attack A4 B4 --roll 3"):
        said = fails(command)
        assert said.startswith("error: the latest entry of game 'friday' cannot be read: the file is damaged"), said


def test_undo_onto_a_damaged_board_is_refused(journal: Path) -> None:
    from test_board_game import placed

    placed()
    last = run_json("play board")["entry"]
    edit(journal, "UPDATE entries SET ruling = '{' WHERE id = ?", params=(last - 1,))
    assert fails("play undo") == (
        f"error: cannot undo: the board before it, entry {last - 1}, cannot be read: its ruling is not valid JSON"
    )
