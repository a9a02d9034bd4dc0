"""Target number: the difference of two values picks a number from a table,
modifiers move it, a clamp bounds it, and a die equal or higher hits; a hit
brings a second roll, plus the wounds already taken, against the target's
unmodified value: out of action, or one more wound (True Forces).

The throw has two groups, `hit` and `wound`; the wound die is read only on a
hit, so summing over both dice gives exact odds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from referee.chance.dice import pips
from referee.core.errors import RefereeError, setting
from referee.outcomes.strike import Strike, StrikeOutcome
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Throw
from referee.rulings.procedure import DiceNeed, cite
from referee.rulings.ruling import (
    Ruling,
    Side,
    Spoken,
    Step,
    Value,
    both_ways,
    either,
    say,
    series,
    spaced,
    step,
)
from referee.stages import agreed, by_difference, clamp, costs, read, wound
from referee.stages.strike import HitCheck
from referee.words.names import article


def _signed(n: int) -> str:
    return f"{n:+d}"


def whose(rules: Ruleset, params: HitCheck, side: str) -> str:
    """'the attacker's quality', 'the target's quality': the value a side gives, as messages name it."""
    value = rules.said(params.valued(side).label)
    if side == "target":
        return say("value.target_whose", "the target's {value}", value=value)
    return say("value.whose", "the {side}'s {value}", side=Side(side), value=value)


def _only(labels: Sequence[str], kind: str) -> dict[str, Value]:
    """What a refusal of an attack type says of the types allowed instead:
    English with articles ('a melee attack or a ranged attack', 'no attack'),
    the other languages bare ('melee of ranged')."""
    none = say("attacks.none", "no attack")
    return {
        "some_attacks": _listing(labels) or none,
        "an_attack": article(kind),
        "attacks": either(labels) or none,
        "attack": kind,
    }


def _listing(words: Iterable[str]) -> Spoken:
    """'a melee attack, a ranged attack or an astral attack': English, which the other languages leave out."""
    return both_ways(
        lambda said: ", ".join(said[:-1]) + f" or {said[-1]}" if len(said) > 1 else "".join(said), map(article, words)
    )


def dice_needed(rules: Ruleset, attack: object, strike: Strike) -> dict[str, DiceNeed]:
    """A hit die, then the roll the file asks for after a hit: a wound die, or
    damage dice with the extra dice a critical hit rolls as a group of their own.
    The hit and wound dice are named in messages as rolls ('the hit rolls 1 die')."""
    params = HitCheck(attack)
    die = rules.dice[params.die].die
    need = {"hit": DiceNeed(die, 1, cite(params, "roll"), said=say("roll.group", "hit"))}
    if params.wound:
        need["wound"] = DiceNeed(die, 1, cite(params, "wound"), said=say("roll.group", "wound"))
    if params.damage:
        damage = rules.dice[params.damage.die].die
        need["damage"] = DiceNeed(damage, params.damage.dice, cite(params, "damage"))
        if params.natural.critical and params.damage.extra:
            need["critical"] = DiceNeed(damage, params.damage.extra, cite(params, "damage"))
    return need


def check(rules: Ruleset, params: HitCheck, strike: Strike) -> list[Step]:
    """Refuses what the rules do not allow; the steps say why the rest is allowed."""
    for side, given in (("attacker", strike.attacker), ("target", strike.target)):
        value = params.valued(side)
        if not value.min <= given <= value.max:
            off = say(
                "value.off",
                "{whose} must be {low} to {high}, not {given}",
                whose=whose(rules, params, side),
                low=value.min,
                high=value.max,
                given=given,
            )
            raise RefereeError(off)
    if not params.wound and (strike.wounds or strike.to_wound):
        unrolled = say(
            "wound.no_roll",
            "this attack has no wound roll: leave out {wounds} and {wound_roll}",
            wounds=setting("wounds"),
            wound_roll=setting("wound-roll-plus"),
        )
        raise RefereeError(unrolled, rule=params.rule)
    if strike.wounds < 0:
        negative = say("wounds.negative", "wounds cannot be negative ({wounds})", wounds=strike.wounds)
        raise RefereeError(negative, rule=cite(params, "wound"))
    kind = params.types[strike.kind]
    for name in strike.modifiers:
        modifier = params.modifiers[name]
        if modifier.types and strike.kind not in modifier.types:
            labels = [rules.said(params.types[t].label) for t in modifier.types]
            only = _only(labels, rules.said(kind.label))
            applies = say(
                "modifier.applies_to",
                "'{modifier}' applies to {some_attacks}, not {an_attack}",
                modifier=rules.said(modifier.label),
                **only,
            )
            raise RefereeError(applies, rule=modifier.rule)
    if strike.action is None:
        return []
    action = params.actions[strike.action]
    allows = [params.types[t].label for t in action.allows]
    if strike.kind not in action.allows:
        only = _only([rules.said(label) for label in allows], rules.said(kind.label))
        after = say(
            "action.allows",
            "after {action} a unit may make {some_attacks}, not {an_attack}",
            action=rules.said(action.label),
            **only,
        )
        raise RefereeError(after, rule=cite(params, "allows"))
    moves = (
        say(
            "action.moves_up_to",
            "moves up to {move}{measure}",
            move=action.move,
            measure=spaced("", rules.said(params.measure)) if params.measure else "",
        )
        if action.move
        else say("action.stays", "stays where it is")
    )
    doing, may = rules.said(action.label), [rules.said(label) for label in allows]
    return [
        step(cite(params, "action"), "action.unit", "{action}: the unit {moves}", action=doing, moves=moves),
        step(
            cite(params, "allows"),
            "action.allows",
            "after {action} a unit may make {may}: the {kind} is allowed",
            action=doing,
            may=_listing(may),
            kinds=either(may),
            kind=rules.said(kind.label),
        ),
    ]


def _applied(params: HitCheck, strike: Strike) -> list[agreed.Modifier]:
    """The named modifiers, then the changes the table agreed on the spot (each
    step that adds one cites its own rule: qualities, modifiers, wound)."""
    spot = {"attacker": strike.attacker_bonus, "target": strike.target_bonus}
    spot |= {"to_hit": strike.to_hit, "to_wound": strike.to_wound}
    return agreed.applied(params.modifiers, strike.modifiers, spot, cite(params, "modifiers"))


def needed(rules: Ruleset, params: HitCheck, strike: Strike) -> tuple[int | None, list[Step]]:
    """The number to roll, or higher (None: the table says it cannot hit;
    no modifier or clamp changes that), and the steps that found it."""
    steps = check(rules, params, strike)
    label, target_label = rules.said(params.value.label), rules.said(params.valued("target").label)
    modifiers = _applied(params, strike)
    attacker_change, attacker_note = agreed.changes(rules, modifiers, "attacker")
    target_change, target_note = agreed.changes(rules, modifiers, "target")
    attacker, target = strike.attacker + attacker_change, strike.target + target_change
    notes = series(note for note in (attacker_note, target_note) if note)
    qualities: dict[str, Value] = {
        "label": label,
        "target_label": target_label,
        "attacker": attacker,
        "target": target,
        "notes": notes,
    }
    steps.append(
        step(
            cite(params, "qualities"),
            "qualities.changed",
            "attacker {label} {attacker}, target {target_label} {target} ({notes})",
            **qualities,
        )
        if notes
        else step(
            cite(params, "qualities"),
            "qualities.unchanged",
            "attacker {label} {attacker}, target {target_label} {target}; no special rules change them",
            **qualities,
        )
    )
    difference = target - attacker
    base, how = by_difference.looked_up(params.table, difference)
    found: dict[str, Value] = {
        "label": label,
        "target_label": target_label,
        "target": target,
        "attacker": attacker,
        "difference": _signed(difference),
        "how": how,
        "base": base or 0,
    }
    if base is None:
        steps.append(
            step(
                cite(params, "table"),
                "table.cannot",
                "target {target_label} {target} minus attacker {label} {attacker} is {difference}: "
                "{how} says it cannot hit",
                **found,
            )
        )
        return None, steps
    steps.append(
        step(
            cite(params, "table"),
            "table.needed",
            "target {target_label} {target} minus attacker {label} {attacker} is {difference}: {how} gives {base}+",
            **found,
        )
    )
    kind = params.types[strike.kind]
    change, note = agreed.changes(rules, modifiers, "to_hit")
    number = base + change
    steps.append(
        step(
            cite(params, "modifiers"),
            "modifiers.applied",
            "{kind} modifiers: {note} to the number needed, so {base}+ becomes {number}+",
            kind=rules.said(kind.label),
            note=note,
            base=base,
            number=number,
        )
        if note
        else step(
            cite(params, "modifiers"),
            "modifiers.none",
            "no {kind} modifiers apply: {number}+",
            kind=rules.said(kind.label),
            number=number,
        )
    )
    bounded, held = clamp.bounded(params.clamp, number, cite(params, "clamp"))
    return bounded, [*steps, *held]


def prepare(rules: Ruleset, name: str, attack: object, strike: Strike) -> Callable[[Throw], Ruling]:
    """The ruler of one strike, for every throw: its stages read once."""
    params = HitCheck(attack)
    return lambda throw: _rule(rules, params, strike, throw)


def _hit(rules: Ruleset, params: HitCheck, number: int | None, roll: int) -> tuple[bool, bool, Step]:
    """Whether the roll hits and is critical, and the step that says why: the
    read stage's aim at the number, with the file's natural faces."""
    faces = pips(rules.dice[params.die].faces)
    symbols = read.aimed(faces, number, params.natural)[str(roll)]
    said = read.aim_step(faces, number, params.natural, roll, cite(params, "roll"), cite(params, "natural"))
    return read.HIT in symbols, read.CRITICAL in symbols, said


def _follows(params: HitCheck) -> str:
    """The roll the file asks for after a hit: 'wound', 'damage', or '' (the hit is the result)."""
    return "wound" if params.wound else "damage" if params.damage else ""


def _rule(rules: Ruleset, params: HitCheck, strike: Strike, throw: Throw) -> Ruling:
    number, steps = needed(rules, params, strike)
    roll = pips(throw["hit"])[0]
    hit, critical, said = _hit(rules, params, number, roll)
    steps.append(said)
    outcome = StrikeOutcome(
        needed=number,
        roll=roll,
        hit=hit,
        wounds=strike.wounds,
        follows=_follows(params),
        critical=critical if params.natural.critical else None,
        damage=0 if params.damage else None,
    )
    if params.damage and hit:
        rolled = [*pips(throw["damage"]), *(pips(throw["critical"]) if critical else ())]
        total, said = costs.damage(rules, params.damage, params.loss, rolled, critical, cite(params, "damage"))
        steps.append(said)
        outcome = replace(outcome, damage_roll=rolled, damage=total)
    elif params.damage:
        steps.append(step(cite(params, "damage"), "damage.none", "no damage roll: it only follows a hit"))
    if params.wound:
        outcome = _wound(rules, params, strike, throw, outcome, steps)
    return Ruling(outcome=outcome, steps=tuple(steps))


def _wound(
    rules: Ruleset, params: HitCheck, strike: Strike, throw: Throw, outcome: StrikeOutcome, steps: list[Step]
) -> StrikeOutcome:
    """The wound roll after a hit against the target's unmodified value (the
    wound stage); its steps go on `steps`."""
    assert params.wound is not None
    if not outcome.hit:
        typed = pips(throw["wound"])[0] if throw.get("wound") else None
        steps.append(wound.unrolled(cite(params, "wound"), typed))
        return outcome
    roll = pips(throw["wound"])[0]
    changed = agreed.changes(rules, _applied(params, strike), "to_wound")
    against = (rules.said(params.valued("target").label), strike.target)
    total, out, after, said = wound.wounded(
        params.wound, roll, strike.wounds, changed, against, (cite(params, "wound"), cite(params, "outcome"))
    )
    steps += said
    return replace(outcome, wound_roll=roll, wound_total=total, out_of_action=out, wounds=after)
