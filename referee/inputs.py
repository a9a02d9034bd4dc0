"""The boundary every number, word and path crosses on its way in: checked
where it enters, refused in one line (a RefereeError) before any work.

Python's int() refuses strings of more than 4,300 digits with a ValueError,
and works in quadratic time below that; a path with a byte that is not UTF-8
reaches Python as a lone surrogate that cannot be printed or stored; a FIFO
blocks the reader that opens it for ever. Each is stopped here.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from referee.errors import RefereeError

LARGEST = 2**63 - 1  # what the journal's SQLite columns hold
MAX_DIGITS = len(str(LARGEST))
MAX_ARGUMENT = 10_000  # characters in one argument: far past any name, list or path a table types
MAX_PATH = 4096  # bytes, Linux's PATH_MAX
MAX_NAME = 255  # bytes in one part of a path, NAME_MAX
MAX_COUNT = 1000  # units of one kind, or of anything, on one table
TABLE_NUMBER = 1_000_000  # no number in a ruleset (a cost, a count, a bonus) is larger
DICE_PER_UNIT = 100  # the most dice one unit, or one side's extra, may add to a throw


def shown(text: str, width: int = 40) -> str:
    """Text as an error message may quote it: printable, and short."""
    safe = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return safe if len(safe) <= width else safe[: width - 1] + "…"


def whole_number(text: str, what: str, minimum: int | None = None, maximum: int = LARGEST) -> int:
    """`text` as a whole number from `minimum` to `maximum`, its length checked
    before int() reads it."""
    body = text.strip()
    digits = body[1:] if body[:1] in "+-" else body
    if not digits.isdecimal():
        raise RefereeError(f"{what} needs a whole number, not '{shown(text)}'")
    span = f"at most {maximum}" if minimum is None else f"from {minimum} to {maximum}"
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise RefereeError(f"{what} must be {span}, not a number of {len(digits):,} digits")
    value = int(body)
    if value > maximum or (minimum is not None and value < minimum):
        raise RefereeError(f"{what} must be {span}, not {value}")
    return value


def utf8(text: str, what: str) -> None:
    """Text the referee can print, store and hash: a byte that is not UTF-8
    reaches Python as a lone surrogate, which none of them accepts."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RefereeError(
            f"{what} ('{shown(text)}') holds bytes that are not UTF-8 "
            f"(at character {exc.start + 1}); the referee reads names and paths as UTF-8"
        ) from None


def argument(text: str, position: int) -> None:
    """One command-line word."""
    if "\x00" in text:
        raise RefereeError("an argument holds a NUL character; no name, number or path can")
    utf8(text, f"argument {position}")
    if len(text) > MAX_ARGUMENT:
        raise RefereeError(f"argument {position} is {len(text):,} characters long; at most {MAX_ARGUMENT:,}")


def path_text(path: Path | str, what: str) -> Path:
    """A path short enough for the system, refused before the system raises."""
    raw = os.fsencode(str(path))
    if len(raw) >= MAX_PATH:
        raise RefereeError(f"{what} '{shown(str(path))}': a path of {len(raw):,} bytes; at most {MAX_PATH - 1}")
    longest = max((len(part) for part in raw.split(b"/")), default=0)
    if longest > MAX_NAME:
        raise RefereeError(f"{what} '{shown(str(path))}': a name in it is {longest} bytes long; at most {MAX_NAME}")
    return Path(path)


def kind_of(path: Path) -> str | None:
    """What a path is, without opening it: 'file', 'directory', another kind's
    name, or None when nothing is there."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise RefereeError(f"cannot use {shown(str(path))}: {exc.strerror}") from None
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "device"


def read_head(path: Path, what: str, size: int) -> bytes:
    """At most the first `size` bytes of a regular file. Opened without
    blocking and checked once open, so a FIFO swapped in after a first look
    still cannot hang the reader."""
    path_text(path, what)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise RefereeError(f"no such {what}", where=str(path)) from None
    except IsADirectoryError:
        raise RefereeError(f"is a directory, not a {what}", where=str(path)) from None
    except OSError as exc:
        raise RefereeError(f"cannot read: {exc.strerror}", where=str(path)) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            found = "a directory" if stat.S_ISDIR(info.st_mode) else "a named pipe or a device"
            raise RefereeError(f"is {found}, not a {what}", where=str(path))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            return stream.read(size)
    except OSError as exc:
        raise RefereeError(f"cannot read: {exc.strerror}", where=str(path)) from None
    finally:
        os.close(handle)


def read_file(path: Path, what: str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; one byte more
    is read to tell, never the rest of a larger file."""
    data = read_head(path, what, limit + 1)
    if len(data) > limit:
        raise RefereeError(f"too large for a {what} (over {limit:,} bytes)", where=str(path))
    return data


def write_text(path: Path, text: str, what: str) -> None:
    """Write a file the user named, refusing what is not a file: writing to a
    FIFO nobody reads would wait for ever, and a device is no place for it."""
    found = kind_of(path_text(path, what))
    if found not in (None, "file"):
        raise RefereeError(f"cannot write {shown(str(path))}: it is a {found}, not a file for {what}")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise RefereeError(f"cannot write {shown(str(path))}: {exc.strerror}") from None
