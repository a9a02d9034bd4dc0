"""What a ruling costs, in the game's own words: a purchase that leaves
points unspent, what a side loses, a damage roll after a hit, and a table
entry that means 'cannot'. Odds are checked against brute force written
here (itertools and Fraction), never against the resolver."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run, run_json

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
WARBAND = EXAMPLES / "warband.yaml"


def test_a_list_under_its_budget_spends_its_cost_and_loses_the_rest() -> None:
    """WB-3: points left over are not spent; the referee said 'spend 12, lost 0' of an 8-point list."""
    document = run_json(f"reinforce {WARBAND} --buy '2 warrior, archer, leader'")
    assert (document["points"], document["spend"], document["lost"], document["kept"]) == (12, 8, 4, 0)
    assert document["explanation"][-1]["text"] == "the purchase spends 8 points; 4 points are not spent and are lost"
    report = run(f"reinforce {WARBAND} --buy '2 warrior, archer, leader'").stdout
    assert "8 points spent.\n4 points lost." in report


def test_a_list_that_spends_the_budget_loses_nothing() -> None:
    document = run_json(f"reinforce {WARBAND} --buy '2 ogre, archer'")
    assert (document["spend"], document["lost"], document["kept"]) == (12, 0, 0)


def test_points_a_game_keeps_are_kept(tmp_path: Path) -> None:
    kept = tmp_path / "warband-kept.yaml"
    kept.write_text(WARBAND.read_text().replace("spend: at-most", "spend: at-most\n  unspent: kept"))
    document = run_json(f"reinforce {kept} --buy '3 warrior'")
    assert (document["spend"], document["lost"], document["kept"]) == (3, 0, 9)
    assert "9 points kept." in run(f"reinforce {kept} --buy '3 warrior'").stdout
    german = run(f"--lang de reinforce {kept} --buy '3 warrior'").stdout
    assert "der Kauf gibt 3 Punkte aus; 9 Punkte bleiben unverbraucht und werden aufbewahrt" in german
