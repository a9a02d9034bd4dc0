"""Whole fights of ranked pairs played on real dice (a Risk blitz): `battle …
--until conquest` rolls round after round until a side is gone, the
attacker stops as told (--stop-at) or, in Frontline Risk, a landing fails;
over territories in turn (--defender 3,5,2) as `odds` takes them. Every
round is ruled as `battle` rules that round alone (checked over many seeds
against single `battle` calls on the same dice), its units follow the
rules' words (checked for Risk by counting here), and the fight is one
journal entry that replays."""

from __future__ import annotations

import shlex
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, run, run_json

BLITZ = "battle risk --attacker 5 --defender 3 --until conquest"
FRONTLINE = (
    "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 'armour, 2 infantry' "
    "--defender 'infantry, armour' --defender-rear '2 infantry, damaged armour' --until conquest"
)
PER_ROUND = ("seed", "typed", "round", "territory", "left")  # what a fight adds to a round's ruling


def _ruling(document: dict[str, Any]) -> dict[str, Any]:
    """A ruling without where its dice came from, its place in a fight, and its journal entry."""
    return {k: v for k, v in document.items() if k not in PER_ROUND and not k.startswith("journal_")}


def _typed(labels: list[str]) -> str:
    """'infantry, damaged armour': the labels of a round's side as --attacker takes them."""
    return shlex.quote(", ".join(f"{n} {label}" for label, n in Counter(labels).items()))


def _alone(ruleset: str, round_: dict[str, Any], when: list[str]) -> str:
    """The `battle` that rules this round alone, on its dice."""
    told = [f"battle {ruleset} --no-journal"]
    for side in ("attacker", "defender"):
        told.append(f"--{side} {_typed(round_[side]['front'])}")
        if round_[side]["rear"]:
            told.append(f"--{side}-rear {_typed(round_[side]['rear'])}")
        told.append(f"--{side}-roll {','.join(map(str, round_[side]['rolled']))}")
    told += [f"--when {situation}" for situation in when]
    return " ".join(told)


# -- in text and JSON ---------------------------------------------------------------


def test_a_blitz_says_each_round_on_a_line_and_how_it_ended() -> None:
    said = run(f"{BLITZ} --attacker-roll '6,6,1;5,4,4' --defender-roll '6,5;3,2'").stdout
    lines = said.splitlines()
    assert lines[:2] == [
        "Risk: a whole fight until conquest, played",
        "5 armies attacking 3 armies; 1 more stays behind (RK-B1)",
    ]
    assert lines[3:5] == [
        "round 1: 6, 6, 1 against 6, 5 — attacker loses 1 (5 → 4); defender loses 1 (3 → 2)",
        "round 2: 5, 4, 4 against 3, 2 — defender loses 2 (2 → 0)",
    ]
    assert "  RK-W1   after 2 rounds the defender has nothing left: the attacker conquers" in lines
    assert "Left to the attacker: 4 armies; to the defender: nothing." in lines
    assert "Dice typed by the players." in lines


def test_a_blitz_in_json_carries_every_round_whole() -> None:
    got = run_json(f"{BLITZ} --attacker-roll '6,6,1;5,4,4' --defender-roll '6,5;3,2'")
    assert [r["round"] for r in got["rounds"]] == [1, 2]
    assert [r["territory"] for r in got["rounds"]] == [1, 1]
    first, second = got["rounds"]
    assert (first["attacker"]["front"], first["defender"]["front"]) == (["army"] * 3, ["army"] * 2)
    assert (first["attacker_loses"], first["defender_loses"]) == (1, 1)
    assert first["left"] == {"attacker": {"army": 4}, "defender": {"army": 2}}
    assert second["attacker"]["sorted"] == [5, 4, 4] and second["defender"]["sorted"] == [3, 2]
    assert second["left"] == {"attacker": {"army": 4}, "defender": {}}
    assert (got["end"], got["winner"], got["taken"]) == ("conquest", "attacker", 1)
    assert got["left"] == {"attacker": {"army": 4}, "defender": {}}
    assert got["kept_behind"] == 1 and got["stop_at"] is None
    assert got["verdict"][-1]["message"] == "fight.verdict.conquest" and got["verdict"][-1]["values"] == {"n": 2}
    assert got["explanation"][-1]["rule"] == "RK-W1"
    assert got["seed"] is None and got["typed"] == ["attacker", "defender"]


