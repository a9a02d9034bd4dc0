"""A new stage is one package and nothing else: written here into a folder
outside the referee, with its grammar section, its function, its messages in
every language and its key's word, it is added to every attack written as
stages; a file then writes its section under the attack, and `battle`,
`odds`, `show` and `validate` take it in four languages, with odds exact
against a brute force written here, and not one byte of the referee (the
staged procedure's grammar and resolver, the shared catalogues, any module)
changed for it."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import run, run_json
from test_new_package import PLURALS, _referee, written
from test_step_messages import _catalogues

from referee.ruleset import registry
from referee.stages.added import Added

KEY = "steady"

# The package a contributor writes: the whole of it.
PACKAGE = {
    "__init__.py": '''\
"""Steady: a side with one of the file's units among it ignores some of a
symbol the other side keeps (a general ignores one retreat flag).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.words.language import own_catalogue

own_catalogue(__file__)
''',
    "grammar.py": '''\
"""What a file writes under an attack's `steady`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.crosscheck import names_exist
from referee.ruleset.spec import RULE, Integer, Seq, Text, field
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.crosscheck import Fail
    from referee.ruleset.model import Ruleset


@section
class Steady:
    """A side with one of these units among it ignores some of a symbol the other side keeps."""

    rule: str = field(RULE, "the rule it cites", "")
    symbol: str = field(Text(), "the other side's symbol it ignores")
    units: tuple[str, ...] = field(Seq(Text(), min_items=1), "the units that steady their side")
    ignores: int = field(Integer(minimum=1), "how many of the symbol a steady side ignores", 1)

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The units are the file's."""
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.units", u) for u in self.units], rules.units)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {"steady": pgettext("show.param", "steady"), "ignores": pgettext("show.param", "ignores")}
''',
    "stage.py": '''\
"""The stage as the attacks written as stages run it: after cancelling,
before the symbols cost anything."""

from __future__ import annotations

from referee.rulings.ruling import SIDES, Side, Step, step
from referee.stages.added import Added, At
from steady.grammar import Steady


def steady(at: At, kept: dict[Side, dict[str, int]]) -> tuple[dict[Side, dict[str, int]], list[Step]]:
    """Each side's symbols as the other side, steady, leaves them."""
    spec: Steady = at.section
    out = {side: dict(symbols) for side, symbols in kept.items()}
    steps = []
    for side in SIDES:
        held = out[side].get(spec.symbol, 0)
        if held and any(unit in spec.units for unit, _ in at.battle.side(side.other)):
            ignored = min(held, spec.ignores)
            out[side][spec.symbol] = held - ignored
            said = at.rules.said(spec.symbol)
            steps.append(
                step(at.rule, "steady.ignores", "the {side} stands firm: {symbol} {n} ignored",
                     side=side.other, symbol=said, n=ignored)
            )
    return out, steps


