"""What it costs. For symbols: each symbol a side keeps costs the side facing
it a loss or a retreat, in the game's own word (figures, damage, hexes), or
costs the side keeping it a loss (a blocker knocked down by its own block, a
misfire); a retreat moves a unit the steps its kind takes, and where that
side cannot retreat, its retreats become losses; a side loses no more than
its units' strength (0: a unit this attack cannot hurt), and one that loses
it all does not retreat. For a comparison
won: the loser removes units by the surplus (capped at its units), all of
them, takes the surplus as wounds, the winner's count (the pips it rolled)
or one loss whatever the margin, or nothing, and chooses which units go.
For a hit: a damage roll, its dice summed with a number, rolled again on a
critical hit (`DamageRoll`).
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, Integer, Record, Seq, Table, Text, field
from referee.ruleset.values import Amount
from referee.rulings.ruling import SIDES, Side, Step, Value, either, listed, say, say_n, spaced, step, step_n, summed
from referee.words.language import own_catalogue, pgettext
from referee.words.names import counted

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle, Units

own_catalogue(__file__)

WOUNDS = ("wounds", "count", "one")  # what a comparison won costs in losses, not in units removed
ON_WIN = Text(choices=("remove-surplus", "remove-all", "wounds", "count", "one", "no-loss", "nothing"))
# a win that takes nothing: `no-loss` still wins (GF-H3 "defender wins: nothing happens"), `nothing` is no win
TAKES_NOTHING = ("no-loss", "nothing")


@section
class Word:
    """The game's word for one and for several."""

    one: str = field(Text(), "for one ('figure')")
    many: str = field(Text(), "for several ('figures')")

    def counted(self, rules: Ruleset, n: int) -> str:
        """'2 figures': a count in the game's word, said as the file words it."""
        return say("costs.counted", "{n} {word}", n=n, word=rules.said(self.one if n == 1 else self.many))


@section
class DamageRoll:
    """The roll after a hit that says how much the target loses: dice plus a
    number, the dice rolled again on a critical hit."""

    die: str = field(Text(), "the damage die (a key of 'dice', numbered faces)")
    dice: int = field(Integer(minimum=1, maximum=20), "how many damage dice a hit rolls", 1)
    plus: int = field(
        Amount(), "added to the dice's sum (a longsword's +3), or a value the table states (a weapon's POW)", 0
    )
    critical: int = field(
        Integer(minimum=1, maximum=4), "a critical hit rolls the damage dice this many times (2: doubled)", 2
    )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The die exists and its faces are numbers: damage is their sum."""
        names_exist(fail, pgettext("kind", "die"), [(f"{path}.die", self.die)], rules.dice)
        if not all(isinstance(face, int) for face in rules.dice[self.die].faces):
            numbered = pgettext("file.numbered_damage", "'{die}' needs numbered faces: damage is their sum")
            raise fail(f"{path}.die", numbered.format(die=self.die))

    @property
    def extra(self) -> int:
        """The dice a critical hit rolls on top of a hit's."""
        return self.dice * (self.critical - 1)


def damage(
    rules: Ruleset, spec: DamageRoll, loss: Word | None, rolled: Sequence[int], critical: bool, rule: str
) -> tuple[int, Step]:
    """The damage a hit deals: the dice rolled (with the extra ones of a
    critical hit), plus the file's number, never below 0; and the step that says so."""
    total = max(0, sum(rolled) + spec.plus)
    said: dict[str, Value] = {
        "sum": summed([*map(str, rolled), *([str(spec.plus)] if spec.plus else [])]),
        "total": total,
        "losses": damage_said(rules, loss, total),
        "times": spec.critical,
    }
    if critical:
        return total, step(
            rule,
            "damage.critical",
            "a critical hit rolls the damage dice {times} times: {sum} = {total}: {losses}",
            **said,
        )
    return total, step(rule, "damage.rolled", "damage roll {sum} = {total}: {losses}", **said)


def damage_dealt(
    rules: Ruleset,
    spec: DamageRoll,
    loss: Word | None,
    hits: int,
    criticals: int,
    rolled: Sequence[int],
    extra: Sequence[int],
    rule: str,
) -> tuple[int, list[Step]]:
    """The damage of `hits` hits, one damage roll each from the dice `rolled`
    in order, the first `criticals` of them critical with their extra dice
    from `extra`; and a step for each roll."""
    total, steps = 0, []
    for i in range(hits):
        critical = i < criticals
        more = extra[i * spec.extra : (i + 1) * spec.extra] if critical else ()
        dice = [*rolled[i * spec.dice : (i + 1) * spec.dice], *more]
        dealt, said = damage(rules, spec, loss, dice, critical, rule)
        total += dealt
        steps.append(said)
    return total, steps


