"""Attacks written out as stages (who rolls what, how a face reads, count and
cancel, what it costs), through the CLI like any procedure: Memoir '44 and
X-Wing from docs/examples, their exact odds against a brute force written
here (itertools and Fraction, never the resolver), typed and drawn rulings,
and the stages the examples do not use (a comparison of values, a cap)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, ruling_of, run, run_json

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
MEMOIR = EXAMPLES / "memoir44.yaml"
XWING = EXAMPLES / "xwing.yaml"

BATTLE_DIE = ("infantry", "infantry", "armour", "grenade", "star", "flag")
RANGE = {"infantry": (3, 2, 1), "armour": (3, 3, 3), "artillery": (3, 3, 2, 2, 1, 1)}
FOREST = {"infantry": -1, "armour": -2, "artillery": 0}


def odds_of(command: str) -> dict[tuple[Any, ...], Fraction]:
    """The referee's exact odds, by each outcome's key values in order: a
    score as its phrase, not the count of each symbol beside it
    (tests/test_odds_columns.py checks those)."""
    document = run_json(command)
    counts = {key for key in document["columns"] if key.startswith(("attacker_scores_", "defender_scores_"))}
    return {
        tuple(v for k, v in o.items() if k not in ("probability", "percent", *counts)): Fraction(o["probability"])
        for o in document["outcomes"]
    }


def memoir_brute(
    attacker: str, target: str, distance: int, forest: bool, blocked: bool
) -> dict[tuple[int, int], Fraction]:
    """Memoir '44 as its rules read: (figures lost, hexes retreated) by chance."""
    dice = max(RANGE[attacker][distance - 1] + (FOREST[attacker] if forest else 0), 0)
    out: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(BATTLE_DIE, repeat=dice):
        hits = sum(f == "grenade" or (f == target and target != "artillery") for f in faces)
        flags = faces.count("flag")
        out[(hits + flags, 0) if blocked else (hits, flags)] += 1
    return {key: Fraction(n, 6**dice) for key, n in out.items()}


@pytest.mark.parametrize(
    ("attacker", "target", "distance", "forest", "blocked"),
    [
        ("infantry", "infantry", 1, False, False),
        ("infantry", "armour", 2, True, False),
        ("armour", "infantry", 3, True, True),
        ("armour", "armour", 1, False, True),
        ("artillery", "infantry", 2, True, False),
        ("artillery", "artillery", 5, False, False),
        ("infantry", "armour", 3, True, False),  # 1 die, 1 fewer: no dice at all
    ],
)
def test_memoir_odds_are_the_brute_force(
    attacker: str, target: str, distance: int, forest: bool, blocked: bool
) -> None:
    when = (" --when defender:forest" if forest else "") + (" --when defender:blocked" if blocked else "")
    command = f"odds {MEMOIR} --attacker {attacker} --defender {target} --range {distance}{when}"
    assert odds_of(command) == memoir_brute(attacker, target, distance, forest, blocked)


def test_memoir_typed_ruling_reads_faces_by_the_target_and_turns_blocked_flags_into_losses() -> None:
    ruling = run_json(
        f"battle {MEMOIR} --attacker tank --defender infantry --range 1 --when defender:cornered "
        "--attacker-roll infantry,armour,flag"
    )
    assert ruling["attacker"]["symbols"] == {"hit": 1, "retreat": 1}
    assert (ruling["defender_loses"], ruling["defender_retreats"]) == (2, 0)
    said = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("M44-3", "against infantry, infantry reads hit") in said
    assert ("M44-5", "blocked: the defender cannot retreat, so its 1 retreat is a loss") in said
    assert said[-1] == ("M44-4", "the defender loses 2 figures")


def test_memoir_report_speaks_the_games_words() -> None:
    out = run(
        f"battle {MEMOIR} --attacker infantry --defender infantry --range 1 --attacker-roll grenade,flag,flag"
    ).stdout
    assert "The defender loses 1 figure. The defender retreats 2 hexes." in out
    assert "the attacker rolls 3 dice at distance 1" in out


