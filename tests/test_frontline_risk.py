"""Frontline Risk through the command line: one round (RULES FR-B1..B14),
one-round odds, whole fights, and every refusal naming its rule."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from conftest import fails, run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chance.dice import Rng
from referee.fights.answers import solve
from referee.procedures.door import dice_needed, resolve
from referee.ruleset.load import load
from referee.rulings.battle import Battle
from referee.settle.odds import battle_odds

FR = load("frontline-risk")
ISSUE = (
    'battle frontline-risk --attacker "infantry, armour" --attacker-rear 1 '
    '--defender "infantry, damaged armour" --when defender:city '
    "--attacker-roll 6,5,2 --defender-roll 6,3,1"
)


def rules_cited(ruling: dict) -> list[str]:
    return [step["rule"] for step in ruling["explanation"]]


def test_issue_round() -> None:
    ruling = run_json(ISSUE)
    assert ruling["attacker"]["suffers"] == "infantry destroyed"
    assert ruling["defender"]["suffers"] == "damaged armour destroyed"
    first, second = ruling["pairs"]
    assert (first["attacker"]["total"], first["defender"]["total"], first["winner"]) == (7, 7, "defender")
    assert (first["attacker"]["unit"], first["defender"]["unit"]) == ("infantry", "infantry")
    assert (second["attacker"]["total"], second["defender"]["total"], second["winner"]) == (5, 3, "attacker")
    assert second["defender"]["unit"] == "damaged armour"
    for rule in ("FR-B1", "FR-B2", "FR-B3", "FR-B4", "FR-B6", "FR-B7", "FR-B8", "FR-B9"):
        assert rule in rules_cited(ruling)
    out = run(ISSUE).stdout
    assert "The defender suffers: damaged armour destroyed." in out


def test_chinese_names() -> None:
    ruling = run_json(
        "battle frontline-risk --attacker 步兵師 --defender 受損裝甲師 --attacker-roll 6 --defender-roll 4"
    )
    assert ruling["defender"]["front"] == ["damaged armour"]
    assert ruling["defender"]["suffers"] == "damaged armour destroyed"


def test_cover_needs_a_full_front_and_a_rear() -> None:
    assert (
        len(
            run_json(
                'battle frontline-risk --attacker "2 infantry" --attacker-rear 1 --defender infantry '
                "--defender-roll 1 --seed 3"
            )["attacker"]["rolled"]
        )
        == 3
    )
    assert (
        len(
            run_json(
                "battle frontline-risk --attacker infantry --attacker-rear 1 --defender infantry "
                "--defender-roll 1 --seed 3"
            )["attacker"]["rolled"]
        )
        == 1
    )


def test_city_defence_does_not_add_to_the_extra_defence_die() -> None:
    ruling = run_json(
        "battle frontline-risk --attacker infantry --defender infantry "
        "--when defender:city --when defender:extra-defence-die --seed 1"
    )
    assert len(ruling["defender"]["rolled"]) == 2
    assert any("no extra die on top of the reward 'extra defence die'" in s["text"] for s in ruling["explanation"])


def test_extra_dice_only_widen_the_choice() -> None:
    ruling = run_json(
        "battle frontline-risk --attacker infantry --defender infantry --when attacker:extra-attack-die "
        "--attacker-roll 2,5 --defender-roll 4"
    )
    assert len(ruling["pairs"]) == 1
    assert ruling["pairs"][0]["attacker"]["die"] == 5
    assert ruling["defender"]["suffers"] == "infantry destroyed"


def test_two_armour_bombard_the_two_highest_dice() -> None:
    ruling = run_json(
        'battle frontline-risk --attacker "2 armour" --defender "2 infantry" --attacker-roll 3,3 --defender-roll 3,3'
    )
    assert [p["attacker"]["total"] for p in ruling["pairs"]] == [4, 4]
    assert ruling["defender"]["suffers"] == "2 infantry destroyed"


def test_air_support_adds_to_the_highest_die_either_side() -> None:
    ruling = run_json(
        "battle frontline-risk --attacker infantry --defender infantry --when defender:airfield "
        "--attacker-roll 5 --defender-roll 4"
    )
    assert ruling["pairs"][0]["defender"]["total"] == 5
    assert ruling["attacker"]["suffers"] == "infantry destroyed"
    assert "FR-B5" in rules_cited(ruling)


def test_rear_assault_cancels_the_defenders_bombardment() -> None:
    ruling = run_json(
        "battle frontline-risk --attacker infantry --defender armour --when attacker:rear-assault "
        "--attacker-roll 5 --defender-roll 4"
    )
    assert ruling["pairs"][0]["defender"]["bonus"] == 0
    assert ruling["defender"]["suffers"] == "armour becomes damaged"
    assert "FR-B13" in rules_cited(ruling)


def test_intact_armour_takes_the_first_damage() -> None:
    ruling = run_json(
        'battle frontline-risk --attacker "armour, damaged armour" --defender "2 infantry" '
        "--attacker-roll 3,2 --defender-roll 6,1"
    )
    assert [p["winner"] for p in ruling["pairs"]] == ["defender", "attacker"]
    assert ruling["attacker"]["suffers"] == "armour becomes damaged"
    assert sorted(ruling["attacker"]["front_after"]) == [["armour", "damaged"], ["armour", "damaged"]]


def test_landing_fails_when_its_armour_is_gone() -> None:
    ruling = run_json(
        'battle frontline-risk --attacker "infantry, damaged armour" --attacker-rear 2 '
        "--defender '2 infantry' --when attacker:landing --attacker-roll 2,2,1 --defender-roll 6,6"
    )
    assert ruling["attacker"]["failed"] is True
    assert ruling["attacker"]["destroyed"] == 4
    assert "FR-B14" in rules_cited(ruling)


def test_landing_with_armour_in_the_rear_goes_on() -> None:
    ruling = run_json(
        'battle frontline-risk --attacker "infantry, damaged armour" --attacker-rear armour '
        "--defender '2 infantry' --when attacker:landing --attacker-roll 2,2,1 --defender-roll 6,6"
    )
    assert ruling["attacker"]["failed"] is False
    assert ruling["attacker"]["rear_after"] == [["armour", "intact"]]


def test_one_round_odds() -> None:
    outcomes = run_json(
        'odds frontline-risk --attacker "infantry, armour" --attacker-rear 1 '
        '--defender "infantry, damaged armour" --when defender:city'
    )["outcomes"]
    assert sum(Fraction(o["probability"]) for o in outcomes) == 1
    assert {o["defender_suffers"] for o in outcomes} >= {"nothing", "infantry destroyed"}


def test_whole_fight() -> None:
    result = run_json(
        'odds frontline-risk --attacker "infantry, armour" --attacker-rear 1 '
        '--defender "infantry, damaged armour" --when defender:city --until conquest'
    )
    win, hold = Fraction(result["p_attacker_wins"]), Fraction(result["p_defender_holds"])
    assert win + hold == 1 and 0 < win < 1
    assert Fraction(result["p_attack_stops"]["attacker_out_of_units"]) == hold
    assert {"FR-W1", "FR-B10", "FR-B11", "FR-B12"} <= {p["rule"] for p in result["policy"]}
    out = run("odds frontline-risk --attacker infantry --defender infantry --until conquest").stdout
    assert "exact fractions" in out and "Between rounds" in out


def test_single_round_fight_is_that_round() -> None:
    result = run_json("odds frontline-risk --attacker infantry --defender infantry --until conquest")
    assert result["p_attacker_wins"] == "5/12"
    assert result["expected_losses"] == {"attacker": "7/12", "defender": "5/12"}


def test_sunk_landing_in_a_whole_fight() -> None:
    result = run_json(
        "odds frontline-risk --attacker armour --defender '2 infantry' --defender-rear 3 "
        "--when attacker:landing --until conquest"
    )
    assert Fraction(result["p_attack_stops"]["attack_failed"]) > 0
    assert result["p_attack_stops"]["attacker_out_of_units"] == "0/1"


@cache
def brute_fight(att_front: int, att_rear: int, defender: int) -> Fraction:
    """Infantry only, no cover beyond FR-B2, by hand: both sides fill a front of 2."""
    if defender == 0:
        return Fraction(1)
    if att_front == 0:
        return Fraction(0)
    dice = att_front + (1 if att_front == 2 and att_rear else 0)
    d_front = min(2, defender)
    pairs = min(att_front, d_front)
    total = Fraction(0)
    for a in product(range(1, 7), repeat=dice):
        for d in product(range(1, 7), repeat=d_front):
            lost = sum(x <= y for x, y in zip(sorted(a, reverse=True), sorted(d, reverse=True)[:pairs]))
            left = att_front + att_rear - lost
            total += brute_fight(min(2, left), max(0, left - 2), defender - (pairs - lost))
    return total / 6 ** (dice + d_front)


def test_infantry_fight_agrees_with_brute_force() -> None:
    for front, rear, defender in ((1, 0, 2), (2, 1, 2), (2, 2, 3)):
        battle = Battle(
            attacker=(("infantry", front),),
            defender=(("infantry", min(2, defender)),),
            attacker_rear=(("infantry", rear),) if rear else (),
            defender_rear=(("infantry", defender - 2),) if defender > 2 else (),
        )
        assert solve(FR, [battle], exact=True).p_attacker_wins == brute_fight(front, rear, defender)


# what tells one round from another: the winner follows from the losses, so it splits no outcome
ROUND_KEYS = ("winner", "attacker_loses", "defender_loses", "attacker_suffers", "defender_suffers")
FRONT = st.lists(st.sampled_from(["infantry", "armour", "damaged"]), min_size=1, max_size=2)


def _battle(attacker: list[str], defender: list[str], when: tuple = ()) -> Battle:
    def side(items: list[str], group: str) -> tuple[tuple, tuple]:
        counts = Counter("armour" if i == "damaged" else i for i in items)
        damaged = items.count("damaged")
        return tuple(counts.items()), ((group, "armour", "damaged", damaged),) if damaged else ()

    a, sa = side(attacker, "attacker")
    d, sd = side(defender, "defender")
    return Battle(attacker=a, defender=d, attacker_rear=(("infantry", 1),), states=sa + sd, when=when)


@settings(max_examples=10, deadline=None)
@given(FRONT, FRONT)
def test_round_odds_equal_brute_force_over_ordered_dice(attacker: list[str], defender: list[str]) -> None:
    battle = _battle(attacker, defender, (("defender", "airfield"),))
    needs = dice_needed(FR, battle)
    brute: Counter = Counter()
    ordered = [product(needs[g].die.faces, repeat=needs[g].count) for g in needs]
    total = 0
    for faces in product(*ordered):
        out = resolve(FR, battle, dict(zip(needs, faces))).outcome
        brute[tuple(out[k] for k in ROUND_KEYS)] += 1
        total += 1
    exact = {tuple(o.key.values()): o.probability for o in battle_odds(FR, battle)}
    assert exact == {k: Fraction(v, total) for k, v in brute.items()}


@settings(max_examples=15, deadline=None)
@given(FRONT, FRONT, st.integers(min_value=0, max_value=10**6))
def test_seeded_rounds_agree_with_exact_odds(attacker: list[str], defender: list[str], seed: int) -> None:
    battle = _battle(attacker, defender)
    needs = dice_needed(FR, battle)
    rng = Rng(seed, "combat")
    draws = 600
    seen: Counter = Counter()
    for _ in range(draws):
        out = resolve(FR, battle, {g: n.die.roll(n.count, rng) for g, n in needs.items()}).outcome
        seen[tuple(out[k] for k in ROUND_KEYS)] += 1
    for o in battle_odds(FR, battle):
        p = float(o.probability)
        assert abs(seen[tuple(o.key.values())] / draws - p) < 5 * (p * (1 - p) / draws) ** 0.5 + 0.01


@settings(max_examples=20, deadline=None)
@given(FRONT, FRONT, st.integers(min_value=0, max_value=2), st.booleans())
def test_whole_fights_sum_to_one(attacker: list[str], defender: list[str], rear: int, landing: bool) -> None:
    if landing and attacker[0] == "infantry" and len(set(attacker)) == 1:
        attacker = ["armour"]
    battle = _battle(attacker, defender, (("attacker", "landing"),) if landing else ())
    battle = Battle(
        attacker=battle.attacker,
        defender=battle.defender,
        states=battle.states,
        when=battle.when,
        defender_rear=(("infantry", rear),) if rear else (),
    )
    odds = solve(FR, [battle], exact=True)
    assert odds.p_attacker_wins + odds.p_attacker_runs_out + odds.p_attack_fails == 1
    assert min(odds.p_attacker_wins, odds.p_attacker_runs_out, odds.p_attack_fails) >= 0
    floated = solve(FR, [battle], exact=False)
    assert abs(floated.p_attacker_wins - float(odds.p_attacker_wins)) < 1e-9


def test_refusals_name_the_rule() -> None:
    assert fails('battle frontline-risk --attacker "3 infantry" --defender infantry').endswith("(FR-F1)")
    assert fails('battle frontline-risk --attacker infantry --defender "damaged infantry"').endswith("(FR-B9)")
    assert "unknown situation 'castle'" in fails(
        "battle frontline-risk --attacker infantry --defender infantry --when defender:castle"
    )
    assert fails(
        "battle frontline-risk --attacker infantry --defender infantry --when defender:city --defender-roll 3"
    ).endswith("(FR-B3)")
    assert fails('battle frontline-risk --attacker "2 infantry" --defender infantry --attacker-roll 3').endswith(
        "(FR-B1)"
    )
    assert fails("battle frontline-risk --attacker infantry --defender infantry --when attacker:city").endswith(
        "(FR-B3)"
    )
    assert fails("battle frontline-risk --attacker infantry --defender infantry --when attacker:landing").endswith(
        "(FR-B14)"
    )
    assert fails('odds frontline-risk --attacker "3 infantry" --defender infantry --until conquest').endswith("(FR-F1)")


def test_show_lists_situations_and_states() -> None:
    out = run("show frontline-risk").stdout
    for word in ("defender:city", "attacker/defender:airfield", "attacker:landing", "damaged: armour", "FR-B14"):
        assert word in out


FIGHT = (
    'odds frontline-risk --attacker "infantry, armour" --attacker-rear armour '
    '--defender "infantry, armour" --defender-rear "2 infantry" --until conquest'
)


def test_the_between_round_policy_is_the_files(edited) -> None:
    shipped = run_json(FIGHT)
    no_repair = edited("frontline-risk", lambda text: text.replace("withdraw_worn: true", "withdraw_worn: false"))
    changed = run_json(FIGHT.replace("frontline-risk", str(no_repair)))
    assert changed["p_attacker_wins"] != shipped["p_attacker_wins"]
    assert "FR-B10" in {p["rule"] for p in shipped["policy"]}
    assert "FR-B10" not in {p["rule"] for p in changed["policy"]}


def test_rear_assault_stops_the_defenders_repair_in_a_fight() -> None:
    result = run_json(FIGHT + " --when attacker:rear-assault")
    assert any(p["rule"] == "FR-B13" and "cannot withdraw" in p["text"] for p in result["policy"])
    assert Fraction(result["p_attacker_wins"]) > Fraction(run_json(FIGHT)["p_attacker_wins"])


def test_shipped_files_validate() -> None:
    from referee.ruleset.load import shipped

    for name in ("frontline-risk", "risk"):
        assert run_json(f"validate {shipped()[name]}")["valid"] is True


def test_ruleset_cross_checks(edited) -> None:
    bad_state = edited("frontline-risk", lambda t: t.replace("states: [intact, damaged]", "states: [intact, broken]"))
    assert "unknown state 'broken'" in fails(f"validate {bad_state}")
    bad_order = edited(
        "frontline-risk", lambda t: t.replace("stand_order: [infantry, armour]", "stand_order: [infantry, armor]")
    )
    assert "unknown unit 'armor'" in fails(f"validate {bad_order}")


def test_a_rear_where_the_game_has_none_is_refused() -> None:
    assert "has no rear" in fails("battle groundforce --attacker trooper --defender trooper --attacker-rear 1")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "not_on_top_of: [extra-defence-die]",
            "not_on_top_of: [extra-defense-die]",
            "unknown situation 'extra-defense-die'",
        ),
        ("fails_without: armour", "fails_without: armor", "unknown unit 'armor'"),
        ("requires_unit: armour", "requires_unit: armor", "unknown unit 'armor'"),
    ],
)
def test_a_situation_names_units_and_situations_that_exist(edited, old: str, new: str, message: str) -> None:
    bad = edited("frontline-risk", lambda t: t.replace(old, new))
    assert message in fails(f"validate {bad}")


def test_whole_fight_table_shows_why_the_attack_stopped_as_parts_of_the_defender_holding() -> None:
    out = run(
        "odds frontline-risk --attacker armour --attacker-rear 1 --defender '2 infantry' "
        "--when attacker:landing --until conquest"
    ).stdout
    rows = {line.strip().split("  ")[0]: line for line in out.splitlines()[3:7]}
    assert rows["of which: the attacker ran out of units"].startswith("  of which:")
    assert rows["of which: the attack failed (a landing across the sea)"].startswith("  of which:")
    # each row leads with its percent, then a bar
    percents = {
        name: float(next(w for w in line.split() if w.endswith("%")).rstrip("%")) for name, line in rows.items()
    }
    assert percents["the attacker conquers"] + percents["the defender holds"] == pytest.approx(100, abs=0.02)
    assert percents["of which: the attacker ran out of units"] + percents[
        "of which: the attack failed (a landing across the sea)"
    ] == pytest.approx(percents["the defender holds"], abs=0.02)


@pytest.mark.parametrize(
    "command",
    [
        "odds risk --attacker 3 --defender 2 --attacker-rear 1",
        "battle frontline-risk --attacker infantry --defender infantry --defender-rear 2 "
        "--attacker-roll 6 --defender-roll 1",
    ],
)
def test_a_rear_one_round_never_reads_is_refused(command: str) -> None:
    assert "never reads the" in fails(command)


def test_the_supply_step_of_a_whole_fight_cites_the_supply_rule(edited) -> None:
    """FR-B11: rear divisions move to the front between rounds; the step that fills the front cites it."""
    shipped = run_json(FIGHT)
    supply = [p for p in shipped["policy"] if "fills its front" in p["text"]]
    assert [p["rule"] for p in supply] == ["FR-B11"]
    out = run(FIGHT).stdout
    assert any(
        line.strip().startswith("FR-B11  before each round each side fills its front") for line in out.splitlines()
    )
    # a file that names no supply rule cites the rule of its fight
    unnamed = edited("frontline-risk", lambda text: text.replace("      supply_rule: FR-B11\n", ""))
    fallback = run_json(FIGHT.replace("frontline-risk", str(unnamed)))
    assert [p["rule"] for p in fallback["policy"] if "fills its front" in p["text"]] == ["FR-W1"]
    assert fallback["p_attacker_wins"] == shipped["p_attacker_wins"]
