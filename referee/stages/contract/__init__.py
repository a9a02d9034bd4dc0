"""What a stage of a package of its own must give back, checked where it
enters a ruling: its code is not the referee's, so what it returns is
input like any other (a stage once returned -5 losses, and the ruling said
so). A stage that raises, or returns a value of another shape, a count
that is not a whole number from 0, more dice than the referee rolls at
once, or more losses than the side holds, is refused in one line naming it
(with its package, where installed), before anything is ruled or journaled.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from referee.chance.notation import MAX_DICE
from referee.core.errors import RefereeError, raised
from referee.ruleset import registry
from referee.rulings.ruling import SIDES, Side, Step
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

own_catalogue(__file__)

T = TypeVar("T")

SHAPES = {  # what each point's value is, as docs/rulesets.md writes it
    "dice": "{side: dice}",
    "symbols": "{symbol: count}",
    "kept": "{side: {symbol: count}}",
    "losses": "({side: losses}, {side: retreats})",
}


class Breach(Exception):
    """What a stage gave back, or asked for, that breaks the contract: why, said."""


def _shown(value: Any) -> str:
    """A value a stage gave, short, a side as its word."""
    if isinstance(value, Side):
        return value.value
    if isinstance(value, Mapping):
        return reprlib.repr({_shown(k): v for k, v in value.items()})
    return reprlib.repr(value)


def _not(place: str, value: Any, wanted: str) -> Breach:
    said = pgettext("stage.not_shape", "{place} is {found}, not {wanted}")
    return Breach(said.format(place=place, found=_shown(value), wanted=wanted))


def count(n: Any, place: str, most: int | None = None, held: str = "") -> int:
    """A whole number from 0, and no more than `most` where one is given
    (`held`: what holds no more, said)."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise _not(place, n, pgettext("stage.whole_number", "a whole number"))
    if n < 0:
        raise Breach(pgettext("stage.below_zero", "{place} is {n}, below 0").format(place=place, n=n))
    if most is not None and n > most:
        more = pgettext("stage.more_than", "{place} is {n}, more than {held}")
        raise Breach(more.format(place=place, n=n, held=held.format(most=most)))
    return n


def _sides(value: Any, place: str, wanted: str) -> Mapping[Side, Any]:
    if not isinstance(value, Mapping) or set(value) != set(SIDES):
        raise _not(place, value, wanted)
    return value


def _symbols(value: Any, place: str) -> None:
    if not isinstance(value, Mapping):
        raise _not(place, value, SHAPES["symbols"])
    for symbol, n in value.items():
        if not isinstance(symbol, str):
            raise _not(f"{place}[{_shown(symbol)}]", symbol, pgettext("stage.a_symbol", "a symbol"))
        count(n, f"{place}[{symbol}]")


def _rolled() -> str:
    return pgettext("stage.dice_at_once", "the {most:,} dice the referee rolls at once")


def _dice(value: Any, given: Any, most: Mapping[Side, int] | None) -> None:
    for side, n in _sides(value, "dice", SHAPES["dice"]).items():
        count(n, f"dice[{side.value}]", MAX_DICE, _rolled())


def _each_symbols(value: Any, given: Any, most: Mapping[Side, int] | None) -> None:
    _symbols(value, "symbols")


def _kept(value: Any, given: Any, most: Mapping[Side, int] | None) -> None:
    for side, symbols in _sides(value, "kept", SHAPES["kept"]).items():
        _symbols(symbols, f"kept[{side.value}]")


def _losses(value: Any, given: Any, most: Mapping[Side, int] | None) -> None:
    """Losses no more than the side holds (`most`), or than it was given
    where that was more (the costs may deal more hits than a side has
    units); retreats from 0."""
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise _not("losses", value, SHAPES["losses"])
    held = pgettext("stage.side_can_lose", "the {most} the side can lose")
    for side, n in _sides(value[0], "losses[0]", "{side: losses}").items():
        count(n, f"losses[0][{side.value}]", max(most[side], given[0][side]) if most else None, held)
    for side, n in _sides(value[1], "losses[1]", "{side: retreats}").items():
        count(n, f"losses[1][{side.value}]")


CHECKS: dict[str, Callable[[Any, Any, Mapping[Side, int] | None], None]] = {
    "dice": _dice,
    "symbols": _each_symbols,
    "kept": _kept,
    "losses": _losses,
}


def guarded(key: str, point: str, work: Callable[[], T]) -> T:
    """What the stage's code (`work`) makes, or the one line that refuses
    it, naming the stage: what broke the contract (a `Breach`), or what it
    raised. A refusal it makes itself (a `RefereeError`) is its own."""
    try:
        return work()
    except RefereeError:
        raise
    except Breach as breach:
        why = str(breach)
    except Exception as exc:  # a stage's code is its package's: anything it raises
        why = raised(exc)
    raise refused(key, point, why) from None


def refused(key: str, point: str, why: str) -> RefereeError:
    """The one line that refuses what a stage broke, naming it."""
    said = pgettext("stage.broke", "{stage} broke its contract at {point}: {why}; nothing was ruled")
    return RefereeError(said.format(stage=registry.named(key), point=point, why=why))


def not_a_stage(key: str, stage: Any) -> RefereeError:
    """A stage a program added that is not one the procedure composing stages runs."""
    kind = pgettext("stage.not_a_stage", "{target} is {kind}, not a stage declared with Added")
    return refused(key, "STAGE", kind.format(target="STAGE", kind=type(stage).__name__))


def returned(point: str, returned: Any, given: Any, most: Mapping[Side, int] | None = None) -> tuple[Any, list[Step]]:
    """What a stage's function gave back at `point`, its value and its steps, checked."""
    if not isinstance(returned, tuple) or len(returned) != 2:
        wanted = pgettext("stage.value_and_steps", "a pair of its value and a list of steps")
        raise _not(pgettext("stage.what_it_returned", "what it returned"), returned, wanted)
    value, steps = returned
    CHECKS[point](value, given, most)
    if not isinstance(steps, list | tuple):
        raise _not(
            pgettext("stage.its_steps", "what it returned as its steps"), steps, pgettext("stage.steps", "a list")
        )
    for said in steps:
        if not isinstance(said, Step):
            raise _not(pgettext("stage.a_step", "a step it returned"), said, "Step")
    return value, list(steps)


def groups(declared: Any, kind: type, rules: Ruleset) -> Mapping[str, Any]:
    """The dice a stage's `dice` says it may roll, checked: each group a
    name, a `kind` (`Dice`) of one of the file's dice, at most as many as the
    referee rolls at once."""
    if not isinstance(declared, Mapping) or not all(
        isinstance(g, str) and isinstance(d, kind) for g, d in declared.items()
    ):
        raise _not("dice()", declared, "{group: Dice}")
    for group, dice in declared.items():
        if dice.die not in rules.dice:
            die = pgettext("stage.no_die", "dice()[{group}] rolls '{die}', which is no die of the file")
            raise Breach(die.format(group=group, die=dice.die))
        count(dice.count, f"dice()[{group}].count", MAX_DICE, _rolled())
    return declared