def test_memoir_forest_spares_artillery_and_costs_armour_two_dice() -> None:
    artillery = run_json(
        f"battle {MEMOIR} --attacker artillery --defender infantry --range 1 --when defender:forest --seed 3"
    )
    armour = run_json(
        f"battle {MEMOIR} --attacker armour --defender infantry --range 1 --when defender:forest --seed 3"
    )
    assert (artillery["attacker"]["dice"], armour["attacker"]["dice"]) == (3, 1)
    assert "forest: 2 dice fewer for the attacker" in [s["text"] for s in armour["explanation"]]


def test_memoir_drawn_ruling_is_repeated_by_its_seed() -> None:
    command = f"battle {MEMOIR} --attacker infantry --defender armour --range 1 --seed 44"
    first, again = run_json(command), run_json(command)
    assert first["attacker"]["rolled"] == again["attacker"]["rolled"]
    assert len(first["attacker"]["rolled"]) == 3 and first["seed"] == 44
    hits = sum(f in ("armour", "grenade") for f in first["attacker"]["rolled"])
    assert first["defender_loses"] == hits


@pytest.mark.parametrize(
    ("command", "refusal"),
    [
        (
            "--attacker infantry --defender infantry --range 4",
            "infantry cannot attack at distance 4: it reaches 3 at most",
        ),
        ("--attacker infantry --defender infantry", "say the distance to the target"),
        ("--attacker infantry --defender 'infantry, armour' --range 1", "the defender must be one kind of unit"),
    ],
)
def test_memoir_refuses_what_its_stages_cannot_rule(command: str, refusal: str) -> None:
    assert refusal in fails(f"battle {MEMOIR} {command}")


RED = ("hit", "hit", "hit", "crit", "focus", "focus", "blank", "blank")
GREEN = ("evade", "evade", "evade", "focus", "focus", "blank", "blank", "blank")
ATTACK = {"x-wing": 3, "tie-fighter": 2}
AGILITY = {"x-wing": 2, "tie-fighter": 3}


def xwing_brute(attacker: str, defender: str, when: tuple[str, ...], distance: int = 2) -> dict[tuple[str], Fraction]:
    """X-Wing as its rules read: the hits and crits left after evades, by chance."""
    red = ATTACK[attacker] + (distance == 1)  # one more red die at range 1, one more green at range 3
    green = AGILITY[defender] + (distance == 3)
    out: Counter[tuple[str]] = Counter()
    for attack in itertools.product(RED, repeat=red):
        for defence in itertools.product(GREEN, repeat=green):
            hits = attack.count("hit") + ("attacker:focus" in when) * attack.count("focus")
            crits = attack.count("crit")
            evades = defence.count("evade") + ("defender:focus" in when) * defence.count("focus")
            cancelled = min(evades, hits)
            hits, crits = hits - cancelled, max(crits - (evades - cancelled), 0)
            parts = [f"{name} {n}" for name, n in (("hit", hits), ("crit", crits)) if n]
            out[(", ".join(parts) or "nothing",)] += 1
    return {key: Fraction(n, 8 ** (red + green)) for key, n in out.items()}


@pytest.mark.parametrize(
    ("attacker", "defender", "when", "distance"),
    [
        ("x-wing", "tie-fighter", (), 2),
        ("x-wing", "tie-fighter", ("attacker:focus",), 2),
        ("tie-fighter", "x-wing", ("defender:focus",), 1),
        ("x-wing", "x-wing", ("attacker:focus", "defender:focus"), 3),
    ],
)
def test_xwing_odds_are_the_brute_force(attacker: str, defender: str, when: tuple[str, ...], distance: int) -> None:
    told = "".join(f" --when {w}" for w in when)
    command = f"odds {XWING} --attacker {attacker} --defender {defender}{told} --range {distance}"
    assert odds_of(command) == xwing_brute(attacker, defender, when, distance)


def test_xwing_range_bands_are_the_distance_stated_never_a_situation() -> None:
    """Range 1 and 3 hold by themselves at the distance told; left out, no band holds (as range 2)."""
    assert odds_of(f"odds {XWING} --attacker tie --defender x-wing") == xwing_brute("tie-fighter", "x-wing", ())
    refused = fails(f"odds {XWING} --attacker tie --defender x-wing --when attacker:close")
    assert "'close' holds by itself at distance 1: state the distance, not the situation (XW-1)" in refused


