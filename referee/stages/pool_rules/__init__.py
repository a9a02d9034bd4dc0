"""What a file may write for a side's pool (re-roll, explode, keep), its
cross-checks and the steps a ruling says of it. The pool itself (its rounds
read, its odds), which only a side that has one needs, is `stages.pool`: a
battle without a pool does not import it.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from typing import TYPE_CHECKING

from referee.chance.dice import Die, Face
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist, not_a_face
from referee.ruleset.spec import EMPTY, FACE, RULE, Boolean, Either, Integer, Record, Seq, Table, Text, field
from referee.rulings.ruling import Side, Spoken, Step, either, listed, step, step_n
from referee.words.language import own_catalogue, pgettext

own_catalogue(__file__)

SIDE = Text(choices=("attacker", "defender"))

if TYPE_CHECKING:
    from referee.chance.pool import Pool, PoolRoll, Reroll
    from referee.ruleset.model import Ruleset


@section
class RerollRule:
    """Dice a side rolls again, once, before they count."""

    faces: tuple[int | str, ...] = field(Seq(FACE), "the faces rolled again, the first listed first", ())
    misses: bool = field(Boolean(), "true to roll again the dice that are not hits (after the faces listed)", False)
    most: int = field(Integer(minimum=0), "at most this many dice (0 and no per_unit: every one)", 0)
    per_unit: Mapping[str, int] = field(
        Table(Integer(minimum=0)),
        "at most this many more for each unit of a kind the side has in the battle (a key of 'units')",
        EMPTY,
    )
    when: str = field(
        Text(), "a named situation of the side (a key of 'situations') without which no die is re-rolled", ""
    )
    rule: str = field(RULE, "the rule that gives the re-roll")

    def of(self, misses: Sequence[Face], units: Mapping[str, int]) -> Reroll:
        """The re-roll of a side with these units, its misses the faces that are not hits."""
        from referee.chance.pool import Reroll  # the pool engine, for a side that has a pool

        faces = tuple(dict.fromkeys((*self.faces, *(misses if self.misses else ()))))
        limited = bool(self.most or self.per_unit)
        most = self.most + sum(n * units.get(unit, 0) for unit, n in self.per_unit.items())
        return Reroll(faces, most if limited else None)


@section
class ExplodeRule:
    """Faces that roll one more die, bounded."""

    faces: tuple[int | str, ...] = field(Seq(FACE, min_items=1), "the faces that roll one more die")
    depth: int = field(
        Integer(minimum=1, maximum=10), "how many times a die rolled for an explosion may explode again, plus one", 1
    )
    when: str = field(Text(), "a named situation of the side (a key of 'situations') without which no die explodes", "")
    rule: str = field(RULE, "the rule that makes dice explode")


@section
class KeepRule:
    """Of the dice standing, keep some by an order of preference."""

    dice: int = field(Integer(minimum=1), "how many dice are kept")
    best: str | tuple[int | str, ...] | Mapping[str, tuple[int | str, ...]] = field(
        Either(
            Text(choices=("highest", "lowest")),
            Seq(FACE, min_items=1),
            Table(Seq(FACE, min_items=1), keys=SIDE),
        ),
        "highest or lowest (numbered faces), or the faces best first (faces not listed come after, in the die's "
        "order), or by side (attacker, defender) its faces best first: the side that chooses (named by the roll's "
        "comparison; else the side that rolls) keeps by its own order",
    )
    rule: str = field(RULE, "the rule that says which dice are kept")
    when: Mapping[str, str] = field(
        Table(Text(choices=("highest", "lowest"))),
        "by named situation (a key of 'situations'): highest or lowest kept instead while it applies "
        "(disadvantage keeps the lowest); the first written that applies counts",
        EMPTY,
    )

    def order(self, die: Die, chooser: str, when: Set[str] = frozenset()) -> tuple[Face, ...]:
        """Every face of the die, best first, for the side that chooses, in the situations told."""
        faces = tuple(dict.fromkeys(die.faces))
        best = next((kept for name, kept in self.when.items() if name in when), self.best)
        if best == "highest":
            return tuple(sorted(faces, key=lambda face: -int(face)))
        if best == "lowest":
            return tuple(sorted(faces, key=int))
        listed = tuple(best[chooser] if isinstance(best, Mapping) else best)
        return (*listed, *(face for face in faces if face not in listed))


@section
class PoolRules:
    """A side's pool: what its dice do before they count, each part optional, in this order."""

    reroll: RerollRule | None = field(Record(RerollRule), "dice rolled again once: named faces, or misses", None)
    explode: ExplodeRule | None = field(Record(ExplodeRule), "faces that roll one more die", None)
    keep: KeepRule | None = field(Record(KeepRule), "the dice kept of those standing", None)

    def of(
        self, die: Die, misses: Sequence[Face], units: Mapping[str, int], when: Set[str], chooser: str
    ) -> Pool | None:
        """The pool of a side with these units and named situations rolling this
        die, `chooser` the side whose order keeps dice; None where it does
        nothing (a re-roll or an explosion whose situation is not told, and nothing else)."""
        reroll = self.reroll if self.reroll and (not self.reroll.when or self.reroll.when in when) else None
        explode = self.explode if self.explode and (not self.explode.when or self.explode.when in when) else None
        if not (reroll or explode or self.keep):
            return None
        from referee.chance.pool import Explode, Keep, Pool  # the pool engine, for a side that has a pool

        return Pool(
            reroll=reroll.of(misses, units) if reroll else None,
            explode=Explode(explode.faces, explode.depth) if explode else None,
            keep=Keep(self.keep.dice, self.keep.order(die, chooser, when)) if self.keep else None,
        )

    def cross_check(self, rules: Ruleset, die: str, path: str, fail: Fail) -> None:
        """Every face named is a face of the die; numbered faces for highest and lowest; units exist."""
        faces = rules.dice[die].faces
        named: list[tuple[str, Sequence[Face]]] = []
        if self.reroll:
            named.append(("reroll.faces", self.reroll.faces))
        if self.explode:
            named.append(("explode.faces", self.explode.faces))
        if self.keep and isinstance(self.keep.best, Mapping):
            for side in ("attacker", "defender"):
                if side not in self.keep.best:
                    sides = pgettext("file.keep_sides", "a keep by side gives the order of both attacker and defender")
                    raise fail(f"{path}.keep.best", sides)
                named.append((f"keep.best.{side}", self.keep.best[side]))
        elif self.keep and isinstance(self.keep.best, tuple):
            named.append(("keep.best", self.keep.best))
        for part, given in named:
            for i, face in enumerate(given):
                if face not in faces:
                    raise fail(f"{path}.{part}[{i}]", not_a_face(rules, die, face))
        if self.keep and isinstance(self.keep.best, str) and not all(isinstance(f, int) for f in faces):
            raise fail(
                f"{path}.keep.best",
                pgettext("file.keep_numbered", "{best} needs numbered faces; list the faces best first").format(
                    best=self.keep.best
                ),
            )
        if self.reroll:
            names_exist(
                fail,
                pgettext("kind", "unit"),
                [(f"{path}.reroll.per_unit.{u}", u) for u in self.reroll.per_unit],
                rules.units,
            )
        told = {"reroll": self.reroll.when if self.reroll else "", "explode": self.explode.when if self.explode else ""}
        situations = [(f"{path}.{part}.when", name) for part, name in told.items() if name]
        situations += [(f"{path}.keep.when", name) for name in (self.keep.when if self.keep else ())]
        if self.keep and self.keep.when and not all(isinstance(f, int) for f in faces):
            numbered = pgettext("file.keep_numbered", "{best} needs numbered faces; list the faces best first")
            raise fail(f"{path}.keep.when", numbered.format(best=next(iter(self.keep.when.values()))))
        names_exist(fail, pgettext("kind", "situation"), situations, rules.situations)

    def cross_check_keep(self, rolled: int | None, path: str, fail: Fail) -> None:
        """A keep of more dice than the side can ever have standing (`rolled`,
        the most its roll stage gives, and every explosion) would keep every
        die, always: refused where the roll bounds the dice. Where the units
        told decide, a battle with no more dice than the keep says it keeps them all."""
        if self.keep is None or rolled is None:
            return
        standing = rolled * (self.explode.depth + 1) if self.explode else rolled
        if self.keep.dice > standing:
            always = pgettext(
                "file.keep_more",
                "keeps {keep} dice, but this side has at most {most} standing: it would keep every die, "
                "always; keep fewer or leave keep out",
            )
            raise fail(f"{path}.keep.dice", always.format(keep=self.keep.dice, most=standing))


