"""Walking the hash chain: the first entry that was altered, deleted or
inserted by hand, named. Only `referee log verify` needs it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from referee.journal.chain import GENESIS, entry_hash


class Break(NamedTuple):
    """The first place the chain is broken: the entry to look at, and why."""

    entry: int
    reason: str


class Verdict(NamedTuple):
    """How many entries were walked, the last one, and the first break if any."""

    entries: int
    last: int | None
    broken: Break | None


def _gone(first: int, last: int) -> str:
    return "it was deleted by hand" if first == last else f"entries {first} to {last} were deleted by hand"


def walk(
    rows: Iterable[Mapping[str, Any]], highest_issued: int | None, missing_rulesets: Sequence[tuple[int, str]] = ()
) -> Verdict:
    """Check rows in id order and stop at the first break, naming the entry.
    `highest_issued` is the last id SQLite ever gave out, which shows a
    deleted tail; `missing_rulesets` are (entry, digest) whose ruleset
    content is gone or no longer hashes to its digest."""
    count, previous_id, previous_hash = 0, 0, GENESIS
    for row in rows:
        count += 1
        n = row["id"]
        broken = None
        if n < 1:
            broken = Break(n, "comes before the first entry: it was inserted by hand")
        elif n != previous_id + 1:
            broken = Break(previous_id + 1, f"is missing: {_gone(previous_id + 1, n - 1)}")
        elif entry_hash(row) != row["hash"]:
            broken = Break(n, "does not match its hash: it was altered, or inserted by hand")
        elif row["prev_hash"] != previous_hash:
            broken = Break(
                n,
                f"does not follow entry {previous_id}: entry {previous_id} was replaced "
                f"or altered and re-hashed, or entry {n} was inserted by hand"
                if previous_id
                else "does not start the chain: it was altered or inserted by hand",
            )
        if broken:
            return Verdict(count, n, broken)
        previous_id, previous_hash = n, row["hash"]
    last = previous_id or None
    if highest_issued is not None and highest_issued > previous_id:
        return Verdict(count, last, Break(previous_id + 1, f"is missing: {_gone(previous_id + 1, highest_issued)}"))
    if missing_rulesets:
        n, digest = missing_rulesets[0]
        return Verdict(count, last, Break(n, f"cites ruleset content {digest[:12]} that is missing or altered"))
    return Verdict(count, last, None)
