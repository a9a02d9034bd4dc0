"""Target number: the difference of two values picks a number from a table,
modifiers move it, a clamp bounds it, and a die equal or higher hits; a hit
brings a second roll, plus the wounds already taken, against the target's
unmodified value: out of action, or one more wound (True Forces).

The throw has two groups, `hit` and `wound`; the wound die is read only on a
hit, so summing over both dice gives exact odds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from referee.dice import pips
from referee.errors import RefereeError
from referee.names import article, plural
from referee.outcomes.strike import Strike, StrikeOutcome
from referee.procedures.base import DiceNeed, Throw, cite
from referee.procedures.target_number.grammar import Modifier, TargetNumber
from referee.ruleset.model import Ruleset
from referee.ruling import Ruling, Step

ODDS_KEYS = ("needed", "hit", "out_of_action")  # the number needed is the same for every throw


def _signed(n: int) -> str:
    return f"{n:+d}"


def _listing(words: list[str]) -> str:
    """'a melee attack, a ranged attack or an astral attack'."""
    words = [article(w) for w in words]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def dice_needed(rules: Ruleset, params: TargetNumber, strike: Strike) -> dict[str, DiceNeed]:
    """A hit die and a wound die, whatever the strike."""
    die = rules.dice[params.die].die
    return {"hit": DiceNeed(die, 1, cite(params, "roll")), "wound": DiceNeed(die, 1, cite(params, "wound"))}


def check(params: TargetNumber, strike: Strike) -> list[Step]:
    """Refuses what the rules do not allow; the steps say why the rest is allowed."""
    value = params.value
    for side, given in (("attacker", strike.attacker), ("target", strike.target)):
        if not value.min <= given <= value.max:
            raise RefereeError(f"the {side}'s {value.label} must be {value.min} to {value.max}, not {given}")
    if strike.wounds < 0:
        raise RefereeError(f"wounds cannot be negative ({strike.wounds})", rule=cite(params, "wound"))
    kind = params.types[strike.kind]
    for name in strike.modifiers:
        modifier = params.modifiers[name]
        if modifier.types and strike.kind not in modifier.types:
            allowed = _listing([params.types[t].label for t in modifier.types])
            raise RefereeError(
                f"'{modifier.label}' applies to {allowed}, not {article(kind.label)}", rule=modifier.rule
            )
    if strike.action is None:
        return []
    action = params.actions[strike.action]
    may = _listing([params.types[t].label for t in action.allows]) or "no attack"
    moves = (
        f"moves up to {action.move}{' ' + params.measure if params.measure else ''}"
        if action.move
        else "stays where it is"
    )
    if strike.kind not in action.allows:
        raise RefereeError(
            f"after {action.label} a unit may make {may}, not {article(kind.label)}", rule=cite(params, "allows")
        )
    return [
        Step(cite(params, "action"), f"{action.label}: the unit {moves}"),
        Step(cite(params, "allows"), f"after {action.label} a unit may make {may}: the {kind.label} is allowed"),
    ]


def _from_table(params: TargetNumber, difference: int) -> tuple[int, str]:
    """The number the table gives for a difference, and how it was found."""
    rows = {row.difference: row.needed for row in params.table}
    if difference in rows:
        return rows[difference], "the table"
    edge = max(rows) if difference > max(rows) else min(rows)
    if params.beyond == "nearest" or len(rows) == 1:
        return rows[edge], f"beyond the table: its {_signed(edge)} row"
    inner = sorted(rows)[-2] if edge == max(rows) else sorted(rows)[1]
    step = (rows[edge] - rows[inner]) // (edge - inner)
    return rows[edge] + step * (difference - edge), f"beyond the table: its step of {step} per point, extended"


AGREED = "agreed at the table"


def _applied(params: TargetNumber, strike: Strike) -> list[Modifier]:
    """The named modifiers, then the changes the table agreed on the spot (each
    step that adds one cites its own rule: qualities, modifiers, wound)."""
    named = [params.modifiers[name] for name in strike.modifiers]
    said = (strike.attacker_bonus, strike.target_bonus, strike.to_hit, strike.to_wound)
    if not any(said):
        return named
    agreed = Modifier(
        name="agreed",
        label=AGREED,
        attacker=strike.attacker_bonus,
        target=strike.target_bonus,
        to_hit=strike.to_hit,
        to_wound=strike.to_wound,
        rule=cite(params, "modifiers"),
    )
    return [*named, agreed]


def _changes(modifiers: list[Modifier], attribute: str) -> tuple[int, str]:
    """The total a list of modifiers adds to one thing, and a note naming them."""
    changes = [(m.label, getattr(m, attribute)) for m in modifiers if getattr(m, attribute)]
    total = sum(change for _, change in changes)
    return total, ", ".join(f"{label} {_signed(change)}" for label, change in changes)


def needed(params: TargetNumber, strike: Strike) -> tuple[int, list[Step]]:
    """The number to roll, or higher, and the steps that found it."""
    steps = check(params, strike)
    label = params.value.label
    modifiers = _applied(params, strike)
    attacker_change, attacker_note = _changes(modifiers, "attacker")
    target_change, target_note = _changes(modifiers, "target")
    attacker, target = strike.attacker + attacker_change, strike.target + target_change
    notes = "; ".join(note for note in (attacker_note, target_note) if note)
    steps.append(
        Step(
            cite(params, "qualities"),
            f"attacker {label} {attacker}, target {label} {target}"
            + (f" ({notes})" if notes else "; no special rules change them"),
        )
    )
    difference = target - attacker
    base, how = _from_table(params, difference)
    steps.append(
        Step(
            cite(params, "table"),
            f"target {label} {target} minus attacker {label} {attacker} is {_signed(difference)}: {how} gives {base}+",
        )
    )
    kind = params.types[strike.kind]
    change, note = _changes(modifiers, "to_hit")
    number = base + change
    steps.append(
        Step(
            cite(params, "modifiers"),
            f"{kind.label} modifiers: {note} to the number needed, so {base}+ becomes {number}+"
            if note
            else f"no {kind.label} modifiers apply: {number}+",
        )
    )
    clamp = params.clamp
    bounded = min(max(number, clamp.min), clamp.max)
    if bounded != number:
        steps.append(Step(cite(params, "clamp"), f"{number} is held to {clamp.min}..{clamp.max}: {bounded}+ is needed"))
    return bounded, steps


def prepare(rules: Ruleset, name: str, params: TargetNumber, strike: Strike) -> Callable[[Throw], Ruling]:
    """The ruler of one strike, for every throw."""
    return lambda throw: _rule(params, strike, throw)


def _rule(params: TargetNumber, strike: Strike, throw: Throw) -> Ruling:
    number, steps = needed(params, strike)
    roll = pips(throw["hit"])[0]
    hit = roll >= number
    steps.append(Step(cite(params, "roll"), f"rolled {roll} against {number}+: " + ("a hit" if hit else "a miss")))
    outcome = StrikeOutcome(needed=number, roll=roll, hit=hit, wounds=strike.wounds)
    if hit:
        wound_roll = pips(throw["wound"])[0]
        added = strike.wounds if params.wound.adds_wounds else 0
        change, note = _changes(_applied(params, strike), "to_wound")
        total = wound_roll + added + change
        parts = [f"wound roll {wound_roll}"]
        if params.wound.adds_wounds:
            parts.append(f"{plural(strike.wounds, 'wound')} already taken")
        if note:
            parts.append(note)
        steps.append(Step(cite(params, "wound"), " + ".join(parts) + f" = {total}"))
        label = params.value.label
        out = total >= strike.target
        after = strike.wounds if out else strike.wounds + params.wound.wounds_per_hit
        steps.append(
            Step(
                cite(params, "outcome"),
                f"{total} reaches the target's unmodified {label} {strike.target}: out of action"
                if out
                else f"{total} is below the target's unmodified {label} {strike.target}: "
                f"{plural(params.wound.wounds_per_hit, 'more wound')}, {after} in all",
            )
        )
        outcome = replace(outcome, wound_roll=wound_roll, wound_total=total, out_of_action=out, wounds=after)
    else:
        steps.append(
            Step(
                cite(params, "wound"),
                "no wound roll: it only follows a hit"
                + (f" (the {pips(throw['wound'])[0]} rolled does not count)" if throw.get("wound") else ""),
            )
        )
    return Ruling(outcome=outcome, steps=tuple(steps))
