"""What every procedure takes and gives besides the battle told
(`referee.rulings.battle`): the dice a battle needs, and the record through
which the door reaches a procedure."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from referee.chance.dice import Die, Face, Run
from referee.core.records import record
from referee.rulings.battle import TOLD_FROM, Throw, Units, Words
from referee.rulings.ruling import Ruling

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.chance.dice import Group
    from referee.chance.pool import Pool
    from referee.ruleset.model import Ruleset
    from referee.ruleset.registry import Alias, Option


class Cited(Protocol):
    """A procedure's parameters: the attack's rule, and a record of the rule each step cites."""

    @property
    def rule(self) -> str: ...

    @property
    def cite(self) -> object: ...


def cite(params: Cited, step: str) -> str:
    """The rule a step of a ruling cites: the file's rule for that step, else the attack's."""
    return getattr(params.cite, step) or params.rule


def attack_name(rules: Ruleset, params: object) -> str:
    """The name in the file of the attack these parameters are, for its label
    in the language spoken (of the file's own, where the numbers a table
    stated stand in them: `referee.ruleset.values`)."""
    params = getattr(params, TOLD_FROM, params)
    return next(name for name, attack in rules.attacks.items() if attack is params)


@record
class DiceNeed:
    """How many of which die a group rolls, and the rule that says so."""

    die: Die
    count: int
    rule: str
    runs: tuple[tuple[Die, int], ...] = ()
    """For odds: the group's dice, in its order, as runs that each read alike
    in any order (odds enumerate each run's multisets), each run's die with
    the faces that read alike merged (`dice.alike`). Left out: each kind one
    run of its own die. A die read for its own step is a run of one."""
    pool: Pool | None = None
    """What the group's dice do before they count (re-roll, explode, keep),
    for a group of one kind of die: its throw is every round's faces, in order."""
    mix: tuple[tuple[Die, int], ...] = ()
    """When a group's dice are not all `die` (a unit rolling its own die): each
    kind with its count, summing to `count`, `die` among them; the group's
    faces come kind by kind, in this order. Faces of `die` are typed plain,
    any other's after its name (d8:7)."""
    counted: Callable[[Face], Hashable] | None = None
    """For odds of a group with a pool: what a kept face counts as, where a
    ruling reads nothing else of the dice kept (throws that count alike are one)."""
    untold: tuple[tuple[str, str], ...] = ()
    """A pool's parts that roll more dice only in a named situation not told,
    each as (situation, rule): a roll typed after a '/' is refused naming them."""
    after: bool = False
    """The group rolls as many dice as the dice before it decide (a damage
    roll for each hit), `count` being the most: typed, it takes as many faces
    as the ruling reads of it (`Ruling.read`), no more and no fewer."""
    said: str = ""
    """How a message names the group, in the words of the procedure that rolls
    it ('hit', 'to wound'), where not by its side."""
    typed_with: str = ""
    """The word's group this one is typed under, in turn with the others
    under it, each after a '/' (every follow-up step in one option)."""

    def kinds(self) -> tuple[tuple[Die, int], ...]:
        """Each kind of die the group rolls, with its count: the mix, or `die` alone."""
        return self.mix or ((self.die, self.count),)


def throw_from_dict(data: Mapping[str, list[Face]]) -> dict[str, tuple[Face, ...]]:
    """A throw as the journal stored it (each group's faces a JSON list)."""
    return {group: tuple(faces) for group, faces in data.items()}


def _runs(need: DiceNeed) -> list[Group]:
    """A group's dice as odds enumerate them: its pool, or its runs."""
    runs = need.runs or need.kinds()
    if need.pool is not None:
        from referee.chance.pool import Counted, Pooled  # the pool engine, for a group that has a pool

        ((die, count),) = runs
        return [Counted(die, count, need.pool, need.counted) if need.counted else Pooled(die, count, need.pool)]
    return [Run(die, count) for die, count in runs]


def dice_of(needs: Mapping[str, DiceNeed]) -> dict[tuple[str, int], Group]:
    """Each run of dice of each group, by (group, run number), as
    `dice.exact_throws` and `dice.throw_count` take them."""
    return {(group, n): run for group, need in needs.items() for n, run in enumerate(_runs(need))}


def joined(
    needs: Mapping[str, DiceNeed], parts: Mapping[tuple[str, int], tuple[Face, ...]]
) -> dict[str, tuple[Face, ...]]:
    """The inverse of `dice_of` for a throw: each group's faces, run by run."""
    return {
        group: tuple(face for n in range(len(_runs(need))) for face in parts[group, n]) for group, need in needs.items()
    }


def size(units: Units) -> int:
    return sum(count for _, count in units)


@record
class Procedure:
    """Everything the door needs of one procedure; each procedure's package
    exports one as `PROCEDURE`, found by the registry under `name`.

    `situation` is the type of what players describe, with `as_dict` and
    `from_dict` so a journal can store it and replay `resolve` on it.
    `read(rules, words)` turns what the players said (the words it `reads`,
    by name, as the command line parsed them) into its situation, speaking
    of the game if something is missing or wrong; `typed` says which word
    holds the faces typed for which group of dice, and `for_odds` (if any)
    turns a situation into the one odds are summed for (a policy instead of
    a choice made after the roll). `dice_needed(rules, params, situation)`
    says which groups roll what (and refuses what the rules forbid); `prepare(rules, attack, params, situation)`
    returns the ruler of that situation, a function from a throw to a Ruling,
    with what every throw shares worked out once. `odds_keys` are the outcome
    fields that tell one result from another (or a function of the attack's
    parameters giving them, where the file decides which results it has); `report` names the kind of
    outcome its rulings are (the report that reads them); `rear` says whether
    its situations may have units waiting behind the front; `alone(params)`,
    where an attack may refuse company, gives the rule that makes this one an
    attack made alone (None if others may join it); `front(params, side)`,
    where a side stands on a front with units waiting behind it, gives the
    most units its front holds and the rule that refuses more (None where the
    units told are the units that fight); `fight`, where it
    is fought in rounds, names the module whose `fight_rules` gives the whole-fight
    solver its states and policy (imported only when a whole fight is asked);
    `chart`, where its odds are a chart over every pair of values rather than
    one attack's outcomes, names the module whose `CHART_WORDS`,
    `cells(rules, words)` and `terms(rules, situation)` give its report the
    chart's situations and what a situation is checked against before a roll
    (imported only when that report is asked); `board`, where a game held on
    the board (DiceLand) plays its attacks, names the module whose
    `words(attackers, defender, when, variants, choose)` tells an attack by
    its dice on the board as players type it, and whose `pairing(text, what,
    rule, named=True)` reads a pick typed at the board, `combined(params)`
    cites the rule of attacking together and `PICKED` names the step that
    says the pairing picked; its rulings are of the kind "pips", which the
    board reads (imported only when a board asks). `counted(rules, params,
    situation)`, where an attack's dice may count on their own, gives its
    outcomes (odds keys and exact chance) without ruling every throw, or
    None where this attack's do not (a test holds it to the resolver summed). A procedure registered from
    outside the referee declares the words players type for it in `options`
    and its commands in `commands` (a shipped one, in its `options` module)."""

    name: str
    grammar: type[Any]
    situation: type[Any]
    read: Callable[[Ruleset, Words], Any]
    reads: frozenset[str]
    typed: Mapping[str, str]
    dice_needed: Callable[[Ruleset, Any, Any], dict[str, DiceNeed]]
    prepare: Callable[[Ruleset, str, Any, Any], Callable[[Throw], Ruling]]
    odds_keys: tuple[str, ...] | Callable[[Any], tuple[str, ...]]
    report: str
    rear: bool = False
    for_odds: Callable[[Any], Any] | None = None
    alone: Callable[[Any], str | None] | None = None
    front: Callable[[Any, str], tuple[int, str] | None] | None = None
    fight: str | None = None
    chart: str | None = None
    board: str | None = None
    counted: Callable[[Ruleset, Any, Any], list[tuple[dict[str, Any], Fraction]] | None] | None = None
    options: tuple[Option, ...] = ()
    commands: tuple[Alias, ...] = ()
