"""A board as the journal stores it and `--json` prints it (`Board.as_dict`),
read back as a typed record: `read` is the one decoder of a stored board, so
the reports, the log's outcome and `play` read its fields, not the keys of a
free dict. `as_dict` gives the stored form back unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from referee.core.records import record


@record
class TileState:
    """One tile: where it is, its terrain, whose capital it is (False: none;
    None: a capital not yet claimed), and the die on it (owner and pips), if any."""

    coord: str
    q: int
    r: int
    terrain: str
    capital: str | bool | None
    owner: str | None
    pips: int | None


@record
class Pending:
    """An attack that waits for a pick on its throw: its dice (by tile), target and throw."""

    start: str  # the tile of the first die ('from')
    to: str
    second: str | None  # the tile of the die that joins it ('with')
    throw: tuple[int, ...]


@record
class Attraction:
    """A pip a player may claim off the dice the other forgot."""

    player: str
    dice: tuple[str, ...]


@record
class Winner:
    player: str
    decided_by: str


@record
class BoardState:
    """One moment of a game as stored: tiles in coordinate order, whose turn
    and phase, each player's dice (on the map, pips, hand, to place, out),
    what this turn did, and what waits; `stored` is the form it was read from,
    which the live `Board` (referee.board.state) copies its plain parts from.
    A board stored before the table chose how cities grow offers growth."""

    ruleset: str
    game: str
    seed: int
    shape: str
    options: tuple[str, ...]
    growth: str
    players: tuple[str, ...]
    tiles: tuple[TileState, ...]
    phase: str
    turn: int
    to_move: str
    first_placer: str
    starter: str | None
    unplaced: Mapping[str, list[int]]
    hand: Mapping[str, list[int]]
    out: Mapping[str, int]
    dice_on_map: Mapping[str, int]
    pip_totals: Mapping[str, int]
    acted: tuple[str, ...]
    moves: int
    attacked: bool
    conqueror: str | None
    closed: tuple[str, ...]
    forgot: tuple[str, ...]
    quiet: int
    pending: Pending | None
    attraction: Attraction | None
    winner: Winner | None
    stored: Mapping[str, Any] = field(compare=False, repr=False)

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> BoardState:
        """The stored board (`Board.as_dict`) as a record: the one decoder of a stored board."""
        pending, attraction, winner = stored["pending"], stored["attraction"], stored["winner"]
        return cls(
            ruleset=stored["ruleset"],
            game=stored["game"],
            seed=stored["seed"],
            shape=stored["shape"],
            options=tuple(stored["options"]),
            growth=stored.get("growth") or "offer",
            players=tuple(stored["players"]),
            tiles=tuple(
                TileState(t["coord"], t["q"], t["r"], t["terrain"], t["capital"], t["owner"], t["pips"])
                for t in stored["tiles"]
            ),
            phase=stored["phase"],
            turn=stored["turn"],
            to_move=stored["to_move"],
            first_placer=stored["first_placer"],
            starter=stored["starter"],
            unplaced=stored["unplaced"],
            hand=stored["hand"],
            out=stored["out"],
            dice_on_map=stored["dice_on_map"],
            pip_totals=stored["pip_totals"],
            acted=tuple(stored["acted"]),
            moves=stored["moves"],
            attacked=stored["attacked"],
            conqueror=stored["conqueror"],
            closed=tuple(stored["closed"]),
            forgot=tuple(stored["forgot"]),
            quiet=stored["quiet"],
            pending=Pending(pending["from"], pending["to"], pending["with"], tuple(pending["throw"]))
            if pending
            else None,
            attraction=Attraction(attraction["player"], tuple(attraction["dice"])) if attraction else None,
            winner=Winner(winner["player"], winner["decided_by"]) if winner else None,
            stored=stored,
        )

    def at(self) -> dict[str, TileState]:
        """Each tile by its coordinate."""
        return {tile.coord: tile for tile in self.tiles}

    def as_dict(self) -> Mapping[str, Any]:
        """The stored form, as the journal holds it and --json prints it."""
        return self.stored


@record
class Act:
    """An action as the journal stores it: its kind, who acted, and the tiles,
    dice and entries it names; `stored` is the form `apply` takes again."""

    kind: str
    player: str | None
    start: str | None  # the tile a move or an attack starts from ('from')
    to: str | None
    placements: tuple[tuple[str, int], ...]
    choose: tuple[Any, Any] | None
    undone: int | None
    back_to: int | None
    built_on: int | None  # an undo's board entry it was read from (older journals: its `undone`)
    stored: Mapping[str, Any] = field(compare=False, repr=False)

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> Act:
        choose = stored.get("choose")
        return cls(
            kind=stored["kind"],
            player=stored.get("player"),
            start=stored.get("from"),
            to=stored.get("to"),
            placements=tuple((str(coord), int(pips)) for coord, pips in stored.get("placements") or ()),
            choose=(choose[0], choose[1]) if choose else None,
            undone=stored.get("undone"),
            back_to=stored.get("back_to"),
            built_on=stored.get("built_on"),
            stored=stored,
        )


@record
class BoardMove:
    """A board action's entry as stored (what `play` prints with --json): the
    game, the action, the entry it was applied to and the board it left."""

    game: str
    act: Act
    previous: int | None
    board: BoardState

    @classmethod
    def read(cls, ruling: Mapping[str, Any]) -> BoardMove:
        """The stored ruling as a record; KeyError, TypeError or ValueError where it is not one."""
        return cls(ruling["game"], Act.read(ruling["action"]), ruling["previous"], BoardState.read(ruling["board"]))
