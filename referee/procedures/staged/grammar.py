"""Parameters of an attack written as stages: each side's die, its dice count
and its face reading, then what cancels what, who wins a comparison, and what
the symbols or the comparison cost."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.core.records import section
from referee.procedures.staged.rounds import Rounds
from referee.ruleset import registry
from referee.ruleset.crosscheck import Fail, names_exist, unknown
from referee.ruleset.spec import EMPTY, RULE, Record, Spec, Table, Text, field
from referee.rulings.ruling import Spoken, listed, say
from referee.stages import added, contract
from referee.stages.compare import Compare
from referee.stages.costs import Costs, Word
from referee.stages.follow import Follow
from referee.stages.pool_rules import PoolRules
from referee.stages.read import CRITICAL, Read
from referee.stages.roll import Roll
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


@section
class UnitStages:
    """What one kind of unit rolls and how its faces read, where not as its side's."""

    die: str = field(
        Text(),
        "the die this unit rolls (a key of 'dice'), if not its side's: its faces typed after its name (d8:7)",
        "",
    )
    read: Read | None = field(Record(Read), "how its faces read, if not as its side's", None)


@section
class SideStages:
    """One side's stages: the die it rolls, how many, and how its faces read."""

    die: str = field(Text(), "the die this side rolls (a key of 'dice')")
    roll: Roll = field(Record(Roll), "who rolls what: how many dice this side rolls", Roll())
    read: Read = field(Record(Read), "how a face reads: the symbols each face carries", Read(faces={}))
    pool: PoolRules | None = field(
        Record(PoolRules),
        "what this side's dice do before they count: re-roll (misses: faces that carry no symbol), explode, keep",
        None,
    )
    units: Mapping[str, UnitStages] = field(
        Table(Record(UnitStages)),
        "by unit (a key of 'units'): the die it rolls and how its faces read, where not as the side's; "
        "the dice are dealt to the units in the order told",
        EMPTY,
    )

    def symbols(self) -> tuple[str, ...]:
        """Every symbol a face of this side may carry, its units' own readings' too."""
        reads = [self.read, *(unit.read for unit in self.units.values() if unit.read)]
        return tuple(dict.fromkeys(s for read in reads for s in read.symbols()))

    def die_of(self, unit: str) -> str:
        """The die a unit of this side rolls: its own, or the side's."""
        own = self.units.get(unit)
        return own.die if own and own.die else self.die

    def cross_check_units(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The units and their dice exist; each reading reads the faces of the
        die it reads; the dice can be dealt to the units (rolled by units or
        value, no pool, no aim by unit beside units' own readings)."""
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.units", u) for u in self.units], rules.units)
        dice = [(f"{path}.units.{u}.die", own.die) for u, own in self.units.items() if own.die]
        names_exist(fail, pgettext("kind", "die"), dice, rules.dice)
        for unit, own in self.units.items():
            die = self.die_of(unit)
            if own.read:
                own.read.cross_check(rules, die, f"{path}.units.{unit}.read", fail)
            elif die != self.die:
                self.read.cross_check(rules, die, f"{path}.units.{unit}.die", fail)
        aimed_by_unit = self.read.aim is not None and self.read.aim.each_unit()
        own_reads = any(unit.read for unit in self.units.values())
        if self.roll.by not in ("units", "value") or self.pool or (aimed_by_unit and own_reads):
            dealt = pgettext(
                "file.units_dealt",
                "units' own dice and readings deal the dice to the units that roll them: roll by units or value, "
                "with no pool and no aim by unit",
            )
            raise fail(f"{path}.units", dealt)


UNWORDED = Costs().loss  # the word for a loss a file that gives none has


def _cited(looking_for: str = "") -> dict[str, Spec]:
    """A rule cited for each stage of a package of its own, by its key."""
    return dict.fromkeys(registry.stages(looking_for), RULE)


@section
class StagesCite:
    """The rule ID cited for each stage; a stage left out cites the attack's rule
    (a stage of a package of its own: its section's `rule`, where it has one)."""

    roll: str = field(RULE, "who rolls what", "")
    read: str = field(RULE, "how the faces read", "")
    back: str = field(RULE, "whether a side battles back", "")
    compare: str = field(RULE, "who wins the comparison, and ties", "")
    costs: str = field(RULE, "what the symbols cost", "")
    strength: str = field(
        RULE, "the most losses a unit can take (costs' strength: sustain damage); left out: the costs' rule", ""
    )
    follow: str = field(RULE, "the follow-up rolls", "")
    choice: str = field(RULE, "who chooses the units a comparison removes; left out: the costs' rule", "")
    added: Mapping[str, str] = field(
        Table(Text()), "the rules cited for stages of packages of their own, by key", EMPTY, internal=True
    )

    adds: ClassVar[Callable[[str], Mapping[str, Spec]]] = staticmethod(_cited)


def _added(looking_for: str = "") -> Mapping[str, Spec]:
    """The sections of the stages packages of their own add, by the key a
    file writes each under, each imported only when a file writes its key."""
    return registry.stages(looking_for).specs()


@section
class Staged:
    """An attack written out as stages: who rolls what, how a face reads,
    count and cancel, what it costs."""

    procedure: str = field(Text(choices=("staged",)), "staged")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    attacker: SideStages = field(Record(SideStages), "the attacking side's stages")
    defender: SideStages = field(Record(SideStages), "the defending side's stages")
    compare: Compare | None = field(
        Record(Compare),
        "most (or fewest) of a symbol wins, by the difference: the loser takes what the winner's side says",
        None,
    )
    follow: Follow | None = field(
        Record(Follow),
        "follow-up rolls: each of the attacker's symbol rolls one more die against a number, each success the "
        "next; what comes through is what the attacker keeps of that symbol",
        None,
    )
    costs: Costs = field(Record(Costs), "what the symbols each side keeps cost the other side", Costs())
    cite: StagesCite = field(Record(StagesCite), "the rule cited at each stage", StagesCite())
    fight: Rounds | None = field(
        Record(Rounds), "whole fights: the attack fought in rounds until a side is gone or retreats", None
    )
    added: Mapping[str, Any] = field(
        Table(Text()),
        "the sections of stages in packages of their own (referee.stages.added), by key",
        EMPTY,
        internal=True,
    )

    adds: ClassVar[Callable[[str], Mapping[str, Spec]]] = staticmethod(_added)
    reads_situation: ClassVar[frozenset[str]] = frozenset({"range"})

    def rolls(self, group: str) -> bool:
        """Whether the attack may roll dice of a group its procedure types:
        each side's; follow-up dice where it follows up or an added stage rolls
        its own (typed in turn with them); damage dice where its costs roll damage;
        where a stage gives it a door of its own, every group that door types."""
        if self.door:
            return True
        if group == "follow":
            return self.follow is not None or any(stage.dice for _, _, stage, _ in added.of(self))
        return self.costs.damage is not None if group in ("damage", "critical") else True

    @property
    def report(self) -> str:
        """The kind of outcome the attack's rulings are where a stage tells them its own way, else ""."""
        told = added.teller(self)
        return told.kind if told else ""

    @property
    def unopposed(self) -> bool:
        """Whether the attack needs no defending units: the defender rolls no
        dice and nothing of the attacker's costs it (a skill roll against a
        number, a pool counted alone), so `--defender` may be left out."""
        roll = self.defender.roll
        quiet = roll.by == "fixed" and not roll.dice and not any(change.dice > 0 for change in roll.changes)
        costs_it = self.costs.losses or self.costs.retreats or self.compare or self.follow or self.added
        return quiet and not costs_it

    @property
    def units_refused(self) -> str:
        """Why no unit may make this attack, where one of its stages says so (a hit check), else ""."""
        return next((part.units_refused for part in self.added.values() if hasattr(part, "units_refused")), "")

    @property
    def door(self) -> str:
        """The module of the attack's own door where a stage tells it from words of its own (a strike), else ""."""
        told = added.teller(self)
        return told.door if told else ""

    @property
    def fought(self) -> bool:
        """Whether the attack may be fought in rounds: not where a stage tells
        its ruling its own way, unless that telling is fought (fire)."""
        told = added.teller(self)
        return told is None or told.fought

    @property
    def loss(self) -> Word | None:
        """The game's word for a loss where a stage tells the ruling its own way
        and the file gives one (`costs.loss`), else None (units removed, or wounds)."""
        return self.costs.loss if self.costs.loss != UNWORDED and added.teller(self) else None

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Each side's die, units, faces and situations exist; cancelled,
        compared and costed symbols are symbols some face carries."""
        for side in ("attacker", "defender"):
            die = getattr(self, side).die
            if die not in rules.dice:
                raise unknown(fail, f"{path}.{side}.die", pgettext("kind", "die"), die, rules.dice)
        if self.attacker.roll.battles_back and self.defender.roll.battles_back:
            one = pgettext("file.one_back", "only one side battles back: the other rolls first")
            raise fail(f"{path}.attacker.roll.battles_back", one)
        carried: set[str] = set()
        for side in ("attacker", "defender"):
            stages: SideStages = getattr(self, side)
            makers = [u for u in rules.units if self in map(rules.attacks.get, rules.attacks_of(u))]
            makers = makers if side == "attacker" else []
            stages.roll.cross_check(rules, f"{path}.{side}.roll", fail, makers)
            stages.read.cross_check(rules, stages.die, f"{path}.{side}.read", fail)
            if stages.units:
                stages.cross_check_units(rules, f"{path}.{side}", fail)
            if (
                stages.read.aim
                and stages.read.aim.each_unit()
                and (stages.roll.by not in ("units", "value") or stages.pool)
            ):
                dealt = pgettext(
                    "file.aim_dealt",
                    "an aim by unit deals the dice to the units that roll them: roll by units or value, with no pool",
                )
                raise fail(f"{path}.{side}.read.aim", dealt)
            if stages.pool:
                stages.pool.cross_check(rules, stages.die, f"{path}.{side}.pool", fail)
                stages.pool.cross_check_keep(stages.roll.most(), f"{path}.{side}.pool", fail)
            carried |= {*stages.symbols(), *self.given(side)}
        self.costs.cross_check(rules, f"{path}.costs", fail)
        if self.compare:
            self.compare.cross_check(rules, f"{path}.compare", fail)
            if self.compare.by == "pairs":
                self._cross_check_pairs(rules, path, fail)
        if self.follow:
            for i, link in enumerate(self.follow.steps):
                link.cross_check(rules, f"{path}.follow.steps[{i}]", fail)
            follows = [(f"{path}.follow.symbol", self.follow.symbol)]
            names_exist(fail, pgettext("kind", "symbol"), follows, self.attacker.symbols())
        named = [
            *self._added_symbols(rules, path, fail),
            *((f"{path}.costs.losses", s) for s in self.costs.losses),
            *((f"{path}.costs.own_losses", s) for s in self.costs.own_losses),
            *((f"{path}.costs.retreats", s) for s in self.costs.retreats),
            *((f"{path}.costs.own_losses", s) for s in self.costs.own_losses),
            *((f"{path}.costs.counts", s) for s in self.costs.counts),
            *([(f"{path}.compare.symbol", self.compare.symbol)] if self.compare and self.compare.by != "pairs" else []),
        ]
        names_exist(fail, pgettext("kind", "symbol"), named, sorted(carried))
        spared = [unit for unit, n in self.costs.strength.items() if not n]
        if self.fight and spared:
            rounds = pgettext(
                "file.strength_fight",
                "'{unit}' takes none of this attack's losses (strength 0), but a whole fight gives a round's "
                "losses to the units in its order of casualties: give it a strength, or leave out 'fight'",
            )
            raise fail(f"{path}.costs.strength.{spared[0]}", rounds.format(unit=spared[0]))
        if self.fight:
            wins = (self.compare.attacker_wins, self.compare.defender_wins) if self.compare else ()
            removes = [win for win in dict.fromkeys(wins) if win.startswith("remove")]
            self.fight.cross_check(rules, f"{path}.fight", fail, removes)

    def warnings(self) -> list[Spoken]:
        """What the file may have meant otherwise: symbols the faces carry
        that nothing counts (no cost, comparison, follow-up, cancelling or
        other stage names them), which every ruling would read and drop."""
        carried = dict.fromkeys(s for side in ("attacker", "defender") for s in getattr(self, side).symbols())
        counted = {*self.costs.losses, *self.costs.retreats, *self.costs.own_losses, *self.costs.counts}
        counted |= {self.compare.symbol} if self.compare and self.compare.by != "pairs" else set()
        counted |= {self.follow.symbol} if self.follow else set()
        counted |= {CRITICAL} if self.costs.damage else set()
        counted |= {symbol for key, _, part in self._added_parts("") for _, symbol in _named(key, part)}
        idle = [symbol for symbol in carried if symbol not in counted]
        if not idle:
            return []
        return [
            say(
                "file.idle_symbols",
                "attack '{attack}': nothing counts {symbols}, which its faces carry: name it under costs "
                "(losses, retreats, counts), compare, follow or cancel, or leave it off the faces",
                attack=self.label,
                symbols=listed(f"'{symbol}'" for symbol in idle),
            )
        ]

    def given(self, side: str) -> tuple[str, ...]:
        """The symbols the attack's added stages give a side, which no face
        carries (a jam on doubles, the points a set scores): each section's
        `made()`, as (side, symbol) pairs."""
        made = (pair for _, _, part in self._added_parts("") if hasattr(part, "made") for pair in part.made())
        return tuple(dict.fromkeys(symbol for at, symbol in made if at == side))

    def _added_parts(self, path: str) -> Iterator[tuple[str, str, Any]]:
        """Each added stage's section, each of a list in turn, with its stage's key and its key path."""
        for key, written in self.added.items():
            listed = isinstance(written, tuple)
            for i, part in enumerate(written if listed else (written,)):
                yield key, (f"{path}.{key}[{i}]" if listed else f"{path}.{key}"), part

    def _added_symbols(self, rules: Ruleset, path: str, fail: Fail) -> Iterator[tuple[str, str]]:
        """Each added stage's section checked by its own `cross_check`; the
        symbols it names (`symbols()`), by their paths. An installed stage's
        code raising there is refused in one line naming it (`contract.guarded`)."""
        for key, where, part in self._added_parts(path):
            if hasattr(part, "cross_check"):
                contract.guarded(key, "cross_check", functools.partial(part.cross_check, rules, where, fail))
            if hasattr(part, "cross_check_attack"):  # what the stage asks of the rest of the attack
                contract.guarded(key, "cross_check", functools.partial(part.cross_check_attack, self, where, fail))
            if hasattr(part, "cross_check_game"):  # what it asks of the attack among the game's units and dice
                ruled = functools.partial(part.cross_check_game, rules, self, where, fail)
                contract.guarded(key, "cross_check", ruled)
            yield from ((f"{where}.{name}", symbol) for name, symbol in _named(key, part))

    def _cross_check_pairs(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Pairs compare each die's number as rolled: numbered faces, no pool
        to change the dice, and both sides rolling at once."""
        for side in ("attacker", "defender"):
            stages: SideStages = getattr(self, side)
            dice = {stages.die, *(stages.die_of(unit) for unit in stages.units)}
            numbered = all(isinstance(face, int) for die in dice for face in rules.dice[die].faces)
            if not numbered or stages.pool or stages.roll.battles_back:
                as_rolled = pgettext(
                    "file.pairs_dice",
                    "compare by pairs reads each die's number as rolled: numbered faces, no pool, "
                    "both sides rolling at once",
                )
                raise fail(f"{path}.{side}", as_rolled)


def _named(key: str, part: Any) -> Iterable[tuple[str, str]]:
    """The symbols an added stage's section names, each with its key: none where it says none."""
    return tuple(contract.guarded(key, "symbols", part.symbols)) if hasattr(part, "symbols") else ()


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "attacker": pgettext("show.param", "attacker"),
        "compare": pgettext("show.param", "compare"),
        "costs": pgettext("show.param", "costs"),
        "defender": pgettext("show.param", "defender"),
        "fight": pgettext("show.param", "fight"),
        "follow": pgettext("show.param", "follow"),
        "pool": pgettext("show.param", "pool"),
        "read": pgettext("show.param", "read"),
        "roll": pgettext("show.param", "roll"),
        "units": pgettext("show.param", "units"),
    }


GRAMMAR = Staged  # what the registry reads a file's attack of this procedure with
