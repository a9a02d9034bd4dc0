"""The one table the referee draws: a header row, a rule of dashes, then the
rows, each column left-aligned, two spaces apart and at least two wider
than its header, lines without trailing spaces.

tabulate drew it before, in its "simple" style; since its 0.10, importing
tabulate reads the installed packages' metadata, which made a quarter of
every text command's start-up. This draws the same table, character for
character (tests/test_tables.py holds it to tabulate's own output).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.render.widths import columns, has_wide, wrap


def drawn(
    rows: Sequence[Sequence[str]],
    headers: Sequence[str],
    indented: bool = False,
    widths: Sequence[int] | None = None,
) -> str:
    """The table of `rows` under `headers`. A cell may hold several lines;
    `indented` keeps a cell's leading spaces (a part of the row above), and
    `widths` wraps each column's cells and header to at most its width."""
    head = [_header(h, widths[i] if widths else None) for i, h in enumerate(headers)]
    body = [[_cell(c, indented, widths[i] if widths else None) for i, c in enumerate(row)] for row in rows]
    sizes = [
        max([max(map(columns, head[i]), default=0) + 2, *(columns(line) for row in body for line in row[i])])
        for i in range(len(head))
    ]
    lines = [*_lines(head, sizes), "  ".join("-" * size for size in sizes)]
    for row in body:
        lines += _lines(row, sizes)
    return "\n".join(lines)


def _cell(text: str, indented: bool, width: int | None) -> list[str]:
    """A cell's lines: stripped unless `indented`, wrapped to `width` when given."""
    text = str(text)
    if width is not None:
        text = "\n".join("\n".join(_wrapped(line, width)) for line in text.splitlines())
    return (text if indented else text.strip()).splitlines() or [""]


def _header(text: str, width: int | None) -> list[str]:
    """A header's lines, as written (a header is measured with its spaces)."""
    return (_cell(text, True, width) if width is not None else str(text).split("\n")) or [""]


def _wrapped(line: str, width: int) -> list[str]:
    if has_wide(line):
        return wrap(line, width, "", "", whole_words=False)
    import textwrap

    return textwrap.wrap(line, width)


def _lines(cells: Sequence[list[str]], sizes: Sequence[int]) -> list[str]:
    """One row, as many lines high as its tallest cell, each cell padded to its column."""
    height = max((len(cell) for cell in cells), default=1)
    return [
        "  ".join(_padded(cell[n] if n < len(cell) else "", size) for cell, size in zip(cells, sizes)).rstrip()
        for n in range(height)
    ]


def _padded(text: str, size: int) -> str:
    return text + " " * (size - columns(text))
