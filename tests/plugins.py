"""Broken stage plug-ins, each a package as a stranger would publish it, and
a working one beside them: written into a folder with the metadata pip
leaves (`*.dist-info` with its entry point under `referee.stages`), so that
a `referee` process given the folder on its path finds them as installed,
or built into a wheel for a real `pip install`. Each kind's key is its
name; a file asks for it by writing `<key>: {}` under its attack."""

from __future__ import annotations

import textwrap
from pathlib import Path

GRAMMAR = '''\
from referee.core.records import section
from referee.ruleset.spec import RULE, field


@section
class Plain:
    """A stage that says nothing of itself."""

    rule: str = field(RULE, "the rule it cites", "")
'''

HEAD = f"""\
from referee.rulings.ruling import Side, step
from referee.stages.added import Added, At, Dice

{GRAMMAR}
"""


def _stage(key: str, at: str, body: str, more: str = "") -> str:
    """A stage module whose function at `at` is `body` (given `at` and `value`)."""
    function = f"def run(at, value):\n{textwrap.indent(textwrap.dedent(body), '    ')}\n"
    dice = ", dice=dice" if more else ""
    return f'{HEAD}\n{function}\n{more}\nSTAGE = Added(key="{key}", grammar=Plain, at="{at}", run=run{dice})\n'


def _loads(key: str) -> str:
    return _stage(key, "kept", "return value, []")


# kind -> (its stage module, its entry point's target); each fails to load
FAILS_TO_LOAD = {
    "import_error": ("import nowhere_to_be_found\n", "{module}:STAGE"),
    "raises": ("raise RuntimeError('the banner is torn')\n", "{module}:STAGE"),
    "syntax_error": ("def broken(:\n", "{module}:STAGE"),
    "exits": ("import sys\nsys.exit(3)\n", "{module}:STAGE"),
    "base_exception": ("class Torn(BaseException):\n    pass\nraise Torn('torn')\n", "{module}:STAGE"),
    "missing_module": ("", "nowhere_installed.stage:STAGE"),
    "missing_attribute": ("VALUE = 1\n", "{module}:STAGE"),
    "not_a_stage": ("STAGE = 'a banner'\n", "{module}:STAGE"),
    "look_alike": (
        f"{GRAMMAR}\nfrom referee.ruleset.spec import Record\n\n\nclass Like:\n"
        "    key = 'look_alike'\n    spec = Record(Plain)\n\n\nSTAGE = Like()\n",
        "{module}:STAGE",
    ),
    "unknown_point": (_stage("unknown_point", "midnight", "return value, []"), "{module}:STAGE"),
    "other_key": (_stage("flag", "kept", "return value, []"), "{module}:STAGE"),
    "no_section": (
        "from referee.stages.added import Added\n\n\nclass Plain:\n    pass\n\n\n"
        "STAGE = Added(key='no_section', grammar=Plain, at='kept', run=print)\n",
        "{module}:STAGE",
    ),
    "malformed_point": (_loads("malformed_point"), "{module}:STAGE:more"),
}

# kind -> its stage module; each loads, and breaks the contract when it rules
BREAKS_WHEN_RULING = {
    "run_raises": _stage("run_raises", "kept", "return value, [1 / 0]"),
    "returns_none": _stage("returns_none", "kept", "return None"),
    "negative_losses": _stage(
        "negative_losses", "losses", "loses, retreats = value\nreturn ({**loses, Side.DEFENDER: -5}, retreats), []"
    ),
    "more_than_held": _stage(
        "more_than_held", "losses", "loses, retreats = value\nreturn ({**loses, Side.DEFENDER: 1000}, retreats), []"
    ),
    "fraction_symbols": _stage(
        "fraction_symbols",
        "kept",
        "return {side: {s: n / 2 for s, n in kept.items()} for side, kept in value.items()}, []",
    ),
    "true_count": _stage("true_count", "symbols", "return {s: True for s in value}, []"),
    "one_side": _stage("one_side", "dice", "return {Side.ATTACKER: value[Side.ATTACKER]}, []"),
    "endless_dice": _stage("endless_dice", "dice", "return {side: 10**9 for side in value}, []"),
    "text_steps": _stage("text_steps", "kept", "return value, ['the banner waves']"),
    "bad_dice": _stage(
        "bad_dice", "losses", "return value, []", "def dice(at, most):\n    return {'save': Dice('d100', 3, 'save')}\n"
    ),
}