def damage_said(rules: Ruleset, loss: Word | None, n: int) -> str:
    """'7 hit points', '7 damage': what damage takes, in the game's word where the file names one."""
    if loss:
        return loss.counted(rules, n)
    return say_n("count.damage", "{n} damage", "{n} damage", n)


@section
class Costs:
    """What the symbols a side keeps cost the side facing it."""

    losses: tuple[str, ...] = field(Seq(Text()), "symbols that each cost one loss", ())
    retreats: tuple[str, ...] = field(Seq(Text()), "symbols that each force one retreat", ())
    cannot_retreat: tuple[str, ...] = field(
        Seq(Text()),
        "named situations (keys of 'situations') in which the side cannot retreat: each retreat is a loss",
        (),
    )
    own_losses: tuple[str, ...] = field(
        Seq(Text()), "symbols that each cost the side that keeps them one loss (a blocker knocked down, a misfire)", ()
    )
    counts: tuple[str, ...] = field(
        Seq(Text()),
        "symbols counted as outcomes of their own, costing nothing (a jam, a miss, points scored): each side's "
        "count of them is its score, and a column of the odds",
        (),
    )
    strength: Mapping[str, int] = field(
        Table(Integer(minimum=0, maximum=1000)),
        "by unit (a key of 'units'): the most losses one such unit can take (its blocks; 0: it takes none of "
        "this attack's); a side loses at most its units' strength, the rest is wasted, and a side that loses "
        "it all does not retreat",
        EMPTY,
    )
    retreat_steps: Mapping[str, int] = field(
        Table(Integer(minimum=1, maximum=100)),
        "by the retreating unit (a key of 'units'): the steps one retreat symbol moves it; left out: 1",
        EMPTY,
    )
    loss: Word = field(Record(Word), "the game's word for a loss", Word(one="loss", many="losses"))
    retreat: Word = field(Record(Word), "the game's word for one step of a retreat", Word(one="step", many="steps"))
    damage: DamageRoll | None = field(
        Record(DamageRoll),
        "each symbol among losses costs a damage roll instead of one loss, counted in 'loss'; "
        "as many as the side keeps of the symbol critical roll theirs as a critical hit",
        None,
    )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        situation = pgettext("kind", "situation")
        names_exist(fail, situation, [(f"{path}.cannot_retreat", s) for s in self.cannot_retreat], rules.situations)
        for key in ("strength", "retreat_steps"):
            named = [(f"{path}.{key}", u) for u in getattr(self, key)]
            names_exist(fail, pgettext("kind", "unit"), named, rules.units)
        if self.damage and not self.losses:
            raise fail(
                f"{path}.damage",
                pgettext("file.damage_losses", "a damage roll follows each symbol among 'losses': name at least one"),
            )
        if self.damage:
            self.damage.cross_check(rules, f"{path}.damage", fail)


def costs(
    rules: Ruleset,
    spec: Costs,
    kept: Mapping[Side, Mapping[str, int]],
    battle: Battle,
    rules_cited: tuple[str, str],
    dealt: Mapping[Side, tuple[int, list[Step]]] | None = None,
) -> tuple[dict[Side, int], dict[Side, int], list[Step]]:
    """The losses and retreats each side takes from the symbols the other
    kept, and the losses from its own symbols that cost itself; where the file
    rolls damage, the losses from the other's symbols are the damage it `dealt`.
    `rules_cited`: the rule of the costs, and the rule of the cap that
    `strength` sets (sustain damage), which may be its own."""
    rule, capped = rules_cited
    loses = dict.fromkeys(SIDES, 0)
    retreats = dict.fromkeys(SIDES, 0)
    steps = []
    for side in SIDES:
        target = side.other
        if dealt is None:
            loses[target] = sum(kept[side].get(s, 0) for s in spec.losses)
        else:
            loses[target], rolled = dealt[side]
            steps += rolled
        own = [spaced(rules.said(s), kept[target][s]) for s in spec.own_losses if kept[target].get(s)]
        if own:
            mine = sum(kept[target][s] for s in spec.own_losses)
            loses[target] += mine
            steps.append(
                step(
                    rule,
                    "costs.own",
                    "the {side}'s own {symbols} cost it {losses}",
                    side=target,
                    symbols=listed(own),
                    losses=spec.loss.counted(rules, mine),
                )
            )
        each = _retreat_steps(spec, battle, target, rule)
        back = sum(kept[side].get(s, 0) for s in spec.retreats) * each
        if back and each > 1:
            far = spec.retreat.counted(rules, each)
            steps.append(
                step(rule, "costs.retreat_steps", "each retreat moves the {side} {steps}", side=target, steps=far)
            )
        # named on the side that must retreat: a blocked defender does not block the attacker's retreat
        stuck = next((name for name in spec.cannot_retreat if (target.value, name) in battle.when), None)
        if back and stuck:
            loses[target] += back
            steps.append(
                step_n(
                    rules.situations[stuck].rule,
                    "costs.cannot_retreat",
                    "{situation}: the {side} cannot retreat, so its {n} retreat is a loss",
                    "{situation}: the {side} cannot retreat, so its {n} retreats are losses",
                    back,
                    situation=rules.said(stuck),
                    side=target,
                )
            )
            back = 0
        loses[target], back, wasted, gone = _capped(rules, spec, battle, target, loses[target], back, capped)
        steps += wasted
        retreats[target] = back
        if loses[target]:
            said = spec.loss.counted(rules, loses[target])
            steps.append(step(rule, "costs.loses", "the {side} loses {losses}", side=target, losses=said))
        steps += gone
        if back:
            said = spec.retreat.counted(rules, back)
            steps.append(step(rule, "costs.retreats", "the {side} retreats {retreats}", side=target, retreats=said))
    if not steps and spec.retreats:
        steps.append(step(rule, "costs.nothing", "nothing is lost and no one retreats"))
    elif not steps:  # a game without retreats never speaks of them
        steps.append(step(rule, "costs.nothing_lost", "nothing is lost"))
    return loses, retreats, steps


