"""What a ruling costs, in the game's own words: a purchase that leaves
points unspent, what a side loses, a damage roll after a hit, and a table
entry that means 'cannot'. Odds are checked against brute force written
here (itertools and Fraction), never against the resolver."""

from __future__ import annotations

import itertools
from fractions import Fraction
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


VALOUR = EXAMPLES / "valour.yaml"
TROLLS = "--attacker troll --defender troll"


def test_a_win_that_takes_nothing_is_no_win() -> None:
    """VA-5: shields beyond the skulls do nothing; the referee read 'The defender wins by 1'."""
    command = f"battle {VALOUR} {TROLLS} --attacker-roll blank,blank,blank,blank --defender-roll shield"
    ruling = run_json(command)
    assert (ruling["winner"], ruling["attacker_loses"], ruling["defender_loses"]) == (None, 0, 0)
    report = run(command).stdout
    assert "No winner: nothing happens." in report and "wins" not in report


def test_ground_force_heavy_weapon_repelled_is_no_win() -> None:
    """GF-H3: the heavy weapon wins only with strictly more hits; otherwise nothing happens."""
    ruling = run_json(
        "battle groundforce --attacker heavy --defender trooper --attacker-roll blank --defender-roll shield"
    )
    assert ruling["winner"] is None
    assert ruling["explanation"][-1]["message"] == "hits.compared.nothing"


def test_wounds_are_named_in_the_games_word() -> None:
    command = f"battle {VALOUR} {TROLLS} --attacker-roll skull,skull,blank,blank --defender-roll blank"
    assert run_json(command)["loss"] == "wound"
    report = run(command).stdout
    assert "hits    wounds" in report and "The defender takes 2 wounds." in report
    german = run(f"--lang de {command}").stdout
    assert "Wunden" in german and "Der Verteidiger erhält 2 Wunden." in german
    odds = run_json(f"odds {VALOUR} --attacker troll --defender knight")
    assert odds["loss"] == "wound"
    assert "defender: wounds" in run(f"odds {VALOUR} --attacker troll --defender knight").stdout


def test_valour_odds_merge_every_throw_where_nothing_happens() -> None:
    """Brute force over every ordered throw: nothing happens exactly when skulls do not beat shields."""
    combat = ("skull", "skull", "skull", "shield", "shield", "blank")
    nothing = sum(
        a.count("skull") <= d.count("shield")
        for a in itertools.product(combat, repeat=4)
        for d in itertools.product(combat, repeat=4)
    )
    outcomes = run_json(f"odds {VALOUR} --attacker troll --defender knight")["outcomes"]
    quiet = [o for o in outcomes if o["winner"] is None]
    assert len(quiet) == 1 and Fraction(quiet[0]["probability"]) == Fraction(nothing, 6**8)
    assert all(o["defender_loses"] > 0 for o in outcomes if o["winner"] == "attacker")
