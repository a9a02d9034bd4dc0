"""A game on the board for people: the map with each die (owner's initial and
pips), whose turn and phase it is, each player's dice, and the SVG picture
with the dice drawn on their tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.board.snapshot import BoardState
from referee.render.text import kept_explanation, paragraph, seed_line, styled, table, wrapped
from referee.words.language import npgettext, pgettext

if TYPE_CHECKING:
    from referee.board.hexmap import Landmap, Tile
    from referee.ruleset.model import Ruleset

Doc = dict[str, Any]


def landmap_of(board: BoardState) -> Landmap:
    """The board's map as a dealt map, for the pictures the map already has."""
    from referee.board.hexmap import Landmap, Tile

    tiles = tuple(Tile(t.q, t.r, t.terrain, t.coord) for t in board.tiles)
    capitals = tuple(t.coord for t in board.tiles if t.capital is not False)
    first = board.players[0]
    dice = board.dice_on_map[first] + len(board.hand[first]) + len(board.unplaced[first]) + board.out[first]
    return Landmap(tiles, capitals, (), dice, board.shape, board.seed, ())


def _name(rules: Ruleset, word: str) -> str:
    """A player or a special rule as the language spoken names it ('Rot' for red)."""
    return rules.said(word).spoken


def _option(rules: Ruleset, option: str) -> str:
    """A special rule in play by its printed name ('fill the void'), in the language spoken."""
    variant = rules.variants.get(option)
    return rules.said(option, variant.label if variant else "").spoken


def _initials(rules: Ruleset, board: BoardState) -> dict[str, str]:
    """A player's mark on the map: the first letter of the name in the language
    spoken ('r' for rood, '紅' for 紅方), or of its number when two share one."""
    firsts = [_name(rules, p)[0].lower() for p in board.players]
    return {p: (f[0] if firsts.count(f) == 1 else str(i + 1)) for i, (p, f) in enumerate(zip(board.players, firsts))}


def picture(rules: Ruleset, board: BoardState) -> str:
    from referee.render.hexmap import picture as grid

    assert rules.landscape is not None
    at = board.at()
    marks = _initials(rules, board)
    closed = set(board.closed)

    def label(tile: Tile) -> str:
        here = at[tile.coord]
        if here.owner is None:
            return "xx" if tile.coord in closed else "--"
        return f"{marks[here.owner]}{here.pips}"

    return grid(rules.landscape, landmap_of(board), label)


def status(rules: Ruleset, board: BoardState) -> str:
    """Whose turn and what is left of it: once the moves a turn allows are
    made, only the end of the turn is."""
    turn, player = board.turn, _name(rules, board.to_move)
    if board.phase == "over" and board.winner is not None:
        winner = board.winner
        said = pgettext("board.over", "The game is over after turn {turn}: {player} wins ({why}).")
        return said.format(turn=turn, player=_name(rules, winner.player), why=_decided(winner.decided_by))
    if board.phase == "place":
        return pgettext("board.place", "Placing the armies: {player} places next.").format(player=player)
    if board.phase == "move" and rules.play is not None and board.moves >= rules.play.moves:
        return pgettext("board.end", "Turn {turn}: {player} to end the turn (play end).").format(
            turn=turn, player=player
        )
    what = {
        "attack": pgettext(
            "board.attack", "Turn {turn}: {player} to attack (or move, if no attack is possible), then end the turn."
        ),
        "pick": pgettext(
            "board.pick", "Turn {turn}: {player} to pick a pairing (play pick ROLLED:FIELD), then end the turn."
        ),
        "move": pgettext("board.move", "Turn {turn}: {player} to move, then end the turn."),
    }
    return what[board.phase].format(turn=turn, player=player)


def _decided(criterion: str) -> str:
    """What decided the winner, as the winner's line says it: its criterion's word in the language spoken."""
    said = {
        "dice": pgettext("board.decided", "dice"),
        "pips": pgettext("board.decided", "pips"),
        "first": pgettext("board.decided", "first"),
        "capital": pgettext("board.decided", "capital"),
    }
    return said.get(criterion, criterion)


