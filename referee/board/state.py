"""The board: every tile with its terrain and the die on it (owner, pips),
whose turn and phase it is, the dice in hand and not yet placed, and what this
turn has done so far. It is plain data with one JSON form (`as_dict`), which
is what the journal stores after every action and what `--json` prints."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.board.hexmap import neighbours
from referee.board.snapshot import BoardState
from referee.core.errors import RefereeError, did_you_mean
from referee.ruleset.model import Ruleset
from referee.ruleset.play import Play, TerrainPlay
from referee.rulings.ruling import say
from referee.words.language import pgettext

FORMAT = 1
# the parts the rules keep as plain data and change in place (what waits, the winner and why)
_PLAIN = ("pending", "void", "attraction", "winner")


@dataclass
class Board:
    """One moment of a game. Tiles map a coordinate to its place and terrain;
    `dice` maps a coordinate to (owner, pips)."""

    ruleset: str
    game: str
    seed: int
    shape: str
    options: list[str]
    players: list[str]
    tiles: dict[str, dict[str, Any]]
    capitals: dict[str, str | None]
    dice: dict[str, list[Any]] = field(default_factory=dict)
    growth: str = "offer"
    phase: str = "place"  # place, attack, pick, move or over
    turn: int = 0
    to_move: str = ""
    first_placer: str = ""
    starter: str | None = None
    unplaced: dict[str, list[int]] = field(default_factory=dict)
    hand: dict[str, list[int]] = field(default_factory=dict)
    out: dict[str, int] = field(default_factory=dict)
    acted: list[str] = field(default_factory=list)
    moves: int = 0
    attacked: bool = False
    conqueror: str | None = None
    pending: dict[str, Any] | None = None
    void: dict[str, Any] | None = None
    closed: list[str] = field(default_factory=list)
    attraction: dict[str, Any] | None = None
    forgot: list[str] = field(default_factory=list)
    quiet: int = 0
    winner: dict[str, Any] | None = None
    _at: dict[tuple[int, int], str] | None = field(default=None, repr=False, compare=False)

    def as_dict(self) -> dict[str, Any]:
        """The stable JSON form (documented in docs/games.md), tiles in coordinate order."""
        return {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "game": self.game,
            "seed": self.seed,
            "shape": self.shape,
            "options": sorted(self.options),
            "growth": self.growth,
            "players": list(self.players),
            "tiles": [
                {
                    "coord": coord,
                    **tile,
                    "capital": self.capitals.get(coord, False),
                    "owner": self.dice[coord][0] if coord in self.dice else None,
                    "pips": self.dice[coord][1] if coord in self.dice else None,
                }
                for coord, tile in self.tiles.items()
            ],
            "phase": self.phase,
            "turn": self.turn,
            "to_move": self.to_move,
            "first_placer": self.first_placer,
            "starter": self.starter,
            "unplaced": {p: list(self.unplaced.get(p, [])) for p in self.players},
            "hand": {p: list(self.hand.get(p, [])) for p in self.players},
            "out": {p: self.out.get(p, 0) for p in self.players},
            "dice_on_map": {p: len(self.pips_of(p)) for p in self.players},
            "pip_totals": {p: sum(self.pips_of(p)) for p in self.players},
            "acted": sorted(self.acted),
            "moves": self.moves,
            "attacked": self.attacked,
            "conqueror": self.conqueror,
            "pending": self.pending,
            "void": self.void,
            "closed": sorted(self.closed),
            "attraction": self.attraction,
            "forgot": sorted(self.forgot),
            "quiet": self.quiet,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        """The live board of a stored one, read through its one decoder (`BoardState.read`)."""
        return cls.from_state(BoardState.read(data))

    @classmethod
    def from_state(cls, state: BoardState) -> Board:
        """The live board of a stored one: its own copy of every part, to change."""
        plain = copy.deepcopy({part: state.stored[part] for part in _PLAIN})  # as stored, for the rules to change
        return cls(
            ruleset=state.ruleset,
            game=state.game,
            seed=state.seed,
            shape=state.shape,
            options=list(state.options),
            growth=state.growth,
            players=list(state.players),
            tiles={t.coord: {"q": t.q, "r": t.r, "terrain": t.terrain} for t in state.tiles},
            capitals={
                t.coord: t.capital if isinstance(t.capital, str) else None
                for t in state.tiles
                if t.capital is not False
            },
            dice={t.coord: [t.owner, t.pips] for t in state.tiles if t.owner is not None},
            phase=state.phase,
            turn=state.turn,
            to_move=state.to_move,
            first_placer=state.first_placer,
            starter=state.starter,
            unplaced={p: list(dice) for p, dice in state.unplaced.items()},
            hand={p: list(dice) for p, dice in state.hand.items()},
            out=dict(state.out),
            acted=list(state.acted),
            moves=state.moves,
            attacked=state.attacked,
            conqueror=state.conqueror,
            closed=list(state.closed),
            forgot=list(state.forgot),
            quiet=state.quiet,
            **plain,
        )

    def copy(self) -> Board:
        return Board.from_dict(self.as_dict())

    # queries
    def tile(self, coord: str) -> str:
        """The coordinate as the board spells it; an unknown one gets a 'did you mean'."""
        name = coord.strip().upper()
        if name not in self.tiles:
            raise did_you_mean(pgettext("kind", "tile"), coord, list(self.tiles))
        return name

    def owner(self, coord: str) -> str | None:
        return self.dice[coord][0] if coord in self.dice else None

    def pips(self, coord: str) -> int:
        return int(self.dice[coord][1])

    def pips_of(self, player: str) -> list[int]:
        return [int(p) for o, p in self.dice.values() if o == player]

    def other(self, player: str) -> str:
        return self.players[1 - self.players.index(player)]

    def near(self, coord: str) -> Iterator[str]:
        """The tiles next to a tile."""
        index = self._index()
        here = self.tiles[coord]
        for cell in neighbours((here["q"], here["r"])):
            if cell in index:
                yield index[cell]

    def _index(self) -> dict[tuple[int, int], str]:
        if self._at is None:
            self._at = {(t["q"], t["r"]): c for c, t in self.tiles.items()}
        return self._at

    def in_contact(self, coord: str) -> bool:
        """Whether the die on a tile stands next to an enemy die."""
        mine = self.owner(coord)
        return any(self.owner(n) not in (None, mine) for n in self.near(coord))

    def terrain_of(self, coord: str) -> str:
        return str(self.tiles[coord]["terrain"])


def play_of(rules: Ruleset) -> Play:
    if rules.play is None:
        raise RefereeError(
            say(
                "error.board.no_play",
                "{game} is not held on the board: its ruleset has no 'play' section",
                game=rules.spoken_title,
            )
        )

    return rules.play


def terrain_on(rules: Ruleset, board: Board) -> bool:
    """Terrain counts when the file needs no opting in, else only if the table opted in."""
    variant = play_of(rules).terrain_variant
    return not variant or variant in board.options


def terrain_effects(rules: Ruleset, board: Board) -> Mapping[str, TerrainPlay]:
    return play_of(rules).terrain if terrain_on(rules, board) else {}


def effect(rules: Ruleset, board: Board, coord: str) -> TerrainPlay | None:
    return terrain_effects(rules, board).get(board.terrain_of(coord))


def opted(board: Board, variant: str) -> bool:
    return bool(variant) and variant in board.options
