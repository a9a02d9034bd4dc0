"""What an entry's ruling says, by its kind of outcome, read once where its
row is decoded: the few fields `referee log` tells in a few words (who won,
hit or miss, what was bought, the map dealt). A ruling edited or damaged out
of its kind's shape reads as none, and the log tells its last step instead.

Each record reads the --json document its kind's command printed; a kind
with nothing to read but its steps (a roll chain, a ruleset's dice, a kind
that cannot be told) has no record here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.core.records import record


@record
class Scored:
    """A game's end scored: the winning player (None on a tie or no winner) and what decided it."""

    winner: str | None
    decided_by: str | None


@record
class Fought:
    """A battle: the winning side, if known; else what a pairing did ('failed'), if known."""

    winner: str | None
    effect: str | None


@record
class Struck:
    """A hit check: the number needed; after a roll, whether it hit, and then
    whether it was a critical, the damage it dealt (None where the file deals
    wounds), whether a wound roll was made, and whether it put the target out
    of action or wounded it."""

    needed: int
    hit: bool | None
    critical: bool
    damage: int | None
    wound_rolled: bool
    out_of_action: bool
    wounded: bool


@record
class Rolled:
    total: Any


@record
class Recruits:
    """The ways to take recruits, and how many units they take."""

    ways: int
    units: Any


@record
class Held:
    """What a territory holds after a change: (unit, count, state) for each."""

    after: tuple[tuple[str, int, str], ...]


@record
class Built:
    built: tuple[str, ...]
    left: Any


@record
class Bought:
    """Reinforcements: what was bought (unit and count, or as stored where not a
    table), else how many ways there are to spend what may be spent."""

    bought: tuple[tuple[str, int], ...]
    told: str
    ways: int
    spend: Any


@record
class Mapped:
    tiles: int
    dice_per_player: int


@record
class SetUp:
    tiles: int
    places_first: str


@record
class Grouped:
    value: Any
    lost: Any


@record
class GameTold:
    """A game started, stopped or kept: its name."""

    game: str


Summary = Scored | Fought | Struck | Rolled | Recruits | Held | Built | Bought | Mapped | SetUp | Grouped | GameTold


def _struck(r: Mapping[str, Any]) -> Struck:
    hit, damage = r.get("hit"), r.get("damage")
    wounded = int(r.get("wounds") or 0) > int(r.get("wounds_before") or 0)
    return Struck(
        needed=int(r["needed"]),
        hit=None if hit is None else bool(hit),
        critical=bool(r.get("critical")),
        damage=None if damage is None else int(damage),
        wound_rolled="wound_roll" in r,
        out_of_action=bool(r.get("out_of_action")),
        wounded=wounded,
    )


def _bought(r: Mapping[str, Any]) -> Bought:
    bought = r["bought"]
    table = tuple((str(unit), int(n)) for unit, n in bought.items()) if isinstance(bought, dict) else ()
    told = "" if isinstance(bought, dict) or not bought else str(bought)
    return Bought(table, told, len(r["purchases"]), r["spend"])


def _fought(r: Mapping[str, Any]) -> Fought:
    effect = r.get("outcome")
    return Fought(r["winner"] or None, effect if isinstance(effect, str) else None)


_READ: dict[str, Callable[[Mapping[str, Any]], Summary]] = {
    "score": lambda r: Scored(r["winner"] or None, r.get("decided_by") or None),
    "exchange": _fought,
    "pairs": _fought,
    "pips": _fought,
    "strike": _struck,
    "roll": lambda r: Rolled(r["total"]),
    "recruit": lambda r: Recruits(len(r["ways"]), r["units"]),
    "territory": lambda r: Held(tuple((str(u["unit"]), int(u["count"]), str(u["state"])) for u in r["after"])),
    "build": lambda r: Built(tuple(map(str, r["built"])), r["left"]),
    "reinforce": _bought,
    "map": lambda r: Mapped(len(r["tiles"]), int(r["dice_per_player"])),
    "setup": lambda r: SetUp(len(r["tiles"]), str(r["places_first"])),
    "group": lambda r: Grouped(r["value"], r["lost"]),
    "game": lambda r: GameTold(str(r.get("game", ""))),
}


def summary(kind: str, ruling: Any) -> Summary | None:
    """The ruling's summary for its kind; None for a kind told by its steps,
    or a ruling not of its kind's shape."""
    read = _READ.get(kind)
    if read is None or not isinstance(ruling, Mapping):
        return None
    try:
        return read(ruling)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def cost_nothing(kind: str, ruling: Any) -> bool:
    """Whether a ruling left the table as it was: no side lost or retreated
    (a ruling still waiting for its pick has lost nothing yet), and a hit
    check took nothing off its target. A kind that counts neither (a roll
    chain) cannot tell, and is taken to have changed nothing."""
    if not isinstance(ruling, Mapping):
        return False
    if kind == "strike":
        struck = summary(kind, ruling)
        return isinstance(struck, Struck) and not (
            struck.hit and (struck.out_of_action or struck.wounded or bool(struck.damage))
        )
    costs = [ruling.get(f"{side}_{cost}") for side in ("attacker", "defender") for cost in ("loses", "retreats")]
    return not any(isinstance(n, int) and n > 0 for n in costs)