def players(board: BoardState, rules: Ruleset) -> str:
    marks = _initials(rules, board)
    rows = [
        (
            f"{_name(rules, p)} ({marks[p]})",
            board.dice_on_map[p],
            board.pip_totals[p],
            ", ".join(map(str, board.hand[p])) or "-",
            ", ".join(map(str, board.unplaced[p])) or "-",
            board.out[p],
        )
        for p in board.players
    ]
    headers = [
        pgettext("board.header", "player"),
        pgettext("board.header", "dice on map"),
        pgettext("board.header", "pips"),
        pgettext("board.header", "hand"),
        pgettext("board.header", "to place"),
        pgettext("board.header", "out"),
    ]
    return table(rows, headers)


def notes(board: BoardState, rules: Ruleset) -> list[str]:
    """The board's legend below the map: capitals, special rules, tiles left, what waits."""
    from referee.render.hexmap import capitals_line
    from referee.rulings.ruling import either

    lines = []
    unclaimed = pgettext("board.unclaimed", "unclaimed")
    held = pgettext("board.capital", "{tile} ({player})")
    capitals = [
        held.format(tile=t.coord, player=_name(rules, t.capital) if isinstance(t.capital, str) else unclaimed)
        for t in board.tiles
        if t.capital is not False
    ]
    if capitals:
        lines.append(capitals_line(capitals))
    comma = pgettext("list", ", ")
    if board.options:
        lines.append(
            pgettext("board.options", "Special rules: {rules}.").format(
                rules=comma.join(_option(rules, o) for o in board.options)
            )
        )
    if board.closed:
        lines.append(pgettext("board.closed", "Left for good (xx): {tiles}.").format(tiles=comma.join(board.closed)))
    if board.pending:
        p = board.pending
        said = pgettext("board.pending", "Attack on {tile} waits for a pick on the throw {throw}.")
        lines.append(said.format(tile=p.to, throw=comma.join(map(str, p.throw))))
    if board.attraction:
        a = board.attraction
        said = pgettext("board.claim", "{player} may claim a pip off {dice} (play claim TILE).")
        lines.append(said.format(player=_name(rules, a.player), dice=either(a.dice)))
    return lines


def report(rules: Ruleset, document: Doc, headline: str | None = None, drawn: int | None = None) -> str:
    """An action's or the board's report: what happened and why, then the
    board; the seed of dice the referee `drawn` for it, to draw them again."""
    board = BoardState.read(document["board"])
    parts = [styled(headline, bold=True), ""] if headline else []
    title = pgettext("board.title", "{title}, game '{game}': {status}")
    parts += [
        styled(
            paragraph(title.format(title=rules.spoken_title, game=board.game, status=status(rules, board))), bold=True
        )
    ]
    parts += [""]
    parts += [picture(rules, board), "", players(board, rules)]
    legend = notes(board, rules)
    parts += ["", *map(paragraph, legend)] if legend else []
    steps = document.get("explanation")
    if steps:
        parts += ["", kept_explanation(steps)]
    parts += ["", seed_line(drawn, ())] if drawn is not None else []
    return "\n".join(parts)


def svg(rules: Ruleset, board: BoardState) -> str:
    """The map's picture with each die as a disc in its owner's colour showing
    its pips, each tile left for good crossed, and below the legend a line per
    player and whose turn it is."""
    from referee.render.svg import svg as map_svg

    assert rules.landscape is not None and rules.deployment is not None
    colours = rules.deployment.colours
    dice = {t.coord: (colours.get(t.owner, "#444444"), t.pips or 0) for t in board.tiles if t.owner}
    now = (
        status(rules, board)
        if board.phase in ("over", "place")
        else pgettext("board.turn", "Turn {turn}: {player} to play").format(
            turn=board.turn, player=_name(rules, board.to_move)
        )
    )
    notes = [("#000000", now)] + [(colours.get(p, "#000000"), _on_map(rules, p, board)) for p in board.players]
    if board.closed:
        left = pgettext("board.crossed", "{tiles} left for good (crossed): no die may enter")
        notes.append(("#000000", left.format(tiles=pgettext("list", ", ").join(board.closed))))
    return map_svg(rules, rules.landscape, landmap_of(board), dice=dice, notes=notes, crossed=board.closed).text


