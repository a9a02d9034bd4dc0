"""The rulings a table argues about afterwards are kept and can be found:
'last' is the last ruling, not the game's stop after it."""

from __future__ import annotations

import shlex

from conftest import run, run_json

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
