"""A stage in a package of its own, one more key of every attack written
as stages, so that a new mechanic edits no file of the procedure composing
them: the package declares an `Added` in its `stage` module (`STAGE`: the
key a file writes its section under, the record the section reads into, the
point of the ruling it runs at, and its function). The referee finds the
packages shipped under `referee.stages` by that module; one kept elsewhere
is added with `referee.ruleset.registry.add_stage`.

The points, in the order a ruling reaches them, and what the function
changes there (it returns that, changed, and the steps that say why):

- `dice`: each side's count of dice, once the roll stage counted them
  (`{side: dice}`); the odds and the dice typed follow it;
- `symbols`: one side's symbols as its faces read, before the follow-up
  rolls and cancelling (`{symbol: count}`, the side in `At.side`);
- `kept`: both sides' symbols once counted and followed up, before they
  cost anything (`{side: {symbol: count}}`); cancelling is a stage here;
- `losses`: what each side loses and how far it retreats, in the end
  (`({side: losses}, {side: retreats})`).

Several added stages at one point run in the order the file writes them.

A stage may roll dice of its own after the others (a save for each loss):
its `dice` says, before the roll, the most it may need of each group
(`Dice`), and its function reads them with `At.roll`, as many as the
ruling needs; they are drawn, typed (in turn after the follow-up rolls)
and enumerated for odds like the procedure's own."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from referee.chance.dice import Face, alike, pips
from referee.ruleset import registry
from referee.ruleset.spec import ADDED, EMPTY, Record, Seq, Spec
from referee.rulings.procedure import DiceNeed
from referee.rulings.ruling import Side, Step
from referee.stages import contract

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle

POINTS = ("dice", "symbols", "kept", "losses")


class At:
    """What an added stage's function is given beside the value it changes:
    the rules, the battle as told, its section as the file wrote it, the
    rule its steps cite (the attack's `cite` under its key, else its
    section's `rule`, else the attack's), and, at `symbols`, the side whose
    symbols these are. (Plain classes here, not records: the
    procedure that composes stages imports this module with every ruling,
    and a record costs start-up more to make.)"""

    __slots__ = ("battle", "key", "read", "rule", "rules", "section", "side", "throw")

    def __init__(
        self,
        rules: Ruleset,
        battle: Battle,
        section: Any,
        rule: str,
        side: Side | None = None,
        throw: Mapping[str, tuple[Face, ...]] = EMPTY,
        read: dict[str, int] | None = None,
        key: str = "",
    ) -> None:
        self.rules, self.battle, self.section, self.rule, self.side = rules, battle, section, rule, side
        self.throw, self.read, self.key = throw, {} if read is None else read, key

    def roll(self, group: str, n: int) -> tuple[int, ...]:
        """The first `n` dice of one of the stage's groups (`Added.dice`), as
        numbers, noted as read: dice typed must be that many, and where fewer
        were typed the referee refuses them once the ruling is made."""
        contract.count(n, f"at.roll({group!r}, n)")
        self.read[f"{self.key}.{group}"] = n
        return pips(self.throw.get(f"{self.key}.{group}", ()))[:n]


class Dice:
    """Dice an added stage may roll after the others: at most `count` of the
    file's die `die` (a key of 'dice'), named in messages as `said`; `reads`,
    what a face reads as, where faces that read alike may be one for odds
    (a 5+ save: `lambda face: face >= 5`)."""

    __slots__ = ("count", "die", "reads", "said")

    def __init__(self, die: str, count: int, said: str, reads: Callable[[int], Hashable] | None = None) -> None:
        self.die, self.count, self.said, self.reads = die, count, said, reads


class Told:
    """A stage that tells the attack's ruling its own way: `kind`, the kind
    of outcome its rulings are (the report that reads them); `odds_keys`,
    the outcome fields that tell one result from another; `ruler(rules, name,
    attack, battle)`, the ruler of one attack as told, a throw in and a
    `Ruling` out; `fought`: the attack may be fought in rounds (by its
    `fight`), else it is ruled one attack at a time. `door`, where players
    describe the attack otherwise than by units (a strike, value against
    value), names the module whose `PROCEDURE` is the attack's door: its
    words, its dice and its ruler."""

    __slots__ = ("door", "fought", "kind", "odds_keys", "ruler")

    def __init__(
        self,
        kind: str,
        odds_keys: tuple[str, ...],
        ruler: Callable[..., Callable[..., Any]],
        fought: bool = False,
        door: str = "",
    ) -> None:
        self.kind, self.odds_keys, self.ruler, self.fought, self.door = kind, odds_keys, ruler, fought, door


def for_side(at: At) -> Iterator[Any]:
    """The entries of a listed section at `symbols` for the side whose symbols
    these are (each entry's `side`): a stage that looks at one side's own roll."""
    return (entry for entry in at.section if Side(entry.side) == at.side)


def prepared_in(module: str) -> Callable[..., Callable[..., Any]]:
    """A `Told` ruler that is the `prepare` of `module`, imported when an
    attack is first ruled, not when the stage is declared: a resolver costs
    every start-up that reads a file written as stages."""

    def ruler(*told: Any) -> Callable[..., Any]:
        prepare: Callable[..., Callable[..., Any]] = importlib.import_module(module).prepare
        return prepare(*told)

    return ruler


class Added:
    """A stage a package adds to attacks written as stages: `key`, the key a file
    writes its section under; `grammar`, the `@section` it reads into (with
    `cross_check(rules, path, fail)` where the grammar cannot check alone,
    and `symbols()`, each symbol it names with its key); `at`, one of
    `POINTS`; `run(at, value) -> (value, steps)`; `listed`: the file writes
    a list of sections, each in turn (the function is given the list);
    `doc`: what the key holds, for the schema and the key reference (the
    grammar's docstring where left out); `dice(at, most)`: the dice it may
    roll, by group, where `most(side, symbols)` is the most of those symbols
    a side's dice can read in one throw; `reads(at)`: what of the battle the
    stage reads, for a whole fight to rule a round once for every battle that
    reads alike (left out: both sides' units, every round its own);
    `distance`: the stage reads the distance told (`--range`), which an
    attack whose stages read none refuses; `tells`, a `Told` where the
    stage tells the ruling its own way."""

    __slots__ = ("at", "dice", "distance", "doc", "grammar", "key", "listed", "reads", "run", "tells")

    def __init__(
        self,
        key: str,
        grammar: type[Any],
        at: str,
        run: Callable[[At, Any], tuple[Any, list[Step]]],
        listed: bool = False,
        doc: str = "",
        dice: Callable[[At, Callable[[Side, Sequence[str]], int]], Mapping[str, Dice]] | None = None,
        reads: Callable[[At], Hashable] | None = None,
        distance: bool = False,
        tells: Told | None = None,
    ) -> None:
        if at not in POINTS:
            raise ValueError(f"an added stage runs at one of {', '.join(POINTS)}, not {at!r}")
        self.key, self.grammar, self.at, self.run = key, grammar, at, run
        self.listed, self.doc, self.dice, self.reads, self.distance = listed, doc, dice, reads, distance
        self.tells = tells

    @property
    def spec(self) -> Spec:
        """What the file's section reads into."""
        return Seq(Record(self.grammar), doc=self.doc) if self.listed else Record(self.grammar, self.doc)


Stages = tuple[tuple[str, Any, "Added", str], ...]
"""An attack's added stages, each with its key, its section and the rule it cites."""


def of(attack: Any) -> Stages:
    """The attack's added stages in the order the file writes them, each
    citing the attack's `cite` under its key, else its section's `rule`,
    else the attack's: found once for a ruler, not again for every throw."""
    known = registry.stages()
    cited = getattr(getattr(attack, "cite", None), ADDED, EMPTY)
    found = []
    for key, section in getattr(attack, ADDED, EMPTY).items():
        stage = known[key]
        if not isinstance(stage, Added):  # one a program added (an installed one is checked as it loads)
            raise contract.not_a_stage(key, stage)
        found.append((key, section, stage, cited.get(key, "") or getattr(section, "rule", "") or attack.rule))
    return tuple(found)


def numbered_die(rules: Ruleset, section: Any, path: str, fail: Any, why: str) -> Any:
    """The attack whose stages hold `section` (written at `path`), once its
    attacker's die is found to have numbered faces; `why` (with {die}) says
    why it must, at the die's key path (a telling that rolls against a number)."""
    attack = next(a for a in rules.attacks.values() if section in getattr(a, "added", EMPTY).values())
    die = attack.attacker.die
    if die in rules.dice and not all(isinstance(face, int) for face in rules.dice[die].faces):
        raise fail(f"{path.rpartition('.')[0]}.attacker.die", why.format(die=die))
    return attack


def unchanged(at: At, value: Any) -> tuple[Any, list[Step]]:
    """The value as it came, nothing said: the run of a stage whose work is
    done elsewhere (the door's refusal, a telling of its own)."""
    return value, []


def teller(attack: Any) -> Told | None:
    """The telling of the first of the attack's added stages that tells its ruling its own way, if any."""
    return next((stage.tells for _, _, stage, _ in of(attack) if stage.tells), None)


def reads_distance(stages: Stages) -> bool:
    """Whether one of the attack's added stages reads the distance told."""
    return any(stage.distance for _, _, stage, _ in stages)


def made_alone(attack: Any) -> str | None:
    """The rule that makes the attack one no other unit may join, where one of
    its added sections says so (`made_alone()`), else None: the door refuses
    company before a die is rolled."""
    return next((rule for _, section, _, rule in of(attack) if getattr(section, "made_alone", False)), None)


def _reading(reads: Callable[[int], Hashable], face: Face) -> Hashable:
    return reads(int(face))


def needs(
    stages: Stages, rules: Ruleset, battle: Battle, most: Callable[[Side, Sequence[str]], int], typed_with: str
) -> dict[str, DiceNeed]:
    """The dice the attack's added stages may roll, each group by its stage's
    key and its own name (`steady.save`), each die read in its order (a run
    of its own, its faces that read alike merged), typed under `typed_with`."""
    need: dict[str, DiceNeed] = {}
    for key, section, stage, rule in stages:
        if stage.dice is not None:
            at = At(rules, battle, section, rule, key=key)
            need |= contract.guarded(key, "dice()", partial(_needs, stage.dice, at, most, rules, typed_with))
    return need


def _needs(
    declared: Callable[[At, Callable[[Side, Sequence[str]], int]], Mapping[str, Dice]],
    at: At,
    most: Callable[[Side, Sequence[str]], int],
    rules: Ruleset,
    typed_with: str,
) -> dict[str, DiceNeed]:
    """One stage's dice, as its `dice` declares them, checked."""
    need: dict[str, DiceNeed] = {}
    for group, dice in contract.groups(declared(at, most), Dice, rules).items():
        die = rules.dice[dice.die].die
        read = alike(die, partial(_reading, dice.reads)) if dice.reads else die
        need[f"{at.key}.{group}"] = DiceNeed(
            die,
            dice.count,
            at.rule,
            runs=((read, 1),) * dice.count,
            after=True,
            said=dice.said,
            typed_with=typed_with,
        )
    return need


def reads(stages: Stages, rules: Ruleset, battle: Battle) -> Hashable:
    """What the added stages read of the battle, each as it declares (both sides' units where it does not)."""
    return tuple(
        stage.reads(At(rules, battle, section, rule, key=key)) if stage.reads else (battle.attacker, battle.defender)
        for key, section, stage, rule in stages
    )


def run(
    point: str,
    stages: Stages,
    rules: Ruleset,
    battle: Battle,
    value: Any,
    side: Side | None = None,
    throw: Mapping[str, tuple[Face, ...]] = EMPTY,
    read: dict[str, int] | None = None,
    held: Mapping[Side, int] | None = None,
) -> tuple[Any, list[Step]]:
    """The value as the attack's added stages (`of`) at `point` leave it, and
    their steps, in the order the file writes the stages; the dice they read
    noted in `read`. What each gives back is checked as it comes
    (`referee.stages.contract`); at `losses`, against what each side holds (`held`)."""
    steps: list[Step] = []
    for key, section, stage, rule in stages:
        if stage.at == point:
            at = At(rules, battle, section, rule, side, throw, read, key)
            ruled = partial(_ran, stage.run, at, point, value, held)
            value, said = contract.guarded(key, point, ruled)
            steps += said
    return value, steps


def _ran(
    function: Callable[[At, Any], tuple[Any, list[Step]]],
    at: At,
    point: str,
    value: Any,
    held: Mapping[Side, int] | None,
) -> tuple[Any, list[Step]]:
    return contract.returned(point, function(at, value), value, held)
