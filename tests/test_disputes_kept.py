"""The rulings a table argues about afterwards are kept and can be found:
'last' is the last ruling, not the game's stop after it; `log show` gives a
command line that still runs once the game has stopped; `replay` names
today's ruleset as the table knows it; a refusal that cites a rule is
journaled, listed, replayed and verified like any ruling."""

from __future__ import annotations

import shlex
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import fails, run, run_json

from referee.cli import cli
from referee.journal.summaries import cost_nothing
from referee.ruleset.load import shipped

TYPED = (
    'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" '
    "--attacker-roll sword,explosion --defender-roll shield,sword"
)


def test_last_is_the_last_ruling_not_the_game_stop_after_it() -> None:
    run("game start friday groundforce")
    run(TYPED)
    run("game stop")
    assert run_json("log show last")["id"] == 2
    replayed = run("replay last").stdout
    assert replayed.startswith("Replay of entry 2: ")
    assert "The ruling stands" in replayed
    assert run_json("replay last")["entry"] == 2


def test_last_in_a_journal_of_games_alone_is_its_newest_entry() -> None:
    """Nothing but a game started: 'log show last' still shows what there is."""
    run("game start friday groundforce")
    assert run_json("log show last")["command"] == "game start"
    said = run("replay last", code=2).stderr
    assert said == "error: entry 1 records a 'game start', not a ruling: there is nothing to rule again\n"


def test_last_is_a_number_given_as_it_was() -> None:
    run("game start friday groundforce")
    run(TYPED)
    run("game stop")
    assert run_json("log show 3")["command"] == "game stop"


def _command_shown(shown: str) -> list[str]:
    """The command line `log show` prints after its label, its continued lines joined."""
    lines = shown.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("command:"))
    joined = lines[at].removeprefix("command:")
    while joined.endswith("\\"):
        at += 1
        joined = joined[:-1] + lines[at]
    return shlex.split(joined)


def test_log_show_prints_a_command_that_runs_once_the_game_has_stopped() -> None:
    """The game in play supplied the ruleset and the referee drew the dice:
    the line shown names both, and run after 'game stop' it rules the same."""
    run("game start friday groundforce")
    ruled = run_json('battle --attacker "2 trooper" --defender "trooper, heavy"')
    run("game stop")
    shown = _command_shown(run("log show 2").stdout)
    assert shown[:3] == ["referee", "battle", "groundforce"]
    assert shown[-2:] == ["--seed", str(ruled["seed"])]
    again = run_json(shlex.join([*shown[1:], "--no-journal"]))
    assert (again["attacker"], again["defender"], again["winner"]) == (
        ruled["attacker"],
        ruled["defender"],
        ruled["winner"],
    )


def test_replay_names_a_shipped_ruleset_by_its_file_not_where_it_was_installed() -> None:
    run(TYPED)
    said = run("replay 1").stdout.splitlines()
    assert any(line.startswith("With groundforce.yaml as it was (sha256 ") for line in said)
    assert "With today's groundforce.yaml (unchanged):" in said
    assert run_json("replay 1")["runs"][1]["label"] == "With today's groundforce.yaml (unchanged)"