def test_a_drawn_blitz_repeats_with_its_seed_and_replays() -> None:
    first = run_json(f"{BLITZ} --seed 11")
    again = run_json(f"{BLITZ} --seed 11")
    assert first["seed"] == 11 and again["rounds"] == first["rounds"] and again["left"] == first["left"]
    assert len({str(r["attacker"]["rolled"]) for r in first["rounds"]}) == len(first["rounds"])  # each its own dice
    entry = run_json("log")["entries"][-1]
    assert entry["kind"] == "fight"
    assert "The ruling stands: today the referee rules the same." in run("replay last").stdout
    assert run_json("replay last")["same"] is True


def test_a_blitz_half_typed_draws_the_rest_and_says_how_to_repeat_it() -> None:
    said = run(f"{BLITZ} --attacker-roll '6,6,6' --seed 3").stdout
    assert "round 1: 6, 6, 6 against" in said
    assert "Seed: 3 (typed: attacker); repeat this roll with --seed 3 --attacker-roll 6,6,6." in said
    assert run_json("replay last")["same"] is True


# -- what the rounds are ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_each_round_of_a_risk_blitz_is_the_battle_of_that_round_alone(seed: int) -> None:
    """The same resolver: each round's ruling is what `battle` rules on its units
    and dice; and the units follow RK-B1/B2/B5 and RK-W1, counted here: the
    attacker rolls for up to 3 of its armies, the defender up to 2, and each
    lost pair costs one army."""
    got = run_json(f"battle risk --attacker 9 --defender 7 --until conquest --seed {seed} --no-journal")
    armies = {"attacker": 9, "defender": 7}
    for round_ in got["rounds"]:
        assert len(round_["attacker"]["front"]) == min(3, armies["attacker"])
        assert len(round_["defender"]["front"]) == min(2, armies["defender"])
        for side in armies:
            armies[side] -= round_[f"{side}_loses"]
        assert round_["left"] == {side: {"army": n} if n else {} for side, n in armies.items()}
        assert _ruling(run_json(_alone("risk", round_, []))) == _ruling(round_)
    assert 0 in armies.values() and got["end"] == ("conquest" if armies["defender"] == 0 else "out")


@pytest.mark.parametrize("seed", range(25))
def test_each_round_of_a_frontline_fight_is_the_battle_of_that_round_alone(seed: int) -> None:
    """Fronts, rears, worn armour and situations: each round is what `battle`
    rules on the fronts and rears it was fought with and its dice."""
    when = ["attacker:airfield", "defender:city"]
    told = f"{FRONTLINE} {' '.join(f'--when {w}' for w in when)} --seed {seed} --no-journal"
    got = run_json(told)
    for round_ in got["rounds"]:
        assert _ruling(run_json(_alone("frontline-risk", round_, when))) == _ruling(round_)


def test_frontline_supplies_the_fronts_from_the_rears_between_rounds() -> None:
    """FR-B11: after round 1 each side fills its front from its rear (armour
    first); the attacker's rear no longer gives cover once it is empty (FR-B2),
    and the armour now on its front bombards (FR-B4)."""
    got = run_json(
        "battle frontline-risk --attacker '2 infantry' --attacker-rear armour "
        "--defender '2 infantry' --defender-rear infantry --until conquest "
        "--attacker-roll '6,6,1;6,6' --defender-roll '6,5;6,1'"
    )
    first, second = got["rounds"]
    assert (first["attacker"]["front"], first["attacker"]["rear"]) == (["infantry", "infantry"], ["armour"])
    assert len(first["attacker"]["rolled"]) == 3  # a full front and a rear: the cover die
    assert (second["attacker"]["front"], second["attacker"]["rear"]) == (["infantry", "armour"], [])
    assert second["attacker"]["bonus"] == [1, 0] and len(second["attacker"]["rolled"]) == 2
    assert second["defender"]["front"] == ["infantry", "infantry"]  # its rear came forward
    assert (got["end"], got["left"]) == ("conquest", {"attacker": {"infantry": 1, "intact armour": 1}, "defender": {}})
    said = run(
        "battle frontline-risk --attacker '2 infantry' --attacker-rear armour "
        "--defender '2 infantry' --defender-rear infantry --until conquest "
        "--attacker-roll '6,6,1;6,6' --defender-roll '6,5;6,1'"
    ).stdout
    assert "round 2: 6+1, 6 against 6, 1 — defender loses 2 (2 → 0)" in said
    assert "FR-B11  before each round each side fills its front (attacker 2, defender 2) from its rear" in said


