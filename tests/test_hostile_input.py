"""Hostile or absurd input gets a clear refusal or a bounded answer: never a
traceback, a crash or a hang."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import fails

Edit = Callable[[str, Callable[[str], str]], Path]


def test_fifty_megabyte_file_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("w") as handle:
        handle.write("format: 1\nrules:\n")
        line = "  X-1: " + "x" * 1000 + "\n"
        for _ in range(50_000):
            handle.write(line)
    started = time.perf_counter()
    assert "too large for a ruleset" in fails(f"validate {path}")
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * 100_000 + "]" * 100_000,
        "a: " + "{b: " * 10_000 + "}" * 10_000,
        "- " * 100_000 + "x",
        "? " * 100_000 + "x",
    ],
)
def test_deep_nesting_is_refused_without_crashing(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(text)
    assert "nested more than 64 deep" in fails(f"validate {path}")


def test_hundred_dice_odds_are_bounded(edited: Edit) -> None:
    path = edited(
        "groundforce",
        lambda t: t.replace("max_dice: 2", "max_dice: 100").replace(
            "max_units: 2, hits: [shield", "max_units: 100, hits: [shield"
        ),
    )
    started = time.perf_counter()
    line = fails(f"odds {path} --attacker '100 trooper' --defender '100 trooper'")
    assert "too many to sum exactly" in line
    assert time.perf_counter() - started < 5


def test_thousand_face_die_odds_are_bounded(edited: Edit) -> None:
    faces = ", ".join(f"f{i}" for i in range(996))
    path = edited(
        "groundforce",
        lambda t: t.replace(
            "faces: [sword, sword, shield, shield, explosion, blank]",
            f"faces: [sword, shield, explosion, blank, {faces}]",
        ),
    )
    started = time.perf_counter()
    assert "too many to sum exactly" in fails(f"odds {path} --attacker '2 trooper' --defender '2 trooper'")
    assert time.perf_counter() - started < 5


def test_a_die_of_more_than_a_thousand_faces_is_refused(edited: Edit) -> None:
    faces = ", ".join(f"f{i}" for i in range(1001))
    path = edited(
        "groundforce",
        lambda t: t.replace(
            "faces: [sword, sword, shield, shield, explosion, blank]", f"faces: [sword, shield, {faces}]"
        ),
    )
    assert "holds at most 1000 item(s)" in fails(f"validate {path}")


def test_overflowing_numbers_are_refused_or_harmless(edited: Edit) -> None:
    path = edited("groundforce", lambda t: t.replace("places: 12", "places: 99999999999999999999999"))
    assert "expected a whole number from 1 to 100" in fails(f"validate {path}")
    assert "count must be from 1 to 1000" in fails(
        "battle groundforce --attacker '99999999999999999999 trooper' --defender trooper"
    )


def test_thousand_face_die_hit_chart_is_bounded(edited: Edit) -> None:
    faces = ", ".join(str(i) for i in range(1, 1001))
    path = edited("trueforces", lambda t: t.replace("faces: [1, 2, 3, 4, 5, 6]", f"faces: [{faces}]"))
    started = time.perf_counter()
    assert "too many to sum exactly" in fails(f"odds {path} --attack melee")
    assert "too many to sum exactly" in fails(f"hit {path} --attacker 4 --target 5 --attack melee --no-roll")
    assert time.perf_counter() - started < 5
