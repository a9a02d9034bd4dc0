"""Options are never translated: every `--word` a message writes, in every
catalogue, is an option some command takes (walked from click's command tree)."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import fails, run

from referee.cli import cli
from referee.ruleset.load import shipped
from referee.rulings.ruling import say_n
from referee.words.language import ENGLISH, LANGUAGES, speaking

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from catalogues import every_catalogue, read_po

OPTION = re.compile(r"(?<![\w-])--(\w[\w-]*)")


def _options(command: click.Command, ctx: click.Context) -> set[str]:
    """Every long option of `command` and of the commands under it (loaded as click loads them)."""
    found = {name[2:] for param in command.params for name in [*param.opts, *param.secondary_opts] if name[:2] == "--"}
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                found |= _options(sub, click.Context(sub, parent=ctx, info_name=name))
    return found


def _known() -> set[str]:
    """The options of every command, click's --help, and the options a shipped
    ruleset adds (its players, its recruiting), as `show` lists them."""
    known = _options(cli, click.Context(cli, info_name="referee")) | {"help"}
    for name in shipped():
        known |= set(OPTION.findall(run(f"show {name}").stdout))
    return known


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != ENGLISH])
def test_every_option_a_message_writes_is_an_option(code: str) -> None:
    known = _known()
    written = {
        word
        for po in every_catalogue(code.replace("-", "_"))
        for key, forms in read_po(po).items()
        for text in [key, *forms]
        for word in OPTION.findall(text)
        if not word.split("-")[0].isupper()  # a placeholder: --PLAYER-left
    }
    assert written, code
    assert written <= known, sorted(written - known)


@pytest.mark.parametrize("code", ["nl", "de", "zh-Hant"])
def test_the_front_refusal_names_the_options_as_typed(code: str) -> None:
    armies = '--attacker "3 infantry, 2 armour" --defender "2 infantry"'
    said = fails(f"--lang {code} battle frontline-risk {armies} --until conquest")
    assert set(OPTION.findall(said)) == {"attacker", "attacker-rear"}, said


@pytest.mark.parametrize(
    ("code", "typed", "said"),
    [
        ("en", "defender:rear assault", "'rear assault' is for the attacker"),
        ("nl", "attacker:extra defence die", "'extra defence die'"),
        ("zh-Hant", "attacker:額外防守骰仔", "「額外防守骰仔」"),
    ],
)
def test_a_situation_on_the_wrong_side_is_named_as_typed(code: str, typed: str, said: str) -> None:
    line = fails(f'--lang {code} battle frontline-risk --attacker 3 --defender 2 --when "{typed}"')
    assert said in line and "-die" not in line and "rear-assault" not in line, line


UNKNOWN = {"en": "unknown", "nl": "onbekend", "de": "unbekannt", "zh-Hant": "未知"}


@pytest.mark.parametrize("code", ["en", "nl", "de", "zh-Hant"])
def test_known_situations_are_listed_as_printed_and_typed_back(code: str) -> None:
    battle = f"--lang {code} battle frontline-risk --attacker 2 --defender 2"
    line = fails(f"{battle} --when attacker:bogus")
    listing = re.split(r"[:：] ?", line)[-1]
    assert "extra-defence-die" not in listing and "rear-assault" not in listing, line
    for printed in re.split(r"、|, (?![^(（]*[)）])", listing):
        typed = CliRunner().invoke(cli, [*shlex.split(battle), "--when", f"attacker:{printed}", "--json"])
        assert UNKNOWN[code] not in typed.stderr, (printed, typed.stderr)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "refused: a stealthed saboteur cannot be attacked"),
        ("nl", "geweigerd: een verstopte saboteur kan"),
        ("de", "abgelehnt: ein getarnter Saboteur kann"),
        ("zh-Hant", "不允許：隱身的破壞者"),
    ],
)
def test_a_rulesets_refusal_is_said_in_the_language_asked(code: str, said: str) -> None:
    line = fails(f"--lang {code} battle groundforce --attacker 2 --defender saboteur --when defender:stealth")
    assert said in line and "GF-S1" in line, line


@pytest.mark.parametrize(
    ("code", "head"),
    [
        ("en", "a city twice is paid for"),
        ("nl", "een stad tweemaal is betaald"),
        ("de", "eine Stadt zweimal ist bezahlt"),
        ("zh-Hant", "已付款"),
    ],
)
def test_one_work_built_twice_is_one_thing_paid_for(code: str, head: str) -> None:
    said = run(f"--lang {code} build frontline-risk --unflipped-stars 9 city city --no-journal").stdout
    assert head in said.splitlines()[0], said


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("en", "; armour becomes damaged", "2 armour become damaged"),
        ("nl", "; pantser wordt beschadigd", "2 pantser worden beschadigd"),
        ("de", "; Panzer wird beschädigt", "2 Panzer werden beschädigt"),
        ("zh-Hant", "裝甲師變為", "2 個裝甲師變為"),
    ],
)
def test_units_worn_agree_with_their_count(code: str, one: str, two: str) -> None:
    fight = f"--lang {code} battle frontline-risk --attacker '2 infantry' --attacker-roll 6,6 --no-journal"
    assert one in run(f"{fight} --defender 'armour, infantry' --defender-roll 1,1").stdout
    assert two in run(f"{fight} --defender '2 armour' --defender-roll 1,1").stdout


@pytest.mark.parametrize(
    ("code", "one"), [("en", "1 die each"), ("nl", "1 dobbelsteen per speler"), ("de", "je 1 Würfel")]
)
def test_one_die_each_is_said_in_the_singular(code: str, one: str) -> None:
    with speaking(code):
        assert str(say_n("outcome.dice_each", "{n} die each", "{n} dice each", 1)) == one
