"""Output fits the terminal (issue 15, point 7): explanations, rule texts and
tables wrap to $COLUMNS, and to 100 columns when piped; one shared width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.render.text import columns, table
from tests.conftest import run

NARROW = {"COLUMNS": "60", "NO_COLOR": "1"}
COMMANDS = [
    "show frontline-risk",
    "show trueforces",
    "show risk",
    "show groundforce",
    "battle diceland --attacker 6,3 --defender 5 --roll 2,4 --no-journal",
    "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 1 --defender 'infantry, damaged armour' "
    "--attacker-roll 1,5,4 --defender-roll 5,3 --no-journal",
    "hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3 --no-journal",
    "battle risk --attacker 12 --defender 3,5,2 --until conquest --seed 5 --no-journal",
    "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 'armour, 2 infantry' "
    "--defender 'infantry, armour' --defender-rear '2 infantry' --when defender:city --until conquest --seed 2 "
    "--no-journal",
]


def widest(text: str, skip: tuple[str, ...] = ("To pick on this throw",)) -> int:
    return max(len(line) for line in text.splitlines() if not line.startswith(skip))


@pytest.mark.parametrize("command", COMMANDS)
def test_text_wraps_to_sixty_columns(command: str) -> None:
    """Explanations, rule texts and sentences wrap; a table keeps its words whole."""
    said = run(command, env=NARROW).stdout
    explained = re.compile(r"^  [A-Z]+-[A-Z0-9]+ +\S|^ {10}\S")  # a step or a rule, and their wrapped lines
    prose = [
        line
        for line in said.splitlines()
        if explained.match(line) or ("  " not in line.strip() and not line.startswith(("To pick", "-", "   ")))
    ]
    assert max(map(len, prose)) <= 60, [line for line in prose if len(line) > 60]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_line_fits_seventy_two_columns(command: str) -> None:
    assert widest(run(command, env={**NARROW, "COLUMNS": "72"}).stdout) <= 72


@pytest.mark.parametrize("command", COMMANDS)
def test_piped_output_fits_a_hundred_columns(command: str) -> None:
    assert widest(run(command, env={"COLUMNS": "", "NO_COLOR": "1"}).stdout) <= 100


def test_a_table_wraps_its_widest_column_and_never_breaks_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    drawn = table([("a", "one two three four five six seven eight nine ten eleven")], ["x", "words"])
    assert widest(drawn) <= 40
    assert "eleven" in drawn and "thr\\n" not in drawn
    unbreakable = table([("a", "x" * 50)], ["x", "word"])
    assert "x" * 50 in unbreakable  # a word longer than the terminal is left whole


# -- every kind of command, at 60 columns and piped (issue 15's evening) ------
EVERY_KIND = [
    'odds groundforce --attacker "2 trooper" --defender "trooper, heavy"',
    "odds risk --attacker 3 --defender 2",
    'odds frontline-risk --attacker "2 armour" --defender infantry',
    "odds diceland --attacker 6,2 --defender 3",
    "odds trueforces --attack melee",
    "odds risk --attacker 10 --defender 10 --until conquest",
    "odds risk --attacker 10 --defender 3,5,2 --until conquest --exact",
    'odds frontline-risk --attacker "2 armour" --attacker-rear "10 infantry, 3 armour" --defender "2 infantry" '
    '--defender-rear "8 infantry, 2 armour" --when defender:city --until conquest',
    "odds risk --table 30",
    "battle risk --attacker 3 --defender 2 --seed 1",
    "battle diceland --attacker 6,3 --defender 5 --seed 4",
    "hit trueforces --attacker 4 --target 5 --attack ranged --seed 1",
    "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia",
    'recruit frontline-risk --territory "3 infantry" --change merge --site',
    "reinforce groundforce --mines 1",
    "score diceland --red 6,5,1 --blue 4,4,4",
    "setup diceland --tiles 8 --seed 1",
    "map diceland --tiles 8 --seed 1",
    "group diceland 4 5",
    "build frontline-risk --unflipped-stars 4 city",
    "roll 2d6+1 --seed 1",
    "show risk",
    "rulesets",
    "validate rulesets/risk.yaml",
    "play start friday diceland --tiles 8 --seed 1",
    "play board",
    "play hint",
    "game",
    "log",
    "log show 1",
    "log verify",
]


@pytest.mark.parametrize(("env", "limit"), [(NARROW, 60), ({"COLUMNS": "", "NO_COLOR": "1"}, 100)])
def test_every_kind_of_command_fits_the_width(env: dict[str, str], limit: int) -> None:
    """Every line of every command's text, the journal's footer and the
    messages on stderr included, fits the terminal (or 100 columns when piped)."""
    from referee.render.text import columns

    too_wide = []
    for command in EVERY_KIND:
        result = run(command, env=env)
        too_wide += [(command, line) for line in (result.stdout + result.stderr).splitlines() if columns(line) > limit]
    assert not too_wide, "\n".join(f"{columns(line)}: {line}  <- {command}" for command, line in too_wide)


def test_display_width_counts_wide_characters_twice() -> None:
    from referee.render.text import columns

    assert columns("前線風雲") == 8
    assert columns("█▊ 37%") == 6


def test_a_long_path_breaks_after_a_slash_and_keeps_every_character(tmp_path: Path) -> None:
    """A checkout at a long path: `show`'s file line breaks after a '/', the
    rest indented on the next line, and the path reads whole when joined."""
    folder = tmp_path / "a-checkout-at-a-rather-long-path" / "with-folders-inside-folders"
    folder.mkdir(parents=True)
    ruleset = folder / "risk.yaml"
    ruleset.write_text((Path(__file__).parents[1] / "rulesets" / "risk.yaml").read_text(encoding="utf-8"))
    said = run(f"show {ruleset}", env=NARROW).stdout.splitlines()
    at = next(i for i, line in enumerate(said) if line.startswith("file: "))
    lines = [said[at], *(line for line in said[at + 1 :] if line.startswith("  ") and "/" in line)]
    assert len(lines) > 1 and all(len(line) <= 60 for line in lines), lines
    assert all(line.rstrip().endswith("/") for line in lines[:-1])
    assert lines[0].startswith("file: /") and "".join(line.strip() for line in lines)[6:] == str(ruleset)


def test_path_lines_break_only_after_a_slash_or_at_a_space(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.render.text import path_lines

    monkeypatch.setenv("COLUMNS", "40")
    assert path_lines("file: /very/long/checkout/path/that/goes/on/rulesets/risk.yaml") == [
        "file: /very/long/checkout/path/that/",
        "  goes/on/rulesets/risk.yaml",
    ]
    assert path_lines("file: /short/risk.yaml") == ["file: /short/risk.yaml"]


def test_a_stacked_table_breaks_a_path_after_a_slash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    path = "/a/checkout/at/a/rather/long/path/rulesets/frontline-risk.yaml"
    drawn = table([("frontline-risk", "Frontline Risk", "shipped", path)], ["name", "title", "from", "file"])
    assert widest(drawn) <= 40
    assert drawn.splitlines()[-2:] == ["  file: /a/checkout/at/a/rather/long/", "    path/rulesets/frontline-risk.yaml"]


# -- what a game's evening prints besides the board, at 60 columns -----------
def test_a_hint_note_wraps_to_sixty_columns() -> None:
    from tests.test_fair_rulings import capital_game

    capital_game()
    said = run("play hint", env=NARROW).stdout.splitlines()
    note = said[said.index("A2 → A3: taking A3, blue's capital, wins the game at once") :]
    assert note == ["A2 → A3: taking A3, blue's capital, wins the game at once", "  for red (DL-X4)"]


def test_replay_lines_wrap_to_sixty_columns(journal: Path) -> None:
    from tests.test_board_races import _forked

    second = _forked(journal)
    said = run("play replay", env=NARROW, code=1).stdout
    assert max(map(len, said.splitlines())) <= 60, said
    lines = said.splitlines()
    assert lines[1] == f"  entry {second}: built on entry {second - 2}, as entry {second - 1} was: two commands"
    assert lines[2].startswith("    acted on one board")


def test_an_error_wraps_on_a_terminal_and_stays_one_line_when_piped(monkeypatch: pytest.MonkeyPatch) -> None:
    empty = "--roll is empty: type the dice rolled, or leave --roll out for the referee to draw them"
    command = "battle diceland --attacker 6,5 --defender 1 --roll ','"
    assert run(command, env=NARROW, code=2).stderr.splitlines() == [f"error: {empty}"]  # $COLUMNS set, no terminal
    monkeypatch.setattr("referee.render.text.at_a_terminal", lambda: True)
    wrapped = run(command, env=NARROW, code=2).stderr.splitlines()
    assert wrapped == [
        "error: --roll is empty: type the dice rolled, or leave",
        "  --roll out for the referee to draw them",
    ]
    assert run(command, env={"COLUMNS": "", "NO_COLOR": "1"}, code=2).stderr.splitlines() == [f"error: {empty}"]


def test_the_journals_path_fits_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """REFEREE_JOURNAL at a long path: log and log verify name it, broken after a '/' to fit."""
    path = tmp_path / "a-rather-long-folder-name" / "another-long-folder" / "journal.sqlite3"
    path.parent.mkdir(parents=True)
    monkeypatch.setenv("REFEREE_JOURNAL", str(path))
    for command in ("log", "roll 2d6 --seed 1", "log verify"):
        said = run(command, env=NARROW).stdout
        assert max(map(columns, said.splitlines())) <= 60, said
    assert str(path) in "".join(said.split()) and said.startswith("ok: 1 entry, chain intact")


def test_a_path_that_fits_a_line_of_its_own_is_kept_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.render.text import path_lines

    monkeypatch.setenv("COLUMNS", "40")
    assert path_lines("ok: 1 entry, chain intact: /home/me/.local/journal.db", hanging="") == [
        "ok: 1 entry, chain intact:",
        "/home/me/.local/journal.db",
    ]


@pytest.mark.parametrize("lang", ["en", "nl", "de", "zh-Hant"])
@pytest.mark.parametrize("cols", [60, 80, 100])
def test_an_odds_table_never_squeezes_a_column_to_one_character(lang: str, cols: int) -> None:
    """A column of Chinese counts two columns a character: where a table would
    wrap its headers a character a line, it is stacked into a list as in every
    other language; every line fits, and no line holds a lone wide character."""
    said = run(f"--lang {lang} odds risk --attacker 3 --defender 2", env={"COLUMNS": str(cols), "NO_COLOR": "1"}).stdout
    assert max(map(columns, said.splitlines())) <= cols
    for line in said.splitlines():
        for word in line.split():
            assert not (len(word) == 1 and columns(word) == 2), (line, said)
    first = next(line for line in said.splitlines() if line.startswith("37"))
    assert ("1445/3888" in first) == (cols == 100), said  # a table's row at 100 columns, else a list


def test_a_chinese_odds_table_stacks_at_sixty_columns() -> None:
    said = run("--lang zh-Hant odds risk --attacker 3 --defender 2", env=NARROW).stdout
    assert said.splitlines()[1:4] == ["37.17%  ███▊", "  勝方: 進攻方", "  進攻方損失: 0"]


def _bar_eighths(line: str) -> int:
    """A bar's length in eighths of a character, from its full blocks and its last partial one."""
    partial = " ▏▎▍▌▋▊▉"
    return sum(8 if c == "█" else partial.index(c) for c in line if c == "█" or c in partial.strip())


