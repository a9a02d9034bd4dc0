"""The grammar of a ruleset's `translations:` section: per language, the
rule texts by rule ID and the words of attacks, units, die faces, situations
and terrains by their keys, and any other word a ruling prints from the file
by that word (the file's own texts are English)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.records import section
from referee.ruleset.spec import EMPTY, Record, Table, Text, field


@section
class UnitWords:
    """How a unit is written in one language."""

    name: str = field(Text(), "the unit's key", key=True)
    label: str = field(Text(), "the unit, one of it")
    plural: str = field(Text(), "more than one of it; the label itself when not given (as in Chinese)", "")
    measure: str = field(
        Text(), "the measure word a count puts before it, in a language that counts with one (Chinese 名, 支, 個)", ""
    )


@section
class Translation:
    """A ruleset's words in one language, each under the key it has in the file."""

    name: str = field(Text(), "the language", key=True)
    rules: Mapping[str, str] = field(Table(Text()), "rule ID: the rule's text", EMPTY)
    attacks: Mapping[str, str] = field(Table(Text()), "attack key: its label, as a ruling's title names it", EMPTY)
    units: Mapping[str, UnitWords] = field(Table(Record(UnitWords)), "unit key: its words", EMPTY)
    faces: Mapping[str, Mapping[str, str]] = field(Table(Table(Text())), "die: face: its word", EMPTY)
    situations: Mapping[str, str] = field(Table(Text()), "situation: what it means, in a sentence", EMPTY)
    terrain: Mapping[str, str] = field(Table(Text()), "terrain of the landscape: its word", EMPTY)
    variants: Mapping[str, str] = field(Table(Text()), "special rule: what it changes, in a sentence", EMPTY)
    words: Mapping[str, str] = field(
        Table(Text()),
        "any other word a ruling prints from the file, as the file writes it (the game's title, a player, a continent, "
        "a unit's state, a label of an attack type or a work): its word",
        EMPTY,
    )
