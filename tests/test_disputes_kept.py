"""The rulings a table argues about afterwards are kept and can be found:
'last' is the last ruling, not the game's stop after it."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from conftest import run, run_json

from referee.ruleset.load import shipped

TYPED = (
    'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" '
    "--attacker-roll sword,explosion --defender-roll shield,sword"
)


def test_last_is_the_last_ruling_not_the_game_stop_after_it() -> None:
    run("game start friday groundforce")
    run(TYPED)
    run("game stop")
    assert run_json("log show last")["id"] == 2
    replayed = run("replay last").stdout
    assert replayed.startswith("Replay of entry 2: ")
    assert "The ruling stands" in replayed
    assert run_json("replay last")["entry"] == 2


def test_last_in_a_journal_of_games_alone_is_its_newest_entry() -> None:
    """Nothing but a game started: 'log show last' still shows what there is."""
    run("game start friday groundforce")
    assert run_json("log show last")["command"] == "game start"
    said = run("replay last", code=2).stderr
    assert said == "error: entry 1 records a 'game start', not a ruling: there is nothing to rule again\n"


def test_last_is_a_number_given_as_it_was() -> None:
    run("game start friday groundforce")
    run(TYPED)
    run("game stop")
    assert run_json("log show 3")["command"] == "game stop"


def _command_shown(shown: str) -> list[str]:
    """The command line `log show` prints after its label, its continued lines joined."""
    lines = shown.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("command:"))
    joined = lines[at].removeprefix("command:")
    while joined.endswith("\\"):
        at += 1
        joined = joined[:-1] + lines[at]
    return shlex.split(joined)


def test_log_show_prints_a_command_that_runs_once_the_game_has_stopped() -> None:
    """The game in play supplied the ruleset and the referee drew the dice:
    the line shown names both, and run after 'game stop' it rules the same."""
    run("game start friday groundforce")
    ruled = run_json('battle --attacker "2 trooper" --defender "trooper, heavy"')
    run("game stop")
    shown = _command_shown(run("log show 2").stdout)
    assert shown[:3] == ["referee", "battle", "groundforce"]
    assert shown[-2:] == ["--seed", str(ruled["seed"])]
    again = run_json(shlex.join([*shown[1:], "--no-journal"]))
    assert (again["attacker"], again["defender"], again["winner"]) == (
        ruled["attacker"],
        ruled["defender"],
        ruled["winner"],
    )


def test_replay_names_a_shipped_ruleset_by_its_file_not_where_it_was_installed() -> None:
    run(TYPED)
    said = run("replay 1").stdout.splitlines()
    assert any(line.startswith("With groundforce.yaml as it was (sha256 ") for line in said)
    assert "With today's groundforce.yaml (unchanged):" in said
    assert run_json("replay 1")["runs"][1]["label"] == "With today's groundforce.yaml (unchanged)"


def test_replay_names_a_ruleset_of_ones_own_from_the_home_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "games" / "friday-night.yaml"
    mine.parent.mkdir()
    mine.write_text((Path(shipped()["groundforce"])).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("HOME", str(tmp_path))
    run(TYPED.replace("groundforce", str(mine)))
    said = run("replay 1").stdout.splitlines()
    assert "With today's ~/games/friday-night.yaml (unchanged):" in said
