"""The rulings a table argues about afterwards are kept and can be found:
'last' is the last ruling, not the game's stop after it."""

from __future__ import annotations

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
