"""What players typed on an evening at the table and the line the referee owes
them (issue 15): every option read or refused with one clear line, a
suggestion only when it is close, and a suggestion that works when followed."""

from __future__ import annotations

import json

import pytest

from referee.procedures.door import fronts
from referee.ruleset.load import load
from referee.rulings.battle import Battle
from tests.conftest import fails, run, run_json


# -- recruit: an option of the turn's count is refused with --territory -----
@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ("--stars 3", "--stars"),
        ("--continent asia", "--continent"),
        ("--reward two-armies", "--reward"),
        ("--stars 3 --cities 1", "--stars, --cities"),
    ],
)
def test_recruit_on_a_territory_refuses_what_counts_the_turn(extra: str, named: str) -> None:
    line = fails(f'recruit frontline-risk --territory "3 infantry" {extra} --no-journal')
    assert line.startswith(f"error: {named}: "), line
    assert "--territory" in line


def test_recruit_on_a_territory_still_rules_without_them() -> None:
    assert "3 infantry" in run('recruit frontline-risk --territory "3 infantry" --no-journal').stdout


# -- -V --json ----------------------------------------------------------------
def test_version_as_json() -> None:
    from referee import __version__

    for told in ("-V --json", "--json -V", "--version --json"):
        assert json.loads(run(told).stdout) == {"program": "referee", "version": __version__}


def test_json_before_a_command_says_where_it_goes() -> None:
    result = run("--json show risk", code=2)
    assert json.loads(result.stderr)["error"] == "--json goes after the command: referee show risk --json"
    run("show risk --json")


# -- unknown options ----------------------------------------------------------
def test_a_far_unknown_option_gets_no_suggestion() -> None:
    line = fails("odds groundforce --attacker trooper --defender trooper --frobnicate")
    assert "did you mean" not in line.lower(), line
    assert "--frobnicate" in line and "referee odds --help" in line


def test_a_close_unknown_option_gets_its_match() -> None:
    line = fails("odds groundforce --atacker trooper --defender trooper")
    assert "did you mean --attacker?" in line, line


@pytest.mark.parametrize("option", ["--no-journal", "--journal j.sqlite3"])
@pytest.mark.parametrize("command", ["odds groundforce --attacker trooper --defender trooper", "show risk"])
def test_journal_options_on_a_command_that_does_not_journal(command: str, option: str) -> None:
    line = fails(f"{command} {option}")
    name = command.split()[0]
    flag = option.split()[0]
    assert line == f"error: {flag}: 'referee {name}' writes nothing to the journal; leave it out", line


# -- unknown rulesets ---------------------------------------------------------
def test_an_unknown_ruleset_lists_the_files_sorted_and_short() -> None:
    line = fails("show zzzzz")
    listed = line.split("known: ")[1].split(" (")[0].split(", ")
    assert listed == sorted(listed) == ["diceland", "frontline-risk", "groundforce", "risk", "trueforces"]
    assert "referee show NAME" in line


def test_an_unknown_ruleset_close_to_an_alias_suggests_it() -> None:
    assert fails("show dobelland").endswith("did you mean 'Dobbelland'?")
    run("show Dobbelland")


# -- one meaning of --attacker: the suggestion of a refused whole fight works --
@pytest.mark.parametrize(
    ("told", "front", "rear"),
    [
        ("--attacker 8", "2", "6"),
        ('--attacker "3 armour, 5 infantry"', '"2 armour"', '"armour, 5 infantry"'),
    ],
)
def test_frontline_risk_whole_fight_too_many_on_the_front_suggests_a_split(told: str, front: str, rear: str) -> None:
    line = fails(f"odds frontline-risk {told} --defender 2 --until conquest")
    suggested = f"--attacker {front} --attacker-rear {rear}"
    assert suggested in line, line
    assert "--attacker counts the units on the front" in line
    followed = run_json(f"odds frontline-risk {suggested} --defender 2 --until conquest")
    assert followed["p_attacker_wins"]


def test_frontline_risk_defender_too_many_on_the_front_suggests_a_split() -> None:
    line = fails("odds frontline-risk --attacker 2 --defender 5 --until conquest")
    assert "--defender 2 --defender-rear 3" in line, line
    run_json("odds frontline-risk --attacker 2 --defender 2 --defender-rear 3 --until conquest")


