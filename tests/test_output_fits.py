"""Output that fits (issue 25, §3): a wide board cut into bands that fit the
terminal, and an SVG title that fits its drawing."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from conftest import run

from referee.render.widths import columns

WIDE = "play start wide diceland --tiles 24 --seed 3 --shape front"
SVG = "{http://www.w3.org/2000/svg}"
CELL = re.compile(r"\(. ([A-Z]\d+) [-a-z0-9]{2}\)")


def _map(said: str) -> list[str]:
    """The board's picture: the lines from the first cell to the players' table."""
    lines = said.splitlines()
    first = next(i for i, line in enumerate(lines) if CELL.search(line))
    last = next(i for i, line in enumerate(lines) if line.startswith(("player", "Spieler", "speler", "玩家")))
    return lines[first : last - 1]


@pytest.mark.parametrize(("width", "bands"), [("60", 3), ("80", 2), ("100", 2), ("", 2), ("200", 1)])
def test_a_wide_board_is_cut_into_bands_that_fit_the_terminal(width: str, bands: int) -> None:
    said = run(WIDE, env={"COLUMNS": width, "NO_COLOR": "1"}).stdout
    picture = _map(said)
    assert max(map(columns, picture)) <= int(width or 100)
    assert "\n".join(picture).count("\n\n") == bands - 1
    shown = [c for line in picture for c in CELL.findall(line)]
    assert len(shown) == len(set(shown)) == 24  # every tile once, by its coordinate
    rows = [line for line in picture if line]
    assert all(line.startswith("(") for line in rows[::2]) and all(line.startswith("     (") for line in rows[1::2])
    assert all(len(CELL.findall(line)) == 12 // bands for line in rows)  # columns shared out evenly


@pytest.mark.parametrize("lang", ["nl", "de", "zh-Hant"])
def test_a_banded_board_fits_sixty_columns_in_every_language(lang: str) -> None:
    said = run(f"--lang {lang} {WIDE}", env={"COLUMNS": "60", "NO_COLOR": "1"}).stdout
    assert max(map(columns, said.splitlines())) <= 60


def test_a_dealt_map_is_banded_too() -> None:
    said = run("map diceland --tiles 24 --seed 3 --shape front --no-journal", env={"COLUMNS": "60", "NO_COLOR": "1"})
    assert max(map(columns, said.stdout.splitlines())) <= 60
    assert all(f"{letter}1" in said.stdout for letter in "ABCDEFGHIJKL")


@pytest.mark.parametrize("lang", ["en", "nl", "de", "zh-Hant"])
@pytest.mark.parametrize("deal", ["--tiles 20 --seed 11 --capitals", "--tiles 8 --seed 2", "--tiles 36 --seed 5"])
def test_the_svg_title_fits_the_drawing(tmp_path: Path, lang: str, deal: str) -> None:
    """Each title line, at a generous estimate of a bold letter's width, ends
    inside the viewBox's margin; nothing of the title is lost to the wrap."""
    from referee.render.svg import ADVANCE, MARGIN

    out = tmp_path / "map.svg"
    run(f"--lang {lang} map diceland {deal} --svg {out} --no-journal")
    drawing = ElementTree.parse(out).getroot()
    left, _, width, _ = map(float, drawing.attrib["viewBox"].split())
    title = drawing.find(f"{SVG}text[@class='title']")
    assert title is not None
    lines = [span.text or "" for span in title.findall(f"{SVG}tspan")]
    size = float(title.attrib["font-size"])
    assert all(float(title.attrib["x"]) + columns(line) * size * ADVANCE <= left + width - MARGIN for line in lines)
    tiles, seed = re.findall(r"\d+", deal)
    said = " ".join(lines)
    assert said.startswith("DiceLand") and f"{tiles} " in said and f" {seed}" in said  # nothing lost


@pytest.mark.parametrize("lang", ["en", "nl", "de", "zh-Hant"])
@pytest.mark.parametrize("width", ["60", ""])
def test_the_line_saying_where_the_svg_went_fits(lang: str, width: str) -> None:
    """'SVG picture written to stdout: hexes 24 mm across …' ran to 103 columns,
    past a 60-column terminal and past 100 piped; every word of it is kept."""
    said = run(
        f"--lang {lang} map diceland --tiles 20 --seed 11 --capitals --svg - --no-journal", env={"COLUMNS": width}
    )
    assert said.stdout.startswith("<svg")
    report = said.stderr.splitlines()
    assert max(map(columns, report)) <= int(width or 100)
    assert any("16" in line for line in report) and report[-1].rstrip().endswith(
        ("portrait.", "staand.", "hoch.", "上。")
    )
