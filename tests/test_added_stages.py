"""Stages added at each point of an attack written as stages (dice, symbols,
kept, losses): each changes the ruling and the odds alike, the odds exact
against a brute force written here, and several at one point run in the
order the file writes them. tests/test_new_stage.py adds one as a package of
its own, with its messages; these are declared in the test itself."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import run, run_json

from referee.core.records import section
from referee.ruleset import registry
from referee.ruleset.spec import Integer, Text, field
from referee.rulings.ruling import Side, Step, step
from referee.stages.added import Added, At, Dice


@section
class More:
    """A side with this unit rolls more dice."""

    unit: str = field(Text(), "the unit")
    dice: int = field(Integer(minimum=1), "how many more")


@section
class Twice:
    """A symbol counts twice."""

    symbol: str = field(Text(), "the symbol")


@section
class Most:
    """A side loses at most this many."""

    losses: int = field(Integer(minimum=0), "the most a side loses")


@section
class Plus:
    """Each side's symbol one more, where it has any."""

    symbol: str = field(Text(), "the symbol")


def _more(at: At, rolls: dict[Side, int]) -> tuple[dict[Side, int], list[Step]]:
    spec: More = at.section
    out = {side: n + spec.dice * any(u == spec.unit for u, _ in at.battle.side(side)) for side, n in rolls.items()}
    return out, [step(at.rule, "test.more", "more dice: {n}", n=spec.dice)] if out != rolls else []


def _twice(at: At, symbols: dict[str, int]) -> tuple[dict[str, int], list[Step]]:
    symbol = at.section.symbol
    return {**symbols, symbol: 2 * symbols.get(symbol, 0)}, [step(at.rule, "test.twice", "twice")]


def _most(
    at: At, paid: tuple[dict[Side, int], dict[Side, int]]
) -> tuple[tuple[dict[Side, int], dict[Side, int]], list[Step]]:
    loses, retreats = paid
    return ({side: min(n, at.section.losses) for side, n in loses.items()}, retreats), []


def _plus(at: At, kept: dict[Side, dict[str, int]]) -> tuple[dict[Side, dict[str, int]], list[Step]]:
    symbol = at.section.symbol
    out = {side: {**s, symbol: s.get(symbol, 0) + 1} if s.get(symbol) else dict(s) for side, s in kept.items()}
    return out, [step(at.rule, "test.plus", "plus")]


def _double(at: At, kept: dict[Side, dict[str, int]]) -> tuple[dict[Side, dict[str, int]], list[Step]]:
    symbol = at.section.symbol
    return {side: {**s, symbol: 2 * s.get(symbol, 0)} for side, s in kept.items()}, []


@section
class Shrug:
    """Each loss of the defender is shrugged off on a roll of `least` or more (feel no pain)."""

    die: str = field(Text(), "the die rolled for each loss")
    least: int = field(Integer(minimum=1), "the least roll that shrugs a loss off")


def _shrug_dice(at: At, most: Callable[[Side, tuple[str, ...]], int]) -> dict[str, Dice]:
    """One die for each loss the attacker's hits may deal."""
    least = at.section.least
    return {"save": Dice(at.section.die, most(Side.ATTACKER, ("hit",)), "feel no pain", reads=lambda f: f >= least)}


def _shrug(
    at: At, paid: tuple[dict[Side, int], dict[Side, int]]
) -> tuple[tuple[dict[Side, int], dict[Side, int]], list[Step]]:
    loses, retreats = paid
    saved = sum(face >= at.section.least for face in at.roll("save", loses[Side.DEFENDER]))
    said = [step(at.rule, "test.shrug", "shrugged off: {n}", n=saved)] if loses[Side.DEFENDER] else []
    return ({**loses, Side.DEFENDER: loses[Side.DEFENDER] - saved}, retreats), said


ADDED = (
    Added("more", More, "dice", _more),
    Added("twice", Twice, "symbols", _twice),
    Added("most", Most, "losses", _most),
    Added("plus", Plus, "kept", _plus),
    Added("double", Twice, "kept", _double),
    Added("shrug", Shrug, "losses", _shrug, dice=_shrug_dice),
)

FILE = """\
format: 1
name: addedtest
title: Added stages
source: a test
rules:
  AS-1: Each unit rolls one die; a 5 or a 6 is a hit, each hit a loss.
  AS-2: Added.
dice:
  d6: {{faces: [1, 2, 3, 4, 5, 6]}}
units:
  soldier: {{}}
  drummer: {{}}
attacks:
  volley:
    procedure: staged
    rule: AS-1
    label: volley
    attacker: {{die: d6, roll: {{by: units}}, read: {{faces: {{5: [hit], 6: [hit]}}}}}}
    defender: {{die: d6}}
    costs: {{losses: [hit]}}
{added}
"""


@pytest.fixture
def added() -> Iterator[None]:
    for stage in ADDED:
        registry.add_stage(stage)
    yield
    for stage in ADDED:
        registry.remove_stage(stage.key)


def _file(tmp_path: Path, added: str) -> Path:
    path = tmp_path / "added.yaml"
    path.write_text(FILE.format(added=added), encoding="utf-8")
    return path


def _brute(dice: int, hits: Callable[[int], int]) -> dict[int, Fraction]:
    """The defender's losses over every throw of `dice` d6, a throw's hits (5s and 6s) made losses by `hits`."""
    found: Counter[int] = Counter()
    for throw in itertools.product(range(1, 7), repeat=dice):
        found[hits(sum(f >= 5 for f in throw))] += 1
    return {n: Fraction(k, 6**dice) for n, k in found.items()}


