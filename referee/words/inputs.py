"""The boundary every number, word and path crosses on its way in: checked
where it enters, refused in one line (a RefereeError) before any work.

Python's int() refuses strings of more than 4,300 digits with a ValueError,
and works in quadratic time below that; a path with a byte that is not UTF-8
reaches Python as a lone surrogate that cannot be printed or stored; a FIFO
blocks the reader that opens it for ever. Each is stopped here.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from referee.core.errors import RefereeError, pgettext
from referee.words.language import Grouped

LARGEST = 2**63 - 1  # what the journal's SQLite columns hold
MAX_DIGITS = len(str(LARGEST))
MAX_ARGUMENT = 10_000  # characters in one argument: far past any name, list or path a table types
MAX_PATH = 4096  # bytes, Linux's PATH_MAX
MAX_NAME = 255  # bytes in one part of a path, NAME_MAX
MAX_COUNT = 1000  # units of one kind, or of anything, on one table
TABLE_NUMBER = 1_000_000  # no number in a ruleset (a cost, a count, a bonus) is larger
DICE_PER_UNIT = 100  # the most dice one unit, or one side's extra, may add to a throw


# The commas a list is printed with in the languages the referee speaks:
# Traditional Chinese lists a roll as '6、5、1' (U+3001), and a Chinese keyboard
# types the full-width comma (U+FF0C).
_COMMAS = re.compile("[,\u3001\uff0c]")


def typed_list(text: str) -> list[str]:
    """A typed list ('6,5,1', '6 5 1', or '6、5、1' as zh-Hant prints a roll)
    split by its commas, or else by its spaces: a list printed is accepted typed back."""
    parts = _COMMAS.split(text) if _COMMAS.search(text) else text.split()
    return [part.strip() for part in parts if part.strip()]


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
        whole = pgettext("number.whole", "{what} needs a whole number, not '{given}'")
        raise RefereeError(whole.format(what=what, given=shown(text)))
    if len(digits.lstrip("0")) > MAX_DIGITS:
        if minimum is None:
            long = pgettext("number.most_digits", "{what} must be at most {most}, not a number of {digits:,} digits")
        else:
            long = pgettext(
                "number.span_digits", "{what} must be from {least} to {most}, not a number of {digits:,} digits"
            )
        raise RefereeError(long.format(what=what, least=minimum, most=maximum, digits=Grouped(len(digits))))
    value = int(body)
    if value > maximum or (minimum is not None and value < minimum):
        if minimum is None:
            off = pgettext("number.most", "{what} must be at most {most}, not {value}")
        else:
            off = pgettext("number.span", "{what} must be from {least} to {most}, not {value}")
        raise RefereeError(off.format(what=what, least=minimum, most=maximum, value=value))
    return value


def utf8(text: str, what: str) -> None:
    """Text the referee can print, store and hash: a byte that is not UTF-8
    reaches Python as a lone surrogate, which none of them accepts."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        bytes_off = pgettext(
            "text.not_utf8",
            "{what} ('{given}') holds bytes that are not UTF-8 (at character {at}); "
            "the referee reads names and paths as UTF-8",
        )
        raise RefereeError(bytes_off.format(what=what, given=shown(text), at=exc.start + 1)) from None


def argument(text: str, position: int) -> None:
    """One command-line word."""
    if "\x00" in text:
        raise RefereeError(pgettext("argument.nul", "an argument holds a NUL character; no name, number or path can"))
    utf8(text, pgettext("argument", "argument {position}").format(position=position))
    if len(text) > MAX_ARGUMENT:
        long = pgettext("argument.long", "argument {position} is {length:,} characters long; at most {most:,}")
        raise RefereeError(long.format(position=position, length=Grouped(len(text)), most=Grouped(MAX_ARGUMENT)))