def reads(spec: Costs, battle: Battle, side: Side) -> Hashable:
    """What the costs read of one side, beside the symbols it faces: its
    strength (where the file gives one), the steps its units retreat by, and
    whether a unit of it takes none of the losses. Battles that read alike
    here cost alike (a whole fight keys its rounds by it)."""
    steps = frozenset(spec.retreat_steps.get(u, 1) for u, _ in battle.side(side)) if spec.retreats else frozenset()
    return (strength(spec, battle, side), steps, _spared(spec, battle, side))


def _retreat_steps(spec: Costs, battle: Battle, side: Side, rule: str) -> int:
    """The steps one retreat moves this side, by its units' kind (1 where the file says none)."""
    each = {spec.retreat_steps.get(u, 1) for u, _ in battle.side(side)} or {1}
    if len(each) > 1:
        apart = say(
            "costs.retreat_apart",
            "the {side}'s units retreat by different steps: it must be one kind of unit",
            side=side,
        )
        raise RefereeError(apart, rule=rule)
    return each.pop()


def strength(spec: Costs, battle: Battle, side: Side) -> int | None:
    """The most a side can lose in one attack: its units' strength, where the
    file gives every one of them one; None where its losses are not capped."""
    units = battle.side(side)
    if not spec.strength or not units or any(u not in spec.strength for u, _ in units):
        return None
    return sum(spec.strength[u] * n for u, n in units)


def held(spec: Costs, battle: Battle, side: Side) -> int:
    """The most a side can lose as the battle holds it: its units' strength
    where the file gives every one of them one, else its units, one each
    (what an added stage may not take a side's losses beyond)."""
    most = strength(spec, battle, side)
    return sum(n for _, n in battle.side(side)) if most is None else most


def _capped(
    rules: Ruleset, spec: Costs, battle: Battle, side: Side, lost: int, back: int, rule: str
) -> tuple[int, int, list[Step], list[Step]]:
    """Losses no more than the side's strength; a side that loses it all is
    gone and does not retreat. The steps that say so come before and after
    the step of its losses."""
    most = strength(spec, battle, side)
    if most is None:
        return lost, back, [], []
    wasted = []
    if lost > most and not most:
        wasted.append(
            step_n(
                rule,
                "costs.capped_none",
                "the {side} can take no {losses}: {n} is wasted",
                "the {side} can take no {losses}: {n} are wasted",
                lost,
                side=side,
                losses=rules.said(spec.loss.many),
            )
        )
    elif lost > most:
        wasted.append(
            step_n(
                rule,
                "costs.capped",
                "the {side} has only {strength}: {n} more is wasted",
                "the {side} has only {strength}: {n} more are wasted",
                lost - most,
                side=side,
                strength=spec.loss.counted(rules, most),
            )
        )
    lost = min(lost, most)
    if lost < most or not back or _spared(spec, battle, side):
        return lost, back, wasted, []
    return lost, 0, wasted, [step(rule, "costs.eliminated", "the {side} is eliminated and does not retreat", side=side)]


def _spared(spec: Costs, battle: Battle, side: Side) -> bool:
    """Whether some unit of the side takes none of this attack's losses
    (strength 0): losing all the others' strength, the side is still there."""
    return any(spec.strength.get(u) == 0 for u, _ in battle.side(side))


def stands(spec: Costs, battle: Battle, side: Side, lost: int, back: int) -> bool:
    """Whether a side still stands where it was after its losses and
    retreats: it did not retreat, and kept some strength (where the file
    gives its units one) or a unit this attack cannot hurt."""
    most = strength(spec, battle, side)
    return not back and (most is None or lost < most or _spared(spec, battle, side))


