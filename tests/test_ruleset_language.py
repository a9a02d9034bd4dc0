"""What a ruleset file may say, tried through the CLI as an author would:
defaults the guide states, finding a file by its `name:`, a side that
never hits, numbered faces as hits, and army lists."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from conftest import fails, run

Edit = Callable[[str, Callable[[str], str]], Path]
BOARDING = "docs/examples/boarding.yaml"


def _symbol_hits_schema() -> dict:
    attacks = json.loads(run("schema").stdout)["properties"]["attacks"]["additionalProperties"]["oneOf"]
    return next(a for a in attacks if a["properties"]["procedure"]["enum"] == ["symbol-hits"])


def test_an_attack_without_range_reaches_distance_one_and_says_so() -> None:
    reach = _symbol_hits_schema()["properties"]["range"]
    assert reach["default"] == {"min": 1, "max": 1}
    assert "left out" in reach["description"]
    assert "| `range` | default `min: 1, max: 1` |" in run("schema --markdown").stdout
    # Boarding Party's boarding attack has no range: distance 1 only
    assert fails(f"battle {BOARDING} --attacker '2 hands' --defender hand --range 2").endswith(
        "a boarding reaches distance 1 to 1, not 2 (BP-1)"
    )
