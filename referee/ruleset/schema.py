"""The JSON Schema of a ruleset file, written from the same grammar the
loader reads with, so editors check exactly what the referee accepts
(cross-references, such as a cited rule existing, are the loader's alone)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.ruleset.model import FORMAT, GRAMMAR

SCHEMA_FILE = Path(__file__).with_name("ruleset.schema.json")


def generate() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://referee.invalid/ruleset-{FORMAT}.schema.json",
        "title": f"referee ruleset, format {FORMAT}",
        **GRAMMAR.schema(),
    }


def text() -> str:
    return json.dumps(generate(), indent=2, ensure_ascii=False) + "\n"
