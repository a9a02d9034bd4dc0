"""The typed outcomes, one record per kind of outcome, at the bottom layer:
a procedure builds the kind its `Procedure.report` names and the report of
that kind reads it, so no report imports a procedure and another procedure
may give the same kind. Their `as_dict` is the `--json` shape (see
`referee.rulings.ruling.Record`). The kind "exchange" is here; "pairs" and "pips"
have a module each."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.chance.dice import Face
from referee.core.records import record
from referee.rulings.ruling import Record, Side


@record
class ExchangeSide(Record):
    """One side of an exchange: its units (canonical name → count), the faces
    it rolled, its hits, the units it loses, and every way it may choose them."""

    units: dict[str, int]
    rolled: list[Face]
    hits: int
    loses: int
    removal_options: list[dict[str, int]]


@record
class Exchange(Record):
    """The kind of outcome "exchange": hits against hits, the winner (null when
    nothing happens), what each side loses, whether the attackers move into
    an emptied target, and the game's word for a loss (null: units, or
    wounds where the file deals them)."""

    ruleset: str
    attack: str
    winner: Side | None
    attacker: ExchangeSide
    defender: ExchangeSide
    attacker_loses: int
    defender_loses: int
    moves_in: bool = False
    loss: str | None = None

    def side(self, name: str) -> ExchangeSide:
        return self.attacker if name == Side.ATTACKER else self.defender

    @classmethod
    def of_sides(
        cls,
        *,
        ruleset: str,
        attack: str,
        winner: Side | None,
        units: Mapping[Side, Iterable[tuple[str, int]]],
        rolled: Mapping[Side, list[Face]],
        hits: Mapping[Side, int],
        loses: Mapping[Side, int],
        options: Mapping[Side, list[dict[str, int]]],
        moves_in: bool = False,
        loss: str | None = None,
    ) -> Exchange:
        """An exchange from what each side had, rolled, hit and loses, by side."""
        attacker, defender = (
            ExchangeSide(dict(units[side]), list(rolled[side]), hits[side], loses[side], options[side])
            for side in (Side.ATTACKER, Side.DEFENDER)
        )
        return cls(ruleset, attack, winner, attacker, defender, attacker.loses, defender.loses, moves_in, loss)
