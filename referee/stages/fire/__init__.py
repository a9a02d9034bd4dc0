"""Simultaneous fire (its `fire` key): each unit rolls its own dice, each die
hits on its unit's number for its side (the read stage's aim by unit,
improved by support), every hit removes one unit of the other side, and
both sides lose at once, as an Axis & Allies style land battle does. The
stages are the side's: who rolls what (by units, or by value: the dice each
unit rolls), the die a unit rolls (`units: {tank: {die: d8}}`) and the aim
by unit. What is its own is the telling: what each unit rolled and hit on,
both sides' losses in one step, and every way the losing side may choose its
casualties, the fight's stated order first; an outcome of the kind
"exchange", fought in rounds by the attack's `fight`.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from referee.core.records import section
from referee.outcomes import Exchange
from referee.ruleset.crosscheck import Fail, names_exist
from referee.rulings.procedure import cite
from referee.rulings.ruling import SIDES, Ruling, Side, Step, either, listed, say, say_n, step
from referee.stages import read, roll
from referee.stages.costs import removal_options
from referee.stages.rounds import CHEAPEST, casualty_order
from referee.words.language import own_catalogue, pgettext
from referee.words.names import counted

if TYPE_CHECKING:
    from referee.chance.dice import Face
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle, Throw, Units

own_catalogue(__file__)

KIND = "exchange"  # the kind of outcome, and the report that reads it
ODDS_KEYS = ("attacker_loses", "defender_loses")
Shot = tuple[str, str, int, int, bool]  # a unit: the die it rolls, how many, the number each hits on, supported


@section
class Fire:
    """Both sides fire at once: every hit removes one unit of the other side."""

    def symbols(self) -> tuple[tuple[str, str], ...]:
        """The symbol fire counts, each an aimed face's hit."""
        return (("fire", read.HIT),)

    def cross_check_attack(self, attack: Any, path: str, fail: Fail) -> None:
        """Fire reads each side's dice by its units, each at its unit's number:
        an aim by unit on both sides, rolled by units or value, the casualty
        order of a `fight`, and nothing else that reads or costs the dice."""
        spec = attack.costs
        sides = [attack.attacker, attack.defender]
        others = spec.losses or spec.retreats or spec.own_losses or spec.damage or attack.follow or attack.compare

        def aimed(side: Any) -> bool:
            aim, faces = side.read.aim, side.read
            plain = not (faces.faces or faces.against or faces.when or faces.sum)
            return bool(aim and aim.each_unit() and plain and not (aim.plus or aim.changes or aim.natural.hit))

        if others or attack.fight is None or not all(aimed(side) for side in sides) or any(_unfit(s) for s in sides):
            fire = pgettext(
                "file.fire",
                "fire reads each unit's dice at its number: it needs an aim by unit on both sides, "
                "rolled by units or value, fight, and no costs, compare, follow, pool or reading of a unit's own",
            )
            raise fail(path, fire)

    def cross_check_game(self, rules: Ruleset, attack: Any, path: str, fail: Fail) -> None:
        """Every unit that makes the attack has a number on both sides and is
        removed at its first loss; the casualty order and support name units
        that fight (that every die reads numbers, the aim checks)."""
        attack_path = path.rpartition(".")[0]
        fighting = {unit: None for side in SIDES for unit in getattr(attack, side).read.aim.units}
        for name, unit in rules.units.items():
            if attack in map(rules.attacks.get, rules.attacks_of(name)):
                for side in SIDES:
                    if name not in getattr(attack, side).read.aim.units:
                        no_line = pgettext("file.no_line", "'{name}' makes this attack but has no line here")
                        raise fail(f"{attack_path}.{side}.read.aim.units", no_line.format(name=name))
                if unit.states:
                    first = pgettext("file.first_loss", "a {attack} removes a unit at its first loss")
                    raise fail(f"units.{name}.states", first.format(attack=attack.label))
        for side in SIDES:
            stages = getattr(attack, side)
            for i, line in enumerate(stages.read.aim.support):
                named = [
                    (f"{attack_path}.{side}.read.aim.support[{i}].{k}", getattr(line, k)) for k in ("unit", "raises")
                ]
                names_exist(fail, pgettext("kind", "fighting unit"), named, fighting)
        listed = attack.fight.casualties
        missing = [unit for unit in fighting if not isinstance(listed, str) and unit not in listed]
        if missing:
            said = pgettext("file.casualties", "says nothing of {units}: list every fighting unit")
            raise fail(f"{attack_path}.fight.casualties", said.format(units=pgettext("list", ", ").join(missing)))


def _unfit(side: Any) -> bool:
    """A side fire cannot deal its dice to: a pool, a roll not by its units, a unit that reads its own way."""
    return bool(side.pool or side.roll.by not in ("units", "value") or any(u.read for u in side.units.values()))


def shots(attack: Any, side: Side, units: Units) -> list[Shot]:
    """Each unit of a side in the order told, the die it rolls, how many, and
    its number improved where a supporting unit stands by it (the read stage's
    numbers by unit; among units of one kind the supported ones first)."""
    stages = getattr(attack, side)
    aim = stages.read.aim
    dice = roll.each_unit(stages.roll, units)
    numbers = read.numbers(aim.hits_on, lambda unit: aim.units.get(unit, aim.number), aim.support, units)
    return [(unit, stages.die_of(unit), dice[unit], number, supported) for unit, number, supported in numbers]


def _kinds(fired: list[Shot]) -> dict[str, int]:
    """Each die a side rolls with its count, in the order its units first roll it:
    the order the side's faces come in, kind by kind."""
    counts: dict[str, int] = {}
    for _, die, dice, _, _ in fired:
        counts[die] = counts.get(die, 0) + dice
    return counts


