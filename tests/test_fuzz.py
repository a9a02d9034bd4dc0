"""Fuzzing every command: random arguments and random mutations of the
shipped rulesets must end in exit code 0 or 2, never a traceback, and a
successful --json run prints one JSON document.

Besides words a player might type, hostile values go into every option:
numbers of thousands of digits, numbers just past each documented limit,
bytes that are not UTF-8 (as a shell passes them, through os.fsdecode),
over-long paths, and a FIFO, a directory and a device where a file is
expected. Each scratch folder holds such files for the commands to meet.

CI runs a short version; REFEREE_FUZZ_EXAMPLES=100000 runs the long one.
"""

from __future__ import annotations

import importlib
import json
import os
import shlex
import tempfile
from pathlib import Path

import click
from click.testing import CliRunner
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.chance.notation import MAX_DICE, MAX_SIDES
from referee.cli import COMMANDS, cli
from referee.ruleset.load import load, shipped
from referee.ruleset.yamlnodes import MAX_BYTES
from referee.words.inputs import (
    DICE_PER_UNIT,
    LARGEST,
    MAX_ARGUMENT,
    MAX_COUNT,
    MAX_DIGITS,
    MAX_NAME,
    MAX_PATH,
    TABLE_NUMBER,
)

CASES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=CASES, deadline=None, derandomize=CASES <= 1000, suppress_health_check=list(HealthCheck))

WORDS = [
    *shipped(),
    "",
    " ",
    "x",
    "2 troper",
    "trooper",
    "2 trooper",
    "heavy, trooper",
    "3x soldaat",
    "sword,explosion",
    "sword,,",
    "6,5,2",
    "1",
    "0",
    "-1",
    "7",
    "36",
    "1000",
    "10" * 20,
    "2d6+1",
    "0d6",
    "3d",
    "defender:stealth",
    "attacker:city",
    "stealth",
    ":",
    "a:b",
    "--",
    "-",
    "🙂",
    "no",
    "010",
    "[",
    "{a: b}",
    "x" * 300,
    "\x00",
    "red",
    "blue",
    "melee",
    "ranged",
    "city",
]


def _names() -> list[str]:
    """The words of the shipped rulesets, as players combine them: units and
    their aliases, counted and in states, and situations on either side."""
    words: set[str] = set()
    for name in shipped():
        rules = load(name)
        units = [*rules.units, *(a for u in rules.units.values() for a in u.aliases)]
        words.update(units)
        words.update(f"{n} {state} {unit}" for n, state in enumerate(rules.states, 1) for unit in units[:4])
        words.update(f"{side}:{s}" for s in rules.situations for side in ("attacker", "defender"))
        words.update(rules.variants)
        words.update(f"{unit}, {other}" for unit in units[:3] for other in units[-3:])
    return sorted(words)


NAMES = _names()
# sizes just past each documented limit, and at it
LIMITS = [
    str(n)
    for limit in (MAX_COUNT, DICE_PER_UNIT, TABLE_NUMBER, LARGEST, MAX_DICE, MAX_SIDES)
    for n in (limit, limit + 1)
]
# files that are not files, made in each scratch folder by _check
ODD_FILES = ["pipe.yaml", "folder.yaml", "pipe", "folder", "/dev/null", "/dev/zero", "/", "big.yaml"]
HOSTILE = (
    st.integers(MAX_DIGITS, 6000).map(lambda n: "9" * n)
    | st.sampled_from(LIMITS)
    | st.binary(min_size=1, max_size=12).map(os.fsdecode)
    | st.sampled_from([MAX_NAME, MAX_PATH, MAX_ARGUMENT]).flatmap(
        lambda limit: st.integers(limit - 2, limit + 2).map(lambda n: "p" * n)
    )
    | st.integers(1, 2000).map(lambda n: "/".join(["d"] * n) + ".yaml")
    | st.sampled_from(ODD_FILES)
)
SCALARS = [
    "no",
    "010",
    "-5",
    "0",
    "99999999999999999999",
    "x",
    "[",
    "{a: 1}",
    "''",
    "~",
    "!!python/object:os.system",
    "*undefined",
    "&a x",
    "1.5",
    "true",
    "[1, 2]",
    "9" * 5000,
    *LIMITS,
]


def _options(name: str) -> list[tuple[str, bool]]:
    """(option, is_flag) for every option of a command, read off click."""
    module, attr = COMMANDS[name].split(":")
    command: click.Command = getattr(importlib.import_module(module), attr)
    out = []
    for param in command.params:
        if isinstance(param, click.Option):
            out += [(opt, param.is_flag) for opt in param.opts if opt.startswith("--")]
    if isinstance(command, click.Group):
        out += [(sub, True) for sub in command.commands]
    return out


OPTIONS = {name: _options(name) for name in COMMANDS}


