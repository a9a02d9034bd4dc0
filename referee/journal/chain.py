"""The hash chain: each entry's hash covers its stored columns and the hash
of the entry before it, so editing, deleting or inserting a row by hand
breaks the chain at that row. Anyone can recompute it; nothing is secret,
so it proves that nothing changed in the middle, not who wrote the end."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from referee.core.digests import sha256_hex

if TYPE_CHECKING:
    from referee.journal.rows import Stored

GENESIS = "0" * 64

# The hashed columns, in hash order. Changing this list is a schema change.
HASHED = (
    "id",
    "time",
    "command",
    "argv",
    "replay",
    "game",
    "ruleset",
    "ruleset_digest",
    "ruleset_path",
    "inputs",
    "dice",
    "ruling",
    "explanation",
    "version",
    "prev_hash",
)

# Columns added after the first schema, hashed (after HASHED, in this order)
# only where an entry holds them: entries written before their step keep the
# hashes they were written with, and a value set or cleared by hand on any
# entry changes what is hashed, so it breaks the chain there.
LATER = ("situation", "kind")


def canonical(value: Any) -> str:
    """The JSON text a value is stored (and hashed) as. Keys keep the command's
    order, for reading; the hash covers the stored text itself, so it does
    not depend on how the text would be produced again."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def hashed(row: Stored) -> tuple[str, ...]:
    """The columns this entry's hash covers."""
    held = row.keys()
    return HASHED + tuple(c for c in LATER if c in held and row[c] is not None)


def entry_hash(row: Stored) -> str:
    return sha256_hex(canonical([row[c] for c in hashed(row)]).encode("utf-8"))
