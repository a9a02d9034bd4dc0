"""A dealt map for people: a picture of hex rows in the terminal (rows 2, 4, …
half a hex to the right, as on the table), the tiles per terrain, and why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.hexmap import Landmap, Tile, column
from referee.language import npgettext, pgettext
from referee.render.text import explanation, styled, table
from referee.ruleset.sections import Landscape


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def picture(land: Landscape, landmap: Landmap, label: Callable[[Tile], str] | None = None) -> str:
    """Each tile as `(G C4)`: terrain letter and coordinate; a capital as `(C*B2)`;
    `label` adds a fixed-width text to every cell (a board's die: `(G C4 r6)`)."""
    width = max(len(t.coord) for t in landmap.tiles)
    extra = max(len(label(t)) for t in landmap.tiles) + 1 if label else 0
    blank = " " * (width + 5 + extra)
    capitals = set(landmap.capitals)
    at = {(column(t.hex), t.r): t for t in landmap.tiles}
    columns = max(c for c, _ in at) + 1
    lines = []
    for row in range(max(r for _, r in at) + 1):
        cells = []
        for col in range(columns):
            tile = at.get((col, row))
            if tile is None:
                cells.append(blank)
                continue
            terrain = land.terrains[tile.terrain]
            mark = "*" if tile.coord in capitals else " "
            text = f"({terrain.letter}{mark}{tile.coord:<{width}}{' ' + label(tile) if label else ''})"
            cells.append(styled(text, fg="black", bg=_rgb(terrain.colour)) + " ")
        indent = " " * ((width + 5 + extra) // 2) if row % 2 else ""
        lines.append((indent + "".join(cells)).rstrip())
    return "\n".join(lines)


def legend(land: Landscape, landmap: Landmap) -> str:
    counts = landmap.counts()
    rows = [(t.letter, t.title, counts.get(name, 0), t.count) for name, t in land.terrains.items()]
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
    capitals = capitals_line(landmap.capitals) if landmap.capitals else None
    heading = pgettext("map.title", "{title}: {tiles} ({shape})")
    again = pgettext("map.seed", "Seed: {seed}; deal this map again with --seed {seed}.")
    each = npgettext("map.dice", "Each player gets {n} die.", "Each player gets {n} dice.", landmap.dice_per_player)
    return "\n".join(
        line
        for line in [
            styled(heading.format(title=title, tiles=tiles_said(landmap), shape=landmap.shape), bold=True),
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
