"""A dealt map as an SVG picture to print and lay out: pointy-top hexes
coloured by terrain, each with its letter and coordinate, capitals ringed,
and a legend."""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from referee.hexmap import Landmap
from referee.ruleset.sections import Landscape

SIZE = 36.0  # a hex's corner radius, in SVG units
MARGIN = 20.0
LEGEND_ROW = 24.0


def _centre(q: int, r: int) -> tuple[float, float]:
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _corners(x: float, y: float, scale: float = 1.0) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{x + SIZE * scale * math.cos(angle):.1f},{y + SIZE * scale * math.sin(angle):.1f}")
    return " ".join(points)


def svg(land: Landscape, title: str, landmap: Landmap) -> str:
    centres = {t.coord: _centre(t.q, t.r) for t in landmap.tiles}
    half_w = SIZE * math.sqrt(3) / 2
    left = min(x for x, _ in centres.values()) - half_w - MARGIN
    top = min(y for _, y in centres.values()) - SIZE - MARGIN - 30
    width = max(x for x, _ in centres.values()) + half_w + MARGIN - left
    map_bottom = max(y for _, y in centres.values()) + SIZE + MARGIN
    width = max(width, 360.0)
    height = map_bottom - top + LEGEND_ROW * (len(land.terrains) + 2)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">',
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" fill="white"/>',
        f'<text x="{left + MARGIN:.1f}" y="{top + 24:.1f}" font-size="18" font-weight="bold">'
        f"{escape(title)}: {len(landmap.tiles) - len(landmap.capitals)} tiles"
        + (f" + {len(landmap.capitals)} capitals" if landmap.capitals else "")
        + f", seed {landmap.seed}</text>",
    ]
    capitals = set(landmap.capitals)
    for tile in landmap.tiles:
        x, y = centres[tile.coord]
        terrain = land.terrains[tile.terrain]
        out.append(f'<polygon points="{_corners(x, y)}" fill="{terrain.colour}" stroke="#333" stroke-width="2"/>')
        if tile.coord in capitals:
            out.append(f'<polygon points="{_corners(x, y, 0.8)}" fill="none" stroke="#b22" stroke-width="3"/>')
        out.append(
            f'<text x="{x:.1f}" y="{y - 4:.1f}" text-anchor="middle" font-size="16" '
            f'font-weight="bold">{terrain.letter}</text>'
        )
        out.append(f'<text x="{x:.1f}" y="{y + 15:.1f}" text-anchor="middle" font-size="13">{tile.coord}</text>')
    counts = landmap.counts()
    y = map_bottom
    for name, terrain in land.terrains.items():
        out.append(
            f'<rect x="{left + MARGIN:.1f}" y="{y:.1f}" width="18" height="18" fill="{terrain.colour}" stroke="#333"/>'
        )
        out.append(
            f'<text x="{left + MARGIN + 26:.1f}" y="{y + 14:.1f}" font-size="14">{terrain.letter} '
            f"{escape(name)}: {counts.get(name, 0)}</text>"
        )
        y += LEGEND_ROW
    if capitals:
        out.append(
            f'<polygon points="{_legend_ring(left + MARGIN + 9, y + 9)}" fill="none" stroke="#b22" stroke-width="3"/>'
        )
        out.append(
            f'<text x="{left + MARGIN + 26:.1f}" y="{y + 14:.1f}" font-size="14">capital: '
            f"{', '.join(landmap.capitals)}</text>"
        )
        y += LEGEND_ROW
    out.append(
        f'<text x="{left + MARGIN:.1f}" y="{y + 14:.1f}" font-size="14">{landmap.dice_per_player} '
        "dice per player</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _legend_ring(x: float, y: float) -> str:
    return _corners(x, y, 9 / SIZE)
