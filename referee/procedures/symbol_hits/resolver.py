"""Symbol hits: each side counts the faces that are hits for it, more hits
wins, and the loser removes units as the winner's side of the file says
(the winner's surplus, everything, or nothing). Ground Force's normal and
heavy-weapon attacks are two parameter sets of this one procedure."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from referee.errors import RefereeError
from referee.names import article, plural, span
from referee.outcomes import Exchange, ExchangeSide
from referee.procedures.base import Battle, DiceNeed, Throw, cite, size
from referee.procedures.symbol_hits.grammar import SymbolHits
from referee.ruleset.model import Ruleset
from referee.ruling import SIDES, Ruling, Side, Step, other

ODDS_KEYS = ("winner", "attacker_loses", "defender_loses")
Units = tuple[tuple[str, int], ...]


def dice_needed(rules: Ruleset, params: SymbolHits, battle: Battle) -> dict[str, DiceNeed]:
    reach = params.range
    if battle.range is not None and not reach.min <= battle.range <= reach.max:
        raise RefereeError(
            f"{article(params.label)} reaches distance {span(reach.min, reach.max)}, not {battle.range}",
            rule=cite(params, "range"),
        )
    die = rules.dice[params.die].die
    need: dict[str, DiceNeed] = {}
    for side in SIDES:
        spec = getattr(params, side)
        units = size(battle.side(side))
        if spec.max_units and units > spec.max_units:
            raise RefereeError(
                f"the {side} has {units} units in {article(params.label)}; at most {spec.max_units} can take part",
                rule=cite(params, "dice"),
            )
        count = units if spec.dice == "per-unit" else spec.dice
        if spec.max_dice and count > spec.max_dice:
            raise RefereeError(
                f"the {side} would roll {count} dice, but a player owns only {spec.max_dice}",
                rule=cite(params, "dice"),
            )
        need[side] = DiceNeed(die, count, cite(params, "dice"))
    return need


def removal_options(units: Units, count: int) -> list[dict[str, int]]:
    """Every way to remove `count` units from these, as unit → number."""

    def spread(rest: Units, left: int) -> Iterator[dict[str, int]]:
        if left == 0:
            yield {}
            return
        if not rest:
            return
        (unit, have), tail = rest[0], rest[1:]
        for take in range(min(have, left), -1, -1):
            for more in spread(tail, left - take):
                yield {unit: take, **more} if take else more

    return list(spread(units, count))


def _counting(hits: tuple[object, ...]) -> str:
    """'sword or explosion count', '5 or 6 count', or a side that never hits."""
    return f"{' or '.join(map(str, hits))} count" if hits else "no face counts"


def _words(rules: Ruleset, units: Units | dict[str, int]) -> str:
    items = units.items() if isinstance(units, dict) else units
    return ", ".join(rules.units[u].counted(n) for u, n in items)


def prepare(rules: Ruleset, name: str, params: SymbolHits, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one attack as told, for every throw."""
    return lambda throw: _rule(rules, name, params, battle, throw)


def _rule(rules: Ruleset, name: str, params: SymbolHits, battle: Battle, throw: Throw) -> Ruling:
    steps: list[Step] = []
    if battle.range is not None:
        steps.append(
            Step(
                cite(params, "range"),
                f"target at distance {battle.range}: {article(params.label)} reaches "
                + span(params.range.min, params.range.max),
            )
        )
    rolled = {side: list(throw[side]) for side in SIDES}
    steps.append(
        Step(
            cite(params, "dice"),
            "; ".join(
                f"the {side} rolls {plural(len(rolled[side]), 'die', 'dice')}"
                f"{' (one per unit)' if getattr(params, side).dice == 'per-unit' else ''}"
                for side in SIDES
            ),
        )
    )
    hits = {side: sum(face in getattr(params, side).hits for face in rolled[side]) for side in SIDES}
    steps.append(
        Step(
            cite(params, "hits"),
            "; ".join(
                f"the {side} rolled {', '.join(map(str, rolled[side])) or 'nothing'}: "
                f"{plural(hits[side], 'hit')} ({_counting(getattr(params, side).hits)})"
                for side in SIDES
            ),
        )
    )

    attacker_hits, defender_hits = hits[Side.ATTACKER], hits[Side.DEFENDER]
    if attacker_hits != defender_hits:
        winner: Side | None = Side.ATTACKER if attacker_hits > defender_hits else Side.DEFENDER
        steps.append(
            Step(
                cite(params, "compare"),
                f"{plural(attacker_hits, 'hit')} against {defender_hits}: the {winner} wins by "
                f"{abs(attacker_hits - defender_hits)}",
            )
        )
    else:
        winner = None if params.tie == "nothing" else Side(params.tie)
        steps.append(
            Step(
                cite(params, "compare"),
                f"equal hits ({attacker_hits} each): "
                + ("nothing happens" if winner is None else f"the {winner} wins ties"),
            )
        )

    loses = {side: 0 for side in SIDES}
    options: dict[str, list[dict[str, int]]] = {side: [] for side in SIDES}
    moves_in = False
    if winner:
        loser = other(winner)
        units = battle.side(loser)
        rule = getattr(params, winner).on_win
        surplus = max(abs(attacker_hits - defender_hits), 1)
        count = {"remove-surplus": min(surplus, size(units)), "remove-all": size(units), "nothing": 0}[rule]
        loses[loser] = count
        options[loser] = removal_options(units, count)
        removed = f" ({_words(rules, options[loser][0])})" if len(options[loser]) == 1 and count else ""
        steps.append(
            Step(
                cite(params, "losses"),
                {
                    "remove-surplus": f"the {loser} removes {plural(count, 'unit')}{removed}: "
                    f"the surplus of {surplus}, capped at its {size(units)} in the battle",
                    "remove-all": f"all {size(units)} of the {loser}'s units in the battle are removed{removed}",
                    "nothing": f"a win by the {winner} removes nothing: nothing happens",
                }[rule],
            )
        )
        if len(options[loser]) > 1:
            steps.append(
                Step(
                    cite(params, "choice"),
                    f"the {loser} has units of different types and chooses which to remove: "
                    + " or ".join(_words(rules, o) for o in options[loser]),
                )
            )
        if winner == "attacker" and count == size(units):
            moves_in = params.move_in
            steps.append(
                Step(
                    cite(params, "move_in"),
                    "the target space is empty: the attacking units move in"
                    if moves_in
                    else "the target space is empty; the attacker does not move in",
                )
            )

    sides = {
        side: ExchangeSide(
            units=dict(battle.side(side)),
            rolled=rolled[side],
            hits=hits[side],
            loses=loses[side],
            removal_options=options[side],
        )
        for side in SIDES
    }
    return Ruling(
        outcome=Exchange(
            ruleset=rules.name,
            attack=name,
            winner=winner,
            attacker=sides[Side.ATTACKER],
            defender=sides[Side.DEFENDER],
            attacker_loses=loses[Side.ATTACKER],
            defender_loses=loses[Side.DEFENDER],
            moves_in=moves_in,
        ),
        steps=tuple(steps),
    )
