"""Finding ruleset files and loading them into a checked, frozen `Ruleset`.

The grammar checks each value; this module checks what the grammar cannot
see alone: that every cited rule, die, face, unit and situation exists.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.core.digests import sha256_hex
from referee.core.errors import RefereeError, did_you_mean, setting
from referee.core.records import record
from referee.ruleset import registry, translated
from referee.ruleset.crosscheck import Fail, names_exist, unambiguous, unknown
from referee.ruleset.lookup import by_declared_name, every_name
from referee.ruleset.model import GRAMMAR, Ruleset, Situation
from referee.ruleset.spec import Reader, written
from referee.ruleset.yamlnodes import MAX_BYTES, compose_file
from referee.words.inputs import kind_of, path_text, read_file, shown
from referee.words.language import pgettext
from referee.words.names import said_in

if TYPE_CHECKING:
    from referee.ruleset.recruits import Recruiting
    from referee.ruleset.texts import Translation

SUFFIX = ".yaml"


def shipped_dir() -> Path:
    """Installed, the rulesets sit inside the package; in a checkout, beside it."""
    here = Path(__file__).resolve().parent.parent
    inside = here / "rulesets"
    return inside if inside.is_dir() else here.parent / "rulesets"


def shipped() -> dict[str, Path]:
    return dict(_shipped())


@functools.cache  # the files that come with the referee do not change while it runs (a table's evening)
def _shipped() -> tuple[tuple[str, Path], ...]:
    return tuple((p.stem, p) for p in sorted(shipped_dir().glob(f"*{SUFFIX}")))


@record
class Entry:
    """A ruleset file found by name: where it came from, and whether a
    shipped ruleset of the same name hides it."""

    name: str
    path: Path
    origin: str
    hidden: bool = False


def catalogue(user_dirs: Sequence[Path] = ()) -> list[Entry]:
    """Shipped rulesets first, then each user directory's; a user file never
    silently replaces a shipped one or an earlier one."""
    entries = [Entry(name, path, "shipped") for name, path in shipped().items()]
    taken = {entry.name for entry in entries}
    for folder in user_dirs:
        try:
            found = sorted(Path(folder).glob(f"*{SUFFIX}"))
        except OSError as exc:
            unreadable = pgettext("rulesets.folder", "cannot read the rulesets folder {folder}: {reason}")
            raise RefereeError(unreadable.format(folder=folder, reason=exc.strerror)) from None
        for path in found:
            entries.append(Entry(path.stem, path, str(folder), hidden=path.stem in taken))
            taken.add(path.stem)
    return entries


def find(name: str, user_dirs: Sequence[Path] = ()) -> tuple[Path, list[str]]:
    """A ruleset by file name (shipped, then user directories), else by the
    `name:` inside a file, or a file by path, with notes for the user about any file of the same name left unused."""
    path = Path(name)
    if path.suffix in (SUFFIX, ".yml") or "/" in name or "\\" in name:
        if kind_of(path_text(path, pgettext("kind", "ruleset file"))) is None:
            raise RefereeError(pgettext("rulesets.no_file", "no such ruleset file: {name}").format(name=shown(name)))
        return path, []
    entries = catalogue(user_dirs)
    matches = [entry for entry in entries if entry.name.lower() == name.lower()]
    if not matches:
        matches = by_declared_name(name, entries)
    if not matches:
        files = sorted({entry.name for entry in entries})
        more = pgettext("rulesets.more", " ('referee show NAME' lists the other names each answers to)")
        raise did_you_mean(pgettext("kind", "ruleset"), name, every_name(entries), files, more)
    notes = [
        f"note: {e.path} is not used: its name '{name}' is taken by {matches[0].path}; rename the file or give its path"
        for e in matches[1:]
    ]
    return matches[0].path, notes


def load(name: str, user_dirs: Sequence[Path] = ()) -> Ruleset:
    return load_file(find(name, user_dirs)[0])


_kept: dict[tuple[str, str], Ruleset] | None = None  # while `kept()` holds: each file read, by path and digest


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """While many commands run in one process (the table prompt), a ruleset
    file is read once and again only when its bytes change: each ruling then
    answers in milliseconds, not in the time YAML takes to read the file."""
    global _kept
    _kept = {}
    try:
        yield
    finally:
        _kept = None


def load_file(path: Path) -> Ruleset:
    if _kept is None:
        return _loaded(path)
    key = (str(path), sha256_hex(read_file(path, pgettext("kind", "ruleset file"), MAX_BYTES)))
    if key not in _kept:
        rules = _loaded(path)
        if rules.digest != key[1]:  # changed while it was read: keep nothing
            return rules
        _kept[key] = rules
    return _kept[key]


def _loaded(path: Path) -> Ruleset:
    root, data = compose_file(path)
    reader = Reader(str(path))
    rules: Ruleset = GRAMMAR.read(root, "", reader)
    rules = dataclasses.replace(rules, path=str(path), digest=sha256_hex(data))
    _check(rules, reader)
    return translated.attach(rules)


def _check(rules: Ruleset, reader: Reader) -> None:
    """Every cross-check, the general ones here and each attack's its procedure's."""

    def fail(path: str, message: str, rule: str | None = None) -> RefereeError:
        return RefereeError(f"{path}: {message}", where=reader.place(path), rule=rule)

    checks = (
        _check_cited,
        _check_dice,
        _check_units,
        _check_attacks,
        _check_reachable,
        _check_situations,
        _check_economy,
    )
    _check_values(rules, reader.named, fail)
    for check in checks:
        check(rules, fail)
    _check_sections(rules, fail)
    _check_aliases(rules, fail)
    translated.check(rules, fail)


def _check_cited(rules: Ruleset, fail: Fail) -> None:
    for path, rule_id in _cited(rules):
        if rule_id and rule_id not in rules.rules:
            raise fail(path, pgettext("file.cites", "cites rule {rule}, which is not in 'rules'").format(rule=rule_id))


def _check_dice(rules: Ruleset, fail: Fail) -> None:
    for name, die in rules.dice.items():
        for face in die.aliases:
            if face not in map(str, die.faces):
                not_a_face = pgettext("file.not_a_face", "'{face}' is not a face of die '{die}'").format(
                    face=face, die=name
                )
                raise fail(f"dice.{name}.aliases.{face}", not_a_face)


def _check_units(rules: Ruleset, fail: Fail) -> None:
    for name, unit in rules.units.items():
        if unit.attack and unit.attack not in rules.attacks:
            raise unknown(fail, f"units.{name}.attack", pgettext("kind", "attack"), unit.attack, rules.attacks)
        if unit.defends_only and (unit.attack or unit.also):
            only = pgettext(
                "file.defends_only", "a unit that only defends names no attack: leave out 'attack' and 'also'"
            )
            raise fail(f"units.{name}.defends_only", only)
        if not unit.attack and not unit.defends_only and len(rules.attacks) > 1:
            raise fail(
                f"units.{name}",
                pgettext(
                    "file.needs_attack",
                    "needs 'attack': this ruleset has several kinds of attack ({attacks}); "
                    "'defends_only: true' for a unit that makes none",
                ).format(attacks=pgettext("list", ", ").join(rules.attacks)),
            )
        others = [(f"units.{name}.also[{i}]", other) for i, other in enumerate(unit.also)]
        names_exist(fail, pgettext("kind", "attack"), others, rules.attacks)
        for attack_name in rules.attacks_of(name):
            refused = rules.attacks[attack_name].units_refused
            if refused:
                raise fail(f"units.{name}", refused)
        names_exist(
            fail,
            pgettext("kind", "state"),
            ((f"units.{name}.states[{i}]", s) for i, s in enumerate(unit.states)),
            rules.states,
        )
        unread_by = [a for a in rules.attacks_of(name) if not registry.reads_states(rules.attacks[a])]
        if unit.states and unread_by:
            attack = rules.attacks[unread_by[0]]
            unread = pgettext(
                "file.states_unread",
                "only {procedures} attacks read states, and its attack '{attack}' is {procedure}: "
                "give each worn state a unit of its own",
            )
            raise fail(
                f"units.{name}.states",
                unread.format(
                    procedures=pgettext("list", " or ").join(registry.reading_states()),
                    attack=unread_by[0],
                    procedure=attack.procedure,
                ),
            )


def _check_values(rules: Ruleset, named: Sequence[tuple[str, str]], fail: Fail) -> None:
    """Each value a stage names (`named`: by its key path) is one of the
    file's `values`, each bounded the right way round."""
    for name, value in rules.values.items():
        if value.at_least > value.at_most:
            bounds = pgettext("file.value_bounds", "at_least {least} is more than at_most {most}")
            raise fail(f"values.{name}.at_least", bounds.format(least=value.at_least, most=value.at_most))
        if value.default is not None and not value.at_least <= value.default <= value.at_most:
            outside = pgettext("file.value_default", "default {default} is outside {least} to {most}")
            raise fail(
                f"values.{name}.default",
                outside.format(default=value.default, least=value.at_least, most=value.at_most),
            )
    if named and not rules.values:
        path, name = named[0]
        untold = pgettext(
            "file.value_undeclared",
            "'{name}' is not a whole number; a number the table states is declared under 'values'",
        )
        raise fail(path, untold.format(name=name))
    names_exist(fail, pgettext("kind", "value"), named, rules.values)
    for path, told in named:  # a hit check is told by numbers of its own, never by stated values
        attack = rules.attacks.get(path.split(".")[1]) if path.startswith("attacks.") else None
        if getattr(attack, "door", None):
            own = pgettext(
                "file.value_door",
                "'{name}': this attack is told by its own numbers (a hit check's {attacker} and {target}), "
                "not by values the table states: write the number",
            )
            raise fail(path, own.format(name=told, attacker=setting("attacker"), target=setting("target")))