def test_xwing_evades_cancel_hits_before_crits() -> None:
    ruling = run_json(
        f"battle {XWING} --attacker x-wing --defender tie --when attacker:focus "
        "--attacker-roll hit,crit,focus --defender-roll evade,evade,evade"
    )
    assert ruling["attacker"]["symbols"] == {"hit": 2, "crit": 1}
    assert ruling["attacker_scores"] == "nothing"
    ruling = run_json(
        f"battle {XWING} --attacker x-wing --defender tie "
        "--attacker-roll hit,crit,hit --defender-roll evade,focus,blank"
    )
    assert (ruling["attacker_scores"], ruling["defender_loses"]) == ("hit 1, crit 1", 2)
    assert "the defender cancels hit 1 with evade 1" in [s["text"] for s in ruling["explanation"]]


def test_xwing_focus_counts_only_for_the_side_that_spends_it() -> None:
    ruling = run_json(
        f"battle {XWING} --attacker x-wing --defender tie --when defender:focus "
        "--attacker-roll focus,focus,hit --defender-roll focus,blank,blank"
    )
    assert ruling["attacker"]["symbols"] == {"hit": 1}
    assert ruling["defender"]["symbols"] == {"evade": 1}
    assert ruling["defender_loses"] == 0


def test_xwing_drawn_ruling_rolls_each_sides_own_die() -> None:
    command = f"battle {XWING} --attacker tie --defender x-wing --range 3 --seed 7"
    ruling = ruling_of(command)
    assert len(ruling["attacker"]["rolled"]) == 2 and set(ruling["attacker"]["rolled"]) <= set(RED)
    assert len(ruling["defender"]["rolled"]) == 3 and set(ruling["defender"]["rolled"]) <= set(GREEN)
    assert ruling == ruling_of(command)


DUEL = """\
format: 1
name: duel
title: Duel
source: a test of the stages
rules:
  DU-1: "Strength against strength: 2 or more above rolls 3 dice and the attacker chooses;
    level or above, 2; below, 1 and the defender chooses."
  DU-2: "A 6 hits; at most 2 dice on a bridge; a knight in a swamp rolls 2 fewer."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
units:
  knight: {}
  squire: {}
situations:
  bridge: {side: attacker, rule: DU-2, text: on a bridge}
  swamp: {side: attacker, rule: DU-2, text: in a swamp}
attacks:
  duel:
    procedure: staged
    rule: DU-1
    label: duel
    attacker:
      die: d6
      roll:
        by: compare
        values: {knight: 3, squire: 1}
        bands:
          - {at_least: 2, dice: 3, chooser: attacker}
          - {at_least: 0, dice: 2}
          - {dice: 1, chooser: defender}
        changes: [{when: swamp, dice: -2, only: [knight]}]
      read: {faces: {6: [hit]}}
    defender: {die: d6}
    costs: {losses: [hit]}
"""


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("attacker", "defender", "dice", "chooser"),
    [("knight", "squire", 3, "attacker"), ("'2 squire'", "squire", 2, None), ("squire", "knight", 1, "defender")],
)
def test_a_comparison_of_values_gives_the_dice_and_the_chooser(
    duel: Path, attacker: str, defender: str, dice: int, chooser: str | None
) -> None:
    ruling = run_json(f"battle {duel} --attacker {attacker} --defender {defender} --seed 1")
    assert (ruling["attacker"]["dice"], ruling["chooser"]) == (dice, chooser)
    hits = sum(face == 6 for face in ruling["attacker"]["rolled"])
    assert ruling["defender_loses"] == hits
    by_loss = {
        o["defender_loses"]: Fraction(o["probability"])
        for o in run_json(f"odds {duel} --attacker {attacker} --defender {defender}")["outcomes"]
    }
    brute: Counter[int] = Counter(sum(f == 6 for f in faces) for faces in itertools.product(range(1, 7), repeat=dice))
    assert by_loss == {k: Fraction(n, 6**dice) for k, n in brute.items()}


