"""Hostile or absurd input gets a clear refusal or a bounded answer: never a
traceback, a crash or a hang."""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import fails, run, run_json

from referee.cli import cli
from referee.ruleset.load import shipped
from referee.ruleset.yamlnodes import MAX_BYTES
from referee.words.inputs import shown

Edit = Callable[[str, Callable[[str], str]], Path]


def test_fifty_megabyte_file_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("w") as handle:
        handle.write("format: 1\nrules:\n")
        line = "  X-1: " + "x" * 1000 + "\n"
        for _ in range(50_000):
            handle.write(line)
    started = time.perf_counter()
    assert "too large for a ruleset" in fails(f"validate {path}")
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * 100_000 + "]" * 100_000,
        "a: " + "{b: " * 10_000 + "}" * 10_000,
        "- " * 100_000 + "x",
        "? " * 100_000 + "x",
    ],
)
def test_deep_nesting_is_refused_without_crashing(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("# nested\n" + text)
    assert f"{path}:2: lists or mappings nested more than 64 deep" in fails(f"validate {path}")


def test_a_flow_mapping_of_many_entries_is_not_deep(tmp_path: Path) -> None:
    """Depth counts nesting, not entries: seventy faces read in one flow mapping pass, as in block style."""
    faces = ", ".join(f"{n}: [hit]" for n in range(1, 71))
    path = tmp_path / "d70.yaml"
    path.write_text(
        "format: 1\nname: d70\ntitle: D70\nsource: a test\nrules: {D-1: One die per unit.}\n"
        f"dice:\n  d70: {{faces: [{', '.join(map(str, range(1, 71)))}]}}\nunits:\n  unit: {{}}\n"
        "attacks:\n  shot:\n    procedure: staged\n    rule: D-1\n    label: shot\n"
        f"    attacker: {{die: d70, roll: {{by: units}}, read: {{faces: {{{faces}}}}}}}\n"
        "    defender: {die: d70}\n    costs: {losses: [hit]}\n",
        encoding="utf-8",
    )
    assert run(f"validate {path}").exit_code == 0


def test_hundred_dice_against_forty_are_summed_as_hits_and_misses(edited: Edit) -> None:
    """A hundred dice against forty read as a hit or a miss in any order: 101
    and 41 throws, not 6**140; each side's hits binomial, each die a half."""
    path = edited(
        "groundforce",
        lambda t: t.replace("roll: {by: units, owned: 2}", "roll: {by: units, owned: 100}").replace(
            "roll: {by: units, max_units: 2}", "roll: {by: units, max_units: 100}"
        ),
    )
    outcomes = run_json(f"odds {path} --attacker '100 trooper' --defender '40 trooper'")["outcomes"]
    assert sum(Fraction(o["probability"]) for o in outcomes) == 1
    loses: dict[int, Fraction] = {}
    for o in outcomes:
        loses[o["defender_loses"]] = loses.get(o["defender_loses"], Fraction(0)) + Fraction(o["probability"])
    brute: dict[int, Fraction] = {}
    for a, d in itertools.product(range(101), range(41)):  # the surplus removed, capped at the forty
        lost = min(max(a - d, 0), 40)
        brute[lost] = brute.get(lost, Fraction(0)) + Fraction(comb(100, a) * comb(40, d), 2**140)
    assert loses == brute


def test_hundred_dice_a_side_are_refused_by_what_they_cost(edited: Edit) -> None:
    """101 throws a side, each pair said face by face: more work than a few seconds, refused before the first."""
    path = edited(
        "groundforce",
        lambda t: t.replace("roll: {by: units, owned: 2}", "roll: {by: units, owned: 100}").replace(
            "roll: {by: units, max_units: 2}", "roll: {by: units, max_units: 100}"
        ),
    )
    started = time.process_time()
    assert "faces of dice" in fails(f"odds {path} --attacker '100 trooper' --defender '100 trooper'")
    assert time.process_time() - started < 1


def test_thousand_face_die_reads_as_its_hits(edited: Edit) -> None:
    """A thousand faces that are neither hit is one miss: two dice a side are nine throws."""
    faces = ", ".join(f"f{i}" for i in range(996))
    path = edited(
        "groundforce",
        lambda t: t.replace(
            "faces: [sword, sword, shield, shield, explosion, blank]",
            f"faces: [sword, shield, explosion, blank, {faces}]",
        ),
    )
    outcomes = run_json(f"odds {path} --attacker '2 trooper' --defender '2 trooper'")["outcomes"]
    tie = next(Fraction(o["probability"]) for o in outcomes if o["winner"] is None)
    hit, defend = Fraction(2, 1000), Fraction(2, 1000)  # sword or explosion; shield or explosion
    assert tie == sum(
        (comb(2, k) * hit**k * (1 - hit) ** (2 - k)) * (comb(2, k) * defend**k * (1 - defend) ** (2 - k))
        for k in range(3)
    )


def test_a_thousand_faces_each_read_apart_are_bounded(edited: Edit) -> None:
    """Keeping one die by an order of a thousand faces reads every face apart: refused before the first throw."""
    faces = ", ".join(f"f{i}" for i in range(996))
    path = edited(
        "groundforce",
        lambda t: t.replace(
            "faces: [sword, sword, shield, shield, explosion, blank]",
            f"faces: [sword, shield, explosion, blank, {faces}]",
        ).replace(
            "      read: {faces: {sword: [hit], explosion: [hit]}}\n",
            "      read: {faces: {sword: [hit], explosion: [hit]}}\n"
            f"      pool: {{keep: {{dice: 1, best: [blank, {faces}], rule: GF-B2}}}}\n",
            1,
        ),
    )
    started = time.perf_counter()
    line = fails(f"odds {path} --attacker '2 trooper' --defender '2 trooper'")
    assert "faces of dice" in line  # 500,500 first rolls of the two dice to walk
    assert time.perf_counter() - started < 5


def test_a_die_of_more_than_a_thousand_faces_is_refused(edited: Edit) -> None:
    faces = ", ".join(f"f{i}" for i in range(1001))
    path = edited(
        "groundforce",
        lambda t: t.replace(
            "faces: [sword, sword, shield, shield, explosion, blank]", f"faces: [sword, shield, {faces}]"
        ),
    )
    assert "holds at most 1000 item(s)" in fails(f"validate {path}")


def test_overflowing_numbers_are_refused_or_harmless(edited: Edit) -> None:
    path = edited("groundforce", lambda t: t.replace("places: 12", "places: 99999999999999999999999"))
    assert "expected a whole number from 1 to 100" in fails(f"validate {path}")
    assert "count must be from 1 to 1000" in fails(
        "battle groundforce --attacker '99999999999999999999 trooper' --defender trooper"
    )


def test_thousand_face_die_hit_chart_is_bounded(edited: Edit) -> None:
    faces = ", ".join(str(i) for i in range(1, 1001))
    path = edited("trueforces", lambda t: t.replace("faces: [1, 2, 3, 4, 5, 6]", f"faces: [{faces}]"))
    started = time.perf_counter()
    assert "faces of dice" in fails(f"odds {path} --attack melee")
    assert "faces of dice" in fails(f"hit {path} --attacker 4 --target 5 --attack melee --no-roll")
    assert time.perf_counter() - started < 5


LONG = "9" * 5000  # past Python's 4,300-digit limit for int()


@pytest.mark.parametrize(
    "command",
    [
        f"battle risk --attacker {LONG} --defender 2",
        f"battle risk --attacker 3 --defender 2 --attacker-rear {LONG}",
        f"battle groundforce --attacker '{LONG} trooper' --defender trooper",
        f"battle groundforce --attacker trooper --defender trooper --seed {LONG}",
        f"recruit frontline-risk --stars {LONG}",
        f"roll groundforce {LONG}",
        f"log --limit {LONG}",
        f"log show {LONG}",
        f"replay {LONG}",
        f"odds risk --table {LONG}",
    ],
)
def test_numbers_of_thousands_of_digits_are_refused(command: str) -> None:
    message = fails(command)
    assert "not a number of 5,000 digits" in message and len(message) < 200


def test_a_chart_past_its_bound_is_refused_by_the_input_boundary() -> None:
    assert "--table must be from 1 to 500, not 501" in fails("odds risk --table 501")


def test_a_number_of_thousands_of_digits_in_a_ruleset_is_refused(edited: Edit) -> None:
    path = edited("risk", lambda t: t.replace("army: {dice: 1}", f"army: {{dice: {LONG}}}"))
    assert "got a number of 5,000 digits" in fails(f"validate {path}")


def test_a_unit_rolling_ten_to_the_hundred_dice_is_refused(edited: Edit) -> None:
    path = edited("risk", lambda t: t.replace("army: {dice: 1}", f"army: {{dice: {10**100}}}"))
    assert "expected a whole number from 0 to 100" in fails(f"validate {path}")


def test_a_number_no_table_plays_is_refused(edited: Edit) -> None:
    path = edited("risk", lambda t: t.replace("army: {dice: 1", "army: {dice: 1, bombard: 1000001"))
    assert "past any number a table plays with (at most 1,000,000)" in fails(f"validate {path}")


NOT_UTF8 = os.fsdecode(b"a\xffb")


@pytest.mark.parametrize(
    "args",
    [
        ["battle", NOT_UTF8, "--attacker", "1", "--defender", "1"],
        ["battle", "groundforce", "--attacker", "trooper", "--defender", "trooper", "--journal", NOT_UTF8],
        ["map", "diceland", "--tiles", "8", "--svg", NOT_UTF8],
        ["game", "start", NOT_UTF8, "--ruleset", "groundforce"],
    ],
)
def test_bytes_that_are_not_utf8_are_refused(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.stderr
    assert "holds bytes that are not UTF-8" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_journal_named_in_the_environment_with_odd_bytes_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_JOURNAL", NOT_UTF8)
    assert "$REFEREE_JOURNAL ('a\\udcffb') holds bytes that are not UTF-8" in fails("log")


@pytest.mark.parametrize(
    "path, message",
    [
        ("a" * 120_000 + ".yaml", "is 120,005 characters long; at most 10,000"),
        ("a" * 300 + ".yaml", "a name in it is 305 bytes long; at most 255"),
        ("/".join(["abc"] * 1100) + ".yaml", "a path of 4,404 bytes; at most 4095"),
        ("/dev/null", "is a named pipe or a device, not a ruleset file"),
        ("/", "is a directory, not a ruleset file"),
    ],
)
def test_odd_paths_for_a_ruleset_are_refused(path: str, message: str) -> None:
    assert message in fails(f"validate {path}")


@pytest.mark.parametrize("command", ["validate {path}", "battle {path} --attacker 1 --defender 1", "show {path}"])
def test_a_fifo_given_as_a_ruleset_does_not_hang(tmp_path: Path, command: str) -> None:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    started = time.perf_counter()
    assert "is a named pipe or a device, not a ruleset file" in fails(command.format(path=path))
    assert time.perf_counter() - started < 5


def test_a_fifo_in_the_rules_folder_does_not_hang_the_listing(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    os.mkfifo(folder / "pipe.yaml")
    started = time.perf_counter()
    listed = {r["name"]: r for r in run_json(f"--rules-dir {folder} rulesets")["rulesets"]}
    assert "named pipe" in listed["pipe"]["problem"]
    assert time.perf_counter() - started < 5


def _thirty_large_rulesets(folder: Path) -> None:
    """Thirty valid rulesets just under the size bound, each of some 8,800
    rules (what a generated file looks like), named big0..big29."""
    folder.mkdir()
    text = shipped()["groundforce"].read_text(encoding="utf-8")
    head, _, tail = text.partition("rules:\n")
    rules = "".join(f'  ZZ-{n}: "{{text: x{n}}}"\n' for n in range(8_800))
    big = f"{head}rules:\n{rules}{tail}"
    assert MAX_BYTES - 30_000 < len(big.encode()) <= MAX_BYTES
    for i in range(30):
        (folder / f"big{i}.yaml").write_text(big.replace("name: groundforce", f"name: big{i}"), encoding="utf-8")


def test_a_folder_of_thirty_large_rulesets_lists_quickly(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    _thirty_large_rulesets(folder)
    started = time.perf_counter()
    listed = {r["name"]: r for r in run_json(f"--rules-dir {folder} rulesets")["rulesets"]}
    assert time.perf_counter() - started < 5
    statuses = [listed[f"big{i}"]["status"] for i in range(30)]
    assert statuses[0] == "ok" and statuses[-1] == "unchecked" and set(statuses) == {"ok", "unchecked"}
    assert "'referee validate " in listed["big29"]["problem"]


def test_a_name_missing_from_a_folder_of_large_rulesets_is_refused_quickly(tmp_path: Path) -> None:
    """Names inside files are read from their heads, never by loading thirty files."""
    folder = tmp_path / "rules"
    _thirty_large_rulesets(folder)
    (folder / "big7.yaml").rename(folder / "copy.yaml")
    started = time.perf_counter()
    message = fails(f"--rules-dir {folder} battle h7a")
    assert time.perf_counter() - started < 5
    assert "unknown ruleset 'h7a'" in message and "big29" in message
    assert run_json(f"--rules-dir {folder} show big7")["name"] == "big7"  # found by the name: inside copy.yaml


def test_a_ruleset_just_past_the_size_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    text = shipped()["risk"].read_text(encoding="utf-8")
    path.write_text(text + "#" * (MAX_BYTES + 1 - len(text.encode())), encoding="utf-8")
    assert path.stat().st_size == MAX_BYTES + 1
    assert f"too large for a ruleset file (over {MAX_BYTES:,} bytes)" in fails(f"validate {path}")
    path.write_text(text + "#" * (MAX_BYTES - len(text.encode())), encoding="utf-8")
    assert "valid ruleset" in " ".join(run(f"validate {path}").stdout.split())  # a long temporary path wraps the line


def test_a_state_word_on_a_one_state_unit_is_refused_in_a_whole_fight() -> None:
    command = "odds frontline-risk --attacker '1 fresh infantry,inf' --defender '1 tank, 1 坦克, 步兵'"
    single = fails(command)
    assert single == fails(f"{command} --until conquest")
    assert "infantry is never intact: a loss destroys it (FR-B9)" in single


WHOLE_FIGHTS = [
    "odds risk --attacker 1000 --defender 1000 --until conquest --float",
    "odds risk --attacker 1000 --defender 40 --until conquest",
    "odds frontline-risk --attacker 2 --defender 2 --attacker-rear 1000 --defender-rear 1000 --until conquest --float",
]


@pytest.mark.parametrize("command", WHOLE_FIGHTS)
def test_whole_fights_of_a_thousand_are_refused_up_front(command: str) -> None:
    """Refused before any work, naming the limit and what to ask instead."""
    started = time.perf_counter()
    message = fails(command)
    assert "fight states are too many" in message and "at most" in message
    assert "add --float" in message or "ask for fewer units" in message
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    "path, says",
    [("pipe", "it is a named pipe (FIFO), not a file"), ("/dev/null", "it is a device, not a file")],
)
def test_a_map_is_never_written_to_a_fifo_or_a_device(tmp_path: Path, path: str, says: str) -> None:
    if path == "pipe":
        path = str(tmp_path / "pipe.svg")
        os.mkfifo(path)
    started = time.perf_counter()
    assert says in fails(f"map diceland --tiles 8 --seed 1 --svg {path}")
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("kind", ["missing", "fifo"])
def test_a_rules_folder_that_is_not_a_folder_is_refused(tmp_path: Path, kind: str) -> None:
    """A typo in --rules-dir would otherwise leave the user's rulesets out without a word."""
    folder = tmp_path / "rules"
    if kind == "fifo":
        os.mkfifo(folder)
    found = "no such folder" if kind == "missing" else "a named pipe (FIFO), not a folder"
    assert fails(f"--rules-dir {folder} rulesets") == f"error: --rules-dir '{shown(str(folder))}': {found}"
    refused = run("rulesets", code=2, env={"REFEREE_RULES_DIR": str(folder)})
    assert refused.stderr == f"error: REFEREE_RULES_DIR '{shown(str(folder))}': {found}\n"