def _check_attacks(rules: Ruleset, fail: Fail) -> None:
    """The die an attack rolls exists, where it names one for both sides; the
    rest (a die per side) its procedure checks."""
    for name, attack in rules.attacks.items():
        die = getattr(attack, "die", None)  # an attack may name a die per side instead
        if die is not None and die not in rules.dice:
            raise unknown(fail, f"attacks.{name}.die", pgettext("kind", "die"), die, rules.dice)
        attack.cross_check(rules, f"attacks.{name}", fail)


def _check_reachable(rules: Ruleset, fail: Fail) -> None:
    """An attack no unit can make (a hit check, told by values) is reached
    only as the file's first: every command reads the file's words as its
    first attack's procedure does and, told no units, rules that attack.
    So one such attack stands alone in its file: first, it leaves every
    other attack beyond reach; after an attack of units, it is itself."""
    first, *others = rules.attacks
    alone = [name for name, attack in rules.attacks.items() if attack.units_refused]
    if not others or not alone:
        return
    if alone[0] == first:
        beside = pgettext(
            "file.unreachable_beside",
            "no unit makes this attack, so every command rules it and none could rule {attacks}: "
            "give them a file of their own",
        )
        raise fail(
            f"attacks.{first}", beside.format(attacks=pgettext("list", ", ").join(f"'{name}'" for name in others))
        )
    after = pgettext(
        "file.unreachable_after",
        "no unit makes this attack, and a command rules one only as its file's first attack ('{first}' here): "
        "give it a file of its own",
    )
    raise fail(f"attacks.{alone[0]}", after.format(first=first))


