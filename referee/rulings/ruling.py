"""What every ruling is made of, at the bottom layer so procedures, services,
reports and the journal all read the same records: the sides of an attack, a
step of an explanation, and the ruling itself.

Sides are str-valued enumerations: a side compares equal to its word and is
written as it in JSON, so `--json` output and stored journals keep their shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import field, fields
from enum import Enum
from typing import Any, Self

from referee.core.records import record
from referee.words.language import ENGLISH, current, npgettext, pgettext


class Side(str, Enum):
    """One side of an attack."""

    ATTACKER = "attacker"
    DEFENDER = "defender"

    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]  # write the word, as str does

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


SIDES = (Side.ATTACKER, Side.DEFENDER)


def other(side: str) -> Side:
    """The side facing this one (given as a Side or its word)."""
    return Side(side).other


def _plain(value: Any) -> Any:
    """A field's value as JSON holds it: records as mappings, tuples as lists."""
    if isinstance(value, Record):
        return value.as_dict()
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    return value


class Record:
    """The base of a typed outcome: a frozen dataclass whose fields are its
    JSON keys, in order. Reports read its fields; `as_dict` is its JSON shape;
    `record[key]` reads a field by that key, for services that are general
    over outcomes (the odds keys of any procedure)."""

    def as_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)


class Said(str):
    """A phrase of an outcome (what a side suffers) whose value is its English
    text, which --json, comparisons and odds groups read the same in every
    language, and whose `spoken` is the phrase in the language spoken, for
    reports."""

    spoken: str

    def __new__(cls, english: str, spoken: str) -> Self:
        said = super().__new__(cls, english)
        said.spoken = spoken
        return said

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]  # copied as it was made
        return str(self), self.spoken


class Score(Said):
    """What a side scores as a phrase ('hit 1, crit 1'), grouped and compared
    by its text as any phrase, that also holds it as numbers: the count of
    each symbol (a ruleset's word, `Said`), so the odds can give each symbol
    its own column and `--json` its own integer."""

    counts: dict[str, int]

    def __new__(cls, english: str, spoken: str, counts: dict[str, int]) -> Score:
        score = super().__new__(cls, english, spoken)
        score.counts = counts
        return score

    def __getnewargs__(self) -> tuple[str, str, dict[str, int]]:  # type: ignore[override]  # copied as it was made
        return str(self), self.spoken, self.counts


Form = Any  # a phrase as --json holds it: a word, a number, or a mapping a program says again


class Spoken(str):
    """A phrase said in the language spoken (its value, which reports and
    errors print as any str) that keeps what it is in every language: its
    English and its `form`, what a step's `values` hold, so a
    program reads the same document whatever language was asked and can say
    the phrase again in any: {"message", "values"} for a message filled in,
    {"separator", "items"} (with the "message" that translates the separator,
    if any) for a list, and the file's own word for a ruleset's word."""

    english: str
    form: Form

    def __new__(cls, spoken: str, english: str, form: Form = None) -> Spoken:
        phrase = super().__new__(cls, spoken)
        phrase.english = english
        phrase.form = english if form is None else form
        return phrase

    def __getnewargs__(self) -> tuple[str, str, Form]:  # type: ignore[override]  # copied as it was made
        return str(self), self.english, self.form

    def __add__(self, more: str) -> Spoken:
        """The phrase said on ('2 hits' + ' = 4'): still its message, in both languages."""
        form = {"separator": "", "items": [self.form, form_of(more)]}
        return Spoken(str(self) + more, self.english + english_of(more), form)


def english_of(value: str) -> str:
    """A phrase or a ruleset's word as English writes it."""
    return value.english if isinstance(value, Spoken) else str(value)


def form_of(value: Value) -> Form:
    """A value as --json holds it, the same in every language (a side and a
    ruleset's word as their word)."""
    return value.form if isinstance(value, Spoken) else str(value) if isinstance(value, Said | Side) else value


def spoken_of(value: str) -> str:
    """A phrase or a ruleset's word as the language spoken writes it."""
    return value.spoken if isinstance(value, Said) else value


def both_ways(render: Callable[[list[str]], str], items: Iterable[str]) -> Spoken:
    """What `render` makes of the items, in the language spoken and in English
    (articles, joins), for code that shapes words without a message."""
    kept = list(items)
    return Spoken(render([spoken_of(item) for item in kept]), render([english_of(item) for item in kept]))


def worded(spoken: str, english: str) -> Spoken:
    """A ruleset's word (a unit, a face, a situation) as the language spoken
    writes it, kept with the file's own word, which is its form."""
    return Spoken(spoken, english)


Value = str | int | float | bool | None  # what fills a step's template, as JSON holds it


def side_word(side: Side) -> str:
    """A side's bare noun in the current language ('attacker', 'Angreifer'),
    which a step's template surrounds with the article its grammar needs."""
    return pgettext("side", "attacker") if side is Side.ATTACKER else pgettext("side", "defender")


@record
class Step:
    """One step of a ruling, with the rule that produced it: a message known
    by a stable id (`message`, 'pairs.compared'), its English template as the
    code writes it, and the values that fill it. Its text is the template in
    the current language, filled in; a side among the values is said as its
    noun in that language, and stays its word ('attacker') in `values`."""

    rule: str
    message: str
    template: str
    values: Mapping[str, Value] = field(default_factory=dict)
    plural: str = ""  # the English template for a count other than one (the value `n`), if its grammar counts

    @property
    def text(self) -> str:
        said = (
            npgettext(self.message, self.template, self.plural, int(self.values["n"] or 0))
            if self.plural
            else pgettext(self.message, self.template)
        )
        return said.format(**_spoken(self.values))

    def as_dict(self) -> dict[str, Any]:
        values = {k: form_of(v) for k, v in self.values.items()}
        return {"rule": self.rule, "text": self.text, "message": self.message, "values": values}