def test_situations_cap_and_floor_the_dice(duel: Path) -> None:
    duel.write_text(DUEL.replace("changes:", "max: 2\n        changes:"), encoding="utf-8")
    capped = run_json(f"battle {duel} --attacker knight --defender squire --seed 1")
    assert capped["attacker"]["dice"] == 2
    assert "the attacker rolls at most 2 dice" in [s["text"] for s in capped["explanation"]]
    floored = run_json(f"battle {duel} --attacker knight --defender '2 knight' --when attacker:swamp --seed 1")
    assert floored["attacker"]["dice"] == 0 and floored["defender_loses"] == 0
    assert "the attacker rolls no dice: never fewer" in [s["text"] for s in floored["explanation"]]


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ("{dice: 1, chooser: defender}", "every band but the last has at_least or more_than; the last has neither"),
        (
            "{at_least: -9, dice: 1, chooser: defender}",
            "every band but the last has at_least or more_than; the last has neither",
        ),
        ("{dice: 1, chooser: nobody}", "chooser"),
    ],
)
def test_the_file_is_checked_where_it_is_read(duel: Path, change: str, refusal: str) -> None:
    text = DUEL.replace("{dice: 1, chooser: defender}", change)
    if change.startswith("{dice: 1, chooser: defender}"):
        text = text.replace("{at_least: 0, dice: 2}", "{dice: 2}")
    duel.write_text(text, encoding="utf-8")
    assert refusal in fails(f"validate {duel}")


@pytest.mark.parametrize(
    ("old", "new", "refusal"),
    [
        ("{6: [hit]}", "{7: [hit]}", "'7' is not a face of die 'd6'"),
        ("losses: [hit]", "losses: [hits]", "hits"),
        ("when: swamp", "when: marsh", "marsh"),
        ("defender: {die: d6}", "defender: {die: d8}", "d8"),
    ],
)
def test_names_in_the_stages_must_exist(duel: Path, old: str, new: str, refusal: str) -> None:
    duel.write_text(DUEL.replace(old, new), encoding="utf-8")
    assert refusal in fails(f"validate {duel}")


def test_a_side_that_rolls_no_dice_has_no_roll_to_type() -> None:
    command = f"battle {MEMOIR} --attacker infantry --defender infantry --range 1"
    assert "this battle has no 'defender' roll; it rolls for: attacker" in fails(f"{command} --defender-roll flag")
    ruling = run_json(f"{command} --attacker-roll star,star,star")
    assert ruling["seed"] is None and ruling["defender"]["rolled"] == []
    assert ruling["explanation"][-1]["text"] == "nothing is lost and no one retreats"


def test_a_staged_ruling_replays_from_the_journal() -> None:
    run(f"battle {XWING} --attacker x-wing --defender tie --when attacker:focus --seed 5")
    assert "The ruling stands: today the referee rules the same." in run("replay 1").stdout


def test_a_staged_ruling_speaks_the_language_asked() -> None:
    out = run(
        f"--lang de battle {MEMOIR} --attacker infantry --defender infantry --range 1 --when defender:blocked "
        "--attacker-roll infantry,flag,star"
    ).stdout
    assert "Der Verteidiger verliert 2 figures." in out
    assert "blocked: der Verteidiger kann nicht zurückweichen, also ist sein 1 Rückzug ein Verlust" in out


def test_cancelling_goes_through_the_order_and_leaves_the_rest() -> None:
    from referee.rulings.ruling import Side
    from referee.stages.count import Cancel, cancel, count

    rolled = {
        Side.ATTACKER: count(
            {"hit": ("hit",), "crit": ("crit",), "double": ("hit", "hit")}, ("double", "crit"), ("hit", "crit")
        ),
        Side.DEFENDER: {"evade": 3},
    }
    assert rolled[Side.ATTACKER] == {"hit": 2, "crit": 1}
    kept, steps = cancel(rolled, (Cancel(by="defender", symbol="evade", order=("hit", "crit")),), "XW-5", str)
    assert kept[Side.ATTACKER] == {"hit": 0, "crit": 0}
    assert kept[Side.DEFENDER] == {"evade": 0}  # what cancels is spent, one for one
    assert [s.text for s in steps] == ["the defender cancels hit 2, crit 1 with evade 3"]
    kept, _ = cancel(rolled, (Cancel(by="defender", symbol="evade", order=("hit",), spends=False),), "XW-5", str)
    assert kept == {Side.ATTACKER: {"hit": 0, "crit": 1}, Side.DEFENDER: {"evade": 3}}
    kept, steps = cancel(rolled, (Cancel(by="defender", symbol="evade", order=("crit", "hit")),), "XW-5", str)
    assert kept[Side.ATTACKER] == {"hit": 0, "crit": 0} and len(steps) == 1
    kept, _ = cancel(
        {**rolled, Side.DEFENDER: {"evade": 1}},
        (Cancel(by="defender", symbol="evade", order=("crit", "hit")),),
        "R-1",
        str,
    )
    assert kept[Side.ATTACKER] == {"hit": 2, "crit": 0}


