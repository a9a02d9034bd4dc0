"""A game read back as a file: JSON keeps every field as stored; CSV puts one
entry on a row for a spreadsheet, with nested fields as JSON text."""

from __future__ import annotations

import csv
import io
import shlex
from collections.abc import Sequence
from typing import Any

from referee.journal.chain import canonical

CSV_COLUMNS = (
    "id",
    "time",
    "game",
    "command_line",
    "ruleset",
    "ruleset_digest",
    "seed",
    "dice",
    "ruling",
    "explanation",
    "version",
    "hash",
    "prev_hash",
)


def command_line(entry: dict[str, Any]) -> str:
    return shlex.join(["referee", *entry["argv"]])


def to_csv(entries: Sequence[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        cells = {
            **entry,
            "command_line": command_line(entry),
            "seed": entry["dice"].get("seed"),
            "dice": canonical(entry["dice"]),
            "ruling": canonical(entry["ruling"]),
            "explanation": "\n".join(f"{step['rule']}: {step['text']}" for step in entry["explanation"]),
        }
        writer.writerow(["" if cells[c] is None else cells[c] for c in CSV_COLUMNS])
    return out.getvalue()