def removal_options(units: Units, count: int) -> list[dict[str, int]]:
    """Every way to remove `count` units from these, as unit → number: the
    choices a side has when hits do not say which units they remove."""

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


def taken(on_win: str, margin: int, scored: int, have: int) -> int:
    """How much the loser of a comparison takes by the winner's `on_win`:
    units by the margin (at least one, a tie won removing one) capped at the
    `have` it has, all of them, the margin as wounds (none on a tie), the
    winner's count of the symbol compared (`scored`), one loss, or nothing
    (TAKES_NOTHING)."""
    return {
        "remove-surplus": min(max(margin, 1), have),
        "remove-all": have,
        "wounds": margin,
        "count": scored,
        "one": 1,
        "no-loss": 0,
        "nothing": 0,
    }[on_win]


def removed(
    rules: Ruleset,
    on_win: str,
    loser: Side,
    units: Units,
    margin: int,
    loss: Word | None,
    rule: str,
    choice: tuple[str, str],
    scored: int = 0,
    plus: tuple[int, Value] = (0, ""),
) -> tuple[int, list[dict[str, int]], list[Step]]:
    """What the loser of a comparison takes by the winner's `on_win` (an
    ON_WIN choice, not nothing): its count, the ways to remove it (none for
    the WOUNDS) and the steps that say so. A tie won removes one;
    `scored` is the winner's count of the symbol compared; `choice` says
    who chooses among units of different types (loser or winner) and the
    rule its step cites; `plus` is a value added to wounds, and its name."""
    have = sum(n for _, n in units)
    surplus = margin if on_win == "wounds" else max(margin, 1)
    count = taken(on_win, margin, scored, have) + (plus[0] if on_win == "wounds" else 0)
    options = [] if on_win in WOUNDS else removal_options(units, count)
    which = counted(rules, options[0].items()) if len(options) == 1 and count else ""
    said: dict[str, Value] = {
        "loser": loser,
        "winner": loser.other,
        "units": say_n("count.units", "{n} unit", "{n} units", count),
        "wounds": loss.counted(rules, count) if loss else say_n("count.wounds", "{n} wound", "{n} wounds", count),
        "removed": say("losses.which", " ({units})", units=which) if which else "",
        "surplus": surplus,
        "size": have,
        "plus": plus[0],
        "label": plus[1],
    }
    if on_win == "remove-surplus":
        steps = [
            step(
                rule,
                "losses.surplus",
                "the {loser} removes {units}{removed}: the surplus of {surplus}, capped at its {size} in the battle",
                **said,
            )
        ]
    elif on_win == "remove-all":
        steps = [
            step(rule, "losses.all", "all {size} of the {loser}'s units in the battle are removed{removed}", **said)
        ]
    elif on_win == "count":
        steps = [step(rule, "losses.count", "the {loser} takes {wounds}: as many as the {winner} counts", **said)]
    elif on_win == "one":
        steps = [step(rule, "losses.one", "the {loser} takes {wounds}: one, whatever the margin", **said)]
    elif plus[0]:
        steps = [
            step(
                rule,
                "losses.wounds_plus",
                "the {loser} takes {wounds}: the surplus of {surplus} plus the {winner}'s {label}, {plus}",
                **said,
            )
        ]
    else:
        steps = [
            step(
                rule,
                "losses.wounds",
                "the {loser} takes {wounds}: the surplus of {surplus}, however many units it has",
                **said,
            )
        ]
    chooser, why = choice
    if len(options) > 1:
        ways = either(counted(rules, o.items()) for o in options)
        steps.append(
            step(
                why,
                "losses.choice",
                "the {loser} has units of different types and chooses which to remove: {options}",
                loser=loser,
                options=ways,
            )
            if chooser == "loser"
            else step(
                why,
                "losses.choice.winner",
                "the {loser} has units of different types; the {winner} chooses which to remove: {options}",
                loser=loser,
                winner=loser.other,
                options=ways,
            )
        )
    return count, options, steps


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "cannot_retreat": pgettext("show.param", "cannot retreat"),
        "critical": pgettext("show.param", "critical"),
        "damage": pgettext("show.param", "damage"),
        "dice": pgettext("show.param", "dice"),
        "loss": pgettext("show.param", "loss"),
        "losses": pgettext("show.param", "losses"),
        "many": pgettext("show.param", "many"),
        "one": pgettext("show.param", "one"),
        "own_losses": pgettext("show.param", "own losses"),
        "counts": pgettext("show.param", "counts"),
        "plus": pgettext("show.param", "plus"),
        "retreat": pgettext("show.param", "retreat"),
        "retreat_steps": pgettext("show.param", "retreat steps"),
        "retreats": pgettext("show.param", "retreats"),
        "strength": pgettext("show.param", "strength"),
    }