def _on_map(rules: Ruleset, player: str, board: BoardState) -> str:
    """A player's line in the picture's legend: dice and pips on the map."""
    dice = npgettext("board.dice", "{n} die", "{n} dice", board.dice_on_map[player]).format(n=board.dice_on_map[player])
    pips = npgettext("board.pips", "{n} pip", "{n} pips", board.pip_totals[player]).format(n=board.pip_totals[player])
    return pgettext("board.on-map", "{player}: {dice}, {pips} on the map").format(
        player=_name(rules, player), dice=dice, pips=pips
    )


def hints(rules: Ruleset, document: Doc, found: list[Any]) -> str:
    from referee.render.text import decimal, fraction, percent

    board = BoardState.read(document["board"])
    if not found:
        none = pgettext("hint.none", "No attack for {player} now. {status}")
        return paragraph(none.format(player=_name(rules, board.to_move), status=status(rules, board)))
    head = pgettext("hint.title", "Attacks for {player}, best first (game '{game}', turn {turn}):")
    head = styled(
        paragraph(head.format(player=_name(rules, board.to_move), game=board.game, turn=board.turn)), bold=True
    )
    rows = [
        (
            _attacking(h),
            h.target,
            f"{fraction(h.take)} ({percent(h.take)})",
            f"{fraction(h.lost)} ({decimal(f'{float(h.lost):.2f}')})",
        )
        for h in found
    ]
    headers = [
        pgettext("hint.header", "from"),
        pgettext("hint.header", "to"),
        pgettext("hint.header", "takes the tile"),
        pgettext("hint.header", "pips lost (expected)"),
    ]
    notes = [line for h in found if h.note for line in wrapped(f"{_attacking(h)} → {h.target}: {h.note}", "", "  ")]
    return "\n".join([head, "", table(rows, headers), *(["", *notes] if notes else [])])


def _attacking(hint: Any) -> str:
    """The tiles a hinted attack comes from, as the table's first column names them."""
    return str(hint.first) + (f" + {hint.second}" if hint.second else "")


def replayed(document: Doc) -> str:
    """`play replay`'s verdict: every stored board rebuilt the same, or the
    entries whose board differs and those built on a board another was built on."""
    game = document["game"]
    if document["same"]:
        return paragraph(
            pgettext("board.rebuilt", "Game '{game}' rebuilt from the journal: every stored board is the same.").format(
                game=game
            )
        )
    entry = pgettext("board.differ.entry", "  entry {entry}: {differs}")

    def told(n: int, differs: str) -> list[str]:
        """An entry's line, wrapped under its text (the message's own indent kept)."""
        return wrapped(entry.format(entry=n, differs=differs).strip(), "  ", "    ")

    lines = []
    if document["differences"] or not document.get("forks"):
        lines += wrapped(
            pgettext("board.differ", "Game '{game}' rebuilt from the journal: boards differ.").format(game=game)
        )
        lines += [line for d in document["differences"] for line in told(d["entry"], d["differs"])]
    if document.get("forks"):
        lines += wrapped(
            pgettext("board.forks", "Game '{game}' rebuilt from the journal: its history forks.").format(game=game)
        )
        forked = pgettext(
            "board.forked",
            "built on entry {base}, as entry {first} was: two commands acted on one board, "
            "and the game's history forks there",
        )
        lines += [
            line
            for f in document["forks"]
            for n in f["entries"][1:]
            for line in told(n, forked.format(base=f["built_on"], first=f["entries"][0]))
        ]
    return "\n".join(lines)
