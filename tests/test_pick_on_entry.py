"""DiceLand's pick rules on the throw that asked for it (issue 15, point 1):
`battle --entry N --choose R:F` picks on journal entry N's own dice, the
waiting ruling says so in the journal, and rolling the same attack again in
the same game is flagged there."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from tests.conftest import fails, run, run_json

ASK = "battle diceland --attacker 6,3 --defender 5 --seed 3"  # rolls 2, 4: three legal pairings


def test_a_waiting_ruling_says_so_and_gives_the_command_to_pick_on_its_throw() -> None:
    result = run(ASK)
    assert "repeat with --choose" not in result.stdout
    assert "referee battle --entry 1 --choose ROLLED:FIELD" in result.stdout
    assert "--roll 2,4 --choose ROLLED:FIELD" in result.stdout  # the whole command, dice included
    shown = run("log show 1 --json")
    assert json.loads(shown.stdout)["ruling"]["awaits"] == "choose"


def test_the_pick_rules_on_the_entry_s_own_dice() -> None:
    asked = run_json(ASK)
    assert asked["attacker"]["rolled"] == [2, 4]
    picked = run_json("battle --entry 1 --choose 4:6")
    assert picked["attacker"]["rolled"] == [2, 4]
    assert picked["chosen"] == {"rolled": 4, "field": 6}
    assert "awaits" not in picked
    assert picked["seed"] == 3 and picked["typed"] == []  # the referee drew these dice, and the journal says so
    drawn = run_json("battle diceland --attacker 6,3 --defender 5 --seed 3 --choose 4:6 --no-journal")
    assert {k: v for k, v in picked.items() if not k.startswith("journal")} == {
        k: v for k, v in drawn.items() if not k.startswith("journal")
    }


def test_the_pick_is_journaled_with_a_replay_that_needs_no_journal() -> None:
    run(ASK)
    run("battle --entry 1 --choose 2:6")
    entry = json.loads(run("log show 2 --json").stdout)
    assert entry["inputs"]["entry"] == 1
    assert "--seed" in entry["replay"] and "--roll" not in entry["replay"]  # drawn, and replayed as drawn
    assert "verdict" not in run("replay 2").stderr


def test_a_pick_on_typed_dice_replays_with_the_dice_typed_once() -> None:
    run("battle diceland --attacker 6,5 --defender 1 --roll 1,1")
    run("battle --entry 1 --choose 1:5")
    entry = json.loads(run("log show 2 --json").stdout)
    assert entry["replay"].count("--roll") == 1 and entry["replay"][-2:] == ["--choose", "1:5"]
    shown = run("replay 2").stdout.splitlines()[0]
    assert shown.endswith("--defender 1 --roll 1,1 --choose 1:5") and shown.count("--roll") == 1


def test_the_printed_command_works_when_followed() -> None:
    printed = re.sub(r" \\\n\s+", " ", run(f"{ASK} --no-journal").stdout)  # a long command goes on after a backslash
    line = next(line for line in printed.splitlines() if "--roll 2,4 --choose ROLLED:FIELD" in line)
    command = line[line.index("referee battle") :].replace("ROLLED:FIELD", "2:3").rstrip(".)")
    assert run_json(" ".join(shlex.split(command)[1:]) + " --no-journal")["chosen"] == {"rolled": 2, "field": 3}


def test_a_pick_is_refused_where_it_does_not_belong() -> None:
    run(ASK)
    assert "no pairing 5:5; the pairings are 4:6, 4:3, 2:6, 2:3" in fails("battle --entry 1 --choose 5:5")
    assert "--attacker" in fails("battle --entry 1 --choose 4:6 --attacker 6")
    assert "waits for --choose" in fails("battle --entry 1")
    run("battle --entry 1 --choose 4:6")  # entry 3: the pairing refused (DL-A5) is entry 2
    assert "entry 3 picked already" in fails("battle --entry 1 --choose 2:6")
    assert "entry 2 is a refusal: it holds no throw to pick on" in fails("battle --entry 2 --choose 2:6")
    assert "waits for no pick" in fails("battle --entry 3 --choose 2:6")
    assert "no entry 9" in fails("battle --entry 9 --choose 2:6")
    assert "name a ruleset" in fails("battle --attacker 6 --defender 5")
    assert "entry 1 was ruled with diceland" in fails("battle groundforce --entry 1 --choose 4:6")


def test_a_second_roll_of_the_same_attack_in_a_game_is_flagged(journal: Path) -> None:
    run("game start friday --ruleset diceland")
    run(ASK)
    again = run("battle diceland --attacker 6,3 --defender 5 --seed 4")
    assert "entry 2 rolled this same attack just before in game 'friday'" in again.stderr
    assert "still waits for its pick: a roll again, not a new round" in again.stderr
    entry = json.loads(run("log show 3 --json").stdout)
    assert entry["dice"]["rolled_before"] == [2]
    assert "rolled before: entry 2" in run("log show 3").stdout
    other = run("battle diceland --attacker 6,2 --defender 5 --seed 4")
    assert "rolled before" not in other.stderr


def test_log_gives_each_entry_its_outcome_and_game() -> None:
    run("game start friday --ruleset diceland")
    run(ASK)
    run("battle diceland --attacker 6,3 --defender 5 --seed 4")
    run("battle --entry 2 --choose 4:6")
    rows = run("log", env={"COLUMNS": "200"}).stdout.splitlines()  # one line per entry
    assert "outcome" in rows[0]
    assert rows[3].rstrip().endswith("waits for --choose") and "friday" in rows[3]
    assert rows[4].rstrip().endswith("waits for --choose (rolled before)")
    assert rows[5].rstrip().endswith("attacker wins")
