"""Every help and every output fits (issue 25's bar): at a 60-column terminal
and piped (100 columns), in every language, each line measured as a terminal
shows it (a wide or full-width character takes two columns). The helps are
found by walking the command tree; the outputs are a real ruling of every
command for every shipped ruleset it applies to, a game held and read back,
the table prompt fed on its input, and refusals on stderr. (JSON documents,
the schema, a game's export and SVG pictures are read by programs, not on a
terminal, and are left out.)"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.render.widths import columns
from referee.ruleset.load import shipped

LANGUAGES = ["en", "nl", "de", "zh-Hant"]
# $COLUMNS is how the referee learns a terminal's width, and set empty it reads
# as output piped to a file or a program: 100 columns. Click's help reads the
# terminal itself, which CliRunner fixes at 80 columns unless told the width.
WIDTHS = [pytest.param(60, id="terminal-60"), pytest.param(100, id="piped-100")]

BY_RULESET = {
    "groundforce": [
        'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" '
        "--attacker-roll sword,explosion --defender-roll shield,sword",
        'battle groundforce --attacker heavy --defender "trooper, saboteur" --range 2 --seed 7',
        'odds groundforce --attacker "2 trooper" --defender "trooper, heavy"',
        'reinforce groundforce --mines 2 --free-places 2 --buy "trooper, heavy"',
        "reinforce groundforce --mines 3 --free-places 1",
        "roll groundforce 2 --seed 7",
        "show groundforce",
    ],
    "risk": [
        "battle risk --attacker 3 --defender 2 --attacker-roll 6,5,4 --defender-roll 5,3",
        "battle risk --attacker 12 --defender 3,5,2 --until conquest --stop-at 3 --seed 5",
        "battle risk --attacker 5 --defender 3 --until conquest --seed 3",
        "odds risk --attacker 3 --defender 2",
        "odds risk --attacker 12 --defender 3,5,2 --until conquest",
        "odds risk --attacker 10 --defender 10 --until conquest --stop-at 4",
        "odds risk --table 8",
        "recruit risk --territories 13 --continent australia --set 3 --reward matched-card",
        "roll risk 3 --seed 1",
        "show risk",
    ],
    "frontline-risk": [
        'battle frontline-risk --attacker "infantry, armour" --attacker-rear 1 '
        '--defender "infantry, damaged armour" --when defender:city --attacker-roll 6,5,2 --defender-roll 6,3,1',
        'battle frontline-risk --attacker "infantry, armour" --attacker-rear "armour, 2 infantry" '
        '--defender "infantry, armour" --defender-rear "2 infantry" --when defender:city --until conquest --seed 2',
        'odds frontline-risk --attacker "2 armour" --defender infantry',
        'odds frontline-risk --attacker "2 armour" --attacker-rear "10 infantry, 3 armour" --defender "2 infantry" '
        '--defender-rear "8 infantry, 2 armour" --when defender:city --until conquest',
        "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia --reward two-armies "
        '--free-armour 4 --buy "4 armour, 7 infantry"',
        'recruit frontline-risk --territory "3 infantry, damaged armour" --change merge --site',
        "build frontline-risk --unflipped-stars 9 city airfield",
        "roll frontline-risk 3 --seed 1",
        "show frontline-risk",
    ],
    "diceland": [
        "battle diceland --attacker 6,2 --defender 3 --roll 5,1",
        "battle diceland --attacker 6,3 --defender 5 --seed 4",
        "odds diceland --attacker 6,2 --defender 3",
        "group diceland 4 5",
        "score diceland --red 6,5,1 --blue 4,4,4 --first red",
        "setup diceland --tiles 10 --seed 4 --red 6,6,5,4,3,2,1 --blue 6,5,5,5,4,1,1",
        "map diceland --tiles 10 --seed 4",
        "map diceland --tiles 34 --seed 5 --capitals",
        "map diceland --tiles 24 --seed 3 --shape front",  # a wide board, cut into bands
        "roll diceland 2 --seed 1",
        "show diceland",
    ],
    "trueforces": [
        "hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3",
        "hit trueforces --attacker 4 --target 5 --attack ranged --seed 3",
        "hit trueforces --attacker 4 --target 5 --attack melee --action run",
        "odds trueforces --attack melee",
        "roll trueforces 2 --seed 1",
        "show trueforces",
    ],
}
# commands that read or write the journal, in order, each on the one before
EVENING = [
    "roll 2d6+1 --seed 7",
    "rulesets",
    "new friday-night --from groundforce",
    "game start friday groundforce",
    'battle --attacker "2 trooper" --defender trooper --attacker-roll sword,explosion --defender-roll shield',
    "replay last",
    "game",
    "game stop",
    "play start sunday diceland --tiles 8 --seed 2 --capitals --rule capital --rule terrain "
    "--red 6,6,5,4,3,2,1 --blue 6,5,5,4,3,2,1",
    "play place C1 6 A3 2 A2 6 B3 5 B1 5 A4 4 B2 4 C3 5 C2 3 A1 1",
    "play board",
    "play attack B3 B2 --with C3 --roll 5,4",
    "play pick 5:B3",
    "play end --grow A3",
    "play hint",
    "play undo",
    "play replay",
    "game stop",
    "log",
    "log --game sunday",
    "log show 3",  # the battle
    "log show 9",  # an action on the board, with its map
    "log show last",
    "log verify",
    "replay 3",
]
REFUSALS = [
    'battle groundforce --attacker "2 trooper" --defender dragon',
    "battle diceland --attacker 6,5 --defender 1 --roll ','",
    "odds frontline-risk --attacker 3 --defender 2 --until conquest",
    "recruit risk --territories 7 --continent atlantis",
    "hit trueforces --attacker 4 --target 5",
    "play attack A1 A2",
    "replay 999",
    "game stop",
    "batle risk",
    "roll 3d",
]
TABLE = [
    "battle groundforce --attacker '2 trooper' --defender trooper --attacker-roll sword,explosion "
    "--defender-roll shield",
    "odds risk --attacker 3 --defender 2",
    "show diceland",
    "battle --attacker dragon",
    "help",
    "help battle",
]


def _every_path(group: click.Group, ctx: click.Context, above: list[str]) -> Iterator[list[str]]:
    """Every command's words under a group, walked as click finds them."""
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        yield [*above, name]
        if isinstance(command, click.Group):
            yield from _every_path(command, click.Context(command, parent=ctx, info_name=name), [*above, name])