def path_text(path: Path | str, what: str) -> Path:
    """A path short enough for the system, refused before the system raises."""
    raw = os.fsencode(str(path))
    if len(raw) >= MAX_PATH:
        long = pgettext("path.long", "{what} '{given}': a path of {length:,} bytes; at most {most}")
        raise RefereeError(long.format(what=what, given=shown(str(path)), length=Grouped(len(raw)), most=MAX_PATH - 1))
    longest = max((len(part) for part in raw.split(b"/")), default=0)
    if longest > MAX_NAME:
        long = pgettext("path.long_name", "{what} '{given}': a name in it is {length} bytes long; at most {most}")
        raise RefereeError(long.format(what=what, given=shown(str(path)), length=longest, most=MAX_NAME))
    return Path(path)


def kind_of(path: Path) -> str | None:
    """What a path is, without opening it: 'file', 'directory', another kind's
    name, or None when nothing is there."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        unusable = pgettext("path.cannot_use", "cannot use {path}: {reason}")
        raise RefereeError(unusable.format(path=shown(str(path)), reason=exc.strerror)) from None
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
        raise RefereeError(pgettext("file.missing", "no such {what}").format(what=what), where=str(path)) from None
    except IsADirectoryError:
        raise _not_a_file(path, what, directory=True) from None
    except OSError as exc:
        raise _unreadable(path, exc) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise _not_a_file(path, what, directory=stat.S_ISDIR(info.st_mode))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            return stream.read(size)
    except OSError as exc:
        raise _unreadable(path, exc) from None
    finally:
        os.close(handle)


def read_file(path: Path, what: str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; one byte more
    is read to tell, never the rest of a larger file."""
    data = read_head(path, what, limit + 1)
    if len(data) > limit:
        large = pgettext("file.large", "too large for a {what} (over {limit:,} bytes)")
        raise RefereeError(large.format(what=what, limit=Grouped(limit)), where=str(path))
    return data


def write_text(path: Path, text: str, what: str) -> None:
    """Write a file the user named, refusing what is not a file: writing to a
    FIFO nobody reads would wait for ever, and a device is no place for it."""
    found = kind_of(path_text(path, what))
    if found not in (None, "file"):
        other = pgettext("file.not_writable", "cannot write {path}: it is {found}, not a file for {what}")
        raise RefereeError(other.format(path=shown(str(path)), found=_a(found), what=what))
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        failed = pgettext("file.write_failed", "cannot write {path}: {reason}")
        raise RefereeError(failed.format(path=shown(str(path)), reason=exc.strerror)) from None


def create_text(path: Path, text: str) -> None:
    """Write a file that must be new: created exclusively, so of two writers
    racing for one name one writes and the other finds it there
    (FileExistsError), and removed again when writing fails (a full disk, an
    interrupt), so no empty or partial file is left to take the name. Raises
    what the system raised."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())  # a disk that is full says so here, not after the file is called written
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def _a(kind: str | None) -> str:
    """'a directory': what `kind_of` found, with its article, in the language spoken."""
    return {
        "directory": pgettext("path.a", "a directory"),
        "named pipe (FIFO)": pgettext("path.a", "a named pipe (FIFO)"),
        "socket": pgettext("path.a", "a socket"),
    }.get(kind or "", pgettext("path.a", "a device"))


def _not_a_file(path: Path, what: str, directory: bool) -> RefereeError:
    if directory:
        found = pgettext("file.directory", "is a directory, not a {what}")
    else:
        found = pgettext("file.pipe", "is a named pipe or a device, not a {what}")
    return RefereeError(found.format(what=what), where=str(path))


def _unreadable(path: Path, exc: OSError) -> RefereeError:
    return RefereeError(
        pgettext("file.unreadable", "cannot read: {reason}").format(reason=exc.strerror), where=str(path)
    )


def compared(word: str) -> str:
    """A name as compared with what a player types: case and spacing do not
    matter, and case is folded the way the language folds it (STRASSE is Straße)."""
    return " ".join(word.casefold().split())
