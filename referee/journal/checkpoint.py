"""Checkpoints: an entry number and the start of the chain's hash at that
entry, short enough to note on paper or photograph (`12:3f9a-c2d1-07be-z`).

Anyone may recompute the chain, so a journal rewritten and re-hashed from
some entry on verifies as intact by itself; against a checkpoint noted at
the table it does not: entry N's hash covers every entry up to N. Twelve hex
digits (48 bits) make forging a history that matches a noted checkpoint a
search of some 10^14 hashes.

A check letter ends the checkpoint (`12:3f9a-c2d1-07be-z`), so a checkpoint
noted with one character wrong, or two neighbours swapped, is told apart
from a rewritten history: it is refused as mistyped before the journal is
read. Checkpoints printed before the letter existed still verify."""

from __future__ import annotations

from referee.core.errors import RefereeError, setting
from referee.rulings.ruling import say

DIGITS = 12
FEWEST = 8  # a checkpoint noted in part still checks this many digits
# The check letters: as many as a prime (17), none a hex digit or read as one (no i, l, o).
LETTERS = "ghjkmnpqrstuvwxyz"
FORM = r"^\s*(\d{1,19})\s*:\s*([0-9a-fA-F][0-9a-fA-F\- ]*?)[\s-]*([g-zG-Z])?\s*$"


class Noted:
    """A checkpoint as typed: the entry, the start of its hash, and whether a
    check letter vouched that it was typed as printed. (A plain class: every
    ruling imports this module to print its checkpoint, and a NamedTuple or
    record class costs that start-up time; only `log verify` makes one.)"""

    __slots__ = ("checked", "digits", "entry")

    def __init__(self, entry: int, digits: str, checked: bool):
        self.entry, self.digits, self.checked = entry, digits, checked

    def shown(self) -> str:
        """The checkpoint as a ruling prints it (digits in groups of four, its
        check letter if it was typed), whatever dashes, spaces or case it was typed with."""
        groups = "-".join(self.digits[at : at + 4] for at in range(0, len(self.digits), 4))
        return f"{self.entry}:{groups}" + (f"-{_letter(self.entry, self.digits)}" if self.checked else "")


def _letter(entry: int, digits: str) -> str:
    """The check letter of an entry and its digits: their values (1 to 16)
    weighted 1 to 16 in turn, summed modulo 17. Every weight, every value and
    every difference of two values or of two neighbouring weights is prime to
    17, so one character changed, added at the end or swapped with its
    neighbour changes the letter."""
    values = [int(c, 16) + 1 for c in f"{entry}{digits}"]
    return LETTERS[sum(v * (i % 16 + 1) for i, v in enumerate(values)) % len(LETTERS)]


def code(entry: int, entry_hash: str) -> str:
    head = entry_hash[:DIGITS]
    return f"{entry}:{head[0:4]}-{head[4:8]}-{head[8:12]}-{_letter(entry, head)}"


def parse(text: str) -> Noted:
    """'12:3f9a-c2d1-07be-z' → (12, '3f9ac2d107be', checked); dashes, spaces and
    case do not matter, and a checkpoint without its letter (as printed
    before there was one, or noted in part) is read unchecked."""
    import re  # only `log verify` reads checkpoints; every ruling prints one

    from referee.words.inputs import shown

    found = re.match(FORM, text)
    digits = found.group(2).replace("-", "").replace(" ", "").lower() if found else ""
    if not found or int(found.group(1)) < 1 or not FEWEST <= len(digits) <= 64:
        raise RefereeError(
            say(
                "error.journal.checkpoint",
                "{option} takes ENTRY:CODE as a ruling printed it, e.g. 12:3f9a-c2d1-07be-z "
                "(at least {fewest} of its digits), not '{given}'",
                option=setting("checkpoint"),
                fewest=FEWEST,
                given=shown(text),
            )
        )
    letter = (found.group(3) or "").lower()
    groups = re.split(r"[\s-]+", found.group(2).strip(" -"))
    # One character after three groups stands where the check letter goes: a hex digit there is a mistyped letter.
    mistyped = len(groups) == 4 and len(groups[3]) == 1
    if mistyped or (letter and letter != _letter(int(found.group(1)), digits)):
        raise RefereeError(
            say(
                "error.journal.checkpoint_mistyped",
                "the checkpoint {given} is mistyped: its check letter does not match the rest; "
                "copy it again as the ruling printed it (a mistyped checkpoint says nothing about the journal)",
                given=shown(text.strip()),
            )
        )
    return Noted(int(found.group(1)), digits, bool(letter))