def test_worn_armour_is_said_in_the_round_line() -> None:
    said = run(
        "battle frontline-risk --attacker armour --defender armour --until conquest "
        "--attacker-roll '1;1' --defender-roll '6;6'"
    ).stdout
    assert "round 1: 1+1 against 6+1 — attacker: armour becomes damaged" in said
    assert "round 2: 1+1 against 6+1 — attacker loses 1 (1 → 0)" in said
    assert "FR-B12  after 2 rounds the attacker has nothing left: the defender holds" in said


MIXED = (
    "battle frontline-risk --attacker infantry --attacker-rear '2 infantry' --defender 'infantry, damaged armour' "
    "--until conquest --attacker-roll '6;6,6,6' --defender-roll '1,1;1'"
)


def test_a_round_line_names_the_unit_lost_where_a_side_has_several_kinds() -> None:
    """FR-B8: the pair lost by a front of infantry and armour stands for the
    infantry, so round 1 takes off the infantry and leaves the damaged armour;
    in round 2 the defender holds one kind, and its count alone says it all."""
    said = run(MIXED).stdout.splitlines()
    assert "round 1: 6 against 1+1, 1 — defender loses 1 infantry (2 → 1)" in said
    assert "round 2: 6, 6, 6 against 1+1 — defender loses 1 (1 → 0)" in said


@pytest.mark.parametrize(
    ("code", "line"),
    [
        ("nl", "ronde 1: 6 tegen 1+1, 1 — verdediger verliest 1 infanterie (2 → 1)"),
        ("de", "Runde 1: 6 gegen 1+1, 1 — Verteidiger verliert 1 Infanterie (2 → 1)"),
        ("zh-Hant", "第 1 輪：6 對 1+1、1 — 防守方損失 1 個步兵師（2 → 1）"),
    ],
)
def test_the_unit_lost_in_a_round_is_named_in_the_language_asked(code: str, line: str) -> None:
    assert line in run(f"--lang {code} {MIXED}").stdout.splitlines()


@pytest.mark.parametrize("seed", range(1, 13))
def test_each_round_names_the_units_its_counts_before_and_after_differ_by(seed: int) -> None:
    """Over drawn fights: from round 2 on (a round begins with what the one
    before left), a side of several kinds that lost units whole has its line
    name each kind it has fewer of, as the rounds' --json count them."""
    command = (
        "battle frontline-risk --attacker 'infantry, armour' --attacker-rear '2 infantry' "
        f"--defender 'infantry, damaged armour' --defender-rear '2 armour' --until conquest --seed {seed} --no-journal"
    )
    rounds = run_json(command)["rounds"]
    lines = [line for line in run(command).stdout.splitlines() if line.startswith("round ")]
    checked = 0
    for earlier, round_, line in zip(rounds, rounds[1:], lines[1:], strict=False):
        for side in ("attacker", "defender"):
            fought, before = round_[side], Counter(earlier["left"][side])
            lost = before - Counter(round_["left"][side])
            if fought["loses"] and fought["destroyed"] == fought["loses"] and len(before) > 1:
                assert f"{side} loses " in line and all(f"{n} {kind}" in line for kind, n in lost.items()), line
                checked += 1
    assert len(lines) == len(rounds)
    if seed == 1:
        assert checked  # seed 1 loses units of two kinds in round 3


def test_a_landing_that_loses_its_armour_fails() -> None:
    got = run_json(
        "battle frontline-risk --attacker 'damaged armour' --attacker-rear infantry --defender infantry "
        "--when attacker:landing --until conquest --attacker-roll 1 --defender-roll 6"
    )
    assert (got["end"], got["winner"], len(got["rounds"])) == ("failed", "defender", 1)
    assert got["verdict"][-1]["rule"] == "FR-B14"
    assert got["left"]["attacker"] == {}


# -- stop-at and territories in turn ------------------------------------------------------


def test_the_attacker_stops_where_told() -> None:
    told = "battle risk --attacker 5 --defender 10 --until conquest --stop-at 3"
    got = run_json(f"{told} --attacker-roll 1,1,1 --defender-roll 6,6")
    assert (got["end"], got["winner"], got["stop_at"]) == ("stopped", "defender", 3)
    assert got["left"] == {"attacker": {"army": 3}, "defender": {"army": 10}}
    said = run(f"{told} --attacker-roll 1,1,1 --defender-roll 6,6").stdout
    assert "  RK-W1   after 1 round the attacker stops as told: the defender holds" in said
    assert "  RK-W1   the attacker stops when down to 3 units" in said


def test_a_drawn_fight_with_a_stop_never_goes_below_it() -> None:
    for seed in range(10):
        got = run_json(
            f"battle risk --attacker 6 --defender 12 --until conquest --stop-at 2 --seed {seed} --no-journal"
        )
        before_last = got["rounds"][-2]["left"]["attacker"]["army"] if len(got["rounds"]) > 1 else 6
        assert before_last > 2  # every round fought with more than the stop
        assert got["end"] in ("stopped", "conquest")
        if got["end"] == "stopped":
            assert got["left"]["attacker"]["army"] <= 2