PATHS = [[], *_every_path(cli, click.Context(cli, info_name="referee"), [])]
# A journal entry's hash and the one before it are 64 hex digits that a reader
# compares or copies whole, wider than 60 columns on any line: they are allowed
# past the edge only in their narrowest form, the label and the hash alone.
HASH = re.compile(r"(\S+ +)[0-9a-f]{64}")
LABEL = 16  # the widest label column `log show` pads to


def _said(argv: list[str], width: int, code: int = 0, stdin: str | None = None) -> str:
    """What a command printed on stdout and stderr at this width."""
    env = {"COLUMNS": "60" if width == 60 else "", "NO_COLOR": "1"}
    terminal = 60 if width == 60 else None
    result = CliRunner().invoke(cli, argv, env=env, input=stdin, catch_exceptions=False, terminal_width=terminal)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.exit_code == code, (argv, result.stdout, result.stderr)
    return result.stdout + result.stderr


def _fits(line: str, width: int) -> bool:
    hashed = HASH.fullmatch(line)
    return columns(line) <= width or (hashed is not None and columns(hashed.group(1)) <= LABEL)


def _too_wide(commands: list[str], lang: str, width: int, code: int = 0) -> dict[str, list[str]]:
    """Each command's lines that do not fit, by the command; run in order, each on what the ones before left."""
    wide = {}
    for command in commands:
        said = _said(["--lang", lang, *shlex.split(command)], width, code)
        if lines := [f"{columns(line)}: {line}" for line in said.splitlines() if not _fits(line, width)]:
            wide[command] = lines
    return wide


@pytest.fixture(autouse=True)
def read_at_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test journals to its own file. Errors are read on a terminal, as a
    player reads them, with stdout at 60 columns or piped: an error written to a
    file stays one line whatever its length, for the program that reads it
    (test_terminal_width holds it to that)."""
    monkeypatch.setenv("REFEREE_JOURNAL", str(tmp_path / "journal.sqlite3"))
    monkeypatch.setattr("referee.render.text.at_a_terminal", lambda: True)


def test_every_shipped_ruleset_is_ruled_on() -> None:
    assert sorted(BY_RULESET) == sorted(shipped())


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_fits(lang: str, width: int) -> None:
    assert len(PATHS) > 30  # the group, every command and every subcommand
    assert not _too_wide([shlex.join([*path, "--help"]) for path in PATHS], lang, width)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", sorted(BY_RULESET))
def test_every_ruling_fits(ruleset: str, lang: str, width: int) -> None:
    assert not _too_wide(BY_RULESET[ruleset], lang, width)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_evening_fits(lang: str, width: int) -> None:
    """A game started, rulings in it, a game held on the board, the journal read back."""
    assert not _too_wide(EVENING, lang, width)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_fits(lang: str, width: int, tmp_path: Path) -> None:
    """Refusals, and a broken ruleset in a checkout at a long path (file:line in the message)."""
    folder = tmp_path / "a-checkout-at-a-rather-long-path" / "with-folders-inside-folders"
    folder.mkdir(parents=True)
    broken = folder / "broken.yaml"
    broken.write_text(shipped()["risk"].read_text(encoding="utf-8").replace("\ndice:", "\ndise:"), encoding="utf-8")
    assert not _too_wide([*REFUSALS, f"validate {broken}"], lang, width, code=2)
    assert not _too_wide([f"validate {shipped()['risk']}"], lang, width)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_fits(lang: str, width: int) -> None:
    """The table prompt fed on its input: rulings, a refusal, its help and a command's."""
    said = _said(["--lang", lang, "table"], width, stdin="".join(f"{line}\n" for line in TABLE))
    assert "battle" in said and not [line for line in said.splitlines() if not _fits(line, width)]
