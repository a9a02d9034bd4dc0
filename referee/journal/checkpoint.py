"""Checkpoints: an entry number and the start of the chain's hash at that
entry, short enough to note on paper or photograph (`12:3f9a-c2d1-07be`).

Anyone may recompute the chain, so a journal rewritten and re-hashed from
some entry on verifies as intact by itself; against a checkpoint noted at
the table it does not: entry N's hash covers every entry up to N. Twelve hex
digits (48 bits) make forging a history that matches a noted checkpoint a
search of some 10^14 hashes."""

from __future__ import annotations

from referee.errors import RefereeError, setting
from referee.ruling import say

DIGITS = 12
FEWEST = 8  # a checkpoint noted in part still checks this many digits
FORM = r"^\s*(\d{1,19})\s*:\s*([0-9a-fA-F][0-9a-fA-F\- ]*)$"


def code(entry: int, entry_hash: str) -> str:
    head = entry_hash[:DIGITS]
    return f"{entry}:{head[0:4]}-{head[4:8]}-{head[8:12]}"


def parse(text: str) -> tuple[int, str]:
    """'12:3f9a-c2d1-07be' → (12, '3f9ac2d107be'); dashes, spaces and case do not matter."""
    import re  # only `log verify` reads checkpoints; every ruling prints one

    from referee.inputs import shown

    found = re.match(FORM, text)
    digits = found.group(2).replace("-", "").replace(" ", "").lower() if found else ""
    if not found or int(found.group(1)) < 1 or not FEWEST <= len(digits) <= 64:
        raise RefereeError(
            say(
                "error.journal.checkpoint",
                "{option} takes ENTRY:CODE as a ruling printed it, e.g. 12:3f9a-c2d1-07be "
                "(at least {fewest} of its digits), not '{given}'",
                option=setting("checkpoint"),
                fewest=FEWEST,
                given=shown(text),
            )
        )

    return int(found.group(1)), digits
