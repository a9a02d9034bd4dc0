"""What a ruling costs, in the game's own words: a purchase that leaves
points unspent, what a side loses, a damage roll after a hit, and a table
entry that means 'cannot'. Odds are checked against brute force written
here (itertools and Fraction), never against the resolver."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from tests.conftest import fails, run, run_json

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


def test_ground_force_heavy_weapon_repelled_is_the_defender_s_win_that_takes_nothing() -> None:
    """GF-H3: the heavy weapon wins only with strictly more hits; "defender wins or ties: nothing
    happens" (`on_win: no-loss`), where Valour's shields beyond the skulls are no win (`nothing`)."""
    ruling = run_json(
        "battle groundforce --attacker heavy --defender trooper --attacker-roll blank --defender-roll shield"
    )
    assert (ruling["winner"], ruling["attacker_loses"], ruling["defender_loses"]) == ("defender", 0, 0)
    assert ruling["explanation"][-1]["message"] == "hits.compared"


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


FIFTH = EXAMPLES / "fifth.yaml"
GAUNTLET = EXAMPLES / "gauntlet.yaml"


def fifth_by_brute_force(bonus: int, armour: int) -> dict[tuple[bool, bool, int], Fraction]:
    """SRD 5.1 written out: d20 + bonus against armour class, a natural 1
    misses, a natural 20 hits and is critical; a longsword deals 1d8 + 3, its
    d8 rolled twice on a critical. (hit, critical, damage) over every ordered throw."""
    counts: dict[tuple[bool, bool, int], int] = {}
    for d20, first, second in itertools.product(range(1, 21), range(1, 9), range(1, 9)):
        hit = d20 != 1 and (d20 == 20 or d20 + bonus >= armour)
        critical = hit and d20 == 20
        damage = (first + (second if critical else 0) + 3) if hit else 0
        counts[hit, critical, damage] = counts.get((hit, critical, damage), 0) + 1
    return {k: Fraction(v, 20 * 8 * 8) for k, v in counts.items()}


@pytest.mark.parametrize(("bonus", "armour"), [(5, 15), (2, 19), (8, 12), (2, 12), (8, 19)])
def test_fifth_edition_odds_equal_brute_force(bonus: int, armour: int) -> None:
    expected = fifth_by_brute_force(bonus, armour)
    document = run_json(f"hit {FIFTH} --attacker {bonus} --target {armour} --attack longsword --no-roll")
    assert Fraction(document["p_hit"]) == sum(p for (hit, _c, _d), p in expected.items() if hit)
    assert Fraction(document["p_critical"]) == sum(p for (_h, critical, _d), p in expected.items() if critical)
    joint = {(d["critical"], d["damage"]): Fraction(d["probability"]) for d in document["damage"]}
    assert joint == {(c, d): p for (hit, c, d), p in expected.items() if hit}
    assert Fraction(document["expected_damage"]) == sum(d * p for (_h, _c, d), p in expected.items())


def test_a_natural_twenty_doubles_the_damage_dice() -> None:
    command = f"hit {FIFTH} --attacker 5 --target 15 --attack longsword --roll 20 --damage-roll 6 --critical-roll 2"
    ruling = run_json(command)
    assert (ruling["hit"], ruling["critical"], ruling["damage_roll"], ruling["damage"]) == (True, True, [6, 2], 11)
    report = run(command).stdout
    assert "Rolled 20: a critical hit. Damage roll 6, 2: 11 hit points." in report
    assert "SRD-4   a critical hit rolls the damage dice 2 times: 6 + 2 + 3 = 11: 11 hit points" in report
    german = run(f"--lang de {command}").stdout
    assert "11 Trefferpunkte" in german and "Rüstungsklasse 15" in german


def test_natural_results_decide_whatever_the_number() -> None:
    """+8 against AC 12 needs 4 but a natural 1 misses; behind three-quarters cover
    AC 19 is 24, which +2 reaches only with a natural 20."""
    sure = run_json(f"hit {FIFTH} --attacker 8 --target 12 --attack longsword --roll 1")
    assert (sure["needed"], sure["hit"], sure["critical"], sure["damage"]) == (4, False, False, 0)
    assert sure["explanation"][-2]["message"] == "roll.natural_miss"
    covered = f"hit {FIFTH} --attacker 2 --target 19 --attack longsword --modifier three-quarters"
    missed = run_json(f"{covered} --roll 19 --damage-roll 4")
    assert (missed["needed"], missed["hit"], missed["damage"]) == (20, False, 0)
    hit = run_json(f"{covered} --roll 20 --damage-roll 8 --critical-roll 8")
    assert (hit["hit"], hit["critical"], hit["damage"]) == (True, True, 19)


def test_the_hit_chart_reports_expected_damage() -> None:
    chart = run_json(f"odds {FIFTH} --attack longsword")["chart"]
    cell = next(c for c in chart if (c["attacker"], c["target"]) == (5, 15))
    expected = fifth_by_brute_force(5, 15)
    assert Fraction(cell["expected_damage"]) == sum(d * p for (_h, _c, d), p in expected.items())
    assert "the damage one attack does on average" in run(f"odds {FIFTH} --attack longsword").stdout


def one_roll(tmp_path: Path, edit: dict[str, object], drop: tuple[str, ...] = ()) -> Path:
    """True Forces with its attack changed: a one-roll game, or a chart with a 'cannot' entry."""
    data = yaml.safe_load((EXAMPLES.parent.parent / "rulesets" / "trueforces.yaml").read_text())
    attack = data["attacks"]["combat"]
    for key in drop:
        attack.pop(key)
    attack.update(edit)
    path = tmp_path / "oneroll.yaml"
    data["name"] = "oneroll"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return path