def test_replay_names_a_ruleset_of_ones_own_from_the_home_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "games" / "friday-night.yaml"
    mine.parent.mkdir()
    mine.write_text((Path(shipped()["groundforce"])).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("HOME", str(tmp_path))
    run(TYPED.replace("groundforce", str(mine)))
    said = run("replay 1").stdout.splitlines()
    assert "With today's ~/games/friday-night.yaml (unchanged):" in said


# -- refusals are journaled ---------------------------------------------------------

STEALTHED = 'battle --attacker "2 trooper" --defender saboteur --when defender:stealth'
OVER_THE_POINTS = 'reinforce --mines 1 --buy "heavy, heavy, heavy"'
OVER_THE_PLACES = 'reinforce --mines 3 --free-places 1 --buy "trooper, trooper"'
REFUSALS = [
    (STEALTHED, "GF-S1", "refused: a stealthed saboteur cannot be attacked during the opponent's next turn"),
    (OVER_THE_POINTS, "GF-R4", "that costs 9 points, but there are only 3"),
    (OVER_THE_PLACES, "GF-R3", "that is 2 units, but only 1 place is free"),
]


@pytest.mark.parametrize(("command", "rule", "said"), REFUSALS)
def test_a_refusal_is_journaled_with_its_rule_and_what_was_asked(command: str, rule: str, said: str) -> None:
    """The refusal is still its one line on stderr, exit 2; the journal keeps
    it, under the game in play, with the command line that asks it again."""
    run("game start friday groundforce")
    assert fails(command) == f"error: {said} ({rule})"
    refused = run_json("log")["entries"][-1]
    assert (refused["id"], refused["game"], refused["ruleset"], refused["kind"]) == (
        2,
        "friday",
        "groundforce",
        "refused",
    )
    assert refused["ruling"] == {"error": said, "rule": rule, "explanation": [{"rule": rule, "text": said}]}
    assert refused["outcome"] == f"refused ({rule})"
    assert refused["argv"] == shlex.split(command)
    assert refused["replay"][:2] == [command.split()[0], "groundforce"]  # the ruleset the game supplied


def test_log_lists_refusals_marked_as_refused_among_the_rulings() -> None:
    run("game start friday groundforce")
    for command, _, _ in REFUSALS:
        fails(command)
    run(TYPED)
    listed = run("log").stdout.splitlines()
    assert [line.split()[0] for line in listed[2:]] == ["1", "2", "3", "4", "5"]
    assert [line.rsplit("  ", 1)[-1].strip() for line in listed[3:]] == [
        "refused (GF-S1)",
        "refused (GF-R4)",
        "refused (GF-R3)",
        "attacker wins",
    ]


def test_log_show_of_a_refusal_gives_the_rule_and_the_refusal() -> None:
    fails(f"{OVER_THE_POINTS.replace('reinforce', 'reinforce groundforce')}")
    shown = run("log show last").stdout
    assert "refused (GF-R4) (every field: --json)" in shown
    assert "GF-R4   that costs 9 points, but there are only 3" in shown
    assert _command_shown(shown) == [
        "referee",
        *shlex.split(OVER_THE_POINTS.replace("reinforce", "reinforce groundforce")),
    ]


@pytest.mark.parametrize(("command", "rule", "said"), REFUSALS)
def test_replay_rules_a_refusal_again_and_it_stands(command: str, rule: str, said: str) -> None:
    run("game start friday groundforce")
    fails(command)
    run("game stop")
    replayed = run("replay last")
    assert replayed.stdout.startswith("Replay of entry 2: referee ")
    assert replayed.stdout.count("  the same ruling.") == 2
    assert replayed.stdout.rstrip().endswith("The refusal stands: today the referee refuses it the same way.")
    document = run_json("replay 2")
    assert document["same"] is True
    assert [run["ruling"]["rule"] for run in document["runs"]] == [rule, rule]


def test_a_refusal_the_ruleset_no_longer_makes_is_replayed_as_a_ruling_that_differs(
    edited: Callable[[str, Callable[[str], str]], Path],
) -> None:
    """Heavy weapons cost 4 in the file when a purchase of one was refused;
    at 3 today it is a legal purchase, and replay says the ruling differs
    (exit 1): the file has changed since."""
    dearer = edited("groundforce", lambda text: text.replace("    cost: 3\n", "    cost: 4\n", 1))
    assert (
        fails(f"reinforce {dearer} --mines 1 --buy heavy") == "error: that costs 4 points, but there are only 3 (GF-R4)"
    )
    dearer.write_text(shipped()["groundforce"].read_text(encoding="utf-8"), encoding="utf-8")
    replayed = run("replay 1", code=1).stdout
    assert "  the same ruling." in replayed  # with the file as it was, kept in the journal
    assert "error: that costs 4 points, but there are only 3 → (absent)" in replayed
    assert replayed.rstrip().endswith("Today's ruling differs: the ruleset file has changed since.")


def test_log_verify_covers_a_refusal_edited_by_hand(journal: Path) -> None:
    fails(f"{STEALTHED.replace('battle', 'battle groundforce')}")
    run(TYPED)
    assert run("log verify").stdout.startswith("ok: 2 entries, chain intact")
    db = sqlite3.connect(journal)
    with db:
        db.execute("UPDATE entries SET ruling = replace(ruling, 'GF-S1', 'GF-B1') WHERE id = 1")
    db.close()
    assert run("log verify", code=1).stdout.startswith("BROKEN: entry 1 ")


def test_a_mistake_of_typing_or_a_ruling_without_the_journal_leaves_no_entry(journal: Path) -> None:
    """'unknown unit' cites no rule: a typo, not a ruling anyone argues about;
    --no-journal keeps even a refusal out."""
    run("game start friday groundforce")
    fails("battle --attacker nobody --defender trooper")
    fails(f"{STEALTHED} --no-journal")
    assert [e["command"] for e in run_json("log")["entries"]] == ["game start"]


def test_a_refusal_at_the_table_is_journaled_as_on_the_command_line() -> None:
    run("game start friday groundforce")
    given = f"{STEALTHED}\n{TYPED.replace('battle groundforce', 'battle')}\n"
    result = CliRunner().invoke(cli, ["table"], input=given, catch_exceptions=False)
    assert result.exit_code == 0 and "Traceback" not in result.stderr
    assert "GF-S1" in result.stderr
    assert [e["outcome"] for e in run_json("log")["entries"][1:]] == ["refused (GF-S1)", "attacker wins"]


def test_a_refused_pick_leaves_the_throw_waiting_for_its_pick() -> None:
    """DiceLand: a pairing the throw does not hold is refused (DL-A5) and
    journaled; the throw still waits, and the pick then given is ruled."""
    run("battle diceland --attacker 6,2 --defender 3 --roll 5,1")
    assert fails("battle --entry 1 --choose 9:9").endswith("(DL-A5)")
    assert run_json("battle --entry 1 --choose 5:6")["journal_entry"] == 3
    assert [e["outcome"] for e in run_json("log")["entries"]] == [
        "waits for --choose",
        "refused (DL-A5)",
        "attacker wins",
    ]
    assert run_json("replay 2")["same"] is True  # ruled again on entry 1's throw, typed out


@pytest.mark.parametrize(
    ("lang", "outcome", "stands"),
    [
        ("nl", "geweigerd (GF-S1)", "De weigering blijft staan"),
        ("de", "abgelehnt (GF-S1)", "Die Ablehnung steht"),
        ("zh-Hant", "已拒絕（GF-S1）", "拒絕維持不變"),
    ],
)
def test_a_refusal_is_listed_and_replayed_in_the_language_asked(lang: str, outcome: str, stands: str) -> None:
    fails(f"--lang {lang} {STEALTHED.replace('battle', 'battle groundforce')}")
    assert run_json(f"--lang {lang} log")["entries"][0]["outcome"] == outcome
    assert stands in run(f"--lang {lang} replay 1").stdout


# -- a new round is not a re-roll ---------------------------------------------------

RISK_ROUND = "battle --attacker 3 --defender 2"
TROOPERS = "battle --attacker trooper --defender trooper"


def _flagged() -> list[list[int]]:
    ruled = [e for e in run_json("log")["entries"] if e["command"] == "battle" and e["kind"] != "refused"]
    return [e["dice"].get("rolled_before", []) for e in ruled]


def test_risk_rounds_rolled_one_after_another_are_new_rounds_not_rolls_again() -> None:
    """RK-B4, RK-B5: 3 dice against 2 compare two pairs, and each pair costs
    its loser an army, so every round takes two armies off: the same attack
    typed next is the next round."""
    run("game start eve risk")
    rounds = [run(f"{RISK_ROUND} --seed {seed}") for seed in (1, 2, 3)]
    assert all("flags this roll" not in r.stderr for r in rounds)
    assert _flagged() == [[], [], []]
    losses = [e["ruling"]["attacker_loses"] + e["ruling"]["defender_loses"] for e in run_json("log")["entries"][1:]]
    assert losses == [2, 2, 2]


def test_an_attack_rolled_again_after_it_cost_nobody_anything_is_flagged() -> None:
    run("game start friday groundforce")
    first = run_json(f"{TROOPERS} --seed 1")
    assert (first["attacker"]["loses"], first["defender"]["loses"]) == (0, 0)  # GF-B3: equal hits, nothing happens
    again = run(f"{TROOPERS} --seed 2")
    assert again.stderr == (
        "note: entry 2 rolled this same attack just before in game 'friday', and it cost nobody anything: "
        "a roll again, not a new round; the journal flags this roll\n"
    )
    assert _flagged() == [[], [2]]
    assert "rolled before: entry 2 (the same attack)" in run("log show 3").stdout


def test_a_run_of_rolls_again_names_each_before_it() -> None:
    """DiceLand: a ruling that waits for its pick has cost nothing yet."""
    run("game start friday diceland")
    for seed in (2, 3, 4):
        assert run_json(f"battle --attacker 6,3 --defender 5 --seed {seed}")["awaits"] == "choose"
    assert _flagged() == [[], [2], [2, 3]]


def test_anything_recorded_between_makes_the_same_attack_a_new_one_but_a_refusal_does_not() -> None:
    run("game start friday groundforce")
    run(f"{TROOPERS} --seed 1")
    run("reinforce --mines 1")
    run(f"{TROOPERS} --seed 1")  # the game moved on: a purchase was made between
    fails(STEALTHED)  # refused: the table is as it was
    flagged = run(f"{TROOPERS} --seed 2")
    assert "entry 4 rolled this same attack just before" in flagged.stderr
    assert _flagged() == [[], [], [4]]


@pytest.mark.parametrize(
    ("kind", "ruling", "nothing"),
    [
        ("pairs", {"attacker_loses": 1, "defender_loses": 1}, False),
        ("exchange", {"attacker_loses": 0, "defender_loses": 0}, True),
        ("pips", {"attacker_loses": None, "defender_loses": None, "awaits": "choose"}, True),
        ("tally", {"attacker_loses": 0, "defender_loses": 0, "attacker_retreats": 0, "defender_retreats": 1}, False),
        ("strike", {"needed": 4, "roll": 2, "hit": False, "wounds": 0}, True),
        ("strike", {"needed": 4, "roll": 5, "hit": True, "wound_roll": 1, "out_of_action": False, "wounds": 0}, True),
        ("strike", {"needed": 4, "roll": 5, "hit": True, "wound_roll": 6, "out_of_action": True, "wounds": 0}, False),
        ("strike", {"needed": 4, "roll": 5, "hit": True, "damage_roll": [3], "damage": 3}, False),
        ("chain", {"steps": [], "stopped_at": None}, True),
        ("exchange", "a ruling edited by hand", False),
    ],
)
def test_what_costs_nothing_is_read_from_the_ruling_of_its_kind(kind: str, ruling: object, nothing: bool) -> None:
    assert cost_nothing(kind, ruling) is nothing


# -- what the current referee writes replays as the same -----------------------------

WRITTEN = [
    "game start friday groundforce",
    TYPED.replace("battle groundforce", "battle"),
    'battle --attacker "2 trooper" --defender "trooper, heavy" --seed 5',
    STEALTHED,
    OVER_THE_POINTS,
    f"--lang nl {OVER_THE_PLACES}",
    "reinforce --mines 2 --free-places 2",
    "roll 2d6+1 --seed 3",
    "game stop",
    "battle risk --attacker 5 --defender 3 --until conquest --seed 2",
    "battle diceland --attacker 6,3 --defender 5 --seed 2",
    "battle --entry 11 --choose 5:6",
    "hit trueforces --attacker 4 --target 5 --attack ranged --seed 1",
    "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia",
]


def test_every_entry_the_referee_writes_today_replays_as_the_same() -> None:
    for command in WRITTEN:
        if command.endswith(("stealth", '"heavy, heavy, heavy"', '"trooper, trooper"')):
            fails(command)
        else:
            run(command)
    entries = run_json("log")["entries"]
    assert [e["kind"] for e in entries].count("refused") == 3
    for entry in entries:
        if entry["kind"] != "game":
            assert run_json(f"replay {entry['id']}")["same"] is True, entry["argv"]
