"""The exchange (referee/stages/exchange), a stage that tells an attack
written as stages as hits against hits: Ground Force written so rules, reports
and sums every battle as the symbol-hits preset did (tests/presets keeps the
file as the preset wrote it), and its odds are the brute force's."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import PRESETS, fails, run, run_json

GROUNDFORCE = Path(__file__).resolve().parent.parent / "rulesets" / "groundforce.yaml"
GF_DIE = ("sword", "sword", "shield", "shield", "explosion", "blank")
BATTLES = [
    "--attacker '2 trooper' --defender 'trooper, sab' --attacker-roll sword,explosion --defender-roll shield,blank",
    "--attacker '2 trooper' --defender trooper --attacker-roll sword,explosion --defender-roll blank --range 1",
    "--attacker trooper --defender '2 trooper' --attacker-roll blank --defender-roll shield,explosion",
    "--attacker trooper --defender trooper --attacker-roll sword --defender-roll shield",
    "--attacker heavy --defender 'trooper, saboteur' --range 3 --attacker-roll explosion --defender-roll blank",
    "--attacker heavy --defender trooper --attacker-roll blank --defender-roll shield",
    "--attacker '2 trooper' --defender trooper --seed 7",
]


def _without_journal(printed: str) -> str:
    return "\n".join(line for line in printed.splitlines() if "checkpoint" not in line and "controlepunt" not in line)


@pytest.mark.parametrize("told", BATTLES)
@pytest.mark.parametrize("lang", ["en", "nl", "zh-Hant"])
def test_ground_force_as_stages_rules_and_reports_as_the_preset_did(told: str, lang: str) -> None:
    preset = PRESETS / "groundforce.yaml"
    for json in ("", " --json"):
        staged = run(f"--lang {lang} battle {GROUNDFORCE} {told} --no-journal{json}").stdout
        assert staged == run(f"--lang {lang} battle {preset} {told} --no-journal{json}").stdout
    odds = told.split(" --attacker-roll")[0].split(" --seed")[0]
    assert (
        run(f"--lang {lang} odds {GROUNDFORCE} {odds} --json").stdout
        == run(f"--lang {lang} odds {preset} {odds} --json").stdout
    )


@pytest.mark.parametrize(
    "told", ["--attacker heavy --defender '2 trooper' --range 4", "--attacker 'heavy, trooper' --defender trooper"]
)
def test_ground_force_as_stages_refuses_as_the_preset_did(told: str) -> None:
    assert fails(f"battle {GROUNDFORCE} {told}") == fails(f"battle {PRESETS / 'groundforce.yaml'} {told}")


def _brute(attackers: int, defenders: int, attack: str) -> dict[tuple[str | None, int, int], Fraction]:
    """Ground Force as its rules read: more hits wins; a normal attack's loser
    removes the surplus capped at its units, a heavy weapon's winner removes
    them all and a heavy weapon that loses loses nothing."""
    out: Counter[tuple[str | None, int, int]] = Counter()
    dice = (min(attackers, 2), defenders) if attack == "normal" else (1, 1)
    for a_faces in itertools.product(GF_DIE, repeat=dice[0]):
        for d_faces in itertools.product(GF_DIE, repeat=dice[1]):
            a = sum(f in ("sword", "explosion") for f in a_faces)
            d = sum(f in ("shield", "explosion") for f in d_faces)
            if a > d:
                out["attacker", 0, defenders if attack == "heavy" else min(a - d, defenders)] += 1
            elif d > a:
                out["defender", 0 if attack == "heavy" else min(d - a, attackers), 0] += 1
            else:
                out[None, 0, 0] += 1
    return {key: Fraction(n, 6 ** sum(dice)) for key, n in out.items()}


@pytest.mark.parametrize(
    ("attacker", "defender", "attack"), [("2 trooper", 2, "normal"), ("trooper", 2, "normal"), ("heavy", 2, "heavy")]
)
def test_the_odds_of_an_exchange_are_the_brute_force(attacker: str, defender: int, attack: str) -> None:
    outcomes = run_json(f"odds {GROUNDFORCE} --attacker '{attacker}' --defender {defender}")["outcomes"]
    got = {(o["winner"], o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    assert got == _brute(int(attacker.split()[0]) if attacker[0].isdigit() else 1, defender, attack)


def test_an_exchange_says_a_loss_in_the_files_word() -> None:
    valour = Path(__file__).resolve().parent.parent / "docs" / "examples" / "valour.yaml"
    ruling = run_json(
        f"battle {valour} --attacker troll --defender troll "
        "--attacker-roll skull,skull,blank,blank --defender-roll blank"
    )
    assert (ruling["loss"], ruling["defender_loses"], ruling["moves_in"]) == ("wound", 2, False)
    assert "the defender takes 2 wounds: the surplus of 2, however many units it has" in [
        s["text"] for s in ruling["explanation"]
    ]
    assert run_json(f"odds {valour} --attacker troll --defender knight")["loss"] == "wound"


@pytest.mark.parametrize(
    "edit",
    [
        ("    exchange: {}\n    move_in: {}\n", "    exchange: {}\n    move_in: {}\n    costs: {losses: [hit]}\n"),
        ("roll: {by: units, owned: 2}", "roll: {by: units, owned: 2, battles_back: true}"),
        ("    exchange: {}\n    move_in: {}\n", "    exchange: {}\n    move_in: {}\n    fight: {rule: GF-B1}\n"),
    ],
)
def test_an_exchange_refuses_what_it_cannot_tell(tmp_path: Path, edit: tuple[str, str]) -> None:
    text = GROUNDFORCE.read_text(encoding="utf-8")
    assert edit[0] in text
    path = tmp_path / "groundforce.yaml"
    path.write_text(text.replace(*edit, 1), encoding="utf-8")
    assert "attacks.normal.exchange: an exchange tells hits against hits" in fails(f"validate {path}")


def test_an_exchange_is_not_fought_in_rounds() -> None:
    assert fails(f"odds {GROUNDFORCE} --attacker 3 --defender 2 --until conquest") == (
        "error: Ground Force is not fought in rounds: leave out --until and ask for the odds of one attack"
    )


def test_a_stage_that_tells_the_ruling_is_found_by_the_attack() -> None:
    from referee.ruleset.load import load_file
    from referee.stages import added

    rules = load_file(GROUNDFORCE)
    told = added.teller(rules.attacks["normal"])
    assert (
        told is not None
        and told.kind == "exchange"
        and told.odds_keys == ("winner", "attacker_loses", "defender_loses")
    )
    assert added.made_alone(rules.attacks["heavy"]) == "GF-H4" and added.made_alone(rules.attacks["normal"]) is None