def test_the_front_a_whole_fight_checks_is_declared_by_its_procedure() -> None:
    """The CLI knows no procedure's front: ranked-pairs declares each side's
    front and the rule that limits it where units wait in a rear (frontline
    Risk), and none where the units told are the units that fight (Risk)."""
    battle = Battle((("infantry", 1),), (("infantry", 1),))
    assert fronts(load("frontline-risk"), battle) == {"attacker": (2, "FR-F1"), "defender": (2, "FR-F1")}
    assert fronts(load("risk"), Battle((("army", 1),), (("army", 1),))) == {}


def test_a_risk_roll_of_four_says_what_attacker_counts_and_its_suggestion_works() -> None:
    """--attacker counts the attacking armies in one battle and in a whole
    fight alike; the refusal of 4 says so, and the command it suggests, typed
    as printed, rules on 4 attacking armies with the one kept behind besides."""
    line = fails("battle risk --attacker 4 --defender 2 --seed 1 --no-journal")
    assert line.startswith("error: the attacker fights with 4 armies; at most 3 roll in one battle")
    assert "--attacker counts the attacking armies" in line and line.endswith("(RK-B1)")
    suggested = line.split("for the whole fight: referee ", 1)[1].removesuffix(" (RK-B1)")
    assert suggested == "odds risk --attacker 4 --defender 2 --until conquest"
    said = run(suggested).stdout.splitlines()
    assert said[1] == "4 armies attacking 2 armies; 1 more stays behind (RK-B1)"
    defending = fails("battle risk --attacker 2 --defender 3 --no-journal")
    assert "at most 2 roll in one battle (--defender counts the defending armies" in defending
    assert run(defending.split("for the whole fight: referee ", 1)[1].removesuffix(" (RK-B2)")).exit_code == 0


@pytest.mark.parametrize(
    ("command", "line"),
    [
        ("map diceland --shape rund", "error: unknown --shape value 'rund'; did you mean 'random'?"),
        ("log export --format cvs", "error: unknown --format value 'cvs'; did you mean 'csv'?"),
        ("play start friday diceland --growth aply", "error: unknown --growth value 'aply'; did you mean 'apply'?"),
    ],
)
def test_a_misspelt_word_of_a_few_gets_a_did_you_mean(command: str, line: str) -> None:
    assert fails(command) == line


@pytest.mark.parametrize(
    "told",
    [
        "risk --attacker 3 --defender 2 --stop-at 1",
        "risk --attacker 3 --defender 2,3",
        "risk --attacker 3 --defender 2 --float",
    ],
)
def test_a_whole_fight_option_without_until_suggests_only_what_then_works(told: str) -> None:
    line = fails(f"odds {told}")
    assert line.endswith("whole fights only; add --until conquest"), line
    assert run_json(f"odds {told} --until conquest")["p_attacker_wins"]


def test_float_alone_suggests_a_chart_too_and_both_work() -> None:
    assert fails("odds risk --float").endswith("add --until conquest (or --table N for a chart)")
    assert run_json("odds risk --float --table 3")["p_attacker_wins"]
    assert "which units the attacker fights with" in fails("odds risk --float --until conquest")


def test_an_option_the_ruleset_does_not_count_is_refused_by_name_not_by_its_value() -> None:
    line = fails("recruit frontline-risk --stars 3 --cities 1 --pay armour")
    assert line.startswith("error: unknown option '--pay'; known: ") and "--stars" in line
    assert fails("reinforce groundforce --mine 2") == "error: unknown option '--mine'; did you mean '--mines'?"


def test_a_game_starts_with_its_ruleset_after_the_name_as_play_start_takes_it() -> None:
    assert fails("game start friday") == (  # no game before it to repeat
        "error: say which ruleset the game is played with, e.g. referee game start friday groundforce"
    )
    assert run_json("game start friday groundforce")["ruleset"] == "groundforce"
    run("game stop")
    assert run_json("game start saturday --ruleset risk")["ruleset"] == "risk"
    run("game stop")
    assert "two rulesets for one game" in fails("game start sunday risk --ruleset groundforce")
    assert run_json("game start sunday groundforce --ruleset 'Ground Force'")["ruleset"] == "groundforce"
