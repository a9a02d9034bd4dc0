"""Reading the journal back at the table (issue 15, points 6 and 7): `log show`
never dumps raw fields, command lines wrap only between words so they can be
copied, `replay` fits the terminal, and `log`'s hint repeats its filters."""

from __future__ import annotations

import re
import shlex

import pytest
from click.testing import CliRunner
from conftest import run, run_json
from test_board_game import PLACEMENTS, START

from referee.cli import cli
from referee.render.widths import columns as display_columns

NARROW = {"COLUMNS": "60", "NO_COLOR": "1"}
LONG = (
    "battle trueforces --attacker 4 --defender 5 --attack ranged --attacker-bonus 1 --target-bonus 1 "
    "--to-hit-plus 1 --wound-roll-plus 1 --seed 4"
)


def copied(shown: str, start: str) -> list[str]:
    """The command a player copies from output: the lines from `start` on, the
    backslashes joining them as the shell does."""
    lines = shown.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    text = lines[first].removeprefix(start)
    for line in lines[first + 1 :]:
        if not text.endswith("\\"):
            break
        text = text[:-1] + line
    return shlex.split(text)


def test_a_board_action_is_shown_by_its_ruling_not_its_fields() -> None:
    run(START)
    for placement in PLACEMENTS:
        run(f"play place {placement}")
    run("play attack A4 B4 --roll 3")
    shown = run("log show 11", env=NARROW).stdout
    assert "tiles[" not in shown and "board." not in shown, shown
    assert "the defender is at 0: removed" in shown
    assert "blue" in shown and "pips" in shown
    assert len(shown.splitlines()) < 40


def test_a_hit_check_without_a_roll_is_shown_as_printed() -> None:
    run("hit trueforces --attacker 4 --target 5 --attack ranged --no-roll")
    shown = run("log show 1", env=NARROW).stdout
    assert "percent.hit" not in shown and "p_hit" not in shown, shown
    assert "Needs 5+ to hit." in shown


def test_log_show_wraps_the_command_line_only_between_words() -> None:
    run(LONG)
    shown = run("log show 1", env=NARROW).stdout
    assert all(len(line) <= 60 for line in shown.splitlines()), shown
    assert copied(shown, "command:  ") == ["referee", *shlex.split(LONG)]


def test_replay_fits_the_terminal_and_its_command_can_be_copied() -> None:
    run(LONG)
    for env, columns in ((NARROW, 60), ({"NO_COLOR": "1"}, 100)):
        shown = run("replay 1", env=env).stdout
        assert max(map(len, shown.splitlines())) <= columns, shown
        assert copied(shown, "Replay of entry 1: ") == ["referee", *shlex.split(LONG)]


def test_the_hint_for_more_entries_repeats_the_filters() -> None:
    run("game start tuesday --ruleset groundforce")
    for seed in range(4):
        run(f"roll d6 --seed {seed}")
    run("game stop")
    run("roll d6 --seed 9")
    shown = run("log --game tuesday --limit 3", env={"COLUMNS": "200", "NO_COLOR": "1"}).stdout
    hint = " ".join(shown.split()).split("; '")[1].split("' shows more")[0]
    assert hint == "referee log --game tuesday --limit 30"
    followed = CliRunner().invoke(cli, shlex.split(hint)[1:], env={"COLUMNS": "200"})
    assert "tuesday" in followed.stdout and "roll d6 --seed 9" not in followed.stdout


def test_each_entry_has_a_real_outcome_never_a_cut_explanation() -> None:
    run(START)
    for placement in PLACEMENTS:
        run(f"play place {placement}")
    run("play attack A4 B4 --roll 3")
    run("map diceland --tiles 10 --seed 1")
    run("reinforce groundforce --mines 1")
    run("battle groundforce --attacker '2 trooper' --defender trooper --seed 2")
    outcomes = [entry["outcome"] for entry in run_json("log --limit 50")["entries"]]
    assert outcomes[-4:] == ["blue takes B4", "10 tiles, 7 dice each", "3 ways to spend 3", "attacker wins"]
    assert outcomes[:3] == ["game friday started", "8 tiles dealt, red first", "red: a 6 on B1"]
    listed = run("log --limit 50", env={"NO_COLOR": "1"}).stdout
    assert "…" not in "".join(line[line.rindex(o[:4]) :] for line, o in zip(listed.splitlines()[2:], outcomes))
    rule = listed.splitlines()[1].split()  # the dashes under each header: the command gets more room
    assert len(rule[4]) > len(rule[5]) and "battle groundforce --attacker '2 tr" in listed


@pytest.mark.parametrize("lang", ["en", "nl", "de", "zh-Hant"])
@pytest.mark.parametrize("cols", ["60", ""])
def test_a_board_action_shown_draws_the_map_as_play_board_does(lang: str, cols: str) -> None:
    """After an attack of a held game, `log show` draws the board it left as
    `play board` draws it then, in bands that fit the terminal (100 columns piped)."""
    run(START)
    for placement in PLACEMENTS:
        run(f"play place {placement}")
    run("play attack A4 B4 --roll 3")
    env = {"COLUMNS": cols, "NO_COLOR": "1"}
    board = run(f"--lang {lang} play board", env=env).stdout
    grid = [line for line in board.splitlines() if re.match(r"^ *\(\S+ ?[A-Z]+[0-9]+ ", line)]
    assert grid, board
    shown = run(f"--lang {lang} log show 11", env=env).stdout
    assert "\n".join(grid) in shown, shown
    assert max(map(display_columns, grid)) <= (int(cols) if cols else 100)