def test_territories_in_turn_leave_one_army_behind_on_each() -> None:
    told = (
        "battle risk --attacker 4 --defender 1,1 --until conquest --attacker-roll '6,6,6;6,6,6' --defender-roll '1;1'"
    )
    got = run_json(told)
    assert [r["territory"] for r in got["rounds"]] == [1, 2]
    assert [len(r["attacker"]["front"]) for r in got["rounds"]] == [3, 3]  # 4, then 3 once one stayed behind
    assert (got["end"], got["taken"], got["left"]) == ("conquest", 2, {"attacker": {"army": 3}, "defender": {}})
    assert [t["units"] for t in got["territories"]] == [{"army": 1}, {"army": 1}]
    assert run_json("log")["entries"][-1]["outcome"] == "the attacker conquers"  # the ending, after the territories
    said = run(told).stdout
    assert "Territory 2 of 2: 3 armies attacking 1 army" in said
    assert "  RK-W1   2 of the 2 territories taken in turn" in said


def test_a_chain_of_territories_drawn_replays() -> None:
    got = run_json("battle risk --attacker 12 --defender 3,5,2 --until conquest --seed 5")
    assert set(r["territory"] for r in got["rounds"]) <= {1, 2, 3}
    assert got["taken"] == max(r["territory"] for r in got["rounds"]) - (got["end"] != "conquest")
    assert run_json("replay last")["same"] is True


def test_land_battle_fights_by_simultaneous_fire_too() -> None:
    """Simultaneous fire plays its whole fights too, each round the battle of that round alone."""
    land = Path(__file__).resolve().parent.parent / "docs" / "examples" / "landbattle.yaml"
    got = run_json(f"battle {land} --attacker '2 tank, infantry' --defender '2 infantry' --until conquest --seed 2")
    for round_ in got["rounds"]:
        units = {side: round_[side]["units"] for side in ("attacker", "defender")}
        rolled = {side: ",".join(map(str, round_[side]["rolled"])) for side in units}
        alone = (
            f"battle {land} --attacker '{', '.join(f'{n} {u}' for u, n in units['attacker'].items())}' "
            f"--defender '{', '.join(f'{n} {u}' for u, n in units['defender'].items())}' "
            f"--attacker-roll {rolled['attacker']} --defender-roll {rolled['defender']} --no-journal"
        )
        assert _ruling(run_json(alone)) == _ruling(round_)
    assert run_json("replay last")["same"] is True


def test_a_round_that_hits_nobody_is_said_and_fought_again() -> None:
    land = Path(__file__).resolve().parent.parent / "docs" / "examples" / "landbattle.yaml"
    said = run(
        f"battle {land} --attacker tank --defender infantry --until conquest "
        "--attacker-roll '6;2' --defender-roll '6;2'"
    ).stdout
    assert "round 1: 6 against 6 — nothing happens" in said
    assert "round 2: 2 against 2 — attacker loses 1 (1 → 0); defender loses 1 (1 → 0)" in said
    assert "LB-5    after 2 rounds the attacker has nothing left: the defender holds" in said  # LB-5: both gone


# -- refused ---------------------------------------------------------------------------


def test_rounds_typed_past_the_end_are_refused() -> None:
    said = fails(f"{BLITZ} --attacker-roll '6,6,6;6,6,6;6,6,6' --defender-roll '1,1;1'")
    assert said == "error: the fight ended after 2 rounds, but 3 rounds were typed for the attacker"


def test_a_round_typed_with_the_wrong_dice_names_the_round() -> None:
    said = fails(f"{BLITZ} --attacker-roll '6,6,1;6,6' --defender-roll '6,5;3,2'")
    assert said == "error: round 2: the attacker rolls 3 dice here, but 2 faces were given (RK-B1)"


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ("--until conquest --stop-at 5", "error: the attacker would stop at 5 units and has 5: it would never attack"),
        ("--stop-at 2", "error: --stop-at: whole fights only; add --until conquest"),
    ],
)
def test_a_stop_the_fight_cannot_take_is_refused(options: str, error: str) -> None:
    assert fails(f"battle risk --attacker 5 --defender 3 {options}") == error


def test_territories_in_turn_are_a_whole_fight() -> None:
    said = fails("battle risk --attacker 5 --defender 3,5,2")
    assert said == "error: territories in turn (--defender 3,5,2): whole fights only; add --until conquest"