def test_a_one_roll_game_gets_no_wound_step(tmp_path: Path) -> None:
    path = one_roll(tmp_path, {}, drop=("wound",))
    ruling = run_json(f"hit {path} --attacker 4 --target 5 --attack ranged --roll 5")
    assert ruling["hit"] is True and "wound_roll" not in ruling and "p_out_of_action" not in ruling
    assert Fraction(ruling["p_hit"]) == Fraction(2, 6)
    assert not any(s["message"].startswith("wound") for s in ruling["explanation"])
    report = run(f"hit {path} --attacker 4 --target 5 --attack ranged --roll 5").stdout
    assert "Rolled 5: a hit.\n" in report and "out of action" not in report
    chart = run(f"odds {path} --attack ranged").stdout
    assert "the chance of a hit" in chart and "5+  1/3" in chart
    assert "no 'wound' roll" in run(f"hit {path} --attacker 4 --target 5 --attack ranged --wound-roll 3", code=2).stderr


def test_a_cannot_entry_never_hits_and_prints_no_number(tmp_path: Path) -> None:
    table = [{"difference": 2, "needed": "cannot"}, {"difference": 1, "needed": 5}, {"difference": 0, "needed": 4}]
    path = one_roll(tmp_path, {"by_difference": {"rows": table, "beyond": "nearest", "rule": "TF-C2"}})
    ruling = run_json(f"hit {path} --attacker 2 --target 6 --attack ranged --roll 6")
    assert (ruling["needed"], ruling["hit"], Fraction(ruling["p_hit"]), Fraction(ruling["p_out_of_action"])) == (
        None,
        False,
        0,
        0,
    )
    report = run(f"hit {path} --attacker 2 --target 6 --attack ranged --roll 6").stdout
    assert "No roll can hit." in report and "Rolled 6: no roll can hit." in report and "99+" not in report
    assert ruling["explanation"][1]["text"].endswith("is +4: beyond the table: its +2 row says it cannot hit")
    assert "kein Treffer" in run(f"--lang de odds {path} --attack ranged").stdout
    assert "6+" not in run(f"odds {path} --attack ranged").stdout  # +1 is 5+, +2 and beyond cannot


def test_a_chain_step_the_chart_says_cannot_never_passes() -> None:
    """GT-3: toughness 4 or more above the strength cannot be wounded; the chart said 7 for it."""
    told = f"battle {GAUNTLET} --attacker runt --defender brute"
    ruling = run_json(f"{told} --attacker-roll 6,6 --defender-roll 1")
    assert ruling["steps"][1]["needed"] is None and ruling["stopped_at"] == "to wound"
    assert ruling["explanation"][1]["text"].endswith(
        "needs more than any roll: the chart says it cannot; the attacker rolled 6: failed, the chain stops at to wound"
    )
    outcomes = run_json(f"odds {GAUNTLET} --attacker runt --defender brute")["outcomes"]
    assert {o["stopped_at"]: Fraction(o["probability"]) for o in outcomes} == {
        "to hit": Fraction(4, 6),
        "to wound": Fraction(2, 6),
    }
    report = run(f"{told} --attacker-roll 6,6 --defender-roll 1").stdout
    assert report.splitlines()[4].split()[3] == "cannot" and "7+" not in report
    assert "unmöglich" in run(f"--lang de {told} --attacker-roll 6,6 --defender-roll 1").stdout


def test_a_game_without_a_wound_roll_refuses_wounds_and_does_not_offer_them() -> None:
    told = f"hit {FIFTH} --attacker 4 --target 15 --attack longsword"
    assert fails(f"{told} --wounds 1").endswith(
        "this attack has no wound roll: leave out --wounds and --wound-roll-plus (SRD-2)"
    )
    assert "no wound roll" in fails(f"{told} --wound-roll-plus 1")
    page = " ".join(run(f"{told} --no-roll").stdout.split())
    assert "--to-hit-plus N." in page and "--wound-roll-plus" not in page
    assert "--wound-roll-plus N." in " ".join(
        run("hit trueforces --attacker 4 --target 5 --attack ranged --no-roll").stdout.split()
    )


def test_a_natural_hit_without_criticals_hits_whatever_the_number(tmp_path: Path) -> None:
    """A game where the top face always hits but is no critical: one damage die, never a second."""
    data = yaml.safe_load(FIFTH.read_text())
    data["attacks"]["weapon"]["clamp"]["natural"]["critical"] = False
    data["attacks"]["weapon"]["clamp"]["max"] = 30  # 24 - 2: only the natural 20 reaches it
    path = tmp_path / "plain.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    covered = f"hit {path} --attacker 2 --target 19 --attack longsword --modifier three-quarters"
    ruling = run_json(f"{covered} --roll 20 --damage-roll 5")
    assert (ruling["needed"], ruling["hit"], ruling["damage_roll"], ruling["damage"]) == (22, True, [5], 8)
    assert "critical" not in ruling and ruling["explanation"][-2]["message"] == "roll.natural_hit"
    odds = run_json(f"{covered} --no-roll")
    assert Fraction(odds["p_hit"]) == Fraction(1, 20) and "p_critical" not in odds
    assert Fraction(odds["expected_damage"]) == Fraction(1, 20) * Fraction(sum(range(1, 9)) + 8 * 3, 8)
    assert "critical" in fails(f"{covered} --roll 20 --damage-roll 5 --critical-roll 3")
