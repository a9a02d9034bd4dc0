"""A dealt map as an SVG picture to print and play on: drawn in millimetres,
with hexes a stated size across (by default large enough for the box's dice,
and small enough for the map to fit A4 or A3), each tile's letter and
coordinate kept clear of the die's place and in black or white, whichever
reads better on the terrain's colour (WCAG AA), capitals ringed in their
player's colour, and a legend."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from xml.sax.saxutils import escape

from referee.board.hexmap import Landmap
from referee.core.errors import RefereeError, setting
from referee.core.records import record
from referee.render.hexmap import tiles_said
from referee.ruleset.model import Ruleset
from referee.ruleset.sections import Landscape
from referee.ruleset.spec import EMPTY
from referee.rulings.ruling import say
from referee.words.language import npgettext, pgettext

MARGIN = 10.0  # mm of paper left blank around the picture
TITLE = 12.0  # mm for the title line
ROW = 7.0  # mm per legend row
FONT = 4.5  # mm, legend and title text
HEADING = FONT * 1.2  # mm, the title's letters
LEADING = HEADING * 1.25  # mm from one title line to the next
ADVANCE = 0.6  # a generous estimate of a bold sans-serif letter's width, per em and terminal column
WIDEST = 32  # mm across flats when the paper allows
ROOM = 1.4  # hex width across flats per mm of die side: the die fits with the letters clear
PAPERS = (("A4", 210, 297), ("A3", 297, 420))
INKS = ("#000000", "#ffffff")


@record
class Picture:
    text: str
    hex_mm: int
    width_mm: float
    height_mm: float
    paper: str


def luminance(colour: str) -> float:
    """Relative luminance of '#rrggbb' (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink(colour: str) -> str:
    """Black or white, whichever contrasts more with the colour (at least 4.58:1)."""
    return max(INKS, key=lambda text: contrast(text, colour))


def smallest_hex(land: Landscape) -> int:
    return math.ceil(land.die_mm * ROOM)


def _paper(width: float, height: float) -> str:
    for name, short, long in PAPERS:
        if width <= short and height <= long:
            return f"{name} portrait"
        if width <= long and height <= short:
            return f"{name} landscape"
    return "larger than A3"


class _Layout:
    """Where everything goes for hexes `flats` mm across."""

    def __init__(self, land: Landscape, landmap: Landmap, flats: int, legend_rows: int, titled: Callable[[int], str]):
        self.radius = flats / math.sqrt(3)
        self.centres = {t.coord: self.centre(t.q, t.r) for t in landmap.tiles}
        xs = [x for x, _ in self.centres.values()]
        ys = [y for _, y in self.centres.values()]
        self.left = min(xs) - flats / 2 - MARGIN
        self.map_bottom = max(ys) + self.radius + MARGIN / 2
        self.width = max(max(xs) + flats / 2 + MARGIN - self.left, 120.0)
        self.title = title_lines(titled(flats), self.width - 2 * MARGIN)
        self.top = min(ys) - self.radius - MARGIN - TITLE - LEADING * (len(self.title) - 1)
        self.height = self.map_bottom - self.top + ROW * legend_rows + MARGIN / 2

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return self.radius * math.sqrt(3) * (q + r / 2), self.radius * 1.5 * r

    def corners(self, x: float, y: float, scale: float = 1.0) -> str:
        angles = (math.radians(60 * i - 30) for i in range(6))
        size = self.radius * scale
        return " ".join(f"{x + size * math.cos(a):.2f},{y + size * math.sin(a):.2f}" for a in angles)


def title_lines(title: str, room: float) -> list[str]:
    """The title broken into lines no wider than `room` mm, as far as a
    letter's width can be told without the font: a wide (Chinese) character
    counts as two letters."""
    from referee.render.widths import wrap

    return wrap(title, max(1, int(room / (HEADING * ADVANCE))), "", "", whole_words=True)


def _size(land: Landscape, landmap: Landmap, hex_mm: int | None, rows: int, titled: Callable[[int], str]) -> _Layout:
    least = smallest_hex(land)
    if hex_mm is not None:
        if hex_mm < least:
            raise RefereeError(
                say(
                    "error.svg.small",
                    "hexes of {size} mm cannot hold a {die} mm die; give {option} {least} or more",
                    size=hex_mm,
                    die=land.die_mm,
                    option=setting("hex-size"),
                    least=least,
                )
            )

        largest = PAPERS[-1]
        if hex_mm > largest[2]:  # one hex past the longest side of the largest paper prints nowhere
            raise RefereeError(
                say(
                    "error.svg.large",
                    "hexes of {size} mm do not fit on {paper} ({mm} mm); give {option} {mm} or less",
                    size=hex_mm,
                    paper=largest[0],
                    mm=largest[2],
                    option=setting("hex-size"),
                )
            )
        return _Layout(land, landmap, hex_mm, rows, titled)
    for paper, _, _ in PAPERS:  # the largest hexes that fit A4, else A3
        for flats in range(max(WIDEST, least), least - 1, -1):
            layout = _Layout(land, landmap, flats, rows, titled)
            if _paper(layout.width, layout.height).startswith(paper):
                return layout
    return _Layout(land, landmap, least, rows, titled)


def svg(
    rules: Ruleset,
    land: Landscape,
    landmap: Landmap,
    hex_mm: int | None = None,
    dice: Mapping[str, tuple[str, int]] = EMPTY,
    notes: Sequence[tuple[str, str]] = (),
    crossed: Collection[str] = (),
) -> Picture:
    """The map; a game on it adds `dice` (coordinate → owner's colour, pips),
    each a disc where the die stands, `crossed` tiles (no die may enter them)
    with a cross drawn under their letters, and `notes` (colour, line) below the legend."""
    owners = list(zip(landmap.capitals, _colours(rules), strict=False))
    layout = _size(
        land,
        landmap,
        hex_mm,
        len(land.terrains) + len(owners) + 1 + len(notes),
        lambda flats: _title(rules.spoken_title, landmap, flats),
    )
    flats = round(layout.radius * math.sqrt(3))
    left, top, width, height = layout.left, layout.top, layout.width, layout.height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.2f} {top:.2f} {width:.2f} {height:.2f}" '
        f'width="{width:.2f}mm" height="{height:.2f}mm" font-family="sans-serif">',
        f'<rect x="{left:.2f}" y="{top:.2f}" width="{width:.2f}" height="{height:.2f}" fill="#ffffff"/>',
        f'<text class="title" x="{left + MARGIN:.2f}" y="{top + MARGIN + FONT:.2f}" font-size="{HEADING:.1f}" '
        f'font-weight="bold" fill="#000000">'
        + "".join(
            f'<tspan x="{left + MARGIN:.2f}" dy="{LEADING if i else 0:.2f}">{escape(line)}</tspan>'
            for i, line in enumerate(layout.title)
        )
        + "</text>",
    ]
    ring = {coord: colour for coord, (_, colour) in owners}
    r = layout.radius
    for tile in landmap.tiles:
        x, y = layout.centres[tile.coord]
        terrain = land.terrains[tile.terrain]
        text = ink(terrain.colour)
        out.append('<g class="tile">')
        out.append(
            f'<polygon points="{layout.corners(x, y)}" fill="{terrain.colour}" stroke="#333333" stroke-width="0.5"/>'
        )
        if tile.coord in crossed:
            out.append(_cross(x, y, r, text))
        if tile.coord in ring:
            out.append(
                f'<polygon class="capital" points="{layout.corners(x, y, 0.93)}" fill="none" '
                f'stroke="{ring[tile.coord]}" stroke-width="{r * 0.09:.2f}"/>'
            )
        out.append(
            f'<text x="{x:.2f}" y="{y - 0.51 * r:.2f}" text-anchor="middle" font-size="{0.35 * r:.2f}" '
            f'font-weight="bold" fill="{text}">{escape(terrain.mark)}</text>'
        )
        out.append(
            f'<text x="{x:.2f}" y="{y + 0.78 * r:.2f}" text-anchor="middle" font-size="{0.26 * r:.2f}" '
            f'fill="{text}">{tile.coord}</text>'
        )
        if tile.coord in dice:
            colour, pips = dice[tile.coord]
            out.append(
                f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{0.3 * r:.2f}" fill="{colour}" stroke="#ffffff" '
                f'stroke-width="{0.04 * r:.2f}"/><text x="{x:.2f}" y="{y + 0.12 * r:.2f}" text-anchor="middle" '
                f'font-size="{0.33 * r:.2f}" font-weight="bold" fill="{ink(colour)}">{pips}</text>'
            )
        out.append("</g>")
    out += _legend(land, landmap, owners, left + MARGIN, layout.map_bottom)
    y = layout.map_bottom + ROW * (len(land.terrains) + len(owners) + 1)
    for i, (colour, line) in enumerate(notes):
        out.append(
            f'<text x="{left + MARGIN:.2f}" y="{y + ROW * i + FONT:.2f}" font-size="{FONT}" '
            f'fill="{colour}">{escape(line)}</text>'
        )
    out.append("</svg>")
    return Picture("\n".join(out) + "\n", flats, width, height, _paper(width, height))


