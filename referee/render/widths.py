"""How wide text is on a terminal, with the stdlib's Unicode tables alone: a
wide (East Asian) character takes two columns and Chinese has no spaces to
break at. (The wcwidth package measures the same but costs a fifth of the
start-up to import.)"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

_OPENING = "「『（《〈【〔“‘"  # a line never ends on these
_CLOSING = "」』）》〉】〕，。、；：！？”’,.;:!?)]}"  # nor starts with these (a list's ", " after Chinese too)


def wide(c: str) -> bool:
    return unicodedata.east_asian_width(c) in "WF"


def closed_up(text: str) -> str:
    """Text with no space between two wide characters. A message puts spaces
    around a word it is given ('{units} 被消滅'), as the word may be a number
    or a Latin name ('2 個步兵師被消滅', 'DiceLand'); where the word turns out
    Chinese, Chinese writes it with no space ('步兵師被消滅'). (A loop, not a
    regular expression: compiling one with these ranges costs 7 ms at start-up.)"""
    if text.isascii():
        return text
    wide_next = [False] * len(text)  # at a space: whether the next character after the spaces is wide
    ahead = False
    for i in range(len(text) - 1, -1, -1):
        if text[i] != " ":
            ahead = wide(text[i])
        wide_next[i] = ahead
    kept: list[str] = []
    for i, c in enumerate(text):
        if not (c == " " and kept and wide(kept[-1]) and wide_next[i]):
            kept.append(c)
    return "".join(kept)


def columns(line: str) -> int:
    """The columns a line takes on a terminal: a wide character two, a combining mark none."""
    if line.isascii():  # most lines, and most pieces of Chinese text: no table to look up
        return len(line)
    return sum(0 if unicodedata.combining(c) else 2 if wide(c) else 1 for c in line)


def has_wide(text: str) -> bool:
    return not text.isascii() and any(map(wide, text))


def shortened(text: str, width: int) -> str:
    """Text cut to at most `width` columns, a '…' saying where, for a table's
    cell: a Chinese outcome cut by its characters would be twice too wide."""
    if columns(text) <= width:
        return text
    kept = text[: _fitting(text, width - 1)]
    return (kept if columns(kept) < width else "") + "…"  # a first wide character may not fit at all


def wrap(text: str, width: int, first: str, later: str, whole_words: bool, after: str = "") -> list[str]:
    """Text with wide characters broken into lines of at most `width` columns:
    between any two wide characters or at a space, never before a closing mark
    nor after an opening one; a narrow word too long for a line is cut unless
    `whole_words`, and may break just after any of the characters `after`."""
    lines: list[str] = []
    line, used, bare = first, columns(first), True  # bare: nothing after the indent yet
    for piece in _pieces(text, after):
        if piece.isspace():
            if not bare:  # kept as wide as written, as textwrap keeps it; dropped at a break
                line, used = line + " " * len(piece), used + len(piece)
            continue
        size = columns(piece)
        if used + size > width and not bare:
            lines.append(line.rstrip())
            line, used, bare = later, columns(later), True
        while not whole_words and len(piece) > 1 and used + size > width:
            cut = _fitting(piece, width - used)
            lines.append(line + piece[:cut])
            line, used, piece = later, columns(later), piece[cut:]
            size = columns(piece)
        line, used, bare = line + piece, used + size, False
    lines.append(line.rstrip())
    return lines


def unbroken(text: str) -> int:
    """The columns of the widest piece of text a line cannot break inside: a
    narrow word, or one wide character with the punctuation clinging to it."""
    return max((columns(piece) for piece in _pieces(text) if not piece.isspace()), default=0)


def _fitting(piece: str, room: int) -> int:
    """How many of a piece's characters fit in `room` columns (at least one)."""
    taken = 0
    for i, c in enumerate(piece):
        taken += columns(c)
        if taken > room:
            return max(1, i)
    return len(piece)


@cache
def _narrow_pieces(after: str) -> re.Pattern[str]:
    """`_pieces` of text without a wide character nor an opening mark (ASCII):
    a run of spaces, or a word up to any of `after`, closing marks clinging."""
    closing = "".join(c for c in _CLOSING if c.isascii())
    word = rf"\S(?:(?<![{re.escape(after)}])\S|[{re.escape(closing)}])*" if after else r"\S+"
    return re.compile(rf"\s+|{word}")


def _pieces(text: str, after: str = "") -> list[str]:
    """What a line may not break inside: a run of spaces, a narrow word (up to
    and with any of the characters `after`), or one wide character, each with
    the punctuation that clings to it. ASCII text is cut by a pattern: a
    fraction of a thousand digits is one word, read at C's speed."""
    return _narrow_pieces(after).findall(text) if text.isascii() else _by_character(text, after)


def _by_character(text: str, after: str) -> list[str]:
    """`_pieces` of any text, one character at a time."""
    pieces: list[str] = []
    for c in text:
        last = pieces[-1] if pieces else ""
        clings = bool(last) and not last.isspace() and (c in _CLOSING or last[-1] in _OPENING)
        same_word = (
            bool(last)
            and not c.isspace()
            and not last.isspace()
            and not wide(c)
            and not wide(last[-1])
            and last[-1] not in after
        )
        if clings or same_word or (c.isspace() and last.isspace()):
            pieces[-1] += c
        else:
            pieces.append(c)
    return pieces
