"""`--help` in every language: the commands' own texts, click's words, the
example's heading; each within 60 columns (Chinese measured in columns, a
wide character two); English exactly as click formats it."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import run

from referee.cli import COMMANDS, cli
from referee.render.widths import columns
from referee.words import language

OTHERS = [code for code in language.LANGUAGES if code != language.ENGLISH]


def _paths() -> list[str]:
    """Every command's path, the group's ('') and each subcommand's included."""
    paths = [""]
    for name in sorted(COMMANDS):
        command = cli.get_command(click.Context(cli), name)
        paths += [name, *(f"{name} {sub}" for sub in getattr(command, "commands", {}))]
    return paths


def _help(path: str, code: str) -> str:
    return CliRunner().invoke(cli, ["--lang", code, *path.split(), "--help"], terminal_width=60).stdout


@pytest.mark.parametrize("code", OTHERS)
def test_every_help_fits_sixty_columns_in_every_language(code: str) -> None:
    for path in _paths():
        lines = _help(path, code).splitlines()
        assert max(map(columns, lines)) <= 60, [line for line in lines if columns(line) > 60]


@pytest.mark.parametrize("code", OTHERS)
def test_every_help_speaks_the_language(code: str) -> None:
    """No help keeps click's English words or an English option text."""
    for path in _paths():
        out = _help(path, code)
        for english in ("Usage:", "Options:", "Show this message and exit.", "Example:", "Print one JSON"):
            assert english not in out, (path, english)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "nl",
            [
                "Gebruik: cli battle [OPTIONS] [RULESET]",
                "Doe uitspraak over één aanval.",
                "Opties:",
                "De zijden die de aanvaller",
                "Toon deze hulptekst en stop.",
                "Voorbeeld:",
                '    referee battle groundforce --attacker "2 trooper" \\',
            ],
        ),
        (
            "de",
            [
                "Aufruf: cli battle [OPTIONS] [RULESET]",
                "Entscheidet über einen Angriff.",
                "Optionen:",
                "Die Seiten, die der Angreifer",
                "Diese Hilfe zeigen und beenden.",
                "Beispiel:",
            ],
        ),
        (
            "zh-Hant",
            [
                "用法：cli battle [OPTIONS] [RULESET]",
                "裁定一次攻擊。",
                "選項：",
                "防守方擲出的骰面。",
                "顯示本說明後結束。",
                "範例：",
            ],
        ),
    ],
)
def test_battle_help_in_each_language(code: str, said: list[str]) -> None:
    out = _help("battle", code)
    for text in said:
        assert text in out, text


def test_the_groups_help_speaks_the_language_however_it_is_asked() -> None:
    """--lang before or after --help, REFEREE_LANG, and `referee` alone."""
    assert "Commando's:" in run("--lang nl --help").stdout
    assert "Befehle:" in run("--help --lang de").stdout
    assert "指令：" in run("--help", env={"REFEREE_LANG": "zh-Hant"}).stdout
    alone = run("", env={"REFEREE_LANG": "nl"}).stdout
    assert "Commando's:" in alone and "Afsluitcodes: 0 gelukt" in alone
    listed = run("--lang de --help").stdout
    assert "  battle     Entscheidet über einen Angriff." in listed
    assert "[standaard: 20]" in run("--lang nl log --help").stdout
    assert "【必填】" in run("--lang zh-Hant hit --help").stdout


def test_a_chinese_command_list_is_cut_in_columns() -> None:
    """A summary too long for its line ends in '...' within 60 columns, as click cuts English."""
    lines = _help("", "zh-Hant").splitlines()
    game = next(line for line in lines if line.startswith("  game "))
    assert game.endswith("...") and columns(game) <= 60


@pytest.mark.parametrize("path", _paths())
def test_english_help_is_clicks_own(path: str) -> None:
    """English help is click's formatting of the English texts, byte for byte."""
    names = path.split()
    context = click.Context(cli, info_name="cli")
    command: click.Command = cli
    for name in names:
        sub = command.get_command(context, name) if isinstance(command, click.Group) else None
        assert sub is not None
        command, context = sub, click.Context(sub, info_name=name, parent=context)
    formatter = click.HelpFormatter(width=60)
    click.Command.format_help(command, context, formatter)
    expected = formatter.getvalue()
    out = CliRunner().invoke(cli, [*names, "--help"], terminal_width=60).stdout
    assert out == expected


def test_the_catalogue_check_reads_help_texts_by_their_ids(tmp_path: Path) -> None:
    """A command's docstring up to its example, and an option's help as click keeps it (dedented)."""
    from test_step_messages import _catalogues

    package = tmp_path / "code"
    package.mkdir()
    (package / "command.py").write_text(
        '@click.option("--n", help=helped("help.thing.n", """How many\n    things."""))\n'
        '@described("help.thing")\n'
        "def thing(n):\n"
        '    """Do a thing, once or\n    several times.\n\n    \\b\n    Example:\n      referee thing\n    """\n',
        encoding="utf-8",
    )
    assert set(_catalogues().asked(package)) == {
        "help.thing.n\x04How many\nthings.",
        "help.thing\x04Do a thing, once or\nseveral times.",
    }
