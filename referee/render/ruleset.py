"""A ruleset described for people and as JSON: units, dice, attacks, situations."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from referee.render import parameters
from referee.render.parameters import plain
from referee.render.text import path_lines, styled, table, wrapped
from referee.ruleset.model import Ruleset, Situation
from referee.ruleset.spec import ADDED, written
from referee.ruleset.translated import languages
from referee.rulings.ruling import Side, listed, side_word
from referee.words.language import _, ngettext, pgettext

if TYPE_CHECKING:
    from referee.ruleset.values import ToldValue


def document(rules: Ruleset) -> dict[str, Any]:
    return {"path": rules.path, "digest": rules.digest, **plain(rules), "languages": list(languages(rules))}


def _languages_line(rules: Ruleset) -> str:
    """'languages: nl, en, de, zh-Hant (rulebook: nl, en)': what `--lang` can choose for this game."""
    have = languages(rules)
    said = ngettext("language: {languages}", "languages: {languages}", len(have)).format(languages=", ".join(have))
    return f"{said} ({_('rulebook: {languages}').format(languages=', '.join(rules.language))})"


def _attack_lines(rules: Ruleset) -> list[str]:
    """Every parameter the file sets, whatever the procedure, so `show` needs no
    code per procedure; keys, enumerated values and the file's words in the language spoken."""
    said = parameters.Values(rules)
    lines = []
    for name, attack in rules.attacks.items():
        lines.append(f"  {name}: {rules.attack_said(name)} ({attack.procedure}, {attack.rule})")
        skipped = ("procedure", "label", "rule", "cite")
        for key, held in written(attack):
            if key in skipped:
                continue
            value = parameters.shown(held)
            if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
                lines.append(f"    {said.key_line(key, '')}")
                lines += [
                    line
                    for name, item in value.items()
                    for line in wrapped(said.line(name, said.flat(item)), " " * 6, " " * 8)
                ]
            else:
                lines += wrapped(said.key_line(key, said.flat(value) or said.none()), " " * 4, " " * 6)
    return lines


def other_words(value: Any, where: str = "") -> Iterator[tuple[str, str, str]]:
    """(where, name, its other words) for everything with aliases, wherever it
    sits: units, die faces, situations, continents… so `show` lists every word
    the referee accepts without knowing the sections."""
    if dataclasses.is_dataclass(value):
        key = getattr(value, "name", "")
        here = f"{where} {key}".strip() if where else ""
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.name == "aliases" and where:
                if hasattr(item, "items"):
                    yield from ((here, str(k), ", ".join(words)) for k, words in item.items() if words)
                elif item:
                    yield where, key, ", ".join(item)
            elif f.name == ADDED:  # the attack's stages, each section by its key
                yield from (w for key, part in item.items() for w in other_words(part, key))
            elif not f.metadata.get("internal"):
                yield from other_words(item, f.name.rstrip("s") if hasattr(item, "items") else f.name)
    elif hasattr(value, "items"):
        for item in value.values():
            yield from other_words(item, where)
    elif isinstance(value, tuple):
        for item in value:
            yield from other_words(item, where)


def _kind(where: str) -> str:
    """Where a word sits ('unit', 'dice symbol', 'continent') as the language
    spoken names that kind of thing; a die's name and an unknown section as written."""
    section, _, key = where.partition(" ")
    kinds = {
        "unit": lambda: pgettext("kind", "unit"),
        "state": lambda: pgettext("kind", "state"),
        "situation": lambda: pgettext("kind", "situation"),
        "dice": lambda: pgettext("kind", "die"),
        "continent": lambda: pgettext("kind", "continent"),
        "reward": lambda: pgettext("kind", "reward"),
        "change": lambda: pgettext("kind", "change"),
        "work": lambda: pgettext("kind", "thing to build"),
        "variant": lambda: pgettext("kind", "special rule"),
        "terrain": lambda: pgettext("kind", "terrain"),
        "deployment": lambda: pgettext("kind", "player"),
        "type": lambda: pgettext("kind", "attack type"),
        "action": lambda: pgettext("kind", "action"),
    }
    said = kinds[section]() if section in kinds else section
    return f"{said} {key}".strip()


def _listing(title: str, entries: Iterable[str]) -> list[str]:
    """A titled list of things players name, each entry wrapped under its own indent."""
    return ["", styled(title, bold=True), *(line for entry in entries for line in wrapped(entry, "  ", "      "))]


def _value_line(rules: Ruleset, value: ToldValue) -> str:
    """'a player's Strength: either side, 1 to 10, else 5 (BB-1)'."""
    side = pgettext("show.value_side", "either side") if value.side == "either" else side_word(Side(value.side))
    bounds = pgettext("show.value_bounds", "{least} to {most}").format(least=value.at_least, most=value.at_most)
    said = f"{rules.said(value.text).spoken}: {side}, {bounds}"
    if value.default is not None:
        said += pgettext("show.value_default", ", else {default}").format(default=value.default)
    return f"{said} ({value.rule})"