def _check_situations(rules: Ruleset, fail: Fail) -> None:
    for name, situation in rules.situations.items():
        _check_effects(rules, f"situations.{name}", situation, fail)
        key, listed = f"situations.{name}.requires_unit", not isinstance(situation.requires_unit, str)
        needed = [(f"{key}[{i}]" if listed else key, u) for i, u in enumerate(situation.required_units())]
        if situation.fails_without:
            needed.append((f"situations.{name}.fails_without", situation.fails_without))
        names_exist(fail, pgettext("kind", "unit"), needed, rules.units)
        for key in ("excludes", "not_on_top_of"):
            named = ((f"situations.{name}.{key}[{i}]", o) for i, o in enumerate(getattr(situation, key)))
            names_exist(fail, pgettext("kind", "situation"), named, rules.situations)


def _check_effects(rules: Ruleset, path: str, record: Situation, fail: Fail) -> None:
    """An effect no attack of this ruleset reads would do nothing: refused, so
    an author is not left wondering."""
    read = {key for attack in rules.attacks.values() for key in attack.reads_situation}
    for f in dataclasses.fields(record):
        if f.metadata.get("effect") and getattr(record, f.name) != f.default and f.name not in read:
            readers = [n for n in registry.procedures() if f.name in registry.grammar(n).reads_situation]
            raise fail(
                f"{path}.{f.name}",
                pgettext("file.effect_unread", "only {procedures} attacks read it, and this ruleset has none").format(
                    procedures=pgettext("list", " or ").join(readers)
                ),
            )


