"""Issue 15.11 and 15.12: `setup` takes the armies players rolled with their
own dice and draws its map; the SVG is a playing aid sized for the table."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import fails, run, run_json

TYPED = "setup diceland --tiles 10 --seed 3 --red 6,6,5,4,3,2,1 --blue 6,5,5,5,4,1,1"


def test_setup_takes_the_armies_the_players_rolled() -> None:
    document = run_json(TYPED)
    assert document["armies"] == {"red": [6, 6, 5, 4, 3, 2, 1], "blue": [6, 5, 5, 5, 4, 1, 1]}
    assert document["places_first"] == "red"  # two sixes against one
    texts = [s["text"] for s in document["setup_explanation"]]
    assert texts[0] == "red rolled 7 dice: 6, 6, 5, 4, 3, 2, 1; blue rolled 7 dice: 6, 5, 5, 5, 4, 1, 1 (typed)"
    assert "6s: red 2, blue 1: red places first" in texts[1]
    assert "Dice typed by the players." in run(TYPED).stdout
    dutch = run_json(TYPED.replace("--red ", "--rood ").replace("--blue ", "--blauw "))
    assert dutch["armies"] == document["armies"]
    assert "unknown option --green; type each player's army with --red --blue" in fails(f"{TYPED} --green 1")


def test_typed_armies_are_checked() -> None:
    assert fails("setup diceland --tiles 10 --seed 3 --red 6,5,4,3,2,1,1").endswith(
        "give blue's army too (--blue DICE), or neither to let the referee roll (DL-S1)"
    )
    assert fails("setup diceland --tiles 10 --seed 3 --red 6,5,4 --blue 6,5,5,5,4,1,1").endswith(
        "red rolls 7 dice on this map (DL-M2), not 3 (DL-S1)"
    )
    assert "each 1 to 6" in fails("setup diceland --tiles 10 --seed 3 --red 6,5,4,3,2,1,9 --blue 6,5,5,5,4,1,1")
    same = "setup diceland --tiles 10 --seed 3 --red 6,5,4,3,2,1,1 --blue 1,1,2,3,4,5,6"
    assert fails(same).endswith("identical rolls: both re-roll everything; type the new dice (DL-S2)")


def test_setup_draws_its_map(tmp_path: Path) -> None:
    picture = tmp_path / "setup.svg"
    document = run_json(f"{TYPED} --svg {picture}")
    assert document["svg"] == str(picture)
    dealt = tmp_path / "map.svg"
    run(f"map diceland --tiles 10 --seed 3 --svg {dealt}")
    assert picture.read_text() == dealt.read_text()
    said = " ".join(run(f"{TYPED} --svg {picture}").stdout.split())  # the line wraps, as the report does
    assert f"SVG picture written to {picture}: hexes" in said


def _svg(tmp_path: Path, options: str) -> tuple[dict, ET.Element]:
    picture = tmp_path / "map.svg"
    document = run_json(f"map diceland {options} --svg {picture}")
    return document, ET.fromstring(picture.read_text())


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of '#rrggbb', written out here apart from the referee."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _full(colour: str) -> str:
    return "#" + "".join(c * 2 for c in colour[1:]) if len(colour) == 4 else colour


NS = "{http://www.w3.org/2000/svg}"


def test_letters_reach_wcag_aa_contrast_on_every_terrain(tmp_path: Path) -> None:
    _, root = _svg(tmp_path, "--tiles 34 --seed 5 --capitals")
    tiles = root.findall(f"{NS}g[@class='tile']")
    assert len(tiles) == 36
    terrains = set()
    for tile in tiles:
        fill = tile.find(f"{NS}polygon").get("fill")
        terrains.add(fill)
        for text in tile.findall(f"{NS}text"):
            assert _contrast(_full(fill), _full(text.get("fill"))) >= 4.5, (fill, text.get("fill"), text.text)
    assert len(terrains) == 5  # every terrain of the box was checked


def test_hexes_are_sized_for_a_die_and_the_paper(tmp_path: Path) -> None:
    document, root = _svg(tmp_path, "--tiles 12 --seed 7")
    assert root.get("width").endswith("mm") and root.get("viewBox").split()[2] == root.get("width")[:-2]
    assert document["hex_size_mm"] == 32 and document["paper"].startswith("A4")
    shrunk, _ = _svg(tmp_path, "--tiles 20 --seed 7")
    assert 22 <= shrunk["hex_size_mm"] < 32 and shrunk["paper"].startswith("A4")
    hexagon = root.find(f"{NS}g/{NS}polygon")
    points = [tuple(map(float, p.split(","))) for p in hexagon.get("points").split()]
    across = max(x for x, _ in points) - min(x for x, _ in points)
    assert abs(across - 32) < 0.2  # flat to flat, in millimetres
    bigger, _ = _svg(tmp_path, "--tiles 12 --seed 7 --hex-size 40")
    assert bigger["hex_size_mm"] == 40
    big_map, _ = _svg(tmp_path, "--tiles 36 --seed 2 --shape front")
    assert big_map["hex_size_mm"] >= 23 and big_map["paper"].startswith(("A3", "larger"))
    assert fails(f"map diceland --tiles 8 --seed 1 --svg {tmp_path / 'x.svg'} --hex-size 15").endswith(
        "hexes of 15 mm cannot hold a 16 mm die; give --hex-size 23 or more"
    )
    huge = f"map diceland --tiles 8 --seed 1 --svg {tmp_path / 'z.svg'} --hex-size 9223372036854775807"
    assert fails(huge).endswith(
        "hexes of 9223372036854775807 mm do not fit on A3 (420 mm); give --hex-size 420 or less"
    )
    assert not (tmp_path / "z.svg").exists()
    said = run(f"map diceland --tiles 8 --seed 1 --svg {tmp_path / 'y.svg'}").stdout
    assert "hexes 32 mm across (a 16 mm die fits)" in " ".join(said.split())


def test_capitals_are_ringed_in_each_players_colour(tmp_path: Path) -> None:
    document, root = _svg(tmp_path, "--tiles 10 --seed 3 --capitals")
    rings = root.findall(f".//{NS}polygon[@class='capital']")
    assert [ring.get("stroke") for ring in rings] == ["#c62828", "#1565c0"]
    legend = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    red, blue = document["capitals"]
    assert f"red's capital: {red}" in legend and f"blue's capital: {blue}" in legend
