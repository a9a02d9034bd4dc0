"""A dealt map for people: a picture of hex rows in the terminal (rows 2, 4, …
half a hex to the right, as on the table), the tiles per terrain, and why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.board.hexmap import Landmap, Tile, column, shape_said
from referee.render.text import explanation, paragraph, styled, table
from referee.ruleset.sections import Landscape
from referee.words.language import npgettext, pgettext


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def picture(land: Landscape, landmap: Landmap, label: Callable[[Tile], str] | None = None) -> str:
    """Each tile as `(G C4)`: terrain letter and coordinate; a capital as `(C*B2)`;
    `label` adds a fixed-width text to every cell (a board's die: `(G C4 r6)`).
    Cells are as wide on the terminal whatever they hold: a Chinese letter or
    mark takes two columns, so the narrower ones are padded to it. A map
    wider than the terminal is cut into bands of whole columns, west to east,
    one under the other: each cell names its coordinate, so the bands read
    as one map."""
    from referee.render.text import width as terminal
    from referee.render.widths import columns

    def padded(text: str, width: int) -> str:
        return text + " " * (width - columns(text))

    width = max(len(t.coord) for t in landmap.tiles)
    marks = {t.mark for t in land.terrains.values()}
    letter = max(map(columns, marks))
    labels = {t.coord: label(t) for t in landmap.tiles} if label else {}
    extra = max(map(columns, labels.values())) + 1 if labels else 0
    cell = letter + width + 4 + extra  # with the space after it
    capitals = set(landmap.capitals)
    at = {(column(t.hex), t.r): t for t in landmap.tiles}
    columns_ = max(c for c, _ in at) + 1
    rows = max(r for _, r in at) + 1
    indent = cell // 2 if rows > 1 else 0
    fits = max(1, (terminal() - indent + 1) // cell)  # the last cell's trailing space is not printed
    count = -(-columns_ // fits)  # as few bands as fit, of columns shared out evenly
    bands = [range(columns_ * b // count, columns_ * (b + 1) // count) for b in range(count)]

    def drawn(band: range, row: int) -> str:
        cells = []
        for col in band:
            tile = at.get((col, row))
            if tile is None:
                cells.append(" " * cell)
                continue
            terrain = land.terrains[tile.terrain]
            mark = "*" if tile.coord in capitals else " "
            said = " " + padded(labels[tile.coord], extra - 1) if labels else ""
            text = f"({padded(terrain.mark, letter)}{mark}{tile.coord:<{width}}{said})"
            cells.append(styled(text, fg="black", bg=_rgb(terrain.colour)) + " ")
        shifted = " " * (cell // 2) if row % 2 else ""
        return (shifted + "".join(cells)).rstrip()

    pictures = []
    for band in bands:  # each band without the rows it has no tile in, above and below
        lines = [drawn(band, row) for row in range(rows)]
        held = [i for i, line in enumerate(lines) if line]
        pictures.append("\n".join(lines[held[0] : held[-1] + 1]))
    return "\n\n".join(pictures)


def legend(land: Landscape, landmap: Landmap) -> str:
    counts = landmap.counts()
    rows = [(t.mark, t.title, counts.get(name, 0), t.count) for name, t in land.terrains.items()]
    headers = [
        pgettext("legend.header", "letter"),
        pgettext("legend.header", "terrain"),
        pgettext("legend.header", "tiles"),
        pgettext("legend.header", "in the box"),
    ]
    return table(rows, headers)


def capitals_line(capitals: list[str] | tuple[str, ...]) -> str:
    """The capitals a map marks with *, by coordinate; the board says it too."""
    return pgettext("legend.capitals", "Capitals (marked *): {tiles}.").format(
        tiles=pgettext("list", ", ").join(capitals)
    )


def tiles_said(landmap: Landmap) -> str:
    """'20 tiles + 2 capitals': what a map is made of, the picture's title says it too."""
    tiles = len(landmap.tiles) - len(landmap.capitals)
    said = npgettext("map.tiles", "{tiles} tile", "{tiles} tiles", tiles).format(tiles=tiles)
    if landmap.capitals:
        count = len(landmap.capitals)
        said = npgettext("map.capitals", "{said} + {n} capital", "{said} + {n} capitals", count).format(
            said=said, n=count
        )
    return said


def report(land: Landscape, title: str, landmap: Landmap) -> str:
    capitals = paragraph(capitals_line(landmap.capitals)) if landmap.capitals else None
    heading = pgettext("map.title", "{title}: {tiles} ({shape})")
    again = pgettext("map.seed", "Seed: {seed}; deal this map again with --seed {seed}.")
    each = npgettext("map.dice", "Each player gets {n} die.", "Each player gets {n} dice.", landmap.dice_per_player)
    return "\n".join(
        line
        for line in [
            styled(
                heading.format(title=title, tiles=tiles_said(landmap), shape=shape_said(landmap.shape).spoken),
                bold=True,
            ),
            "",
            picture(land, landmap),
            "",
            legend(land, landmap),
            "",
            styled(each.format(n=landmap.dice_per_player), bold=True),
            capitals,
            "",
            explanation(landmap.steps),
            "",
            again.format(seed=landmap.seed),
        ]
        if line is not None
    )


def document(ruleset: str, landmap: Landmap) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "shape": landmap.shape,
        "tiles": [{"coord": t.coord, "q": t.q, "r": t.r, "terrain": t.terrain} for t in landmap.tiles],
        "terrain_counts": landmap.counts(),
        "dice_per_player": landmap.dice_per_player,
        "capitals": list(landmap.capitals),
        "capital_reach": list(landmap.reach),
        "seed": landmap.seed,
        "explanation": [s.as_dict() for s in landmap.steps],
    }