def _dealt(fired: list[Shot], faces: tuple[Face, ...]) -> Iterator[tuple[Shot, Face]]:
    """Each die's face with the unit it belongs to: a side's faces come kind
    by kind, each kind's dealt to its units in the order they fire."""
    start: dict[str, int] = {}
    taken = 0
    for die, count in _kinds(fired).items():
        start[die], taken = taken, taken + count
    for shot in fired:
        for _ in range(shot[2]):
            yield shot, faces[start[shot[1]]]
            start[shot[1]] += 1


def casualties(order: tuple[str, ...], units: Units, count: int) -> dict[str, int]:
    """The units a side loses to `count` hits by the stated order."""
    have, lost = dict(units), {}
    for unit in order:
        take = min(count, have.get(unit, 0))
        if take:
            lost[unit] = take
            count -= take
    return lost


def ruler(rules: Ruleset, name: str, attack: Any, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one round as told, for every throw: who rolls what is worked out once."""
    fired = {side: shots(attack, side, battle.side(side)) for side in SIDES}
    hits_on = {side: getattr(attack, side).read.aim.hits_on for side in SIDES}
    order = casualty_order(rules, tuple(rules.units), attack.fight.casualties)
    before = [_rolls(rules, attack, fired)]
    for side in SIDES:
        aim = getattr(attack, side).read.aim
        before += read.support_steps(rules, aim.support, battle.side(side), side, cite(attack, "read"))
    policy = (
        say("casualties.cheapest", "cheapest first")
        if attack.fight.casualties == CHEAPEST
        else say("casualties.order", "in the order {order}", order=listed(order))
    )

    def rule_on(throw: Throw) -> Ruling:
        steps = list(before)
        scored: dict[Side, int] = {}
        rolled: dict[Side, list[Face]] = {}
        for side in SIDES:
            faced = list(_dealt(fired[side], throw[side]))
            rolled[side] = [face for _, face in faced]
            scored[side] = sum(read.reaches(hits_on[side], int(face), shot[3]) for shot, face in faced)
            steps.append(_shots(rules, attack, side, hits_on[side], faced, scored[side]))
        loses: dict[Side, int] = {}
        options: dict[Side, list[dict[str, int]]] = {}
        for side in SIDES:
            units = battle.side(side)
            loses[side] = min(scored[side.other], sum(n for _, n in units))
            chosen = casualties(order, units, loses[side])
            every = removal_options(units, loses[side])
            options[side] = [chosen, *(o for o in every if o != chosen)] if loses[side] else []
        lost = {
            side.value: say(
                "losses.side_loses",
                "the {side} loses {units} to {hits}",
                side=side,
                units=say_n("count.units", "{n} unit", "{n} units", loses[side]),
                hits=say_n("count.hits", "{n} hit", "{n} hits", scored[side.other]),
            )
            for side in SIDES
        }
        steps.append(
            step(cite(attack, "costs"), "losses.at_once", "both sides fire at once: {attacker}; {defender}", **lost)
        )
        for side in SIDES:
            if len(options[side]) > 1:
                steps.append(
                    step(
                        cite(attack, "choice"),
                        "casualties.choice",
                        "the {side} chooses its casualties: {options}; by the stated order ({policy}) {chosen}",
                        side=side,
                        options=either(counted(rules, o.items()) for o in options[side]),
                        policy=policy,
                        chosen=counted(rules, options[side][0].items()),
                    )
                )
        outcome = Exchange.of_sides(
            ruleset=rules.name,
            attack=name,
            winner=None,
            units={side: battle.side(side) for side in SIDES},
            rolled=rolled,
            hits=scored,
            loses=loses,
            options=options,
        )
        return Ruling(outcome, tuple(steps))

    return rule_on


def _rolls(rules: Ruleset, attack: Any, fired: dict[Side, list[Shot]]) -> Step:
    """'the attacker rolls 3 dice (infantry: 1 d6 each, artillery: 1 d6); the defender …'."""
    said = {
        side.value: say(
            "dice.side_rolls_kinds",
            "the {side} rolls {dice} ({kinds})",
            side=side,
            dice=say_n("count.dice", "{n} die", "{n} dice", sum(shot[2] for shot in fired[side])),
            kinds=listed(
                say_n(
                    "dice.kind_rolls",
                    "{units}: {dice} {die}",
                    "{units}: {dice} {die} each",
                    n,
                    units=rules.units[unit].counted(n),
                    dice=dice,
                    die=die,
                )
                for (unit, die, dice), n in Counter(shot[:3] for shot in fired[side]).items()
            ),
        )
        for side in SIDES
    }
    return step(cite(attack, "roll"), "dice.sides_roll", "{attacker}; {defender}", **said)


def _shots(rules: Ruleset, attack: Any, side: Side, hits_on: str, faced: list[tuple[Shot, Face]], scored: int) -> Step:
    """'the attacker: infantry 2 (hit on 2 or less, supported), …: 2 hits'."""
    each = listed(
        say(
            "hits.shot",
            "{unit} {face} ({hit} on {value}{supported})",
            unit=rules.units[shot[0]].title,
            face=str(face),
            hit=say("hits.hit", "hit") if read.reaches(hits_on, int(face), shot[3]) else say("hits.miss", "miss"),
            value=read.number_said(hits_on, shot[3]),
            supported=say("hits.supported", ", supported") if shot[4] else "",
        )
        for shot, face in faced
    )
    return step(
        cite(attack, "read"),
        "hits.side_shots",
        "the {side}: {shots}: {hits}",
        side=side,
        shots=each,
        hits=say_n("count.hits", "{n} hit", "{n} hits", scored),
    )


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {"fire": pgettext("show.param", "fire")}