def _cross(x: float, y: float, r: float, colour: str) -> str:
    """Two strokes from corner to opposite corner, half see-through, so a
    crossed tile stays readable and its terrain colour shows."""
    a, b = 0.6 * r, 0.6 * r * math.sqrt(3) / 2
    return (
        f'<path class="left" d="M{x - b:.2f},{y - a / 2:.2f} L{x + b:.2f},{y + a / 2:.2f} '
        f'M{x - b:.2f},{y + a / 2:.2f} L{x + b:.2f},{y - a / 2:.2f}" stroke="{colour}" '
        f'stroke-opacity="0.55" stroke-width="{r * 0.08:.2f}" stroke-linecap="round" fill="none"/>'
    )


def _colours(rules: Ruleset) -> list[tuple[str, str]]:
    """Each player, named in the language spoken, with the colour their capital is ringed in, in the file's order."""
    if rules.deployment is None:
        return []
    deployment = rules.deployment
    return [(rules.said(player).spoken, deployment.colours.get(player, "#000000")) for player in deployment.players]


def _title(title: str, landmap: Landmap, flats: int) -> str:
    """The picture's title: the game, what the map is made of, its seed and the hexes' size."""
    said = pgettext("svg.title", "{title}: {tiles}, seed {seed}, hexes {mm} mm across")
    return said.format(title=title, tiles=tiles_said(landmap), seed=landmap.seed, mm=flats)