@pytest.mark.parametrize(
    "command",
    [
        "odds risk --attacker 12 --defender 3,5,2 --until conquest",
        "--lang nl odds risk --attacker 3 --defender 5 --until conquest",
        "--lang zh-Hant odds risk --attacker 12 --defender 3,5,2 --until conquest",
    ],
)
def test_odds_bars_stay_proportional_at_sixty_columns(command: str) -> None:
    """Within each block, a higher percent never draws a shorter bar and a
    clearly higher one draws a longer bar: bars scale to the room left, or are
    left out, never cut."""
    said = run(command, env=NARROW).stdout
    percent = re.compile(r"(\d+[.,]\d\d)%")
    for block in said.split("\n\n"):
        rows = [
            (float(m.group(1).replace(",", ".")), _bar_eighths(line))
            for line in block.splitlines()
            if (m := percent.search(line))
        ]
        for p, eighths in rows:
            for q, other in rows:
                if p > q:
                    assert eighths >= other, block
                if p > q + 10:
                    assert eighths > other or eighths == other == 0, block


def test_an_error_written_to_a_file_stays_one_line_whatever_columns_says(tmp_path: Path) -> None:
    """A shell exports $COLUMNS to every child; only stderr being a terminal wraps an error."""
    import os
    import subprocess
    import sys

    errors = tmp_path / "errors.txt"
    env = {**os.environ, "COLUMNS": "60", "NO_COLOR": "1", "REFEREE_JOURNAL": str(tmp_path / "j.sqlite")}
    with errors.open("w") as stderr:
        command = [sys.executable, "-m", "referee", "battle", "diceland", "--attacker", "6,5", "--defender", "1"]
        done = subprocess.run([*command, "--roll", ","], env=env, stderr=stderr, stdout=subprocess.DEVNULL, check=False)
    assert done.returncode == 2
    assert len(errors.read_text().splitlines()) == 1, errors.read_text()


