"""A game read back as a file: JSON keeps every field as stored; CSV puts one
entry on a row for a spreadsheet, with nested fields as JSON text."""

from __future__ import annotations

import csv
import io
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.journal.chain import canonical

if TYPE_CHECKING:
    from referee.journal.rows import Entry

CSV_COLUMNS = (
    "id",
    "time",
    "game",
    "command_line",
    "kind",
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


def command_line(entry: Entry) -> str:
    return shlex.join(["referee", *entry.argv])


def to_csv(entries: Sequence[Entry]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        cells = {
            **entry.as_dict(),
            "command_line": command_line(entry),
            "seed": entry.dice.seed,
            "dice": canonical(entry.dice.stored),
            "ruling": canonical(entry.ruling),
            "explanation": "\n".join(f"{step['rule']}: {step['text']}" for step in entry.explanation),
        }
        writer.writerow(["" if cells[c] is None else cells[c] for c in CSV_COLUMNS])
    return out.getvalue()
