"""A loaded ruleset's words in the language spoken: rule texts and unit
words are looked up when read (referee.words.language), so a run that switches
language reads the same frozen ruleset; a word a translation leaves out is
read in English, so a partial translation never fails."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, TypeVar

from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.model import Ruleset
from referee.ruleset.spec import ADDED, EMPTY
from referee.words.language import ENGLISH, LANGUAGES, current, pgettext

if TYPE_CHECKING:
    from referee.ruleset.sections import Terrain
    from referee.ruleset.texts import Translation

T = TypeVar("T")


class RuleTexts(Mapping[str, str]):
    """A ruleset's `rules`: each rule's text in the language spoken, else in English."""

    def __init__(self, english: Mapping[str, str], translated: Mapping[str, Mapping[str, str]]):
        self._english = english
        self._translated = translated

    def __getitem__(self, rule_id: str) -> str:
        text = self._translated.get(current(), EMPTY).get(rule_id)
        return text if text is not None else self._english[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._english)

    def __len__(self) -> int:
        return len(self._english)


def attach(rules: Ruleset) -> Ruleset:
    """The ruleset whose rule texts and words of units, situations, special rules
    and terrains follow the language spoken."""
    if not rules.translations:
        return rules
    units = {
        name: dataclasses.replace(
            unit,
            spoken={
                lang: (words.label, words.plural or words.label, words.measure)
                for lang, t in rules.translations.items()
                if (words := t.units.get(name))
            },
            spoken_states={
                lang: {state: t.words[state] for state in unit.states if state in t.words}
                for lang, t in rules.translations.items()
            },
        )
        for name, unit in rules.units.items()
    }
    situations = _spoken(rules, rules.situations, lambda t: t.situations)
    variants = _spoken(rules, rules.variants, lambda t: t.variants)
    rule_texts = RuleTexts(rules.rules, {lang: t.rules for lang, t in rules.translations.items()})
    land = rules.landscape
    if land:
        terrains = _spoken(rules, land.terrains, lambda t: t.terrain)
        land = dataclasses.replace(land, terrains={name: _lettered(rules, t) for name, t in terrains.items()})
    return dataclasses.replace(
        rules, rules=rule_texts, units=units, situations=situations, variants=variants, landscape=land
    )


def _spoken(rules: Ruleset, items: Mapping[str, T], words: Callable[[Translation], Mapping[str, str]]) -> dict[str, T]:
    """Each item of a section with its words per language (`spoken`), from the translations' table of that section."""
    return {
        name: dataclasses.replace(  # type: ignore[type-var]  # every item given has a `spoken` field
            item, spoken={lang: said for lang, t in rules.translations.items() if (said := words(t).get(name))}
        )
        for name, item in items.items()
    }


def _lettered(rules: Ruleset, terrain: Terrain) -> Terrain:
    """A terrain with its letter per language: `words` gives the letter its
    word starts with there (the file's F for forest is W for Wald)."""
    letters = {lang: said for lang, t in rules.translations.items() if (said := t.words.get(terrain.letter))}
    return dataclasses.replace(terrain, spoken_letter=letters)


def check(rules: Ruleset, fail: Fail) -> None:
    """A translation names only rules, attacks, units, faces, situations,
    terrains and other words the file has."""
    terrains = rules.landscape.terrains if rules.landscape else EMPTY
    written = functools.cache(lambda: sorted(set(_written(rules))))  # walks the whole file: once, if a table needs it
    for lang, t in rules.translations.items():
        at = f"translations.{lang}"
        names_exist(fail, pgettext("kind", "rule"), ((f"{at}.rules.{r}", r) for r in t.rules), rules.rules)
        names_exist(fail, pgettext("kind", "attack"), ((f"{at}.attacks.{a}", a) for a in t.attacks), rules.attacks)
        names_exist(fail, pgettext("kind", "unit"), ((f"{at}.units.{u}", u) for u in t.units), rules.units)
        names_exist(
            fail, pgettext("kind", "situation"), ((f"{at}.situations.{s}", s) for s in t.situations), rules.situations
        )
        names_exist(fail, pgettext("kind", "terrain"), ((f"{at}.terrain.{n}", n) for n in t.terrain), terrains)
        names_exist(
            fail, pgettext("kind", "special rule"), ((f"{at}.variants.{n}", n) for n in t.variants), rules.variants
        )
        names_exist(fail, pgettext("kind", "die"), ((f"{at}.faces.{d}", d) for d in t.faces), rules.dice)
        for die, words in t.faces.items():
            faces = [str(f) for f in rules.dice[die].faces]
            names_exist(fail, pgettext("kind", "face"), ((f"{at}.faces.{die}.{f}", f) for f in words), faces)
        names_exist(
            fail, pgettext("kind", "word"), ((f"{at}.words.{w}", w) for w in t.words), written() if t.words else ()
        )


def _written(value: object) -> Iterator[str]:
    """Every word a file writes outside its rule texts and translations: its
    keys and texts, wherever they sit (the sections of an attack's stages
    too), which `words` may translate."""
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if f.name not in ("rules", "translations") and (not f.metadata.get("internal") or f.name == ADDED):
                yield from _written(getattr(value, f.name))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key)
            yield from _written(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _written(item)
    elif isinstance(value, str):
        yield value


def languages(rules: Ruleset) -> tuple[str, ...]:
    """The languages a ruleset's words can be read in: the rulebook's first,
    then English, then each translated one, in the order the referee lists them."""
    have = {ENGLISH, *rules.translations}
    return tuple(code for code in dict.fromkeys([*rules.language, *LANGUAGES]) if code in have)
