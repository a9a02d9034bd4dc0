"""Issue 15.11 and 15.12: `setup` takes the armies players rolled with their
own dice and draws its map; the SVG is a playing aid sized for the table."""

from __future__ import annotations

from pathlib import Path

from conftest import fails, run, run_json

TYPED = "setup diceland --tiles 10 --seed 3 --red 6,6,5,4,3,2,1 --blue 6,5,5,5,4,1,1"


def test_setup_takes_the_armies_the_players_rolled() -> None:
    document = run_json(TYPED)
    assert document["armies"] == {"red": [6, 6, 5, 4, 3, 2, 1], "blue": [6, 5, 5, 5, 4, 1, 1]}
    assert document["places_first"] == "red"  # two sixes against one
    texts = [s["text"] for s in document["setup_explanation"]]
    assert texts[0] == "red rolled 7 dice: 6, 6, 5, 4, 3, 2, 1; blue rolled 7 dice: 6, 5, 5, 5, 4, 1, 1 (typed)"
    assert "6s: red 2, blue 1: red places first" in texts[1]
    assert "Dice typed by the players." in run(TYPED).stdout
    dutch = run_json(TYPED.replace("--red ", "--rood ").replace("--blue ", "--blauw "))
    assert dutch["armies"] == document["armies"]
    assert "unknown option --green; type each player's army with --red --blue" in fails(f"{TYPED} --green 1")


def test_typed_armies_are_checked() -> None:
    assert fails("setup diceland --tiles 10 --seed 3 --red 6,5,4,3,2,1,1").endswith(
        "give blue's army too (--blue DICE), or neither to let the referee roll (DL-S1)"
    )
    assert fails("setup diceland --tiles 10 --seed 3 --red 6,5,4 --blue 6,5,5,5,4,1,1").endswith(
        "red rolls 7 dice on this map (DL-M2), not 3 (DL-S1)"
    )
    assert "each 1 to 6" in fails("setup diceland --tiles 10 --seed 3 --red 6,5,4,3,2,1,9 --blue 6,5,5,5,4,1,1")
    same = "setup diceland --tiles 10 --seed 3 --red 6,5,4,3,2,1,1 --blue 1,1,2,3,4,5,6"
    assert fails(same).endswith("identical rolls: both re-roll everything; type the new dice (DL-S2)")


def test_setup_draws_its_map(tmp_path: Path) -> None:
    picture = tmp_path / "setup.svg"
    document = run_json(f"{TYPED} --svg {picture}")
    assert document["svg"] == str(picture)
    dealt = tmp_path / "map.svg"
    run(f"map diceland --tiles 10 --seed 3 --svg {dealt}")
    assert picture.read_text() == dealt.read_text()
    assert f"SVG picture written to {picture}." in run(f"{TYPED} --svg {picture}").stdout