def report(rules: Ruleset, options: list[tuple[str, str, str]]) -> str:
    aliases = listed(rules.aliases)
    units = [
        (name, unit.title, unit.cost, unit.start, pgettext("list", ", ").join(filter(None, (unit.attack, *unit.also))))
        for name, unit in rules.units.items()
    ]
    faces = pgettext("list", ", ")
    dice = [(name, faces.join(rules.face_said(name, f) for f in d.faces), d.rule) for name, d in rules.dice.items()]
    parts = [
        styled(f"{rules.spoken_title} ({rules.name})", bold=True),
        *([pgettext("show.aliases", "also called: {aliases}").format(aliases=aliases)] if aliases else []),
        *wrapped(pgettext("show.source", "source: {source}").format(source=rules.said(rules.source).spoken), "", "  "),
        _languages_line(rules),
        *path_lines(pgettext("show.file", "file: {path}").format(path=rules.path)),
        "",
    ]
    if units:
        headers = [
            pgettext("show.header", "unit"),
            pgettext("show.header", "label"),
            pgettext("show.header", "cost"),
            pgettext("show.header", "start"),
            pgettext("show.header", "attack"),
        ]
        parts += [styled(pgettext("show.units", "Units"), bold=True), table(units, headers), ""]
    parts += [
        styled(pgettext("show.dice", "Dice"), bold=True),
        table(
            dice, [pgettext("show.header", "die"), pgettext("show.header", "faces"), pgettext("show.header", "rule")]
        ),
        "",
        styled(pgettext("show.attacks", "Attacks"), bold=True),
        *_attack_lines(rules),
    ]
    if rules.situations:
        title = pgettext("show.situations", "Situations (--when SIDE:NAME)")
        parts += _listing(title, (f"{_named(name, s)}  {s.said} ({s.rule})" for name, s in rules.situations.items()))
    if rules.values:
        title = pgettext("show.values", "Values the table states (--attacker-value NAME=N)")
        parts += _listing(title, (f"{name}  {_value_line(rules, v)}" for name, v in rules.values.items()))
    if rules.states:
        # a state a unit is not in from the start, as players type it
        example = next((f"{state} {u.word}" for u in rules.units.values() for state in u.states[1:]), "")
        said = pgettext("show.states", 'Unit states (type them before a unit: "{example}")').format(example=example)
        parts += ["", *(styled(line, bold=True) for line in wrapped(said))]
        parts += [
            f"  {name}: {', '.join(u.title for u in rules.units.values() if name in u.states)} ({s.rule})"
            for name, s in rules.states.items()
        ]
    if rules.variants:
        title = pgettext("show.variants", "Special rules (--rule NAME)")
        parts += _listing(title, (f"{name}  {v.said} ({v.rule})" for name, v in rules.variants.items()))
    if rules.landscape:
        land = rules.landscape
        rows = [(t.title, t.letter, t.count, t.rule) for t in land.terrains.values()]
        parts += [
            "",
            styled(
                pgettext("show.landscape", "Landscape (referee map): {low} to {high} tiles ({rule})").format(
                    low=land.tiles.min, high=land.tiles.max, rule=land.rule
                ),
                bold=True,
            ),
            table(
                rows,
                [
                    pgettext("show.header", "terrain"),
                    pgettext("show.header", "letter"),
                    pgettext("show.header", "in the box"),
                    pgettext("show.header", "rule"),
                ],
            ),
        ]
    words = list(other_words(rules))
    if words:
        parts += ["", styled(pgettext("show.words", "Other words it understands"), bold=True)]
        parts += [
            line for where, name, said in words for line in wrapped(f"{_kind(where)}  {name}: {said}", "  ", "      ")
        ]
    if options:
        parts += [
            "",
            styled(pgettext("show.options", "Options this ruleset names"), bold=True),
            table(
                [(f"referee {command}", option, meaning) for command, option, meaning in options],
                [
                    pgettext("show.header", "command"),
                    pgettext("show.header", "option"),
                    pgettext("show.header", "meaning"),
                ],
            ),
        ]
    parts += ["", styled(pgettext("show.rules", "Rules"), bold=True)]
    parts += [line for rule_id, text in rules.rules.items() for line in wrapped(text, f"  {rule_id:<7} ", " " * 10)]
    return "\n".join(parts)


def _named(name: str, situation: Situation) -> str:
    """How players switch a situation on: 'defender:forest', or, for one the
    distance brings, '--range 1' (it is never named)."""
    if situation.range:
        return f"{name} (--range {'/'.join(str(d) for d in situation.range)})"
    return f"{'attacker/defender' if situation.side == 'either' else situation.side}:{name}"
