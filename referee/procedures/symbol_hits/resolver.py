"""Symbol hits: each side counts the faces that are hits for it, more hits
wins, and the loser removes units as the winner's side of the file says
(the winner's surplus, everything, or nothing). Ground Force's normal and
heavy-weapon attacks are two parameter sets of this one procedure."""

from __future__ import annotations

from collections.abc import Callable

from referee.errors import RefereeError
from referee.names import article, counted, plural, span
from referee.outcomes import Exchange
from referee.procedures.base import Battle, DiceNeed, Throw, cite, removal_options, size
from referee.procedures.symbol_hits.grammar import SymbolHits
from referee.ruleset.model import Ruleset
from referee.ruling import SIDES, Ruling, Side, Step, other

ODDS_KEYS = ("winner", "attacker_loses", "defender_loses")


def made_alone(params: SymbolHits) -> str | None:
    """The rule that makes this attack one no other unit may join, if any."""
    return (params.cite.alone or params.rule) if params.alone else None


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
        count = (
            sum(spec.unit_dice.get(u, 1) * n for u, n in battle.side(side)) if spec.dice == "per-unit" else spec.dice
        )
        if spec.max_dice and count > spec.max_dice:
            raise RefereeError(
                f"the {side} would roll {count} dice, but a player owns only {spec.max_dice}",
                rule=cite(params, "dice"),
            )
        need[side] = DiceNeed(die, count, cite(params, "dice"))
    return need


def _counting(hits: tuple[object, ...]) -> str:
    """'sword or explosion count', '5 or 6 count', or a side that never hits."""
    return f"{' or '.join(map(str, hits))} count" if hits else "no face counts"


def _per_unit(rules: Ruleset, params: SymbolHits, battle: Battle, side: str) -> str:
    """' (one per unit)', ' (4 per knight)', or nothing for a fixed number of dice."""
    spec = getattr(params, side)
    if spec.dice != "per-unit":
        return ""
    if not spec.unit_dice:
        return " (one per unit)"
    return f" ({', '.join(f'{spec.unit_dice.get(u, 1)} per {rules.units[u].title}' for u, _ in battle.side(side))})"


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
                f"the {side} rolls {plural(len(rolled[side]), 'die', 'dice')}{_per_unit(rules, params, battle, side)}"
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
    options: dict[Side, list[dict[str, int]]] = {side: [] for side in SIDES}
    moves_in = False
    if winner:
        loser = other(winner)
        units = battle.side(loser)
        rule = getattr(params, winner).on_win
        surplus = max(abs(attacker_hits - defender_hits), 1)
        count = {
            "remove-surplus": min(surplus, size(units)),
            "remove-all": size(units),
            "wounds": surplus,
            "nothing": 0,
        }[rule]
        loses[loser] = count
        options[loser] = [] if rule == "wounds" else removal_options(units, count)
        removed = f" ({counted(rules, options[loser][0].items())})" if len(options[loser]) == 1 and count else ""
        steps.append(
            Step(
                cite(params, "losses"),
                {
                    "remove-surplus": f"the {loser} removes {plural(count, 'unit')}{removed}: "
                    f"the surplus of {surplus}, capped at its {size(units)} in the battle",
                    "remove-all": f"all {size(units)} of the {loser}'s units in the battle are removed{removed}",
                    "wounds": f"the {loser} takes {plural(count, 'wound')}: the surplus of {surplus}, "
                    "however many units it has",
                    "nothing": f"a win by the {winner} removes nothing: nothing happens",
                }[rule],
            )
        )
        if len(options[loser]) > 1:
            steps.append(
                Step(
                    cite(params, "choice"),
                    f"the {loser} has units of different types and chooses which to remove: "
                    + " or ".join(counted(rules, o.items()) for o in options[loser]),
                )
            )
        if winner == "attacker" and rule != "wounds" and count == size(units):
            moves_in = params.move_in
            steps.append(
                Step(
                    cite(params, "move_in"),
                    "the target space is empty: the attacking units move in"
                    if moves_in
                    else "the target space is empty; the attacker does not move in",
                )
            )

    return Ruling(
        outcome=Exchange.of_sides(
            ruleset=rules.name,
            attack=name,
            winner=winner,
            units={side: battle.side(side) for side in SIDES},
            rolled=rolled,
            hits=hits,
            loses=loses,
            options=options,
            moves_in=moves_in,
        ),
        steps=tuple(steps),
    )
