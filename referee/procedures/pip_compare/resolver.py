"""Pip compare, the preset: a die rolled from the hand against the attacking
die on the field. Equal is perfect (the defender loses the rolled pips), lower
is valid (the same, and the rolled die takes the field die's place), higher
fails (the field die loses a pip). Two field dice may attack together: then
every pairing of a rolled die with a field die is listed, and a failed pairing
may not be picked while another is not failed (DiceLand).

The mechanics of one pairing are the shared stages, as the grammar's
`as_compare` says them: the rolled die counted as its pips (`read.summed`,
`count`), set against the field die's with the fewer winning and equal going
to the attacker (`compare.decide`), the defender taking as many pips as the
attacker rolled and the field die one (`costs.taken`: a win's `count` and
`one`). What is its own: the field die, which a valid attack swaps for the
rolled die and a failed one wears down; the pairings of a combined attack,
which may be picked and by what policy; and removal, moving in and filling
the void.

A ruling carries the core's keys, read for pips: a side's `loses` are the
pips it lost (the attacker's from the chosen field die, whether a failed
attack cost it one or a valid one swapped it for a lower die), its `hits` the
pips it took off the other side: the attacker's are the defender's losses,
the defender's are the pip a failed attack costs (a valid attack's swap is
the attacker's own doing, no hit by the defender). `winner` is the attacker
unless the attack failed. The defender rolls nothing: its `rolled` is [].
All of them are null while the attacker still has to pick a pairing."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, Final, Literal

from referee.chance.dice import pips
from referee.core.errors import RefereeError
from referee.core.records import record
from referee.outcomes.pips import AttackingDice, DefendingDie, Pairing, PipOutcome, policy
from referee.procedures.door import check_situations
from referee.procedures.pip_compare.grammar import PipCompare
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Throw, Units
from referee.rulings.procedure import DiceNeed, cite
from referee.rulings.ruling import Ruling, Side, Step, Value, both, listed, say, say_n, series, step
from referee.stages import compare, costs, count, read
from referee.words.language import pgettext

ODDS_KEYS = ("winner", "attacker_loses", "defender_loses", "outcome", "defender_removed", "attacker_removed")
BEST: Final = "best"
Choice = tuple[int, int] | Literal["best"] | None  # (rolled, field), the policy, or not yet


@record
class PipFight:
    """An attack as told: the attacking field dice's pips, the defender's pips,
    named situations (side, name), the variants in play, and the pairing the
    attacker picks: (rolled, field), BEST for the policy (outcomes.pips.POLICY), or None."""

    attacker: tuple[int, ...]
    defender: int
    when: tuple[tuple[str, str], ...] = ()
    variants: frozenset[str] = frozenset()
    choose: Choice = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the pips as lists, the pairing as [rolled, field], "best" or null."""
        return {
            "attacker": list(self.attacker),
            "defender": self.defender,
            "when": [list(item) for item in self.when],
            "variants": sorted(self.variants),
            "choose": list(self.choose) if isinstance(self.choose, tuple) else self.choose,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PipFight:
        """The inverse of `as_dict`."""
        choose = data["choose"]
        return cls(
            attacker=tuple(data["attacker"]),
            defender=data["defender"],
            when=tuple((side, name) for side, name in data["when"]),
            variants=frozenset(data["variants"]),
            choose=(choose[0], choose[1]) if isinstance(choose, list) else choose,
        )

    def side(self, name: str) -> Units:
        """Situations that need a unit on a side find none: dice are not units."""
        return ()

    def rear(self, name: str) -> Units:
        """Nor does a die have a rear."""
        return ()


def check(rules: Ruleset, params: PipCompare, fight: PipFight) -> None:
    """Refuses pips that are no face of the die, too many attacking dice, and a
    combined attack a named situation forbids."""
    faces = rules.dice[params.die].faces
    for side, values in ((Side.ATTACKER, fight.attacker), (Side.DEFENDER, (fight.defender,))):
        for value in values:
            if value not in faces:
                off = say(
                    "pips.off_die",
                    "the {side}'s die shows {value}: a die shows {low} to {high}",
                    side=side,
                    value=value,
                    low=min(faces),
                    high=max(faces),
                )
                raise RefereeError(off, rule=params.rule)
    if not fight.attacker:
        raise RefereeError(say("pips.name_attacking", "name the attacking die's pips"), rule=params.rule)
    if len(fight.attacker) > params.most_attackers:
        many = say(
            "pips.too_many_attacking",
            "{n} attacking dice: at most {most} attack together",
            n=len(fight.attacker),
            most=params.most_attackers,
        )
        raise RefereeError(many, rule=cite(params, "combined"))
    if len(fight.attacker) > 1:
        for _, name in fight.when:
            if name in params.combined_refused_by:
                situation = rules.situations[name]
                alone = say("pips.no_combined", "no combined attack: {situation}", situation=situation.said)
                raise RefereeError(alone, rule=situation.rule)


def dice_needed(rules: Ruleset, params: PipCompare, fight: PipFight) -> dict[str, DiceNeed]:
    """One hand die per attacking field die."""
    check_situations(rules, fight)
    check(rules, params, fight)
    rule = params.rule if len(fight.attacker) == 1 else cite(params, "combined")
    return {"attacker": DiceNeed(rules.dice[params.die].die, len(fight.attacker), rule)}


def pairing(params: PipCompare, fight: PipFight, rolled: int, field_die: int) -> Pairing:
    """What one rolled die on one field die does, by the preset's compare
    stage (`PipCompare.as_compare`): the rolled die read as its pips against
    the field die's, and what the win costs the loser (the defender never
    below 0)."""
    fills = bool(params.defender_fills) and params.defender_fills in fight.variants
    contest = params.as_compare()
    symbol = contest.symbol
    pips_rolled = count.count(read.summed((rolled,), symbol), (rolled,), (symbol,))[symbol]
    winner, margin = compare.decide({Side.ATTACKER: pips_rolled, Side.DEFENDER: field_die}, contest.wins, contest.tie)
    if winner == Side.DEFENDER:
        after = field_die - costs.taken(contest.on_win(winner), margin, pips_rolled, field_die)
        return Pairing(rolled, field_die, "failed", after, fight.defender, False, after <= 0 and fills)
    lost = costs.taken(contest.on_win(Side.ATTACKER), margin, pips_rolled, fight.defender)
    defender_after = max(fight.defender - lost, 0)
    return Pairing(
        rolled, field_die, "valid" if margin else "perfect", rolled, defender_after, defender_after == 0, False
    )


def pairings(params: PipCompare, fight: PipFight, rolled: Iterable[int]) -> list[Pairing]:
    """Every distinct pairing; failed ones are illegal while another is not failed."""
    every = [
        pairing(params, fight, r, f)
        for r in sorted(set(rolled), reverse=True)
        for f in sorted(set(fight.attacker), reverse=True)
    ]
    any_good = any(p.outcome != "failed" for p in every)
    return [replace(p, legal=not (any_good and p.outcome == "failed")) for p in every]


def _best(legal: list[Pairing]) -> Pairing:
    return max(
        legal, key=lambda p: (p.defender_after == 0, -p.defender_after, p.attacker_after - p.field, p.attacker_after)
    )


def leaves(fight: PipFight, rolled: Iterable[int], p: Pairing) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """What a pairing leaves: the field dice after (0 for one removed), the
    hand (a valid attack's field die back in it) and the defender. Two
    pairings are one choice only when they leave the same: equal dice off the
    board are alike, so the field and the hand compare as sorted."""
    field_after, hand = list(fight.attacker), list(rolled)
    field_after[field_after.index(p.field)] = p.attacker_after
    if p.outcome == "valid":
        hand[hand.index(p.rolled)] = p.field
    return tuple(sorted(field_after, reverse=True)), tuple(sorted(hand, reverse=True)), p.defender_after


def _chosen(params: PipCompare, fight: PipFight, listed: list[Pairing], throw: tuple[int, ...]) -> Pairing | None:
    legal = [p for p in listed if p.legal]
    if fight.choose == BEST:
        return _best(legal)
    if fight.choose is None:
        return legal[0] if len({leaves(fight, throw, p) for p in legal}) == 1 else None
    rolled, field_die = fight.choose
    for p in listed:
        if (p.rolled, p.field) == (rolled, field_die):
            if not p.legal:
                fails = say(
                    "pairing.fails",
                    "{rolled} on {field} fails, and a pairing that does not fail exists: it may not be picked",
                    rolled=rolled,
                    field=field_die,
                )
                raise RefereeError(fails, rule=cite(params, "combined"))
            return p
    pairings = pgettext("list", ", ").join(f"{p.rolled}:{p.field}" for p in listed)
    missing = say(
        "pairing.none",
        "no pairing {rolled}:{field}; the pairings are {pairings}",
        rolled=rolled,
        field=field_die,
        pairings=pairings,
    )
    raise RefereeError(missing, rule=cite(params, "combined"))


def _effect_steps(params: PipCompare, fight: PipFight, p: Pairing) -> list[Step]:
    said: dict[str, Value] = {
        "rolled": p.rolled,
        "field": p.field,
        "before": fight.defender,
        "after": p.defender_after,
        "field_after": p.attacker_after,
        "pips": say_n("count.pips", "{n} pip", "{n} pips", p.rolled),
    }
    steps = [
        {
            "failed": step(
                params.rule,
                "pips.failed",
                "{rolled} > {field}: a failed attack; the defender is unchanged "
                "and the field die loses 1 pip ({field} → {field_after})",
                **said,
            ),
            "perfect": step(
                params.rule,
                "pips.perfect",
                "{rolled} = {field}: a perfect attack; the field die stays; "
                "the defender loses {pips} ({before} → {after})",
                **said,
            ),
            "valid": step(
                params.rule,
                "pips.valid",
                "{rolled} < {field}: a valid attack; the field die now shows {rolled} "
                "(the {field} returns to the hand); the defender loses {pips} ({before} → {after})",
                **said,
            ),
        }[p.outcome]
    ]
    if p.defender_after == 0:
        steps.append(
            step(
                cite(params, "remove_defender"),
                "pips.defender_removed",
                "the defender is at 0: removed; the attacking die ({field_after}) must "
                "move into the emptied tile, leaving its own tile empty",
                field_after=p.attacker_after,
            )
        )
    if p.attacker_after == 0:
        removed = cite(params, "remove_attacker")
        steps.append(
            step(removed, "pips.attacker_removed", "the attacking die is at 0: removed")
            if p.defender_moves_in
            else step(
                removed,
                "pips.attacker_removed.stays",
                "the attacking die is at 0: removed; the defender may not move into its tile",
            )
        )
        if p.defender_moves_in:
            steps.append(
                step(
                    cite(params, "fill"),
                    "pips.fill",
                    "fill the void: the defending die must move into the emptied tile",
                )
            )
    return steps


def _said(p: Pairing) -> str:
    """'5 on 6 valid': a pairing as the combined attack's step lists it."""
    outcome = {
        "failed": lambda: say("pairing.failed", "failed"),
        "perfect": lambda: say("pairing.perfect", "perfect"),
        "valid": lambda: say("pairing.valid", "valid"),
    }[p.outcome]()
    if p.legal:
        return say("pairing.listed", "{rolled} on {field} {outcome}", rolled=p.rolled, field=p.field, outcome=outcome)
    return say(
        "pairing.listed.illegal",
        "{rolled} on {field} {outcome} (may not be picked)",
        rolled=p.rolled,
        field=p.field,
        outcome=outcome,
    )


def _leaving(fight: PipFight, rolled: tuple[int, ...], p: Pairing) -> str:
    """'1:6 leaves the field 5, 1, the hand 6, 1 and the defender at 0': one choice as the ruling lists it."""
    field_after, hand, defender = leaves(fight, rolled, p)
    return say(
        "pairing.leaves",
        "{rolled}:{field} leaves the field {field_after}, the hand {hand} and the defender at {defender}",
        rolled=p.rolled,
        field=p.field,
        field_after=listed(map(str, field_after)),
        hand=listed(map(str, hand)),
        defender=defender,
    )


def prepare(rules: Ruleset, name: str, params: PipCompare, fight: PipFight) -> Callable[[Throw], Ruling]:
    """The ruler of one attack as told, for every throw."""
    return lambda throw: _rule(rules, name, params, fight, throw)


def _rule(rules: Ruleset, name: str, params: PipCompare, fight: PipFight, throw: Throw) -> Ruling:
    rolled = pips(throw["attacker"])
    pairs = pairings(params, fight, rolled)
    steps: list[Step] = []
    if len(fight.attacker) == 1:
        steps.append(
            step(
                params.rule,
                "pips.single",
                "the attacker rolls one hand die ({rolled}) against the attacking field die ({field})",
                rolled=rolled[0],
                field=fight.attacker[0],
            )
        )
    else:
        steps.append(
            step(
                cite(params, "combined"),
                "pips.combined",
                "a combined attack by {fields}; the attacker rolls {rolled} and picks a pairing: {pairings}",
                fields=both(map(str, fight.attacker)),
                rolled=listed(map(str, rolled)),
                pairings=listed(_said(p) for p in pairs),
            )
        )
    chosen = _chosen(params, fight, pairs, rolled)
    combined = cite(params, "combined")
    if chosen is None:
        choices = (_leaving(fight, rolled, p) for p in pairs if p.legal)
        steps.append(
            step(
                combined,
                "pips.depends",
                "the ruling depends on the attacker's choice (rolled:field): {choices}",
                choices=series(choices),
            )
        )
    else:
        if len(fight.attacker) > 1:
            pick: dict[str, Value] = {"rolled": chosen.rolled, "field": chosen.field}
            if fight.choose == BEST:
                said = step(
                    combined, "pips.by_policy", "{rolled} on {field}: by the policy: {policy}", policy=policy(), **pick
                )
            elif sum(p.legal for p in pairs) == 1:
                said = step(combined, "pips.only_choice", "{rolled} on {field}: the only legal pairing", **pick)
            elif fight.choose is None:
                said = step(
                    combined,
                    "pips.same_choice",
                    "{rolled} on {field}: every legal pairing leaves the same dice",
                    **pick,
                )
            else:
                said = step(combined, "pips.as_chosen", "{rolled} on {field}: as chosen", **pick)
            steps.append(said)
        steps += _effect_steps(params, fight, chosen)
    field_after = list(fight.attacker)
    if chosen:
        field_after[field_after.index(chosen.field)] = chosen.attacker_after
    applied = _applied(fight, chosen)
    attacker_loses, defender_loses = applied["attacker_loses"], applied["defender_loses"]
    defender_hits = None if chosen is None else (attacker_loses if chosen.outcome == "failed" else 0)
    return Ruling(
        outcome=PipOutcome(
            ruleset=rules.name,
            attack=name,
            winner=None if chosen is None else ("defender" if chosen.outcome == "failed" else "attacker"),
            attacker=AttackingDice(list(fight.attacker), list(rolled), field_after, defender_loses, attacker_loses),
            defender=DefendingDie(fight.defender, [], defender_hits, defender_loses),
            **applied,
            pairings=pairs,
            chosen=None if chosen is None else {"rolled": chosen.rolled, "field": chosen.field},
        ),
        steps=tuple(steps),
        awaits="choose" if chosen is None else None,
    )


def _applied(fight: PipFight, chosen: Pairing | None) -> dict[str, Any]:
    """The chosen pairing's effect; all None while the attacker still has to choose."""
    keys = (
        "outcome",
        "attacker_loses",
        "defender_loses",
        "attacker_after",
        "defender_after",
        "defender_removed",
        "attacker_removed",
        "moves_in",
        "defender_moves_in",
    )
    if chosen is None:
        return dict.fromkeys(keys)
    values = (
        chosen.outcome,
        chosen.field - chosen.attacker_after,
        fight.defender - chosen.defender_after,
        chosen.attacker_after,
        chosen.defender_after,
        chosen.defender_after == 0,
        chosen.attacker_after == 0,
        chosen.moves_in,
        chosen.defender_moves_in,
    )
    return dict(zip(keys, values, strict=True))