def _check_economy(rules: Ruleset, fail: Fail) -> None:
    if rules.recruiting:
        for i, placed in enumerate(rules.recruiting.placed):
            names_exist(fail, pgettext("kind", "unit"), [(f"recruiting.placed[{i}].unit", placed.unit)], rules.units)
            held = ((f"recruiting.placed[{i}].default_sites[{j}]", h) for j, h in enumerate(placed.default_sites))
            names_exist(fail, pgettext("kind", "held thing"), held, rules.recruiting.per)
    if rules.reinforcements:
        _check_reinforcements(rules, fail)
    if rules.recruiting:
        _check_changes(rules, rules.recruiting, fail)


def _check_reinforcements(rules: Ruleset, fail: Fail) -> None:
    """Income options are flags; limits name units and bound a count; places cite their rule."""
    terms = rules.reinforcements
    assert terms is not None
    for source in terms.income.per:
        if not source.replace("-", "").isalnum():
            raise fail(
                f"reinforcements.income.per.{source}",
                pgettext("file.source_name", "name it with letters, digits and dashes"),
            )
    if terms.places is not None and not terms.places_rule:
        raise fail(
            "reinforcements",
            pgettext("file.places_rule", "needs 'places_rule' with 'places': the rule for where new units go"),
        )
    for unit, limit in terms.limits.items():
        if unit not in rules.units:
            raise unknown(fail, f"reinforcements.limits.{unit}", pgettext("kind", "unit"), unit, rules.units)
        if limit.min > limit.max:
            raise fail(
                f"reinforcements.limits.{unit}",
                pgettext("file.min_max", "min {min} is above max {max}").format(min=limit.min, max=limit.max),
            )


def _check_changes(rules: Ruleset, recruiting: Recruiting, fail: Fail) -> None:
    """A change names units, and one done on a site needs the site said."""
    for name, change in recruiting.changes.items():
        for part in ("takes", "gives"):
            for unit in getattr(change, part):
                if unit not in rules.units:
                    raise unknown(
                        fail, f"recruiting.changes.{name}.{part}.{unit}", pgettext("kind", "unit"), unit, rules.units
                    )
        if change.on_site and not recruiting.site:
            raise fail(
                f"recruiting.changes.{name}",
                pgettext("file.on_site", "is on_site, but recruiting has no 'site' saying what that is"),
            )


def _check_sections(rules: Ruleset, fail: Fail) -> None:
    """Names the map and deployment sections cite must exist."""
    land = rules.landscape
    if land:
        if land.tiles.min > land.tiles.max:
            raise fail("landscape.tiles", pgettext("file.min_larger", "min is larger than max"))
        if land.capitals and land.capitals.terrain not in land.terrains:
            raise unknown(
                fail, "landscape.capitals.terrain", pgettext("kind", "terrain"), land.capitals.terrain, land.terrains
            )
    if rules.deployment:
        if rules.deployment.die not in rules.dice:
            raise unknown(fail, "deployment.die", pgettext("kind", "die"), rules.deployment.die, rules.dice)
        players = ((f"deployment.aliases.{p}", p) for p in rules.deployment.aliases)
        names_exist(fail, pgettext("kind", "player"), players, rules.deployment.players)
    if rules.play:
        _check_play(rules, rules.play, fail)


def _check_play(rules: Ruleset, play: Any, fail: Fail) -> None:
    """A whole game needs the map and the armies, and names terrains, variants and players that exist."""
    if rules.landscape is None or rules.deployment is None or rules.scoring is None:
        raise fail(
            "play",
            pgettext("file.board_game", "a game held on the board needs 'landscape', 'deployment' and 'scoring'"),
        )
    named = [("terrain_variant", play.terrain_variant), ("grouping_variant", play.grouping_variant)]
    named += [("capital_variant", play.capital_variant)]
    named += [("attraction.variant", play.attraction.variant)] if play.attraction else []
    for key, variant in named:
        if variant and variant not in rules.variants:
            raise unknown(fail, f"play.{key}", pgettext("kind", "variant"), variant, rules.variants)
    if play.grouping_variant and rules.grouping is None:
        raise fail("play.grouping_variant", pgettext("file.grouping", "merging needs a 'grouping' section"))
    for terrain in play.terrain:
        if terrain not in rules.landscape.terrains:
            raise unknown(
                fail, f"play.terrain.{terrain}", pgettext("kind", "terrain"), terrain, rules.landscape.terrains
            )