@pytest.mark.parametrize("lang", ["en", "nl", "de", "zh-Hant"])
def test_a_wrapped_error_never_splits_an_option_name(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("referee.render.text.at_a_terminal", lambda: True)
    command = f"--lang {lang} odds frontline-risk --attacker 3 --defender 2 --until conquest"
    said = run(command, env=NARROW, code=2).stderr
    assert len(said.splitlines()) > 1
    assert "--attacker-rear" in said, said
    assert not any(line.rstrip().endswith("-") for line in said.splitlines()), said


def test_whole_words_never_break_at_an_options_hyphen(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.render.text import wrapped

    monkeypatch.setenv("COLUMNS", "40")
    text = "error: count the units behind the front with --attacker-rear 1"
    assert wrapped(text, "", "  ", whole_words=True) == [
        "error: count the units behind the front",
        "  with --attacker-rear 1",
    ]
    split = "error: count the units here --attacker-rear 1"
    assert wrapped(split)[0].endswith("--attacker-")  # what whole words prevent
    assert wrapped(split, whole_words=True) == ["error: count the units here", "--attacker-rear 1"]


FITTED_IN_EVERY_LANGUAGE = [
    "show frontline-risk",
    "build frontline-risk --unflipped-stars 9 city airfield --no-journal",
    "battle frontline-risk --attacker '2 infantry' --attacker-rear infantry --defender '2 infantry' "
    "--until conquest --seed 4 --no-journal",
    "odds frontline-risk --attacker '2 infantry' --attacker-rear infantry --defender '2 infantry' --until conquest",
]


@pytest.mark.parametrize("lang", ["nl", "de", "zh-Hant"])
@pytest.mark.parametrize("command", FITTED_IN_EVERY_LANGUAGE)
def test_headings_and_titles_wrap_to_sixty_columns_in_every_language(command: str, lang: str) -> None:
    """A bold heading (the states a unit may be in, what happens between
    rounds, the works paid for) wraps as the prose under it does."""
    said = run(f"--lang {lang} {command}", env=NARROW).stdout.splitlines()
    assert max(columns(line) for line in said) <= 60, said


@pytest.mark.parametrize("lang", ["en", "nl", "de", "zh-Hant"])
def test_the_seed_line_wraps_but_keeps_seed_and_its_number_together(lang: str) -> None:
    """The line that says how to draw the dice again fits sixty columns in
    every language, and `--seed` never ends a line apart from its number."""
    command = f"--lang {lang} battle risk --attacker 3 --defender 2 --attacker-roll 6,5,4 --seed 5 --no-journal"
    said = run(command, env=NARROW).stdout.splitlines()
    assert max(columns(line) for line in said) <= 60, said
    assert not any(line.rstrip().endswith("--seed") for line in said), said
    assert "--seed 5" in " ".join(said)
