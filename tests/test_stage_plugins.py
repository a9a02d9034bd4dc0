"""Stage plug-ins a stranger publishes, broken every way we know (tests/plugins.py),
installed beside a working one, as `referee` processes find them: one that
fails to load is named in one line, with its package and version, only where
a file asks for its key, and every other ruling goes on; one that breaks the
contract while ruling is refused in one line naming it, nothing journaled,
and `referee table` goes on. The slow test installs them with a real `pip
install` into a scratch venv and runs every kind through validate, show,
battle and odds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import plugins
import pytest
from conftest import run

from referee.core.records import section
from referee.ruleset import registry
from referee.ruleset.spec import RULE, field
from referee.rulings.ruling import Side
from referee.stages.added import Added

Site = tuple[Path, dict[str, str]]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """Every plug-in installed in a folder (as pip leaves them), a file asking
    for each, and the environment a `referee` process finds them by."""
    root = tmp_path_factory.mktemp("plugins")
    folder = plugins.installed(root / "site")
    for key in [*plugins.KINDS, "works", "", "work"]:
        plugins.ruleset(root, key)
    return root, {**os.environ, "PYTHONPATH": str(folder), "REFEREE_JOURNAL": str(root / "journal.sqlite3")}


def _asks(root: Path, key: str = "") -> str:
    return str(root / f"asks-{(key or 'none').replace('_', '-')}.yaml")


def referee(env: dict[str, str], *args: str, given: str = "") -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "referee", *args], input=given, capture_output=True, text=True, env=env, timeout=120
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.mark.parametrize("command", list(plugins.COMMANDS))
@pytest.mark.parametrize("key", ["", "works"])
def test_every_ruling_that_asks_for_no_broken_plugin_goes_on(site: Site, command: str, key: str) -> None:
    root, env = site
    done = referee(env, command, _asks(root, key), *plugins.COMMANDS[command])
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    if key and command == "battle":
        assert "the banner stands" in done.stdout


@pytest.mark.parametrize("key", list(plugins.FAILS_TO_LOAD))
def test_a_plugin_that_fails_to_load_is_named_in_one_line_where_a_file_asks_for_it(site: Site, key: str) -> None:
    root, env = site
    done = referee(env, "validate", _asks(root, key))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    where = f"asks-{key.replace('_', '-')}.yaml:20:5: attacks.melee.{key}: "
    assert (
        f"{where}stage plug-in '{key}' (package referee-{key} 0.1)" in done.stderr
        and " failed to load: " in done.stderr
    ), done.stderr
    assert done.stderr.rstrip().endswith("; uninstall it or fix it"), done.stderr


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("import_error", "ModuleNotFoundError: No module named 'nowhere_to_be_found'"),
        ("exits", "SystemExit: 3"),
        ("missing_module", "ModuleNotFoundError: No module named 'nowhere_installed'"),
        ("missing_attribute", "AttributeError: module 'plugin_missing_attribute' has no attribute 'STAGE'"),
        ("not_a_stage", "plugin_not_a_stage:STAGE is str, not a stage declared with Added"),
        ("look_alike", "plugin_look_alike:STAGE is Like, not a stage declared with Added"),
        ("unknown_point", "ValueError: an added stage runs at one of dice, symbols, kept, losses, not 'midnight'"),
        ("other_key", "its key is 'flag', not 'other_key' as its entry point names it"),
        ("no_section", "its grammar is not a section: TypeError:"),
    ],
)
def test_the_line_says_why_it_failed(site: Site, key: str, why: str) -> None:
    root, env = site
    assert f"failed to load: {why}" in referee(env, "battle", _asks(root, key), *plugins.ROLLED).stderr


@pytest.mark.parametrize(
    ("key", "why"),
    [("check_raises", "at cross_check: KeyError: 'banner'"), ("symbols_raise", "at symbols: ZeroDivisionError:")],
)
@pytest.mark.parametrize("command", ["validate", "battle"])
def test_a_grammar_whose_own_checks_raise_is_refused_in_one_line(site: Site, key: str, why: str, command: str) -> None:
    root, env = site
    done = referee(env, command, _asks(root, key), *plugins.COMMANDS[command])
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"stage plug-in '{key}' (package referee-{key} 0.1) broke its contract {why}" in done.stderr


def test_a_mistyped_key_is_still_unknown_with_did_you_mean(site: Site) -> None:
    root, env = site
    done = referee(env, "validate", _asks(root, "work"))
    assert done.returncode == 2
    assert "attacks.melee: unknown key 'work'; did you mean 'works'?" in done.stderr, done.stderr


def test_a_plugin_taking_a_shipped_stage_s_key_does_not_replace_it(tmp_path: Path) -> None:
    """An installed `cancel` fails to load, and the shipped one still cancels."""
    folder = tmp_path / "site"
    folder.mkdir()
    plugins.package(folder, "cancel", plugins.BREAKS_WHEN_RULING["run_raises"].replace("run_raises", "cancel"))
    path = tmp_path / "cancelling.yaml"
    text = plugins.RULESET.format(
        name="cancelling", asked="    cancel: [{by: defender, symbol: evade, order: [hit]}]\n"
    )
    evading = "defender: {die: battle, roll: {by: units}, read: {faces: {blank: [evade]}}}"
    path.write_text(text.replace("defender: {die: battle}", evading), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(folder), "REFEREE_JOURNAL": str(tmp_path / "own.sqlite3")}
    told = ["--attacker", "3 infantry", "--defender", "2 infantry", "--attacker-roll", "sword,sword,blank"]
    done = referee(env, "battle", str(path), *told, "--defender-roll", "blank,flag", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["defender_loses"] == 1


BROKE = {  # each plug-in that breaks the contract while ruling, and what its line says
    "run_raises": "at kept: ZeroDivisionError: division by zero",
    "returns_none": "at kept: what it returned is None, not a pair of its value and a list of steps",
    "negative_losses": "at losses: losses[0][defender] is -5, below 0",
    "more_than_held": "at losses: losses[0][defender] is 1000, more than the 2 the side can lose",
    "fraction_symbols": "at kept: kept[attacker][hit] is 0.5, not a whole number",
    "true_count": "at symbols: symbols[hit] is True, not a whole number",
    "one_side": "at dice: dice is {'attacker': 3}, not {side: dice}",
    "endless_dice": "at dice: dice[attacker] is 1000000000, more than the 1,000 dice the referee rolls at once",
    "text_steps": "at kept: a step it returned is 'the banner waves', not Step",
    "bad_dice": "at dice(): dice()[save] rolls 'd100', which is no die of the file",
}


def test_a_stage_that_breaks_the_contract_is_refused_and_the_table_goes_on(site: Site, tmp_path: Path) -> None:
    """Each broken ruling, then a working one, at one evening's table: each
    broken one is one line naming the stage, and only the working ones are ruled and journaled."""
    root, env = site
    env = {**env, "REFEREE_JOURNAL": str(tmp_path / "evening.sqlite3")}
    told = " ".join(f"'{word}'" for word in plugins.ROLLED)
    lines = [f"battle {_asks(root, key)} {told}\nbattle {_asks(root, 'works')} {told}\n" for key in BROKE]
    done = referee(env, "table", given="".join(lines))
    assert done.returncode == 0, done.stderr
    refused = done.stderr.splitlines()
    assert len(refused) == len(BROKE), done.stderr
    for line, (key, why) in zip(refused, BROKE.items()):
        assert (
            line
            == f"error: stage plug-in '{key}' (package referee-{key} 0.1) broke its contract {why}; nothing was ruled"
        )
    assert done.stdout.count("the banner stands") == len(BROKE)
    journaled = json.loads(referee(env, "log", "--json").stdout)
    assert [entry["ruleset"] for entry in journaled["entries"]] == ["asks-works"] * len(BROKE)


@pytest.mark.parametrize("key", ["negative_losses", "endless_dice", "bad_dice"])
def test_odds_refuse_a_stage_that_breaks_the_contract(site: Site, key: str) -> None:
    root, env = site
    done = referee(env, "odds", _asks(root, key), *plugins.COMMANDS["odds"])
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"stage plug-in '{key}' (package referee-{key} 0.1) broke its contract at" in done.stderr


# At unit level: a stage a program adds, checked as it rules (no package: named by its key alone).


@section
class Empty:
    """Nothing."""

    rule: str = field(RULE, "the rule it cites", "")


Lying = tuple[Path, dict[str, object]]


@pytest.fixture
def lying(tmp_path: Path) -> Iterator[Lying]:
    """A stage added by a program that gives back the defender's losses the
    test sets: the file asking for it, and what it gives."""
    given: dict[str, object] = {}

    def lie(at: object, paid: tuple[dict[Side, int], dict[Side, int]]) -> object:
        loses, retreats = paid
        return ({**loses, Side.DEFENDER: given["losses"]}, retreats), []

    registry.add_stage(Added("lying", Empty, "losses", lie))
    path = tmp_path / "lying.yaml"
    path.write_text(plugins.RULESET.format(name="lying", asked="    lying: {}\n"), encoding="utf-8")
    yield path, given
    registry.remove_stage("lying")


@pytest.mark.parametrize(
    ("losses", "said"),
    [
        (-5, "losses[0][defender] is -5, below 0"),
        (3, "losses[0][defender] is 3, more than the 2 the side can lose"),
        ("2", "losses[0][defender] is '2', not a whole number"),
        (None, "losses[0][defender] is None, not a whole number"),
    ],
)
def test_what_a_stage_returns_is_checked_where_it_enters_the_ruling(lying: Lying, losses: object, said: str) -> None:
    path, given = lying
    given["losses"] = losses
    refused = run(
        f"battle {path} --attacker '3 infantry' --defender '2 infantry' --attacker-roll flag,flag,blank", code=2
    )
    assert refused.stderr == f"error: stage 'lying' broke its contract at losses: {said}; nothing was ruled\n"
    assert json.loads(run("log --json").stdout)["entries"] == []


def test_a_stage_may_pass_on_more_losses_than_a_side_holds_where_it_was_given_them(lying: Lying) -> None:
    """The costs may deal more hits than a side has units; a stage passing them on is not refused."""
    path, given = lying
    given["losses"] = 3
    ruled = run(
        f"battle {path} --attacker '3 infantry' --defender '2 infantry' --attacker-roll sword,sword,sword --json"
    )
    assert json.loads(ruled.stdout)["defender_loses"] == 3


def test_a_stage_s_own_refusal_is_its_own(tmp_path: Path) -> None:
    """A stage that refuses as the referee does (a RefereeError) is not said to break the contract."""
    from referee.core.errors import RefereeError

    def refuse(at: object, kept: object) -> object:
        raise RefereeError("the banner is not raised on a Sunday")

    registry.add_stage(Added("sunday", Empty, "kept", refuse))
    try:
        path = tmp_path / "sunday.yaml"
        path.write_text(plugins.RULESET.format(name="sunday", asked="    sunday: {}\n"), encoding="utf-8")
        refused = run(f"battle {path} --attacker infantry --defender infantry --attacker-roll sword", code=2)
    finally:
        registry.remove_stage("sunday")
    assert refused.stderr == "error: the banner is not raised on a Sunday\n"


# The slow test: a real `pip install` into a scratch venv, and the probe of every kind by command.


def _wheel(folder: Path, key: str, module: str, target: str) -> Path:
    """A wheel of one plug-in, made by hand (a wheel is a zip with its metadata): no build backend, no network."""
    name, dist = f"plugin_{key}", f"referee_{key}-0.1"
    files = {
        f"{name}.py": module,
        f"{dist}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: referee-{key}\nVersion: 0.1\n",
        f"{dist}.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{dist}.dist-info/entry_points.txt": f"[referee.stages]\n{key} = {target.format(module=name)}\n",
    }
    files[f"{dist}.dist-info/RECORD"] = "".join(f"{path},,\n" for path in [*files, f"{dist}.dist-info/RECORD"])
    path = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        for inside, text in files.items():
            wheel.writestr(inside, text)
    return path


@pytest.mark.slow
def test_broken_plugins_installed_by_pip_end_no_command_in_a_traceback(tmp_path: Path) -> None:
    """Every kind installed by pip into a scratch venv that sees the referee,
    then each file through validate, show, battle and odds: no traceback,
    and each answer is what that kind should give."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    inside = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    )
    seen = [path for path in sys.path if path.endswith("site-packages")]
    (Path(inside.stdout.strip()) / "referee_beside.pth").write_text(
        "".join(f"import site; site.addsitedir({path!r})\n" for path in seen), encoding="utf-8"
    )
    wheels = [_wheel(tmp_path, key, *made) for key, made in plugins.FAILS_TO_LOAD.items()]
    breaks = {**plugins.BREAKS_WHEN_RULING, **plugins.BREAKS_WHEN_CHECKED}
    wheels += [_wheel(tmp_path, key, module, "{module}:STAGE") for key, module in breaks.items()]
    wheels.append(_wheel(tmp_path, "works", plugins.WORKS, "{module}:STAGE"))
    pip = [python, "-m", "pip", "install", "-q", "--no-index", "--no-deps", *map(str, wheels)]
    subprocess.run(pip, check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"REFEREE_JOURNAL": str(tmp_path / "j.sqlite3")}
    tracebacks, answers = 0, {}
    for key in [*plugins.KINDS, "works", ""]:
        path = plugins.ruleset(tmp_path, key)
        for command, more in plugins.COMMANDS.items():
            done = subprocess.run(
                [python, "-m", "referee", command, str(path), *more],
                capture_output=True,
                text=True,
                env=env,
                timeout=120,
            )
            tracebacks += "Traceback" in done.stderr
            answers[key, command] = (done.returncode, done.stderr.count("\n"), done.stderr)
    print(f"broken plug-ins: {len(plugins.KINDS)} kinds x {len(plugins.COMMANDS)} commands, {tracebacks} tracebacks")
    assert tracebacks == 0
    for (key, command), (code, lines, said) in answers.items():
        ruled = command in ("battle", "odds")
        if key in plugins.FAILS_TO_LOAD:
            assert (code, lines) == (2, 1) and f"(package referee-{key} 0.1) failed to load" in said, said
        elif key in plugins.BREAKS_WHEN_CHECKED or (key in plugins.BREAKS_WHEN_RULING and ruled):
            assert (code, lines) == (2, 1) and f"(package referee-{key} 0.1) broke its contract" in said, said
        else:
            assert (code, said) == (0, ""), (key, command, said)