def pool_steps(
    rules: PoolRules,
    side: Side,
    roll: PoolRoll,
    said: Callable[[Face], Spoken],
    chooser: Side | None = None,
    told: Set[str] = frozenset(),
    situation_said: Callable[[str], str] = str,
) -> list[Step]:
    """The steps of a ruling that say what a side's pool did: the dice rolled
    again, the explosions, the dice kept (chosen by `chooser`'s order where the
    keep is by side and a side chooses; by a situation `told` on the side where
    the keep names one, as `situation_said` words it); a part that did nothing says nothing."""

    def faces(shown: Sequence[Face]) -> Spoken:
        return listed(said(face) for face in shown)

    out = []
    if rules.reroll and roll.rerolled:
        out.append(
            step(
                rules.reroll.rule,
                "pool.reroll",
                "the {side} rolled {first}; it rolls {faces} again: {again}",
                side=side,
                first=faces(roll.first),
                faces=faces([roll.first[i] for i in roll.rerolled]),
                again=faces(roll.again),
            )
        )
    if rules.explode and roll.exploded:
        out.append(
            step_n(
                rules.explode.rule,
                "pool.explode",
                "each {faces} explodes: the {side} rolls {n} more die: {more}",
                "each {faces} explodes: the {side} rolls {n} more dice: {more}",
                len(roll.exploded),
                side=side,
                faces=either(said(face) for face in rules.explode.faces),
                more=faces(roll.exploded),
            )
        )
    if rules.keep and len(roll.standing) <= rules.keep.dice:
        out.append(_keeps_every_die(rules.keep, side, faces(roll.kept), len(roll.kept)))
    elif rules.keep and isinstance(rules.keep.best, Mapping) and chooser:
        out.append(
            step(
                rules.keep.rule,
                "pool.choose",
                "the {chooser} chooses {kept} from {standing}, by its order: {order}",
                chooser=chooser,
                kept=faces(roll.kept),
                standing=faces(roll.standing),
                order=faces(rules.keep.best[chooser]),
            )
        )
    elif rules.keep and (named := next((name for name in rules.keep.when if name in told), None)):
        orders = {"highest": pgettext("pool.order", "the highest"), "lowest": pgettext("pool.order", "the lowest")}
        out.append(
            step(
                rules.keep.rule,
                "pool.keep_when",
                "{situation}: the {side} keeps {order}, {kept} of {standing}",
                situation=situation_said(named),
                side=side,
                order=orders[rules.keep.when[named]],
                kept=faces(roll.kept),
                standing=faces(roll.standing),
            )
        )
    elif rules.keep:
        out.append(
            step(
                rules.keep.rule,
                "pool.keep",
                "the {side} keeps {kept} of {standing}",
                side=side,
                kept=faces(roll.kept),
                standing=faces(roll.standing),
            )
        )
    return out


def _keeps_every_die(keep: KeepRule, side: Side, kept: Spoken, n: int) -> Step:
    """A side with no more dice standing than it may keep keeps them all, and says so plainly."""
    return step_n(
        keep.rule,
        "pool.keep_all",
        "the {side} keeps its only die, {kept}: it may keep {most}",
        "the {side} keeps all {n} of its dice, {kept}: it may keep {most}",
        n,
        side=side,
        kept=kept,
        most=keep.dice,
    )


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "best": pgettext("show.param", "best"),
        "depth": pgettext("show.param", "depth"),
        "dice": pgettext("show.param", "dice"),
        "explode": pgettext("show.param", "explode"),
        "faces": pgettext("show.param", "faces"),
        "keep": pgettext("show.param", "keep"),
        "misses": pgettext("show.param", "misses"),
        "most": pgettext("show.param", "most"),
        "per_unit": pgettext("show.param", "per unit"),
        "reroll": pgettext("show.param", "reroll"),
        "when": pgettext("show.param", "when"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "highest": pgettext("show.value", "highest"),
        "lowest": pgettext("show.value", "lowest"),
    }
