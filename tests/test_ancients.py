"""Commands & Colors: Ancients from docs/examples, through the CLI: the
stages it needs that no other example uses (a situation the distance brings,
a change under two situations capped by at_most, a leader and support each
ignoring a flag, losses capped at the target's blocks, retreats of a full
move per flag, battle back), typed and drawn rulings, and exact odds against
a brute force written here (itertools and Fraction, never the resolver).
A house game of its own shows a symbol that costs the side rolling it."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, run, run_json

ANCIENTS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "ancients.yaml"

FACES = ("light", "medium", "heavy", "flag", "swords", "leader")
CLOSE = {
    "light-infantry": 2,
    "medium-infantry": 4,
    "heavy-infantry": 5,
    "light-cavalry": 2,
    "medium-cavalry": 3,
    "heavy-cavalry": 4,
}
FIRE = {"light-infantry": 2, "light-cavalry": 2}
MOVE = {
    "light-infantry": 2,
    "medium-infantry": 1,
    "heavy-infantry": 1,
    "light-cavalry": 4,
    "medium-cavalry": 3,
    "heavy-cavalry": 2,
}


def blocks(unit: str) -> int:
    return 4 if unit.endswith("infantry") else 3


def struck(
    target: str, faces: tuple[str, ...], close: bool, leader: bool, ignores: int, blocked: bool
) -> tuple[int, int]:
    """What one roll does to its target as the rules read: (blocks lost, hexes retreated)."""
    weight = target.split("-")[0]
    hits = sum(f == weight or (close and (f == "swords" or (f == "leader" and leader))) for f in faces)
    hexes = max(faces.count("flag") - ignores, 0) * MOVE[target]
    if blocked:
        hits, hexes = hits + hexes, 0
    lost = min(hits, blocks(target))
    return lost, 0 if lost == blocks(target) else hexes


def rolls(dice: int, target: str, close: bool, leader: bool, ignores: int, blocked: bool) -> Counter[tuple[int, int]]:
    return Counter(struck(target, f, close, leader, ignores, blocked) for f in itertools.product(FACES, repeat=dice))


def brute(attacker: str, target: str, distance: int, when: set[str]) -> dict[tuple[int, int, int, int], Fraction]:
    """(defender loses, defender retreats, attacker loses, attacker retreats) by chance."""
    close = distance == 1
    forest = "defender:forest" in when
    dice = CLOSE[attacker] if close else FIRE[attacker]
    dice = min(dice, (2 if close else 1)) if forest else dice
    ignored = {side: (f"{side}:leader" in when) + (f"{side}:supported" in when) for side in ("attacker", "defender")}
    first = rolls(dice, target, close, "attacker:leader" in when, ignored["defender"], "defender:blocked" in when)
    back_dice = min(CLOSE[target], 2) if forest else CLOSE[target]
    back = rolls(back_dice, attacker, True, "defender:leader" in when, ignored["attacker"], "attacker:blocked" in when)
    out: defaultdict[tuple[int, int, int, int], Fraction] = defaultdict(Fraction)
    for (lost, hexes), n in first.items():
        if close and not hexes and lost < blocks(target):
            for (their, back_hexes), m in back.items():
                out[(lost, hexes, their, back_hexes)] += Fraction(n, 6**dice) * Fraction(m, 6**back_dice)
        else:
            out[(lost, hexes, 0, 0)] += Fraction(n, 6**dice)
    return dict(out)


KEYS = ("defender_loses", "defender_retreats", "attacker_loses", "attacker_retreats")


def odds_of(command: str, keys: tuple[str, ...] = KEYS) -> dict[tuple[int, ...], Fraction]:
    return {tuple(o[k] for k in keys): Fraction(o["probability"]) for o in run_json(command)["outcomes"]}


@pytest.mark.parametrize(
    ("attacker", "target", "distance", "when"),
    [
        ("medium-infantry", "medium-infantry", 1, set()),
        ("heavy-infantry", "light-cavalry", 1, {"defender:leader", "defender:supported"}),
        ("medium-cavalry", "heavy-infantry", 1, {"attacker:leader", "defender:blocked", "defender:forest"}),
        ("light-infantry", "heavy-cavalry", 2, {"defender:forest"}),
        ("light-cavalry", "light-infantry", 2, {"attacker:leader", "defender:blocked"}),
        ("heavy-infantry", "heavy-infantry", 1, {"attacker:leader", "attacker:supported", "attacker:blocked"}),
        ("light-infantry", "medium-cavalry", 1, {"defender:blocked", "defender:leader"}),
    ],
)
def test_odds_are_the_brute_force(attacker: str, target: str, distance: int, when: set[str]) -> None:
    named = "".join(f" --when {w}" for w in sorted(when))
    command = f"odds {ANCIENTS} --attacker {attacker} --defender {target} --range {distance}{named}"
    assert odds_of(command) == brute(attacker, target, distance, when)


def said(ruling: Any) -> list[tuple[str, str]]:
    """Each step of a --json ruling: its rule and its text."""
    return [(s["rule"], s["text"]) for s in ruling["explanation"]]


def test_a_leader_and_support_each_ignore_a_flag() -> None:
    command = (
        f"battle {ANCIENTS} --attacker heavy-infantry --defender light-cavalry --range 1 "
        "--attacker-roll flag,flag,flag,medium,medium"
    )
    alone = run_json(command)
    assert (alone["defender_loses"], alone["defender_retreats"]) == (0, 12)
    led = run_json(f"{command} --when defender:leader --when defender:supported")
    assert (led["defender_loses"], led["defender_retreats"]) == (0, 4)
    assert led["attacker"]["symbols"] == {"retreat": 3} and led["attacker_scores"] == "retreat 1"
    assert ("CCA-10", "leader: the defender ignores retreat 1") in said(led)
    assert ("CCA-10", "supported: the defender ignores retreat 1") in said(led)
    assert ("CCA-7", "each retreat moves the defender 4 hexes") in said(led)
    out = run(f"{command} --when defender:leader").stdout
    assert "The defender retreats 8 hexes." in out
    assert "leader: the defender ignores retreat 1" in out


def test_losses_stop_at_the_targets_blocks_and_an_eliminated_unit_does_not_retreat() -> None:
    command = f"battle {ANCIENTS} --attacker heavy-infantry --defender light-cavalry --range 1"
    capped = run_json(f"{command} --when defender:blocked --attacker-roll light,light,swords,flag,heavy")
    assert (capped["defender_loses"], capped["defender_retreats"]) == (3, 0)
    assert ("CCA-7", "the defender has only 3 blocks: 4 more are wasted") in said(capped)
    eliminated = run_json(f"{command} --attacker-roll light,light,swords,flag,heavy")
    assert (eliminated["defender_loses"], eliminated["defender_retreats"]) == (3, 0)
    assert ("CCA-7", "the defender is eliminated and does not retreat") in said(eliminated)
    assert ("CCA-11", "the defender does not stand and cannot battle back") in said(eliminated)
    assert eliminated["defender"]["rolled"] == [] and eliminated["attacker_loses"] == 0
    out = run(f"{command} --when defender:blocked --attacker-roll light,light,swords,flag,heavy").stdout
    assert "The defender loses 3 blocks." in out and "4 more are wasted" in out


def test_the_distance_brings_close_combat_or_fire() -> None:
    fire = run_json(
        f"battle {ANCIENTS} --attacker light-infantry --defender heavy-infantry --range 2 --when attacker:leader "
        "--attacker-roll swords,leader"
    )
    assert fire["defender_loses"] == 0 and fire["defender"]["dice"] == 0
    assert ("CCA-2", "fire: swords reads nothing") in said(fire)
    assert ("CCA-5", "leader and fire: leader reads nothing") in said(fire)
    close = run_json(
        f"battle {ANCIENTS} --attacker light-infantry --defender heavy-infantry --range 1 --when attacker:leader "
        "--attacker-roll swords,leader --defender-roll medium,medium,medium,medium,medium"
    )
    assert close["defender_loses"] == 2
    forest = run_json(
        f"battle {ANCIENTS} --attacker light-infantry --defender heavy-infantry --range 2 "
        "--when defender:forest --attacker-roll flag"
    )
    assert forest["attacker"]["dice"] == 1 and forest["defender_retreats"] == 1
    assert ("CCA-6", "forest, fire: the attacker rolls at most 1 die") in said(forest)
    text = run(
        f"battle {ANCIENTS} --attacker heavy-infantry --defender heavy-infantry --range 1 --when defender:forest "
        "--attacker-roll light,medium --defender-roll heavy,heavy"
    ).stdout
    assert "forest, close-combat: the attacker rolls at most 2 dice" in text
    assert "forest, close-combat: the defender rolls at most 2 dice" in text


def test_a_target_that_stands_battles_back() -> None:
    ruling = run_json(
        f"battle {ANCIENTS} --attacker medium-infantry --defender medium-cavalry --range 1 --when attacker:leader "
        "--attacker-roll swords,light,light,light --defender-roll medium,flag,flag"
    )
    assert ruling["defender_loses"] == 1 and ruling["defender_retreats"] == 0
    assert (ruling["attacker_loses"], ruling["attacker_retreats"]) == (1, 1)
    steps = said(ruling)
    assert steps.index(("CCA-7", "the defender loses 1 block")) < steps.index(("CCA-11", "the defender battles back"))
    assert ("CCA-10", "leader: the attacker ignores retreat 1") in steps
    assert steps[-2:] == [("CCA-7", "the attacker loses 1 block"), ("CCA-7", "the attacker retreats 1 hex")]
    out = run(
        f"battle {ANCIENTS} --attacker medium-infantry --defender medium-cavalry --range 1 "
        "--attacker-roll swords,light,light,light --defender-roll medium,flag,flag"
    ).stdout
    assert "The attacker loses 1 block. The attacker retreats 2 hexes. The defender loses 1 block." in out


def rule_by_hand(attacker: str, target: str, rolled: tuple[str, ...], back: tuple[str, ...]) -> tuple[int, ...]:
    """One close combat with no situation, as the rules read."""
    lost, hexes = struck(target, rolled, True, False, 0, False)
    if hexes or lost == blocks(target):
        return lost, hexes, 0, 0
    return (lost, hexes, *struck(attacker, back, True, False, 0, False))


@pytest.mark.parametrize("seed", [3, 44, 2026])
def test_drawn_rulings_follow_the_rules_and_repeat_by_their_seed(seed: int) -> None:
    command = f"battle {ANCIENTS} --attacker heavy-cavalry --defender medium-infantry --range 1 --seed {seed}"
    ruling, again = run_json(command), run_json(command)
    assert ruling["attacker"]["rolled"] == again["attacker"]["rolled"] and len(ruling["attacker"]["rolled"]) == 4
    rolled, back = tuple(ruling["attacker"]["rolled"]), tuple(ruling["defender"]["rolled"])
    assert len(back) in (0, 4)
    expected = rule_by_hand("heavy-cavalry", "medium-infantry", rolled, back)
    assert tuple(ruling[k] for k in KEYS) == expected


def test_the_ruling_speaks_the_players_language() -> None:
    command = (
        f"battle {ANCIENTS} --attacker heavy-infantry --defender light-cavalry --range 1 --when defender:leader "
        "--attacker-roll flag,flag,light,light,light"
    )
    assert "leader: der Verteidiger ignoriert" in run(f"--lang de {command}").stdout
    assert "leader: de verdediger negeert" in run(f"--lang nl {command}").stdout


MISFIRE = """\
format: 1
name: misfire
title: Misfire
source: a house game for this test
rules:
  MF-1: "The gun rolls 3 dice: each 5 or 6 costs the target a figure, each 1 costs the gun a figure of its own crew."
  MF-2: "A 2 pushes the target back: a gun 1 step, a cart 2."