WRITTEN_OUT = """\
format: 1
name: written
title: Ground Force written out
source: a test of the compare stage
rules:
  GF-B2: "One die per unit; the attacker owns 2, the defender has at most 2 units."
  GF-B3: "More hits wins by the difference; equal hits: TIE."
  GF-B4: "The loser removes the surplus, capped at its units, and chooses which."
dice:
  symbol: {faces: [sword, sword, shield, shield, explosion, blank]}
units:
  trooper: {}
  heavy: {}
attacks:
  normal:
    procedure: staged
    rule: GF-B3
    label: normal attack
    attacker:
      die: symbol
      roll: {by: units, owned: 2}
      read: {faces: {sword: [hit], explosion: [hit]}}
    defender:
      die: symbol
      roll: {by: units, max_units: 2}
      read: {faces: {shield: [hit], explosion: [hit]}}
    compare: {symbol: hit, tie: TIE}
    cite: {roll: GF-B2, compare: GF-B3, costs: GF-B4}
"""
GF_DIE = ("sword", "sword", "shield", "shield", "explosion", "blank")


@pytest.fixture
def written(tmp_path: Path) -> Path:
    path = tmp_path / "written.yaml"
    path.write_text(WRITTEN_OUT.replace("TIE", "nothing"), encoding="utf-8")
    return path


def compared_brute(attackers: int, defenders: int, tie: str) -> dict[tuple[int, int], Fraction]:
    """More hits wins by the difference (a tie won by one), the loser removes
    the surplus capped at its units: (attacker loses, defender loses) by chance."""
    out: Counter[tuple[int, int]] = Counter()
    for attack in itertools.product(GF_DIE, repeat=attackers):
        for defence in itertools.product(GF_DIE, repeat=defenders):
            a = sum(f in ("sword", "explosion") for f in attack)
            d = sum(f in ("shield", "explosion") for f in defence)
            winner = "attacker" if a > d else "defender" if d > a else tie
            surplus = max(abs(a - d), 1)
            out[
                (min(surplus, attackers), 0)
                if winner == "defender"
                else (0, min(surplus, defenders))
                if winner == "attacker"
                else (0, 0)
            ] += 1
    return {key: Fraction(n, 6 ** (attackers + defenders)) for key, n in out.items()}


@pytest.mark.parametrize(("attackers", "defenders", "tie"), [(2, 1, "nothing"), (1, 2, "nothing"), (2, 2, "defender")])
def test_a_comparison_written_out_as_stages_is_the_brute_force_and_the_preset(
    written: Path, attackers: int, defenders: int, tie: str
) -> None:
    written.write_text(WRITTEN_OUT.replace("TIE", tie), encoding="utf-8")
    told = f"--attacker '{attackers} trooper' --defender '{defenders} trooper'"
    staged = odds_of(f"odds {written} {told}")
    assert staged == compared_brute(attackers, defenders, tie)
    if tie == "nothing":  # Ground Force's own normal attack, the symbol-hits preset, gives the same losses
        preset: Counter[tuple[int, int]] = Counter()
        for outcome in run_json(f"odds groundforce {told}")["outcomes"]:
            preset[outcome["attacker_loses"], outcome["defender_loses"]] += Fraction(outcome["probability"])
        assert staged == dict(preset)


def test_a_comparison_says_who_wins_and_what_the_loser_takes(written: Path) -> None:
    ruling = run_json(
        f"battle {written} --attacker '2 trooper' --defender 'trooper, heavy' "
        "--attacker-roll sword,explosion --defender-roll shield,blank"
    )
    said = [(s["rule"], s["message"], s["text"]) for s in ruling["explanation"]]
    assert said[-3:] == [
        ("GF-B3", "hits.compared", "hit 2 against 1: the attacker wins by 1"),
        ("GF-B4", "losses.surplus", "the defender removes 1 unit: the surplus of 1, capped at its 2 in the battle"),
        (
            "GF-B4",
            "losses.choice",
            "the defender has units of different types and chooses which to remove: trooper or heavy",
        ),
    ]
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 1)
    assert "hit 1 against 1: nothing happens" not in said
    level = run_json(
        f"battle {written} --attacker trooper --defender trooper --attacker-roll sword --defender-roll shield"
    )
    assert level["explanation"][-1]["text"] == "hit 1 against 1: nothing happens"
    assert (level["attacker_loses"], level["defender_loses"]) == (0, 0)


