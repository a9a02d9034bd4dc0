"""Small things that spare typing at the table: 'last' for the newest
journal entry, a mistyped ruleset in `log` suggested, `--svg -` on stdout,
a pipe closed early, `recruit --buy`, the situations of a whole fight, the
players' options in --help, and one row for a heavy weapon's no-result."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import fails, run, run_json

LANGUAGES = ["en", "nl", "de", "zh-Hant"]
BATTLE = 'battle groundforce --attacker "2 trooper" --defender trooper --seed 1'
FRONTLINE = "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia --free-armour 3"


# 1. 'last'


@pytest.mark.parametrize(
    ("lang", "last"), [("en", "last"), ("nl", "laatste"), ("de", "letzte"), ("zh-Hant", "最後"), ("nl", "LAST")]
)
def test_log_show_last_is_the_newest_entry(lang: str, last: str) -> None:
    run(BATTLE)
    run("roll 2d6 --seed 3")
    newest = run_json("log show 2")
    assert run_json(f"--lang {lang} log show {last}") == newest
    assert run(f"--lang {lang} log show {last}").stdout == run(f"--lang {lang} log show 2").stdout


def test_replay_last_replays_the_newest_entry() -> None:
    run("roll 2d6 --seed 3")
    run(BATTLE)
    document = run_json("replay last")
    assert document["entry"] == 2
    assert document["same"]
    assert "battle groundforce" in document["replay_line"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_last_in_an_empty_journal_says_so(lang: str, journal: Path) -> None:
    message = fails(f"--lang {lang} log show last")
    assert str(journal) in message
    assert "Traceback" not in message


def test_an_entry_that_is_neither_number_nor_last_is_refused() -> None:
    run(BATTLE)
    assert fails("log show lst") == "error: ENTRY is an entry's number or 'last', not 'lst'"
    assert "'laatste'" in fails("--lang nl replay vorige")


# 2. a mistyped ruleset in `log`


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "did you mean 'groundforce'?"),
        ("nl", "'groundforce'"),
        ("de", "meinten Sie 'groundforce'?"),
        ("zh-Hant", "groundforce"),
    ],
)
def test_log_ruleset_typo_gets_did_you_mean(lang: str, said: str) -> None:
    run(BATTLE)
    message = fails(f"--lang {lang} log --ruleset grondforce")
    assert "grondforce" in message and said in message


def test_log_ruleset_known_but_unused_is_no_entries() -> None:
    run(BATTLE)
    assert "No entries" in run("log --ruleset risk").stdout
    assert "groundforce" in run("log --ruleset groundforce").stdout


def test_log_ruleset_far_from_any_lists_the_rulesets() -> None:
    message = fails("log --ruleset xyzzy")
    assert "known: diceland, frontline-risk, groundforce, risk, trueforces" in message


# 3. --svg -


@pytest.mark.parametrize(
    ("lang", "stdout_word"), [("en", "stdout"), ("nl", "stdout"), ("de", "stdout"), ("zh-Hant", "標準輸出")]
)
def test_map_svg_dash_writes_the_picture_to_stdout(
    lang: str, stdout_word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(f"--lang {lang} map diceland --tiles 10 --seed 3 --svg -")
    assert result.stdout.startswith("<svg")
    assert result.stdout.rstrip().endswith("</svg>")
    assert not (tmp_path / "-").exists()
    assert stdout_word in result.stderr  # the report, and where the picture went, on stderr
    assert result.stderr.splitlines()[-1].split()[-1].startswith("1:")  # the footer, with its checkpoint


def test_svg_dash_is_the_same_picture_as_a_file(tmp_path: Path) -> None:
    picture = tmp_path / "map.svg"
    run(f"map diceland --tiles 10 --seed 3 --svg {picture}")
    assert run("map diceland --tiles 10 --seed 3 --svg -").stdout.rstrip("\n") == picture.read_text().rstrip("\n")


def test_setup_and_play_board_take_svg_dash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("setup diceland --tiles 10 --seed 3 --svg -").stdout.startswith("<svg")
    run("play start friday diceland --tiles 8 --seed 3")
    board = run("play board --svg -")
    assert board.stdout.startswith("<svg")
    assert "SVG picture written to stdout." in board.stderr
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_svg_dash_with_json_is_refused(lang: str) -> None:
    result = run(f"--lang {lang} map diceland --tiles 10 --seed 3 --svg - --json", code=2)
    assert result.stdout == ""
    assert "--json" in json.loads(result.stderr)["error"]
    assert run_json("log")["entries"] == []  # refused before it was journaled


# 4. a pipe closed early


def _referee(*args: str, stdout: int, journal: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "REFEREE_JOURNAL": str(journal)}
    return subprocess.run(
        [sys.executable, "-m", "referee", *args], stdout=stdout, stderr=subprocess.PIPE, env=env, check=False
    )


@pytest.mark.parametrize(
    "args",
    [
        ["battle", "groundforce", "--attacker", "2 trooper", "--defender", "trooper", "--seed", "1"],
        ["odds", "risk", "--table", "20"],
        ["battle", "--help"],
        ["--help"],
        ["-V"],
    ],
)
def test_a_closed_pipe_exits_0_and_says_nothing(args: list[str], journal: Path) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line: the first write meets EPIPE
    try:
        done = _referee(*args, stdout=write, journal=journal)
    finally:
        os.close(write)
    assert done.stderr == b""
    assert done.returncode == 0


def test_a_ruling_piped_into_head_exits_0(journal: Path) -> None:
    env = {**os.environ, "REFEREE_JOURNAL": str(journal)}
    line = f'{sys.executable} -m referee odds risk --table 40 | head -1; echo "exit ${{PIPESTATUS[0]}}"'
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, env=env, check=False)
    assert done.stderr == ""
    first, status = done.stdout.splitlines()
    assert first.startswith("Risk:")
    assert status == "exit 0"


def test_a_pipe_closed_after_journaling_keeps_the_entry(journal: Path) -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        _referee(
            "battle", "groundforce", "--attacker", "trooper", "--defender", "trooper", stdout=write, journal=journal
        )
    finally:
        os.close(write)
    assert len(run_json("log")["entries"]) == 1


# 5. recruit --buy


@pytest.mark.parametrize(
    ("lang", "mix", "accepted"),
    [
        ("en", "2 armour, 11 infantry", "Units chosen accepted: 2 armour, 11 infantry."),
        ("nl", "2 pantser, 11 infanterie", "Gekozen eenheden aanvaard:"),
        ("de", "17 infantry", "Gewählte Einheiten angenommen:"),
        ("zh-Hant", "17 infantry", "所選單位已接受："),
    ],
)
def test_recruit_buy_accepts_a_way_to_take_them(lang: str, mix: str, accepted: str) -> None:
    out = run(f'--lang {lang} {FRONTLINE} --buy "{mix}"').stdout
    assert accepted in out
    assert "17" in out


def test_recruit_buy_is_one_of_the_ways_and_journaled() -> None:
    every = run_json(FRONTLINE)["ways"]
    for way in every:
        mix = ", ".join(f"{n} {unit}" for unit, n in way.items())
        document = run_json(f'{FRONTLINE} --buy "{mix}"')
        assert document["bought"] == way
        assert document["ways"] == [way]
        assert document["explanation"][-1]["message"] == "recruit.chosen"
    assert run_json("log show last")["ruling"]["bought"] == every[-1]


@pytest.mark.parametrize(
    ("mix", "said"),
    [
        ("2 armour, 10 infantry", "error: that mix takes 16 of the 17 to recruit; a mix takes exactly 17 (FR-R3)"),
        ("18 infantry", "error: that mix takes 18 of the 17 to recruit; a mix takes exactly 17 (FR-R3)"),
        ("4 armour, 5 infantry", "error: 4 armour: only 3 can be placed this turn (FR-R3)"),
    ],
)
def test_recruit_buy_refuses_a_mix_the_turn_does_not_allow(mix: str, said: str) -> None:
    assert fails(f'{FRONTLINE} --buy "{mix}"') == said


def test_recruit_buy_without_a_place_for_armour() -> None:
    message = fails('recruit frontline-risk --stars 7 --buy "2 armour, 1 infantry"')
    assert message == "error: 2 armour: none can be placed this turn (FR-R3)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_recruit_buy_refusals_speak_the_language(lang: str) -> None:
    message = fails(f'--lang {lang} {FRONTLINE} --buy "2 armour, 10 infantry"')
    assert "FR-R3" in message and "16" in message and "17" in message
    if lang != "en":
        assert "that mix" not in message


def test_recruit_buy_names_an_unknown_unit_and_not_the_territory() -> None:
    assert "unknown unit 'armoor'" in fails(f'{FRONTLINE} --buy "2 armoor, 11 infantry"')
    assert "--buy" in fails('recruit frontline-risk --territory "3 infantry" --buy infantry')


def test_risk_recruit_buy_and_reinforce_buy_read_units_alike() -> None:
    assert run_json('recruit risk --territories 14 --continent europe --buy "9 armies"')["bought"] == {"army": 9}
    assert run_json('reinforce groundforce --mines 2 --buy "heavy, trooper"')["bought"] == {"heavy": 1, "trooper": 1}


# 6. whole fights name their situations

WHOLE = (
    'odds frontline-risk --attacker "2 armour" --defender "2 infantry" '
    "--when attacker:airfield --when defender:city --until conquest"
)


@pytest.mark.parametrize(
    ("lang", "heading", "airfield"),
    [
        ("en", "Situations, in every round:", "attacker: air support"),
        ("nl", "Situaties, in elke ronde:", "FR-B5"),
        ("de", "Situationen, in jeder Runde:", "FR-B5"),
        ("zh-Hant", "情況（每一輪皆適用）：", "進攻方：空中支援"),
    ],
)
def test_whole_fight_odds_list_the_situations(lang: str, heading: str, airfield: str) -> None:
    out = run(f"--lang {lang} {WHOLE}").stdout
    assert heading in out
    assert airfield in out
    assert "FR-B3" in out.split(heading)[1]


def test_whole_fight_without_situations_has_no_such_heading() -> None:
    out = run('odds frontline-risk --attacker "2 armour" --defender "2 infantry" --until conquest').stdout
    assert "Situations" not in out
    assert run_json(WHOLE)["when"] == ["attacker:airfield", "defender:city"]


# 7. the players' options in --help


@pytest.mark.parametrize("command", ["play start", "setup"])
def test_help_names_the_players_options(command: str) -> None:
    out = " ".join(run(f"{command} --help").stdout.split())
    assert "--red DICE DiceLand: the dice red rolled" in out
    assert "--blue DICE DiceLand: the dice blue rolled" in out
    assert "--PLAYER" not in out


def test_the_help_line_is_no_option_of_its_own() -> None:
    message = fails("play start friday diceland --tiles 8 --seed 3 --PLAYER 6,5")
    assert "unknown player 'PLAYER'" in message


def test_show_lists_each_players_rolled_dice_option() -> None:
    out = run("show diceland").stdout
    assert "--red DICE" in out and "--blue DICE" in out
    assert "the dice red" in out
    assert "play" in out


# 8. a heavy weapon repelled: the defender's win and a tie each one row, where nothing happens (GF-H3)


def test_heavy_weapon_odds_say_the_defender_s_win_apart_from_the_tie() -> None:
    outcomes = run_json("odds groundforce --attacker heavy --defender trooper")["outcomes"]
    nothing = {o["winner"]: o["probability"] for o in outcomes if o["attacker_loses"] == o["defender_loses"] == 0}
    assert nothing == {None: "1/2", "defender": "1/4"}


@pytest.mark.parametrize(
    "lang, named", [("en", "Ground Force"), ("nl", "GF"), ("de", "GROUNDFORCE"), ("zh-Hant", "ground force")]
)
def test_log_ruleset_by_its_title_or_alias(lang: str, named: str) -> None:
    run(BATTLE)
    run("battle frontline-risk --attacker 2 --defender 1")
    assert [e["ruleset"] for e in run_json(f"--lang {lang} log --ruleset '{named}'")["entries"]] == ["groundforce"]
    assert [e["ruleset"] for e in run_json(f"--lang {lang} log --ruleset 前線風雲")["entries"]] == ["frontline-risk"]
