"""Walking the hash chain: the first entry that was altered, deleted or
inserted by hand, named. Only `referee log verify` needs it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from referee.journal.chain import GENESIS, entry_hash
from referee.journal.checkpoint import Noted
from referee.journal.rows import Stored
from referee.rulings.ruling import say


class Break(NamedTuple):
    """The first place the chain is broken: the entry to look at (None when
    the break is outside the entries: the games table), and why."""

    entry: int | None
    reason: str


class Verdict(NamedTuple):
    """How many entries were walked, the last one, and the first break if any."""

    entries: int
    last: int | None
    broken: Break | None


def _gone(first: int, last: int) -> str:
    if first == last:
        return say("verify.deleted", "is missing: it was deleted by hand")
    return say(
        "verify.deleted.many", "is missing: entries {first} to {last} were deleted by hand", first=first, last=last
    )


def _rewritten(noted: Noted) -> str:
    """Why an entry does not match its checkpoint: a checkpoint whose letter
    checked was typed as printed, so the history changed; one without a letter
    may also have been noted wrongly."""
    if noted.checked:
        return say(
            "verify.checkpoint",
            "does not match the checkpoint noted for it: the history up to entry {entry} was rewritten",
            entry=noted.entry,
        )
    return say(
        "verify.checkpoint_unchecked",
        "does not match the checkpoint noted for it: the history up to entry {entry} was rewritten, "
        "or the checkpoint was noted wrongly (it has no check letter to tell)",
        entry=noted.entry,
    )


class Unreadable(NamedTuple):
    """Where reading the rows stopped: SQLite could not read the file further."""

    why: str


def _hash_of(row: Stored) -> str | None:
    """The row's hash recomputed, or None when a column holds what no entry
    can (a blob): hand edits and damaged files both leave that."""
    try:
        return entry_hash(row)
    except (TypeError, ValueError):
        return None


def _checked(n: int, row: Stored, previous_id: int, previous_hash: Any) -> Break | None:
    if n < 1:
        return Break(n, say("verify.before", "comes before the first entry: it was inserted by hand"))
    if n != previous_id + 1:
        return Break(previous_id + 1, _gone(previous_id + 1, n - 1))
    recomputed = _hash_of(row)
    if recomputed is None:
        return Break(
            n, say("verify.blob", "holds a blob where text belongs: it was altered by hand, or the file is damaged")
        )
    if recomputed != row["hash"]:
        return Break(n, say("verify.hash", "does not match its hash: it was altered, or inserted by hand"))
    if row["prev_hash"] != previous_hash and not previous_id:
        return Break(n, say("verify.first", "does not start the chain: it was altered or inserted by hand"))
    if row["prev_hash"] != previous_hash:
        return Break(
            n,
            say(
                "verify.follow",
                "does not follow entry {previous}: entry {previous} was replaced "
                "or altered and re-hashed, or entry {entry} was inserted by hand",
                previous=previous_id,
                entry=n,
            ),
        )
    return None


def walk(
    rows: Iterable[Stored | Unreadable],
    highest_issued: int | None,
    missing_rulesets: Sequence[tuple[int, str]] = (),
    checkpoints: Sequence[Noted] = (),
) -> Verdict:
    """Check rows in id order and stop at the first break, naming the entry.
    `highest_issued` is the last id SQLite ever gave out, which shows a
    deleted tail; `missing_rulesets` are (entry, digest) whose ruleset
    content is gone or no longer hashes to its digest; `checkpoints` are
    checkpoints noted at the table."""
    noted = {c.entry: c for c in checkpoints}
    count, previous_id, previous_hash = 0, 0, GENESIS
    for row in rows:
        if isinstance(row, Unreadable):
            unread = say("verify.unreadable", "cannot be read: {why}", why=row.why)
            return Verdict(count, previous_id or None, Break(previous_id + 1, unread))
        count += 1
        n = row["id"]
        broken = _checked(n, row, previous_id, previous_hash)
        if broken is None and n in noted and not str(row["hash"]).startswith(noted[n].digits):
            broken = Break(n, _rewritten(noted[n]))
        if broken:
            return Verdict(count, n, broken)
        previous_id, previous_hash = n, row["hash"]
    last = previous_id or None
    if highest_issued is not None and highest_issued > previous_id:
        return Verdict(count, last, Break(previous_id + 1, _gone(previous_id + 1, highest_issued)))
    beyond = sorted(n for n in noted if n > previous_id)
    if beyond:
        gone = _gone(previous_id + 1, beyond[-1])
        noted_at = say("verify.noted", "{gone} (a checkpoint was noted at {entry})", gone=gone, entry=beyond[-1])
        return Verdict(count, last, Break(previous_id + 1, noted_at))
    if missing_rulesets:
        n, digest = missing_rulesets[0]
        cites = say("verify.content", "cites ruleset content {digest} that is missing or altered", digest=digest[:12])
        return Verdict(count, last, Break(n, cites))
    return Verdict(count, last, None)