def _legend(
    land: Landscape, landmap: Landmap, owners: list[tuple[str, tuple[str, str]]], x: float, y: float
) -> list[str]:
    out = []
    counts = landmap.counts()
    swatch = ROW * 0.7
    for name, terrain in land.terrains.items():
        out.append(
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{swatch:.2f}" height="{swatch:.2f}" '
            f'fill="{terrain.colour}" stroke="#333333" stroke-width="0.3"/>'
        )
        out.append(
            f'<text x="{x + swatch + 2:.2f}" y="{y + FONT:.2f}" font-size="{FONT}" fill="#000000">'
            + escape(
                pgettext("svg.terrain", "{letter} {terrain}: {count}").format(
                    letter=terrain.mark, terrain=terrain.title, count=counts.get(name, 0)
                )
            )
            + "</text>"
        )
        y += ROW
    for coord, (player, colour) in owners:
        out.append(
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{swatch:.2f}" height="{swatch:.2f}" fill="none" '
            f'stroke="{colour}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{x + swatch + 2:.2f}" y="{y + FONT:.2f}" font-size="{FONT}" fill="#000000">'
            + escape(pgettext("svg.capital", "{player}'s capital: {tile}").format(player=player, tile=coord))
            + "</text>"
        )
        y += ROW
    out.append(
        f'<text x="{x:.2f}" y="{y + FONT:.2f}" font-size="{FONT}" fill="#000000">'
        + escape(
            npgettext("svg.dice", "{n} die per player", "{n} dice per player", landmap.dice_per_player).format(
                n=landmap.dice_per_player
            )
        )
        + "</text>"
    )
    return out