STAGE = Added(key="steady", grammar=Steady, at="kept", run=steady)
''',
}

TRANSLATED = {  # each language's catalogue of the package, as its author writes it
    "nl": ("de {side} houdt stand: {symbol} {n} genegeerd", "standvastig", "genegeerd"),
    "de": ("der {side} hält stand: {symbol} {n} übergangen", "standhaft", "übergeht"),
    "zh_Hant": ("{side}堅守：忽略{symbol} {n}", "堅守", "忽略"),
}

# the word its cross-check names units by: shared in the referee, its own where it is the only asker
UNIT = {"nl": "eenheid", "de": "Einheit", "zh_Hant": "單位"}

RULESET = """\
format: 1
name: steadyhouse
title: Steady house
source: a test of a package that is all a new stage needs
rules:
  SH-1: Each attacking unit rolls one die; a sword is a hit, a flag a retreat.
  SH-2: A side with its general among its units ignores one flag.
dice:
  battle: {faces: [sword, sword, flag, flag, blank, blank]}
units:
  infantry: {}
  general: {}
attacks:
  melee:
    procedure: staged
    rule: SH-1
    label: melee
    attacker: {die: battle, roll: {by: units}, read: {faces: {sword: [hit], flag: [retreat]}}}
    defender: {die: battle}
    costs: {losses: [hit], retreats: [retreat]}
    steady: {rule: SH-2, symbol: retreat, units: [general]}
"""


def _po(code: str) -> str:
    ignores, steady, ignored = TRANSLATED[code]
    return (
        f'msgid ""\nmsgstr ""\n"Language: {code}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {PLURALS[code]}\\n"\n\n'
        f'msgctxt "steady.ignores"\nmsgid "the {{side}} stands firm: {{symbol}} {{n}} ignored"\n'
        f'msgstr "{ignores}"\n\n'
        f'msgctxt "show.param"\nmsgid "steady"\nmsgstr "{steady}"\n\n'
        f'msgctxt "show.param"\nmsgid "ignores"\nmsgstr "{ignored}"\n\n'
        f'msgctxt "kind"\nmsgid "unit"\nmsgstr "{UNIT[code]}"\n'
    )


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, str]]:
    """The package written and compiled, importable, and its stage added:
    the ruleset's path, and the referee's files as they were before."""
    before = _referee()
    folder = written(tmp_path, "steady", PACKAGE, _po)
    made = {mo: mo.read_bytes() for mo in (folder / "locale").glob("*.mo")}
    assert _catalogues().main(["--compile", str(folder)]) == 0  # as the guide says for a package kept outside
    assert len(made) == 3 and all(mo.read_bytes() == compiled for mo, compiled in made.items())
    monkeypatch.syspath_prepend(str(folder.parent))
    from steady.stage import STAGE

    registry.add_stage(STAGE)
    path = tmp_path / "steady.yaml"
    path.write_text(RULESET, encoding="utf-8")
    yield path, before
    registry.remove_stage(KEY)
    for module in [m for m in sys.modules if m.split(".")[0] == "steady"]:
        del sys.modules[module]


ROLLED = "--attacker-roll flag,flag,sword"


@pytest.mark.parametrize(
    ("code", "said", "shown"),
    [
        ("en", "the defender stands firm: retreat 1 ignored", "    steady: rule SH-2, symbol retreat, units general"),
        ("nl", "de verdediger houdt stand: retreat 1 genegeerd", "    standvastig:"),
        ("de", "der Verteidiger hält stand: retreat 1 übergangen", "    standhaft:"),
        ("zh-Hant", "防守方堅守：忽略retreat 1", "    堅守："),
    ],
)
def test_a_new_stage_rules_and_speaks_every_language_with_nothing_outside_it_changed(
    house: tuple[Path, str], code: str, said: str, shown: str
) -> None:
    ruleset, before = house
    ruling = run_json(f"--lang {code} battle {ruleset} --attacker '3 infantry' --defender 'infantry, general' {ROLLED}")
    assert (ruling["defender_loses"], ruling["defender_retreats"]) == (1, 1)
    stood = [step for step in ruling["explanation"] if step["message"] == "steady.ignores"]
    assert [(step["rule"], step["text"]) for step in stood] == [("SH-2", said)]
    assert any(line.startswith(shown) for line in run(f"--lang {code} show {ruleset}").stdout.splitlines())
    assert _referee() == before


def test_without_the_unit_it_names_nothing_is_ignored(house: tuple[Path, str]) -> None:
    ruleset, _ = house
    ruling = run_json(f"battle {ruleset} --attacker '3 infantry' --defender '2 infantry' {ROLLED}")
    assert (ruling["defender_loses"], ruling["defender_retreats"]) == (1, 2)
    assert "steady.ignores" not in [step["message"] for step in ruling["explanation"]]


def _brute(attackers: int, steady: bool) -> dict[tuple[int, int], Fraction]:
    """Every throw of the attacker's dice: swords are losses, flags retreats,
    one flag fewer against a steady side."""
    faces = ["sword", "sword", "flag", "flag", "blank", "blank"]
    found: Counter[tuple[int, int]] = Counter()
    for throw in itertools.product(faces, repeat=attackers):
        flags = throw.count("flag")
        found[(throw.count("sword"), max(0, flags - 1) if steady else flags)] += 1
    return {key: Fraction(n, 6**attackers) for key, n in found.items()}


@pytest.mark.parametrize(("defender", "steady"), [("'infantry, general'", True), ("'2 infantry'", False)])
def test_its_odds_are_exact(house: tuple[Path, str], defender: str, steady: bool) -> None:
    ruleset, before = house
    outcomes = run_json(f"odds {ruleset} --attacker '3 infantry' --defender {defender}")["outcomes"]
    found = {(o["defender_loses"], o["defender_retreats"]): Fraction(o["probability"]) for o in outcomes}
    assert found == _brute(3, steady)
    assert _referee() == before


def test_the_file_is_checked_by_its_grammar_and_cross_check(house: tuple[Path, str]) -> None:
    ruleset, _ = house
    text = ruleset.read_text(encoding="utf-8")
    ruleset.write_text(text.replace("units: [general]", "units: [generaal]"), encoding="utf-8")
    refused = run(f"validate {ruleset}", code=2).stderr
    assert "attacks.melee.steady.units" in refused and "did you mean 'general'" in refused
    ruleset.write_text(text.replace("steady: {", "stedy: {"), encoding="utf-8")
    assert "did you mean 'steady'" in run(f"validate {ruleset}", code=2).stderr


def test_a_stage_taken_away_is_a_key_no_more(house: tuple[Path, str]) -> None:
    ruleset, _ = house
    registry.remove_stage(KEY)
    refused = run(f"validate {ruleset}", code=2).stderr
    assert "attacks.melee: unknown key 'steady'" in refused, refused


def test_the_rule_its_section_cites_must_be_the_file_s(house: tuple[Path, str]) -> None:
    ruleset, _ = house
    ruleset.write_text(ruleset.read_text(encoding="utf-8").replace("rule: SH-2,", "rule: SH-9,"), encoding="utf-8")
    refused = run(f"validate {ruleset}", code=2).stderr
    assert "attacks.melee.steady.rule" in refused and "SH-9" in refused, refused


def test_the_attack_s_cite_names_the_rule_of_a_stage_of_its_own(house: tuple[Path, str]) -> None:
    ruleset, _ = house
    text = ruleset.read_text(encoding="utf-8").replace("rule: SH-2, ", "")
    ruleset.write_text(text + "    cite: {steady: SH-2}\n", encoding="utf-8")
    ruling = run_json(f"battle {ruleset} --attacker '3 infantry' --defender 'infantry, general' {ROLLED}")
    assert [s["rule"] for s in ruling["explanation"] if s["message"] == "steady.ignores"] == ["SH-2"]
    ruleset.write_text(text, encoding="utf-8")  # neither: the attack's rule
    ruling = run_json(f"battle {ruleset} --attacker '3 infantry' --defender 'infantry, general' {ROLLED}")
    assert [s["rule"] for s in ruling["explanation"] if s["message"] == "steady.ignores"] == ["SH-1"]


def test_a_stage_taking_a_key_the_attack_has_is_refused_in_one_line(house: tuple[Path, str]) -> None:
    ruleset, _ = house
    from steady.grammar import Steady
    from steady.stage import steady

    registry.add_stage(Added(key="compare", grammar=Steady, at="kept", run=steady))
    try:
        refused = run(f"validate {ruleset}", code=2).stderr
    finally:
        registry.remove_stage("compare")
    assert refused.count("\n") == 1 and "'compare'" in refused, refused


def test_an_installed_package_s_stage_is_found_by_its_entry_point_by_the_referee_command(
    house: tuple[Path, str], tmp_path: Path
) -> None:
    """Installed (here: its metadata beside it on the path, as pip leaves it),
    the stage needs no program to add it: the `referee` command finds it."""
    ruleset, before = house
    plugins = tmp_path / "plugins"
    info = plugins / "steady-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: steady\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[referee.stages]\nsteady = steady.stage:STAGE\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(plugins), "REFEREE_JOURNAL": str(tmp_path / "own.sqlite3")}
    told = ["--lang", "nl", "battle", str(ruleset), "--attacker", "3 infantry", "--defender", "infantry, general"]
    done = subprocess.run([sys.executable, "-m", "referee", *told, *ROLLED.split()], capture_output=True, env=env)
    assert done.returncode == 0, done.stderr
    assert "de verdediger houdt stand: retreat 1 genegeerd" in " ".join(done.stdout.decode().split())
    alone = {**env, "PYTHONPATH": ""}
    done = subprocess.run([sys.executable, "-m", "referee", "validate", str(ruleset)], capture_output=True, env=alone)
    assert (done.returncode, b"unknown key 'steady'" in done.stderr) == (2, True)
    assert _referee() == before
