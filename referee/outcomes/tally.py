"""The kind of outcome "tally": symbols counted on each side, cancelled, and
what they cost, as typed records whose fields are the `--json` keys."""

from __future__ import annotations

from typing import Any

from referee.chance.dice import Face
from referee.core.records import record
from referee.rulings.ruling import Record, Said, Side


@record
class TallySide(Record):
    """One side as ruled: its units, the dice it rolled and their faces, the
    symbols they read, what it scores once cancelled, and what it takes."""

    units: dict[str, int]
    dice: int
    rolled: list[Face]
    symbols: dict[str, int]
    scores: Said
    loses: int
    retreats: int


@record
class Tally(Record):
    """The kind of outcome "tally": each side's part, the side that chooses
    where the dice count said one does (null otherwise), each side's
    score, losses and retreats, flat, for the odds' groups, and the game's
    words for one loss and one step of a retreat (`costs`), as the report says them.
    Where the file rolls damage and a side's faces read critical hits, how
    many of its damage rolls were critical (left out of `--json` otherwise),
    so the odds hold damage and criticals together."""

    ruleset: str
    attack: str
    chooser: Side | None
    attacker: TallySide
    defender: TallySide
    attacker_scores: Said
    defender_scores: Said
    attacker_loses: int
    defender_loses: int
    attacker_retreats: int
    defender_retreats: int
    loss: str
    retreat: str
    attacker_criticals: int | None = None
    defender_criticals: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The fields, criticals only where the side rolls damage that may be critical."""
        return {
            key: value for key, value in super().as_dict().items() if not (key.endswith("_criticals") and value is None)
        }

    def side(self, name: str) -> TallySide:
        return self.attacker if name == Side.ATTACKER else self.defender