def _odds(path: Path, attacker: str) -> dict[int, Fraction]:
    outcomes = run_json(f"odds {path} --attacker '{attacker}' --defender '3 soldier'")["outcomes"]
    return {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes}


def test_dice_more_dice_are_rolled_typed_and_counted_in_the_odds(added: None, tmp_path: Path) -> None:
    path = _file(tmp_path, "    more: {unit: drummer, dice: 2}")
    ruling = run_json(f"battle {path} --attacker 'soldier, drummer' --defender soldier --attacker-roll 6,5,1,2")
    assert (ruling["attacker"]["dice"], ruling["defender_loses"]) == (4, 2)
    assert "more dice: 2" in [s["text"] for s in ruling["explanation"]]
    refused = run(f"battle {path} --attacker 'soldier, drummer' --defender soldier --attacker-roll 6,5", code=2)
    assert "4" in refused.stderr
    assert _odds(path, "soldier, drummer") == _brute(4, lambda hits: hits)
    assert _odds(path, "2 soldier") == _brute(2, lambda hits: hits)


def test_symbols_a_side_s_symbols_change_before_they_cost(added: None, tmp_path: Path) -> None:
    path = _file(tmp_path, "    twice: {symbol: hit}")
    ruling = run_json(f"battle {path} --attacker '2 soldier' --defender '3 soldier' --attacker-roll 6,1")
    assert ruling["defender_loses"] == 2
    assert _odds(path, "2 soldier") == _brute(2, lambda hits: 2 * hits)


def test_losses_what_a_side_loses_changes_last(added: None, tmp_path: Path) -> None:
    path = _file(tmp_path, "    most: {losses: 1}")
    assert (
        run_json(f"battle {path} --attacker '2 soldier' --defender '3 soldier' --attacker-roll 6,6")["defender_loses"]
        == 1
    )
    assert _odds(path, "3 soldier") == _brute(3, lambda hits: min(1, hits))


@pytest.mark.parametrize(
    ("written", "hits"),
    [
        ("    plus: {symbol: hit}\n    double: {symbol: hit}", lambda hits: 2 * (hits + 1) if hits else 0),
        ("    double: {symbol: hit}\n    plus: {symbol: hit}", lambda hits: 2 * hits + 1 if hits else 0),
    ],
)
def test_kept_stages_at_one_point_run_in_the_order_written(
    added: None, tmp_path: Path, written: str, hits: Callable[[int], int]
) -> None:
    path = _file(tmp_path, written)
    many = "9 soldier"
    outcomes = run_json(f"odds {path} --attacker '2 soldier' --defender '{many}'")["outcomes"]
    found = {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes}
    assert found == _brute(2, hits)


def test_a_point_no_ruling_reaches_is_refused_when_declared() -> None:
    with pytest.raises(ValueError, match="dice, symbols, kept, losses"):
        Added("late", Most, "after", _most)


def _shrugged(attackers: int, on: int) -> dict[int, Fraction]:
    """Every throw of the attacker's dice, then of one save die for each hit (5s and 6s)."""
    found: Counter[int] = Counter()
    for throw in itertools.product(range(1, 7), repeat=attackers):
        hits = sum(f >= 5 for f in throw)
        for saves in itertools.product(range(1, 7), repeat=hits):
            found[hits - sum(f >= on for f in saves)] += 6 ** (attackers - hits)
    return {n: Fraction(k, 6 ** (2 * attackers)) for n, k in found.items()}


def test_a_stage_rolls_its_own_dice_typed_drawn_and_in_the_odds(added: None, tmp_path: Path) -> None:
    path = _file(tmp_path, "    shrug: {die: d6, least: 5}")
    told = f"battle {path} --attacker '3 soldier' --defender '3 soldier' --attacker-roll 6,5,1"
    ruling = run_json(f"{told} --follow-roll 5,2")
    assert ruling["defender_loses"] == 1
    assert "shrugged off: 1" in [s["text"] for s in ruling["explanation"]]
    refused = run(f"{told} --follow-roll 5", code=2).stderr
    assert "feel no pain" in refused and "2" in refused, refused
    drawn = run_json(f"battle {path} --attacker '3 soldier' --defender '3 soldier' --seed 4")
    assert drawn["defender_loses"] <= 3
    assert _odds(path, "3 soldier") == _shrugged(3, 5)


def test_each_shipped_stage_is_named_as_its_key_and_imported_only_when_written() -> None:
    """The referee finds a shipped stage by its package's name without
    importing it: a file that writes none of its key pays nothing for it."""
    import subprocess
    import sys

    for key in registry.stages():
        assert registry.stages()[key].key == key
    probe = (
        "import sys; from referee.ruleset.load import load; load('risk'); load('groundforce');"
        "print(*sorted(m.split('.')[2] for m in sys.modules if m.startswith('referee.stages.') and m[-6:] == '.stage'))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == ["alone", "exchange", "move_in", "reach"]  # the keys Ground Force writes, no other


def test_a_ruling_pays_nothing_for_exact_odds() -> None:
    """A battle of a file written as stages, ruled as the command line rules
    it, imports no fractions (exact odds only: decimal and numbers come with
    it, a millisecond of every start)."""
    import subprocess
    import sys

    probe = (
        "import sys, runpy; sys.argv = ['referee', 'battle', 'groundforce', '--attacker', 'trooper', "
        "'--defender', 'trooper', '--attacker-roll', 'sword', '--defender-roll', 'shield', '--no-journal'];\n"
        "try:\n    runpy.run_module('referee', run_name='__main__')\nexcept SystemExit:\n    pass\n"
        "print('fractions' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert done.stderr.strip().splitlines()[-1] == "False", done.stderr
