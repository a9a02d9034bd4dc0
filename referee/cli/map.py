"""`referee map`: deal a random landscape of hex tiles, in the terminal and as SVG."""

from __future__ import annotations

from typing import Any

import click

from referee.board.hexmap import SHAPES, Landmap, deal, landscape_of
from referee.chance.dice import new_seed
from referee.cli.helptext import described, helped
from referee.cli.inplay import rules_in_play
from referee.cli.journaling import journaled, record, stop_if_won, write_file, written_to
from referee.cli.options import F, Named, emit, json_option, ruleset_argument, seed_option, whole
from referee.core.errors import RefereeError
from referee.render.text import path_lines
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import say
from referee.words.language import pgettext


def map_options(f: F) -> F:
    """The options that say which map to deal; `setup` deals with the same ones."""
    f = click.option(
        "--capitals", is_flag=True, help=helped("help.capitals", "Add the capital cities of the capital variant.")
    )(f)
    f = click.option(
        "--shape",
        type=Named(sorted(SHAPES)),
        default="random",
        show_default=True,
        help=helped(
            "help.shape",
            "random: tiles laid one by one beside a random tile already down: ragged, with inlets; "
            "blob: each tile laid where it touches the most tiles already down: compact; "
            "front: two long rows side by side: a long front line.",
        ),
    )(f)
    return click.option(
        "--tiles", type=whole(), required=True, help=helped("help.tiles", "How many tiles (without capitals).")
    )(f)


def dealt(rules: Ruleset, tiles: int, shape: str, capitals: bool, seed: int | None) -> Landmap:
    return deal(rules, tiles, new_seed() if seed is None else seed, shape, capitals)


def svg_option(f: F) -> F:
    f = click.option(
        "--hex-size",
        type=whole(1),
        metavar="MM",
        help=helped(
            "help.hex-size",
            "Hexes this many mm across in the SVG (default: 32, or less so the map fits A4, else A3; "
            "never too small for the box's dice).",
        ),
    )(f)
    return click.option(
        "--svg",
        "svg_path",
        type=click.Path(dir_okay=False, writable=True, allow_dash=True),
        help=helped(
            "help.svg",
            "Also write the map as an SVG picture to this file, to print and play on ('-': to stdout, "
            "and the report to stderr).",
        ),
    )(f)


def write_svg(
    rules: Ruleset, landmap_: Landmap, svg_path: str | None, hex_size: int | None, document: dict[str, Any]
) -> str:
    """Writes the picture when asked, notes it in the document, and returns the
    line that tells the player where it went and how it prints."""
    if not svg_path:
        if hex_size is not None:
            raise RefereeError(say("error.map.svg", "--hex-size sizes the SVG picture; give --svg FILE too"))

        return ""
    from referee.render.svg import svg

    land = landscape_of(rules)
    picture = svg(rules, land, landmap_, hex_size)
    write_file(svg_path, picture.text, pgettext("file.what", "the map"))
    document |= {
        "svg": svg_path,
        "hex_size_mm": picture.hex_mm,
        "svg_size_mm": [round(picture.width_mm), round(picture.height_mm)],
        "paper": picture.paper,
    }
    return "\n" + _written(svg_path, picture.hex_mm, land.die_mm, picture.width_mm, picture.height_mm, picture.paper)


def _written(path: str, hex_mm: int, die_mm: int, width_mm: float, height_mm: float, paper: str) -> str:
    """Where the picture went, its hexes and size, and the paper it fits ('A4 portrait', as --json says),
    wrapped to the terminal like the report above it."""
    name, _, turned = paper.partition(" ")
    if turned == "portrait":
        fits = pgettext("svg.paper", "fits {paper} portrait.").format(paper=name)
    elif turned == "landscape":
        fits = pgettext("svg.paper", "fits {paper} landscape.").format(paper=name)
    else:
        fits = pgettext("svg.paper", "larger than A3: try a smaller --hex-size.")
    said = pgettext(
        "svg.written",
        "SVG picture written to {path}: hexes {hex} mm across (a {die} mm die fits), {width} × {height} mm, {fits}",
    )
    line = said.format(
        path=written_to(path), hex=hex_mm, die=die_mm, width=f"{width_mm:.0f}", height=f"{height_mm:.0f}", fits=fits
    )
    return "\n".join(path_lines(line, hanging=""))


@click.command(name="map")
@ruleset_argument
@map_options
@svg_option
@seed_option
@journaled
@json_option
@described("help.map")
def landmap(
    ruleset: str | None,
    tiles: int,
    shape: str,
    capitals: bool,
    svg_path: str | None,
    hex_size: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Deal a random connected landscape from the box's tiles: a picture with
    each tile's terrain letter and coordinate, tiles per terrain, and each
    player's dice. The same seed deals the same map on any machine.

    \b
    Example:
      referee map diceland --tiles 20 --seed 7 --capitals \\
          --svg map.svg
    """
    from referee.render import hexmap as render

    stop_if_won()  # a map for the next game is not filed under the one just won
    rules = rules_in_play(ruleset)
    land = landscape_of(rules)
    landmap_ = dealt(rules, tiles, shape, capitals, seed)
    document = render.document(rules.name, landmap_)
    written = write_svg(rules, landmap_, svg_path, hex_size, document)
    record(rules, document, "map", seed=landmap_.seed)
    emit(as_json, document, lambda: render.report(land, rules.spoken_title, landmap_) + written)