# kind -> its stage module; each loads, and its grammar's own code raises when a file using it is checked
BREAKS_WHEN_CHECKED = {
    "check_raises": _stage("check_raises", "kept", "return value, []").replace(
        '    rule: str = field(RULE, "the rule it cites", "")\n',
        '    rule: str = field(RULE, "the rule it cites", "")\n\n'
        "    def cross_check(self, rules, path, fail):\n        raise KeyError('banner')\n",
    ),
    "symbols_raise": _stage("symbols_raise", "kept", "return value, []").replace(
        '    rule: str = field(RULE, "the rule it cites", "")\n',
        '    rule: str = field(RULE, "the rule it cites", "")\n\n    def symbols(self):\n        return 1 / 0\n',
    ),
}

# the working plug-in installed beside them: a side's symbols stand as counted, and it says so
WORKS = _stage("works", "kept", "return value, [step(at.rule, 'works.stood', 'the banner stands')]")

KINDS = [*FAILS_TO_LOAD, *BREAKS_WHEN_RULING, *BREAKS_WHEN_CHECKED]


def package(folder: Path, key: str, module: str, target: str = "{module}:STAGE", version: str = "0.1") -> None:
    """One plug-in, as pip leaves it installed: its module `plugin_<key>`, and
    the metadata naming its package `referee-<key>` and its entry point."""
    name = f"plugin_{key}"
    (folder / f"{name}.py").write_text(module, encoding="utf-8")
    info = folder / f"referee_{key}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: referee-{key}\nVersion: {version}\n", encoding="utf-8"
    )
    points = f"[referee.stages]\n{key} = {target.format(module=name)}\n"
    (info / "entry_points.txt").write_text(points, encoding="utf-8")


def installed(folder: Path) -> Path:
    """Every broken plug-in and the working one, in `folder`, as installed."""
    folder.mkdir(parents=True, exist_ok=True)
    for key, (module, target) in FAILS_TO_LOAD.items():
        package(folder, key, module, target)
    for key, module in {**BREAKS_WHEN_RULING, **BREAKS_WHEN_CHECKED}.items():
        package(folder, key, module)
    package(folder, "works", WORKS)
    return folder


RULESET = """\
format: 1
name: {name}
title: Plugged
source: a test of stage plug-ins
rules:
  PL-1: Each attacking unit rolls one die; a sword is a hit, a flag a retreat.
dice:
  battle: {{faces: [sword, sword, flag, flag, blank, blank]}}
  d6: {{faces: [1, 2, 3, 4, 5, 6]}}
units:
  infantry: {{}}
attacks:
  melee:
    procedure: staged
    rule: PL-1
    label: melee
    attacker: {{die: battle, roll: {{by: units}}, read: {{faces: {{sword: [hit], flag: [retreat]}}}}}}
    defender: {{die: battle}}
    costs: {{losses: [hit], retreats: [retreat]}}
{asked}"""


def ruleset(folder: Path, key: str = "") -> Path:
    """A ruleset asking for the plug-in `key` (none: asking for none), written in `folder`."""
    path = folder / f"asks-{(key or 'none').replace('_', '-')}.yaml"
    asked = f"    {key}: {{}}\n" if key else ""
    path.write_text(RULESET.format(name=path.stem, asked=asked), encoding="utf-8")
    return path


ROLLED = ["--attacker", "3 infantry", "--defender", "2 infantry", "--attacker-roll", "sword,flag,blank"]
COMMANDS = {  # each command a file is used with, as typed after the file
    "validate": [],
    "show": [],
    "battle": ROLLED,
    "odds": ["--attacker", "3 infantry", "--defender", "2 infantry"],
}