def test_a_negative_stop_is_refused_by_its_option() -> None:
    assert "--stop-at" in fails("battle risk --attacker 5 --defender 3 --until conquest --stop-at -1")


def test_a_rear_for_several_territories_is_refused() -> None:
    said = fails("battle frontline-risk --attacker 2 --defender '1;1' --defender-rear 1 --until conquest")
    assert said.startswith("error: --defender-rear is for one territory")


def test_a_front_too_big_is_refused_with_a_split_that_works() -> None:
    said = fails("battle frontline-risk --attacker '3 infantry' --defender infantry --until conquest")
    assert said.endswith('e.g. --attacker "2 infantry" --attacker-rear infantry (FR-F1)')


# -- in other languages ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "line"),
    [
        ("de", "Runde 1: 6, 6, 1 gegen 6, 5 — Angreifer verliert 1 (5 → 4); Verteidiger verliert 1 (3 → 2)"),
        ("nl", "ronde 1: 6, 6, 1 tegen 6, 5 — aanvaller verliest 1 (5 → 4); verdediger verliest 1 (3 → 2)"),
        ("zh-Hant", "第 1 輪：6、6、1 對 6、5 — 進攻方損失 1（5 → 4）；防守方損失 1（3 → 2）"),
    ],
)
def test_a_blitz_reads_in_the_language_asked(code: str, line: str) -> None:
    said = run(f"--lang {code} {BLITZ} --attacker-roll '6,6,1;5,4,4' --defender-roll '6,5;3,2'").stdout
    assert line in said.splitlines()


@pytest.mark.parametrize(
    ("lang", "attacker", "defender"),
    [
        ("en", "2 infantry (rear 1 armour, 1 damaged armour)", "1 infantry, 1 damaged armour"),
        ("nl", "(achterhoede 1 pantser, 1 pantser (beschadigd))", "1 pantser (beschadigd)"),
        ("de", "(Hinterland 1 Panzer, 1 Panzer (beschädigt))", "1 Panzer (beschädigt)"),
        ("zh-Hant", "（後方 1 個裝甲師、1 個受損裝甲師）", "1 個受損裝甲師"),
    ],
)
@pytest.mark.parametrize("command", ["odds", "battle"])
def test_a_whole_fights_header_says_each_units_state(command: str, lang: str, attacker: str, defender: str) -> None:
    """The odds and the fight count a damaged unit as damaged; the line saying what was told says so too."""
    told = (
        f"--lang {lang} {command} frontline-risk --attacker '2 infantry' --attacker-rear 'armour, damaged armour' "
        "--defender 'infantry, damaged armour' --until conquest"
    )
    said = run(told + (" --seed 3 --no-journal" if command == "battle" else ""), env={"COLUMNS": "200"}).stdout
    header = " ".join(said.split("\n\n")[0].splitlines()[1:])
    assert attacker in header and header.endswith(defender), header


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "error: territory 2 of the chain is empty"),
        ("nl", "fout: gebied 2 van de reeks is leeg"),
        ("de", "Fehler: Gebiet 2 der Kette ist leer"),
        ("zh-Hant", "錯誤：依次進攻的第 2 個領土是空的"),
    ],
)
def test_a_chain_with_an_empty_territory_is_refused_as_such(lang: str, said: str) -> None:
    assert fails(f"--lang {lang} battle risk --attacker 5 --defender '3,,5' --until conquest") == said
    assert fails(f"--lang {lang} odds risk --attacker 5 --defender '3,5,'") == said.replace("2", "3")
    assert (
        fails(f"--lang {lang} battle frontline-risk --attacker 2 --defender 'infantry;;armour' --until conquest")
        == said
    )


@pytest.mark.parametrize("lang", ["en", "nl", "de", "zh-Hant"])
def test_the_rounds_helps_example_is_typed_to_a_shipped_ruleset(lang: str) -> None:
    """--until's help shows how rounds are typed: its example was 'hit,flag;blank',
    faces no shipped ruleset has; each side's two rounds of it are a Risk blitz."""
    helped = " ".join(run(f"--lang {lang} battle --help", env={"COLUMNS": "200"}).stdout.split())
    assert helped.count("6,5,1;4,2") == 1 and "hit,flag" not in helped
    blitz = "battle risk --attacker 3 --defender 3 --until conquest --stop-at 1"
    fight = run_json(f"{blitz} --attacker-roll '6,5,1;4,2' --defender-roll '6,4;5,1'")
    assert fight["seed"] is None and len(fight["rounds"]) == 2
