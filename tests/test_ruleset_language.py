"""What a ruleset file may say, tried through the CLI as an author would:
defaults the guide states, finding a file by its `name:`, a side that
never hits, numbered faces as hits, and army lists."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import fails, run, run_json

Edit = Callable[[str, Callable[[str], str]], Path]
BOARDING = "docs/examples/boarding.yaml"


def _symbol_hits_schema() -> dict:
    attacks = json.loads(run("schema").stdout)["properties"]["attacks"]["additionalProperties"]["oneOf"]
    return next(a for a in attacks if a["properties"]["procedure"]["enum"] == ["symbol-hits"])


def test_an_attack_without_range_reaches_distance_one_and_says_so() -> None:
    reach = _symbol_hits_schema()["properties"]["range"]
    assert reach["description"].endswith("left out: distance 1 only")
    assert (
        "| `range` | how far the target may be (min, max); left out: distance 1 only |"
        in run("schema --markdown").stdout
    )
    # Boarding Party's boarding attack has no range: distance 1 only
    assert fails(f"battle {BOARDING} --attacker '2 hands' --defender hand --range 2").endswith(
        "a boarding reaches distance 1, not 2 (BP-1)"
    )


def _renamed_copy(tmp_path: Path, file_name: str) -> Path:
    """Boarding Party saved under another file name, its `name:` kept."""
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    path = folder / file_name
    path.write_text(Path(BOARDING).read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_a_ruleset_is_found_by_its_name_key_and_validate_warns_of_the_file_name(tmp_path: Path) -> None:
    folder = _renamed_copy(tmp_path, "pirates-v2.yaml")
    by_key = run_json(f"--rules-dir {folder} battle boarding --attacker '2 hands' --defender hand --seed 3")
    by_file = run_json(f"--rules-dir {folder} battle pirates-v2 --attacker '2 hands' --defender hand --seed 3")
    assert by_key["ruleset"] == by_file["ruleset"] == "boarding"
    checked = run(f"validate {folder}/pirates-v2.yaml")
    assert checked.stdout.startswith("ok: ")
    assert "warning: the file is named 'pirates-v2' but its name: is 'boarding'" in checked.stderr
    assert run_json(f"validate {folder}/pirates-v2.yaml")["warnings"] == [checked.stderr.strip()[len("warning: ") :]]
    assert "warnings" not in run_json(f"validate {BOARDING}")


def test_a_name_key_taken_twice_is_not_guessed(tmp_path: Path) -> None:
    folder = _renamed_copy(tmp_path, "pirates-v2.yaml")
    _renamed_copy(tmp_path, "pirates-v3.yaml")
    message = fails(f"--rules-dir {folder} show boarding")
    assert "'boarding' names several rulesets" in message
    assert "pirates-v2.yaml" in message and "pirates-v3.yaml" in message


def test_a_unit_without_attack_is_refused_when_there_are_several_as_the_guide_says(edited: Edit) -> None:
    path = edited("groundforce", lambda text: text.replace("    start: 2\n    attack: normal\n", "    start: 2\n", 1))
    message = fails(f"validate {path}")
    assert message.endswith(
        "units.saboteur: needs 'attack': this ruleset has several kinds of attack (normal, heavy); "
        "'defends_only: true' for a unit that makes none"
    )
    guide = " ".join(Path("docs/procedures.md").read_text(encoding="utf-8").split())
    assert "first attack" not in guide
    assert "a unit may leave `attack` out only when the file has a single attack" in guide


def test_a_side_that_never_hits_may_say_hits_empty(edited: Edit) -> None:
    """Boarding a merchant ship whose crew cannot fight back (the symbol-hits preset's `hits: []`)."""
    path = edited(
        "preset:groundforce",
        lambda text: text.replace(
            "hits: [shield, explosion], on_win: remove-surplus", "hits: [], on_win: remove-surplus", 1
        ),
    )
    ruling = run_json(
        f"battle {path} --attacker trooper --defender trooper --attacker-roll shield --defender-roll explosion"
    )
    assert ruling["winner"] is None
    assert "the defender rolled explosion: 0 hits (no face counts)" in [s["text"] for s in ruling["explanation"]][1]
    odds = run_json(f"odds {path} --attacker trooper --defender trooper")
    assert odds["outcomes"][0]["probability"] == "1/2"  # sword or explosion on one die


def _numbered(text: str) -> str:
    """Ground Force as the symbol-hits preset writes it, played with a plain d6:
    5 and 6 hit for the attacker, 6 for the defender."""
    text = re.sub(r"    faces:\n      symbol: \{.*\}\n", "", text)  # the translated words of the old faces go too
    return (
        text.replace("faces: [sword, sword, shield, shield, explosion, blank]", "faces: [1, 2, 3, 4, 5, 6]")
        .replace("sword: [swords, zwaard, zwaarden]", "6: [six, zes]")
        .replace("      shield: [shields, schild, schilden]\n", "")
        .replace("      explosion: [explosions, explosie, explosies, bomb]\n", "")
        .replace("      blank: [empty, leeg, nothing]\n", "")
        .replace("hits: [sword, explosion]", "hits: [5, 6]")
        .replace("hits: [shield, explosion]", "hits: [6]")
    )


def test_numbered_faces_are_listed_as_hits_without_quotes(edited: Edit) -> None:
    path = edited("preset:groundforce", _numbered)
    run(f"validate {path}")
    ruling = run_json(
        f"battle {path} --attacker '2 trooper' --defender trooper --attacker-roll 5,zes --defender-roll 6"
    )
    assert (ruling["attacker"]["hits"], ruling["defender"]["hits"], ruling["winner"]) == (2, 1, "attacker")
    assert "the attacker rolled 5, 6: 2 hits (5 or 6 count)" in ruling["explanation"][1]["text"]
    odds = run_json(f"odds {path} --attacker trooper --defender trooper")
    # attacker wins: it hits (1/3) and the defender does not (5/6); the defender: 6 against a miss (1/6 * 2/3)
    chances = {o["winner"]: o["probability"] for o in odds["outcomes"]}
    assert (chances["attacker"], chances["defender"]) == ("5/18", "1/9")


def test_a_hit_that_is_not_a_face_of_the_numbered_die_is_refused(edited: Edit) -> None:
    path = edited("preset:groundforce", lambda text: _numbered(text).replace("hits: [6]", "hits: [7]", 1))
    assert fails(f"validate {path}").endswith("attacks.normal.defender.read.faces.7: '7' is not a face of die 'symbol'")


WARBAND = "docs/examples/warband.yaml"
WARBAND_COSTS = {"warrior": 1, "archer": 2, "leader": 4, "ogre": 5}
WARBAND_LIMITS = {"leader": (0, 1), "ogre": (0, 2)}


def _lists_by_brute_force(
    costs: dict[str, int], budget: int, limits: dict[str, tuple[int, int]], places: int | None, spend_all: bool
) -> set[frozenset[tuple[str, int]]]:
    """Every legal army list, by trying every count of every unit (no referee code)."""
    names = list(costs)
    found = []
    for counts in itertools.product(*(range(budget // costs[n] + 1) for n in names)):
        army = dict(zip(names, counts))
        price = sum(c * costs[n] for n, c in army.items())
        within = all(low <= army[n] <= high for n, (low, high) in limits.items())
        if price <= budget and within and (places is None or sum(counts) <= places):
            found.append((price, frozenset((n, c) for n, c in army.items() if c)))
    best = max(price for price, _ in found)
    return {army for price, army in found if price == best or not spend_all}


def _listed(document: dict) -> set[frozenset[tuple[str, int]]]:
    return {frozenset(p.items()) for p in document["purchases"]}


def test_an_army_list_spends_at_most_the_budget_within_unit_limits() -> None:
    document = run_json(f"reinforce {WARBAND}")
    assert document["points"] == 12
    expected = _lists_by_brute_force(WARBAND_COSTS, 12, WARBAND_LIMITS, None, spend_all=False)
    assert _listed(document) == expected
    assert frozenset() in expected and frozenset({("ogre", 2), ("archer", 1)}) in expected
    report = run(f"reinforce {WARBAND}").stdout
    assert "WB-5    limits: leader at most 1, ogre at most 2" in report
    assert "WB-3    any list that costs at most 12 points is legal: " in report


def test_an_army_list_checks_a_purchase_against_limits_and_budget() -> None:
    assert run_json(f"reinforce {WARBAND} --buy '2 ogre, archer'")["bought"] == {"ogre": 2, "archer": 1}
    assert fails(f"reinforce {WARBAND} --buy '2 leader'").endswith(
        "that is 2 leaders, but a list may have at most 1 (WB-5)"
    )
    assert fails(f"reinforce {WARBAND} --buy '3 ogre'").endswith(
        "that is 3 ogres, but a list may have at most 2 (WB-5)"
    )
    assert fails(f"reinforce {WARBAND} --buy '2 ogre, 2 archer'").endswith(
        "that costs 14 points, but there are only 12 (WB-3)"
    )
    assert fails(f"reinforce {WARBAND} --free-places 3").endswith("Warband counts no places for new units (WB-3)")


@pytest.mark.parametrize("budget", [0, 1, 5, 9, 13])
@pytest.mark.parametrize("spend", ["at-most", "all-possible"])
@pytest.mark.parametrize("places", [None, 3])
def test_army_lists_match_an_independent_enumeration(
    tmp_path: Path, budget: int, spend: str, places: int | None
) -> None:
    text = Path(WARBAND).read_text(encoding="utf-8").replace("base: 12", f"base: {budget}")
    text = text.replace("spend: at-most", f"spend: {spend}")
    text = text.replace("leader: {max: 1, rule: WB-5}", "leader: {min: 1, max: 1, rule: WB-5}")
    if places is not None:
        text = text.replace("  cost_rule: WB-4", f"  places: {places}\n  places_rule: WB-3\n  cost_rule: WB-4")
    path = tmp_path / "warband.yaml"
    path.write_text(text, encoding="utf-8")
    limits = {"leader": (1, 1), "ogre": (0, 2)}
    if budget < WARBAND_COSTS["leader"]:
        assert "it needs leader (WB-5)" in fails(f"reinforce {path}")
        return
    expected = _lists_by_brute_force(WARBAND_COSTS, budget, limits, places, spend_all=spend == "all-possible")
    assert _listed(run_json(f"reinforce {path}")) == expected


def test_army_list_limits_are_checked_when_loaded(tmp_path: Path) -> None:
    path = tmp_path / "warband.yaml"
    text = Path(WARBAND).read_text(encoding="utf-8")
    path.write_text(text.replace("ogre: {max: 2", "orge: {max: 2"), encoding="utf-8")
    assert fails(f"validate {path}").endswith("reinforcements.limits.orge: unknown unit 'orge'; did you mean 'ogre'?")
    path.write_text(text.replace("ogre: {max: 2", "ogre: {min: 3, max: 2"), encoding="utf-8")
    assert fails(f"validate {path}").endswith("reinforcements.limits.ogre: min 3 is above max 2")
    path.write_text(text.replace("  cost_rule: WB-4", "  places: 4\n  cost_rule: WB-4"), encoding="utf-8")
    assert "needs 'places_rule' with 'places'" in fails(f"validate {path}")