def _choices() -> list[str]:
    """Every value a click.Choice option offers (--until conquest, --format csv…)."""
    found: set[str] = set()
    for name in COMMANDS:
        module, attr = COMMANDS[name].split(":")
        command: click.Command = getattr(importlib.import_module(module), attr)
        for param in [*command.params, *(p for c in getattr(command, "commands", {}).values() for p in c.params)]:
            if isinstance(param.type, click.Choice):
                found.update(str(choice) for choice in param.type.choices)
    return sorted(found)


NAMES += _choices()


@st.composite
def invocations(draw: st.DrawFn, ruleset: str | None = None) -> list[str]:
    name = draw(st.sampled_from(sorted(COMMANDS)))
    args = [name]
    if ruleset is not None or draw(st.booleans()):
        args.append(ruleset or draw(st.sampled_from(WORDS)))
    for option, is_flag in draw(st.lists(st.sampled_from(OPTIONS[name] or [("--json", True)]), max_size=6)):
        args.append(option)
        if not is_flag:
            args.append(draw(st.sampled_from(WORDS) | st.sampled_from(NAMES) | st.text(max_size=12)))
    if draw(st.booleans()):
        args.append("--json")
    return args


def _asks_json(args: list[str]) -> bool:
    """--json as a flag, not as the value of an option before it, and no help asked."""
    takes_value = {option for option, is_flag in OPTIONS.get(args[0], []) if not is_flag}
    flags = [a for i, a in enumerate(args) if i == 0 or args[i - 1] not in takes_value]
    return "--json" in flags and "--help" not in flags and "-h" not in flags


def _odd_files(home: Path) -> None:
    """A FIFO, a directory and a file just past the size limit, where a command may look for a file."""
    for name in ("pipe.yaml", "pipe"):
        os.mkfifo(home / name)
    for name in ("folder.yaml", "folder"):
        (home / name).mkdir()
    (home / "big.yaml").write_bytes(b"#" * (MAX_BYTES + 1))


def _check(args: list[str]) -> None:
    with tempfile.TemporaryDirectory() as home:
        _odd_files(Path(home))
        env = {"XDG_DATA_HOME": home, "REFEREE_JOURNAL": str(Path(home) / "journal.sqlite3")}
        cwd = os.getcwd()
        os.chdir(home)  # anything a command writes lands in the scratch folder
        try:
            result = CliRunner().invoke(cli, args, env=env, catch_exceptions=False)
        finally:
            os.chdir(cwd)
    assert result.exit_code in (0, 2), (args, result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout, args
    if result.exit_code == 2:
        assert result.stderr.strip(), args
    if result.exit_code == 0 and _asks_json(args):
        json.loads(result.stdout)


@FUZZ
@given(invocations())
def test_random_arguments(args: list[str]) -> None:
    _check(args)


@st.composite
def mutated_examples(
    draw: st.DrawFn, values: st.SearchStrategy[str], options: tuple[tuple[str, bool], ...] = ()
) -> list[str]:
    """A working command line with a few tokens dropped, replaced or added
    (options of its command, and `options`), new values drawn from `values`:
    the way to reach the code behind the first checks."""
    name = draw(st.sampled_from(sorted(EXAMPLES)))
    args = shlex.split(EXAMPLES[name])
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        i = draw(st.integers(min_value=1, max_value=max(1, len(args) - 1)))
        kind = draw(st.sampled_from(["drop", "replace", "add"]))
        if kind == "drop" and len(args) > 1:
            del args[min(i, len(args) - 1)]
        elif kind == "replace" and len(args) > 1:
            args[min(i, len(args) - 1)] = draw(values)
        else:
            option, is_flag = draw(st.sampled_from([*OPTIONS[name], *options] or [("--json", True)]))
            args += [option] if is_flag else [option, draw(values)]
    if draw(st.booleans()):
        args.append("--json")
    return args


@FUZZ
@given(mutated_examples(st.sampled_from(WORDS) | st.sampled_from(NAMES) | st.text(max_size=8)))
def test_mutated_working_commands(args: list[str]) -> None:
    _check(args)


@FUZZ
@given(mutated_examples(HOSTILE, (("--journal", False),)))
def test_hostile_values(args: list[str]) -> None:
    """Hostile values in place of a working command's words, or given to its options and the journal's."""
    _check(args)


@st.composite
def mutated_ruleset(draw: st.DrawFn) -> str:
    lines = shipped()[draw(st.sampled_from(sorted(shipped())))].read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "scalar", "swap", "truncate", "indent"]))
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "scalar" and ":" in lines[i]:
            key, _, _ = lines[i].partition(":")
            lines[i] = f"{key}: {draw(st.sampled_from(SCALARS))}"
        elif kind == "swap":
            j = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "truncate":
            lines = lines[:i]
        elif kind == "indent":
            lines[i] = "  " + lines[i]
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


@FUZZ
@given(mutated_ruleset(), st.data())
def test_mutated_rulesets(text: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.yaml"
        path.write_text(text, encoding="utf-8")
        _check(data.draw(invocations(ruleset=str(path))))