def _spoken(values: Mapping[str, Value]) -> dict[str, Value]:
    """Values as a sentence says them: a side as its noun, a Said phrase (a
    ruleset's word) in the language spoken; `values` keep their own words."""
    return {
        k: side_word(v) if isinstance(v, Side) else v.spoken if isinstance(v, Said) else v for k, v in values.items()
    }


def _english(values: Mapping[str, Value]) -> dict[str, Value]:
    """Values as English says them, the same in every language: a phrase as its
    English; a side and a ruleset's word (Said) already write themselves so."""
    return {k: english_of(v) if isinstance(v, Spoken) else v for k, v in values.items()}


def _phrase(message: str, spoken: str, english: str, values: Mapping[str, Value]) -> Spoken:
    """A template said in the language spoken, kept with its English (the
    same text when English is spoken, so it is not said twice)."""
    form = {"message": message, "values": {k: form_of(v) for k, v in values.items()}}
    said = spoken.format(**_spoken(values))
    return Spoken(said, said if current() == ENGLISH else english.format(**_english(values)), form)


def step(rule: str, message: str, template: str, /, **values: Value) -> Step:
    """A step of a ruling: `template` is English with `{name}` fields, filled
    from `values`. A translation may leave a value out (English needs 'an
    attack' where German declines the bare word): give both."""
    return Step(rule, message, template, values)


def step_n(rule: str, message: str, singular: str, plural: str, n: int, /, **values: Value) -> Step:
    """A step whose sentence agrees with a count `n` ('1 army stays', '2 armies
    stay'): each language says it in the plural form it gives that count."""
    return Step(rule, message, singular, {"n": n, **values}, plural)


def say(message: str, template: str, /, **values: Value) -> Spoken:
    """A phrase of a step (a side's part, a list's item) or an error in the
    current language, its template known by the stable id `message`, filled in."""
    return _phrase(message, pgettext(message, template), template, values)


def say_n(message: str, singular: str, plural: str, n: int, /, **values: Value) -> Spoken:
    """'2 hits', '1 Treffer', '2 個命中': a phrase counting `n` (its `{n}`), in
    the plural form the current language gives that count."""
    english = singular if n == 1 else plural
    return _phrase(message, npgettext(message, singular, plural, n), english, {"n": n, **values})


def costs(rule: str, priced: Iterable[tuple[str, int]]) -> Step:
    """'costs: infantry 3, armour 5': what each thing costs, as buying and recruiting say it."""
    return step(rule, "costs", "costs: {costs}", costs=listed(spaced(name, cost) for name, cost in priced))


def joined(separator: str, items: Iterable[str], message: str | None = "list", between: str = "") -> Spoken:
    """Items joined by `separator` as English joins them, and as the current
    language does: by `between` (the separator said by `message`), by the
    message's translation of it, or with no message by the separator itself."""
    kept = list(items)
    between = between or (pgettext(message, separator) if message else separator)
    form = {**({"message": message} if message else {}), "separator": separator, "items": list(map(form_of, kept))}
    return Spoken(between.join(map(spoken_of, kept)), separator.join(map(english_of, kept)), form)


def in_turn(items: Iterable[str]) -> Spoken:
    """'infantry, then armour': things taken one after another."""
    return joined(", then ", items, "casualties.then", pgettext("casualties.then", ", then "))


def summed(items: Iterable[str]) -> Spoken:
    """'stars 7 + cities 2': terms of a sum, joined by a plus in every language."""
    return joined(" + ", items, None)


def spaced(*parts: str | int) -> Spoken:
    """'stars 7', 'cities 2 ÷ 3': a word beside its numbers, in every language."""
    return joined(" ", (part if isinstance(part, str) else str(part) for part in parts), None)


def typed(items: Iterable[str]) -> Spoken:
    """'2 armies, damaged armour': a list a player may type back, so joined by
    a comma in every language (the words themselves are the language's)."""
    return joined(", ", items, None)


def listed(items: Iterable[str]) -> Spoken:
    """'sword, explosion': a list, its items separated as the current language separates them."""
    return joined(", ", items)


def series(items: Iterable[str]) -> Spoken:
    """'a; b': the parts of one step (each side's, each pair's), joined as the current language joins them."""
    return joined("; ", items)


def either(items: Iterable[str]) -> Spoken:
    """'sword or explosion': alternatives, joined as the current language joins them."""
    return joined(" or ", items)


def both(items: Iterable[str]) -> Spoken:
    """'6 and 2': things that go together, joined as the current language joins them."""
    return joined(" and ", items)


@record
class Ruling:
    """The outcome, a typed record of its kind of outcome, and why, step by
    step; `as_dict` is the one shape `--json` prints and the journal stores.
    `awaits` names the word a player must still give on this same throw (a
    pick among pairings), so the journal holds that the ruling is not done."""

    outcome: Record
    steps: tuple[Step, ...]
    awaits: str | None = None
    read: tuple[tuple[str, int], ...] = ()
    """The dice read of each group that rolls as many as the dice before it
    decide (`DiceNeed.after`): typed dice of such a group must be that many."""

    def as_dict(self) -> dict[str, Any]:
        waiting = {"awaits": self.awaits} if self.awaits else {}
        return {**self.outcome.as_dict(), **waiting, "explanation": [step.as_dict() for step in self.steps]}