def test_the_roll_stage_refuses_more_dice_than_owned_and_more_units_than_take_part(written: Path) -> None:
    assert "the attacker would roll 3 dice, but a player owns only 2 (GF-B2)" in fails(
        f"battle {written} --attacker '3 trooper' --defender trooper"
    )
    assert "the defender has 3 units in a normal attack; at most 2 can take part (GF-B2)" in fails(
        f"battle {written} --attacker trooper --defender '3 trooper'"
    )


def test_the_compared_symbol_is_one_a_face_carries(written: Path) -> None:
    written.write_text(WRITTEN_OUT.replace("symbol: hit,", "symbol: hits,").replace("TIE", "nothing"), encoding="utf-8")
    assert "hits" in fails(f"validate {written}")


@pytest.mark.parametrize("tie", ["nothing", "attacker", "defender"])
def test_the_compare_stage_gives_the_winner_and_the_margin_of_every_pair_of_counts(tie: str) -> None:
    from referee.rulings.ruling import Side
    from referee.stages.compare import compare

    for attacker, defender, free in itertools.product(range(4), range(4), [None, Side.ATTACKER, Side.DEFENDER]):
        costly = {side: side != free for side in Side}
        winner, margin, said = compare({Side.ATTACKER: attacker, Side.DEFENDER: defender}, tie, costly, "R-1")
        more = "attacker" if attacker > defender else "defender" if defender > attacker else tie
        expected = None if more == "nothing" or more == free else more
        assert (winner, margin) == (expected, abs(attacker - defender))
        assert said.rule == "R-1" and said.text.endswith("nothing happens") == (expected is None)


@pytest.mark.parametrize(
    ("on_win", "margin", "count", "options"),
    [
        ("remove-surplus", 1, 1, [{"trooper": 1}, {"heavy": 1}]),
        ("remove-surplus", 0, 1, [{"trooper": 1}, {"heavy": 1}]),  # a tie won removes one
        ("remove-surplus", 5, 3, [{"trooper": 2, "heavy": 1}]),
        ("remove-all", 1, 3, [{"trooper": 2, "heavy": 1}]),
        ("wounds", 5, 5, []),
    ],
)
def test_the_costs_of_a_comparison_lost(on_win: str, margin: int, count: int, options: list[dict[str, int]]) -> None:
    from referee.ruleset.load import load
    from referee.rulings.ruling import Side
    from referee.stages.costs import removed

    rules = load("groundforce")
    lost, ways, steps = removed(
        rules, on_win, Side.DEFENDER, (("trooper", 2), ("heavy", 1)), margin, None, "GF-B4", ("loser", "GF-B5")
    )
    assert (lost, ways) == (count, options)
    assert [s.rule for s in steps] == ["GF-B4", "GF-B5"][: 1 + (len(options) > 1)]
    brute = [
        {u: n for u, n in zip(("trooper", "heavy"), take, strict=True) if n}
        for take in itertools.product(range(3), range(2))
        if sum(take) == count
    ]
    assert sorted(map(sorted, (w.items() for w in ways))) == sorted(
        map(sorted, (b.items() for b in brute if on_win != "wounds"))
    )


def test_the_winner_may_choose_which_of_the_losers_units_go(written: Path) -> None:
    written.write_text(WRITTEN_OUT.replace("TIE", "nothing, chooser: winner"), encoding="utf-8")
    ruling = run_json(
        f"battle {written} --attacker '2 trooper' --defender 'trooper, heavy' "
        "--attacker-roll sword,explosion --defender-roll shield,blank"
    )
    assert ruling["explanation"][-1]["message"] == "losses.choice.winner"
    assert ruling["explanation"][-1]["text"] == (
        "the defender has units of different types; the attacker chooses which to remove: trooper or heavy"
    )
    assert (
        "der Angreifer wählt"
        in run(
            f"--lang de battle {written} --attacker '2 trooper' --defender 'trooper, heavy' "
            "--attacker-roll sword,explosion --defender-roll shield,blank"
        ).stdout
    )
