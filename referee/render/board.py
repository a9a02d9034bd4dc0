"""A game on the board for people: the map with each die (owner's initial and
pips), whose turn and phase it is, each player's dice, and the SVG picture
with the dice drawn on their tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.render.text import kept_explanation, paragraph, seed_line, styled, table
from referee.ruling import say

if TYPE_CHECKING:
    from referee.hexmap import Landmap, Tile
    from referee.ruleset.model import Ruleset

Doc = dict[str, Any]


def landmap_of(board: Doc) -> Landmap:
    """The board's map as a dealt map, for the pictures the map already has."""
    from referee.hexmap import Landmap, Tile

    tiles = tuple(Tile(t["q"], t["r"], t["terrain"], t["coord"]) for t in board["tiles"])
    capitals = tuple(t["coord"] for t in board["tiles"] if t["capital"] is not False)
    first = board["players"][0]
    dice = board["dice_on_map"][first] + len(board["hand"][first]) + len(board["unplaced"][first]) + board["out"][first]
    return Landmap(tiles, capitals, (), dice, board["shape"], board["seed"], ())


def _initials(board: Doc) -> dict[str, str]:
    """A player's mark on the map: the first letter of the name, or of its number when two share one."""
    firsts = [p[0].lower() for p in board["players"]]
    return {p: (f[0] if firsts.count(f) == 1 else str(i + 1)) for i, (p, f) in enumerate(zip(board["players"], firsts))}


def picture(rules: Ruleset, board: Doc) -> str:
    from referee.render.hexmap import picture as grid

    assert rules.landscape is not None
    at = {t["coord"]: t for t in board["tiles"]}
    marks = _initials(board)
    closed = set(board["closed"])

    def label(tile: Tile) -> str:
        here = at[tile.coord]
        if here["owner"] is None:
            return "xx" if tile.coord in closed else "--"
        return f"{marks[here['owner']]}{here['pips']}"

    return grid(rules.landscape, landmap_of(board), label)


def status(rules: Ruleset, board: Doc) -> str:
    """Whose turn and what is left of it: once the moves a turn allows are
    made, only the end of the turn is."""
    if board["phase"] == "over":
        winner = board["winner"]
        return f"The game is over after turn {board['turn']}: {winner['player']} wins ({winner['decided_by']})."
    if board["phase"] == "place":
        return f"Placing the armies: {board['to_move']} places next."
    if board["phase"] == "move" and rules.play is not None and board["moves"] >= rules.play.moves:
        return f"Turn {board['turn']}: {board['to_move']} to end the turn (play end)."
    what = {
        "attack": "to attack (or move, if no attack is possible)",
        "pick": "to pick a pairing (play pick ROLLED:FIELD)",
        "move": "to move",
    }
    return f"Turn {board['turn']}: {board['to_move']} {what[board['phase']]}, then end the turn."


def players(board: Doc) -> str:
    marks = _initials(board)
    rows = [
        (
            f"{p} ({marks[p]})",
            board["dice_on_map"][p],
            board["pip_totals"][p],
            ", ".join(map(str, board["hand"][p])) or "-",
            ", ".join(map(str, board["unplaced"][p])) or "-",
            board["out"][p],
        )
        for p in board["players"]
    ]
    return table(rows, ["player", "dice on map", "pips", "hand", "to place", "out"])


def notes(board: Doc) -> list[str]:
    lines = []
    capitals = [f"{t['coord']} ({t['capital'] or 'unclaimed'})" for t in board["tiles"] if t["capital"] is not False]
    if capitals:
        lines.append("Capitals (marked *): " + ", ".join(capitals) + ".")
    if board["options"]:
        lines.append("Special rules: " + ", ".join(board["options"]) + ".")
    if board["closed"]:
        lines.append("Left for good (xx): " + ", ".join(board["closed"]) + ".")
    if board["pending"]:
        p = board["pending"]
        lines.append(f"Attack on {p['to']} waits for a pick on the throw {', '.join(map(str, p['throw']))}.")
    if board["attraction"]:
        a = board["attraction"]
        lines.append(f"{a['player']} may claim a pip off {' or '.join(a['dice'])} (play claim TILE).")
    return lines


def report(rules: Ruleset, document: Doc, headline: str | None = None, drawn: int | None = None) -> str:
    """An action's or the board's report: what happened and why, then the
    board; the seed of dice the referee `drawn` for it, to draw them again."""
    board = document["board"]
    parts = [styled(headline, bold=True), ""] if headline else []
    parts += [styled(paragraph(f"{rules.title}, game '{board['game']}': {status(rules, board)}"), bold=True), ""]
    parts += [picture(rules, board), "", players(board)]
    parts += ["", *notes(board)] if notes(board) else []
    steps = document.get("explanation")
    if steps:
        parts += ["", kept_explanation(steps)]
    parts += ["", seed_line(drawn, ())] if drawn is not None else []
    return "\n".join(parts)


def svg(rules: Ruleset, board: Doc) -> str:
    """The map's picture with each die as a disc in its owner's colour showing
    its pips, each tile left for good crossed, and below the legend a line per
    player and whose turn it is."""
    from referee.render.svg import svg as map_svg

    assert rules.landscape is not None and rules.deployment is not None
    colours = rules.deployment.colours
    dice = {t["coord"]: (colours.get(t["owner"], "#444444"), t["pips"]) for t in board["tiles"] if t["owner"]}
    now = (
        status(rules, board)
        if board["phase"] in ("over", "place")
        else f"Turn {board['turn']}: {board['to_move']} to play"
    )
    notes = [("#000000", now)] + [
        (colours.get(p, "#000000"), f"{p}: {board['dice_on_map'][p]} dice, {board['pip_totals'][p]} pips on the map")
        for p in board["players"]
    ]
    if board["closed"]:
        notes.append(("#000000", f"{', '.join(board['closed'])} left for good (crossed): no die may enter"))
    return map_svg(rules, rules.landscape, landmap_of(board), dice=dice, notes=notes, crossed=board["closed"]).text


def hints(rules: Ruleset, document: Doc, found: list[Any]) -> str:
    from referee.render.text import fraction, percent

    board = document["board"]
    if not found:
        return paragraph(f"No attack for {board['to_move']} now. {status(rules, board)}")
    head = styled(
        f"Attacks for {board['to_move']}, best first (game '{board['game']}', turn {board['turn']}):", bold=True
    )
    rows = [
        (
            h.first + (f" + {h.second}" if h.second else ""),
            h.target,
            f"{fraction(h.take)} ({percent(h.take)})",
            f"{fraction(h.lost)} ({float(h.lost):.2f})",
        )
        for h in found
    ]
    return "\n".join([head, "", table(rows, ["from", "to", "takes the tile", "pips lost (expected)"])])


def replayed(document: Doc) -> str:
    if document["same"]:
        return say(
            "board.rebuilt_same",
            "Game '{game}' rebuilt from the journal: every stored board is the same.",
            game=document["game"],
        )
    lines = [
        say("board.rebuilt_differ", "Game '{game}' rebuilt from the journal: boards differ.", game=document["game"])
    ]
    lines += [
        "  " + say("board.differs", "entry {entry}: {differs}", entry=d["entry"], differs=d["differs"])
        for d in document["differences"]
    ]

    return "\n".join(lines)