def _cited(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (key path, rule ID) the model cites, wherever it sits: in a
    record's keys (those of stages added to it too), tables and lists."""
    if dataclasses.is_dataclass(value):
        for name, item in written(value):
            sub = f"{path}.{name}" if path else name
            cites = name == "rule" or name.endswith("_rule") or path.endswith("cite")
            if cites and isinstance(item, str):
                yield sub, item
                continue
            if name != "rules":
                yield from _cited(item, sub)
    elif isinstance(value, dict) or hasattr(value, "items"):
        for key, item in value.items():
            yield from _cited(item, f"{path}.{key}")
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _cited(item, f"{path}[{i}]")


def _check_aliases(rules: Ruleset, fail: Fail) -> None:
    """Two things of one kind answering to one word would make input ambiguous:
    by the words the file writes, and in each language it translates, by those
    and what the referee prints there (a word printed is typed back)."""
    groups = _named(rules)
    unambiguous([(where, own) for where, own, _ in groups], fail)
    for lang, t in rules.translations.items():
        printed = [
            (
                f"translations.{lang}.{where}",
                {n: [*w, *said_in(rules, lang, w), *table(t).get(n, ())] for n, w in own.items()},
            )
            for where, own, table in groups
        ]
        unambiguous(printed, fail)


Words = dict[str, list[str]]
Printed = Callable[["Translation"], Mapping[str, Sequence[str]]]


def _nothing(t: Translation) -> Mapping[str, Sequence[str]]:
    """The kinds a translation words in its `words:` table alone."""
    return {}


def _faces_in(die: str) -> Printed:
    return lambda t: {face: [word] for face, word in t.faces.get(die, {}).items()}


def _named(rules: Ruleset) -> list[tuple[str, Words, Printed]]:
    """Each kind of thing players name: where it sits, each thing's own words,
    and its words in a translation's own table (a unit's label, a face's word)."""
    groups: list[tuple[str, Words, Printed]] = [
        (
            "units",
            {n: [n, u.label, u.plural, *u.aliases] for n, u in rules.units.items()},
            lambda t: {n: [w.label, w.plural] for n, w in t.units.items()},
        ),
        ("situations", {n: [n, *s.aliases] for n, s in rules.situations.items()}, _nothing),
        ("values", {n: [n, *v.aliases] for n, v in rules.values.items()}, _nothing),
        ("states", {n: [n, *s.aliases] for n, s in rules.states.items()}, _nothing),
        ("variants", {n: [n, *v.aliases] for n, v in rules.variants.items()}, _nothing),
        ("dice", {n: [n] for n in rules.dice}, _nothing),
    ]
    if rules.landscape:
        terrains = {n: [n, *t.aliases] for n, t in rules.landscape.terrains.items()}
        groups.append(("landscape.terrains", terrains, lambda t: {n: [w] for n, w in t.terrain.items()}))
    for die_name, die in rules.dice.items():
        faces = {str(f): [str(f), *die.aliases.get(str(f), ())] for f in die.faces}
        groups.append((f"dice.{die_name}", faces, _faces_in(die_name)))
    if rules.deployment:
        setup = rules.deployment
        groups.append(("deployment.players", {p: [p, *setup.aliases.get(p, ())] for p in setup.players}, _nothing))
    terms = rules.recruiting
    if terms:
        for part, table in (("continents", terms.continents), ("rewards", terms.rewards), ("changes", terms.changes)):
            groups.append((f"recruiting.{part}", {n: [n, *b.aliases] for n, b in table.items()}, _nothing))
    if rules.building:
        works = {n: [n, w.label, *w.aliases] for n, w in rules.building.works.items()}
        groups.append(("building.works", works, _nothing))
    return groups