dice:
  d6: {rule: MF-1, faces: [1, 2, 3, 4, 5, 6]}
units:
  gun: {label: gun}
  cart: {label: cart}
attacks:
  fire:
    procedure: staged
    rule: MF-1
    label: fire
    attacker: {die: d6, roll: {dice: 3}, read: {faces: {5: [hit], 6: [hit], 1: [misfire], 2: [push]}}}
    defender: {die: d6}
    costs:
      losses: [hit]
      own_losses: [misfire]
      retreats: [push]
      retreat_steps: {cart: 2}
      loss: {one: figure, many: figures}
"""


@pytest.fixture
def misfire(tmp_path: Path) -> Path:
    path = tmp_path / "misfire.yaml"
    path.write_text(MISFIRE, encoding="utf-8")
    return path


def test_a_symbol_can_cost_the_side_that_rolls_it(misfire: Path) -> None:
    ruling = run_json(f"battle {misfire} --attacker gun --defender gun --attacker-roll 1,1,6")
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (2, 1)
    assert ("MF-1", "the attacker's own misfire 2 cost it 2 figures") in said(ruling)
    out = run(f"battle {misfire} --attacker gun --defender gun --attacker-roll 1,3,4").stdout
    assert "The attacker loses 1 figure." in out
    drawn = run_json(f"battle {misfire} --attacker gun --defender gun --seed 11")
    faces = drawn["attacker"]["rolled"]
    assert len(faces) == 3 and drawn["seed"] == 11
    assert (drawn["attacker_loses"], drawn["defender_loses"]) == (faces.count(1), faces.count(5) + faces.count(6))
    keys = ("attacker_loses", "defender_loses", "defender_retreats")
    brute: Counter[tuple[int, int, int]] = Counter(
        (f.count(1), f.count(5) + f.count(6), f.count(2) * 2) for f in itertools.product(range(1, 7), repeat=3)
    )
    assert odds_of(f"odds {misfire} --attacker gun --defender cart", keys) == {
        k: Fraction(n, 6**3) for k, n in brute.items()
    }


def test_a_side_of_units_that_retreat_apart_is_refused(misfire: Path) -> None:
    refusal = fails(f"battle {misfire} --attacker gun --defender 'gun, cart' --attacker-roll 2,3,4")
    assert refusal == "error: the defender's units retreat by different steps: it must be one kind of unit (MF-1)"


def test_a_situation_the_distance_brings_is_not_named() -> None:
    refusal = fails(
        f"battle {ANCIENTS} --attacker light-infantry --defender light-infantry --range 1 --when attacker:close-combat"
    )
    assert "'close-combat' holds by itself at distance 1: state the distance, not the situation (CCA-2)" in refusal


@pytest.mark.parametrize(
    ("old", "new", "refusal"),
    [
        (
            "{by: defender, when: leader, up_to: 1, order: [retreat]}",
            "{by: defender, when: leader, order: [retreat]}",
            "name the symbol that cancels, or up_to: how many are ignored",
        ),
        ("{by: defender, when: leader, up_to: 1,", "{by: defender, when: leeder, up_to: 1,", "leeder"),
        (
            "{when: [forest, fire], at_most: 1}",
            "{when: [forest, fire]}",
            "a change adds or takes away dice, or caps them with at_most",
        ),
        ("{when: [forest, fire], at_most: 1}", "{when: [forest, fires], at_most: 1}", "fires"),
        ("      strength:\n        light-infantry: 4", "      strength:\n        light-infantri: 4", "light-infantri"),
        (
            "      retreat_steps:\n        light-infantry: 2",
            "      retreat_steps:\n        light-infantri: 2",
            "light-infantri",
        ),
        (
            "        max_units: 1\n        range:",
            "        max_units: 1\n        battles_back: true\n        range:",
            "only one side battles back: the other rolls first",
        ),
        ("    range: [2]", "    range: [0]", "range"),
        ("up_to: 1, order", "up_to: 0, order", "up_to"),
        ("at_most: 2}", "at_most: -1}", "at_most"),
    ],
)
def test_the_new_keys_are_checked_where_they_are_read(tmp_path: Path, old: str, new: str, refusal: str) -> None:
    text = ANCIENTS.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "ancients.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert refusal in fails(f"validate {path}")


def test_own_losses_name_a_symbol_some_face_carries(misfire: Path) -> None:
    misfire.write_text(MISFIRE.replace("own_losses: [misfire]", "own_losses: [misfires]"), encoding="utf-8")
    assert "misfires" in fails(f"validate {misfire}")


def test_a_situation_tied_to_distances_needs_an_attack_that_reads_it(tmp_path: Path) -> None:
    risk = (Path(__file__).resolve().parent.parent / "rulesets" / "frontline-risk.yaml").read_text(encoding="utf-8")
    assert "    text: air support (an airfield on or next to the territory)\n" in risk
    path = tmp_path / "frontline.yaml"
    path.write_text(
        risk.replace(
            "    text: air support (an airfield on or next to the territory)\n",
            "    text: air support (an airfield on or next to the territory)\n    range: [1]\n",
        ),
        encoding="utf-8",
    )
    assert "only staged attacks read it, and this ruleset has none" in fails(f"validate {path}")
