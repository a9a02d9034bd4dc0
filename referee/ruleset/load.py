"""Finding ruleset files and loading them into a checked, frozen `Ruleset`.

The grammar checks each value; this module checks what the grammar cannot
see alone: that every cited rule, die, face, unit and situation exists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.digests import sha256_hex
from referee.errors import RefereeError, did_you_mean
from referee.ruleset.model import GRAMMAR, Ruleset
from referee.ruleset.spec import Reader
from referee.ruleset.yamlnodes import compose_file

SUFFIX = ".yaml"


def shipped_dir() -> Path:
    """Installed, the rulesets sit inside the package; in a checkout, beside it."""
    here = Path(__file__).resolve().parent.parent
    inside = here / "rulesets"
    return inside if inside.is_dir() else here.parent / "rulesets"


def shipped() -> dict[str, Path]:
    return {p.stem: p for p in sorted(shipped_dir().glob(f"*{SUFFIX}"))}


@dataclass(frozen=True)
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
            raise RefereeError(f"cannot read the rulesets folder {folder}: {exc.strerror}") from None
        for path in found:
            entries.append(Entry(path.stem, path, str(folder), hidden=path.stem in taken))
            taken.add(path.stem)
    return entries


def find(name: str, user_dirs: Sequence[Path] = ()) -> tuple[Path, list[str]]:
    """A ruleset by name (shipped, then user directories) or a file by path,
    with notes for the user about any file of the same name left unused."""
    path = Path(name)
    if path.suffix in (SUFFIX, ".yml") or "/" in name or "\\" in name:
        if not path.exists():
            raise RefereeError(f"no such ruleset file: {name}")
        return path, []
    matches = [entry for entry in catalogue(user_dirs) if entry.name.lower() == name.lower()]
    if not matches:
        raise did_you_mean("ruleset", name, sorted({e.name for e in catalogue(user_dirs)}))
    notes = [
        f"note: {e.path} is not used: its name '{name}' is taken by {matches[0].path}; rename the file or give its path"
        for e in matches[1:]
    ]
    return matches[0].path, notes


def load(name: str, user_dirs: Sequence[Path] = ()) -> Ruleset:
    return load_file(find(name, user_dirs)[0])


def load_file(path: Path) -> Ruleset:
    root, data = compose_file(path)
    reader = Reader(str(path))
    rules: Ruleset = GRAMMAR.read(root, "", reader)
    rules = dataclasses.replace(rules, path=str(path), digest=sha256_hex(data))
    _cross_check(rules, reader)
    return rules


def _cross_check(rules: Ruleset, reader: Reader) -> None:
    def fail(path: str, message: str, rule: str | None = None) -> RefereeError:
        return RefereeError(f"{path}: {message}", where=reader.places.get(path, reader.source), rule=rule)

    for path, rule_id in _cited(rules):
        if rule_id and rule_id not in rules.rules:
            raise fail(path, f"cites rule {rule_id}, which is not in 'rules'")
    for name, die in rules.dice.items():
        for face in die.aliases:
            if face not in die.faces:
                raise fail(f"dice.{name}.aliases.{face}", f"'{face}' is not a face of die '{name}'")
    for name, unit in rules.units.items():
        if unit.attack and unit.attack not in rules.attacks:
            raise did_you_mean_fail(fail, f"units.{name}.attack", "attack", unit.attack, rules.attacks)
        if not unit.attack and len(rules.attacks) > 1:
            raise fail(f"units.{name}", "needs 'attack': this ruleset has several kinds of attack")
        if rules.attacks[rules.attack_of(name)].procedure == "target-number":
            raise fail(f"units.{name}", "a target-number attack compares values ('referee hit'); units cannot make it")
    for name, attack in rules.attacks.items():
        die_name = getattr(attack, "die", None)
        if die_name is None:
            continue
        if die_name not in rules.dice:
            raise did_you_mean_fail(fail, f"attacks.{name}.die", "die", die_name, rules.dice)
        faces = rules.dice[die_name].faces
        if attack.procedure == "target-number":
            _check_target_number(f"attacks.{name}", attack, faces, fail)
            continue
        for side in ("attacker", "defender"):
            for i, face in enumerate(getattr(getattr(attack, side, None), "hits", ())):
                if face not in faces:
                    raise fail(f"attacks.{name}.{side}.hits[{i}]", f"'{face}' is not a face of die '{die_name}'")
    for name, situation in rules.situations.items():
        _check_read(rules, f"situations.{name}", situation, fail)
        for key, needed in (("requires_unit", situation.requires_unit), ("fails_without", situation.fails_without)):
            if needed and needed not in rules.units:
                raise did_you_mean_fail(fail, f"situations.{name}.{key}", "unit", needed, rules.units)
        for key, others in (("excludes", situation.excludes), ("not_on_top_of", situation.not_on_top_of)):
            for i, other in enumerate(others):
                if other not in rules.situations:
                    raise did_you_mean_fail(fail, f"situations.{name}.{key}[{i}]", "situation", other, rules.situations)
    for name, unit in rules.units.items():
        for i, state in enumerate(unit.states):
            if state not in rules.states:
                raise did_you_mean_fail(fail, f"units.{name}.states[{i}]", "state", state, rules.states)
    for name, attack in rules.attacks.items():
        if attack.procedure == "ranked-pairs":
            _check_ranked(rules, name, attack, fail)
    if rules.recruiting:
        for i, placed in enumerate(rules.recruiting.placed):
            if placed.unit not in rules.units:
                raise did_you_mean_fail(fail, f"recruiting.placed[{i}].unit", "unit", placed.unit, rules.units)
            for j, held in enumerate(placed.default_sites):
                if held not in rules.recruiting.per:
                    raise did_you_mean_fail(
                        fail, f"recruiting.placed[{i}].default_sites[{j}]", "held thing", held, rules.recruiting.per
                    )
    if rules.reinforcements:
        for source in rules.reinforcements.income.per:
            if not source.replace("-", "").isalnum():
                raise fail(f"reinforcements.income.per.{source}", "name it with letters, digits and dashes")
    _check_sections(rules, fail)
    _check_aliases(rules, fail)


def _check_sections(rules: Ruleset, fail: Any) -> None:
    """Names the map, deployment and pip-compare sections cite must exist."""
    for name, attack in rules.attacks.items():
        for i, situation in enumerate(getattr(attack, "combined_refused_by", ())):
            if situation not in rules.situations:
                raise did_you_mean_fail(
                    fail, f"attacks.{name}.combined_refused_by[{i}]", "situation", situation, rules.situations
                )
        variant = getattr(attack, "defender_fills", "")
        if variant and variant not in rules.variants:
            raise did_you_mean_fail(fail, f"attacks.{name}.defender_fills", "variant", variant, rules.variants)
    land = rules.landscape
    if land:
        if land.tiles.min > land.tiles.max:
            raise fail("landscape.tiles", "min is larger than max")
        if land.capitals and land.capitals.terrain not in land.terrains:
            raise did_you_mean_fail(fail, "landscape.capitals.terrain", "terrain", land.capitals.terrain, land.terrains)
    if rules.deployment:
        if rules.deployment.die not in rules.dice:
            raise did_you_mean_fail(fail, "deployment.die", "die", rules.deployment.die, rules.dice)
        for player in rules.deployment.aliases:
            if player not in rules.deployment.players:
                raise did_you_mean_fail(
                    fail, f"deployment.aliases.{player}", "player", player, rules.deployment.players
                )
    if rules.play:
        _check_play(rules, rules.play, fail)


def _check_play(rules: Ruleset, play: Any, fail: Any) -> None:
    """A whole game needs the map and the armies, and names terrains, variants and players that exist."""
    if rules.landscape is None or rules.deployment is None or rules.scoring is None:
        raise fail("play", "a game held on the board needs 'landscape', 'deployment' and 'scoring'")
    named = [("terrain_variant", play.terrain_variant), ("grouping_variant", play.grouping_variant)]
    named += [("capital_variant", play.capital_variant)]
    named += [("attraction.variant", play.attraction.variant)] if play.attraction else []
    for key, variant in named:
        if variant and variant not in rules.variants:
            raise did_you_mean_fail(fail, f"play.{key}", "variant", variant, rules.variants)
    if play.grouping_variant and rules.grouping is None:
        raise fail("play.grouping_variant", "merging needs a 'grouping' section")
    for terrain in play.terrain:
        if terrain not in rules.landscape.terrains:
            raise did_you_mean_fail(fail, f"play.terrain.{terrain}", "terrain", terrain, rules.landscape.terrains)
    for player in play.colours:
        if player not in rules.deployment.players:
            raise did_you_mean_fail(fail, f"play.colours.{player}", "player", player, rules.deployment.players)


def _check_ranked(rules: Ruleset, name: str, attack: Any, fail: Any) -> None:
    """Ranked pairs add numbers to faces and name units in several lists."""
    for face in rules.dice[attack.die].faces:
        if not isinstance(face, int):
            raise fail(f"attacks.{name}.die", f"ranked pairs add bonuses to faces, but '{face}' is not a number")
    named = [(f"attacks.{name}.divisions.{u}", u) for u in attack.divisions]
    named += [(f"attacks.{name}.stand_order[{i}]", u) for i, u in enumerate(attack.stand_order)]
    named += [(f"attacks.{name}.fight.supply_order[{i}]", u) for i, u in enumerate(attack.fight.supply_order)]
    for path, unit in named:
        if unit not in rules.units:
            raise did_you_mean_fail(fail, path, "unit", unit, rules.units)


def _check_read(rules: Ruleset, path: str, record: Any, fail: Any) -> None:
    """A key that only one procedure reads does nothing in a ruleset without
    that procedure: refused, so an author is not left wondering."""
    for f in dataclasses.fields(record):
        procedure = f.metadata.get("read_by")
        if procedure and getattr(record, f.name) != f.default and not rules.uses(procedure):
            raise fail(f"{path}.{f.name}", f"only {procedure} attacks read it, and this ruleset has none")


def did_you_mean_fail(fail: Any, path: str, kind: str, given: str, known: Any) -> RefereeError:
    return fail(path, did_you_mean(kind, given, list(known)).message)


def _cited(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (key path, rule ID) the model cites, wherever it sits."""
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if f.metadata["internal"]:
                continue
            sub = f"{path}.{f.name}" if path else f.name
            item = getattr(value, f.name)
            cites = f.name == "rule" or f.name.endswith("_rule") or path.endswith("cite")
            if cites and isinstance(item, str):
                yield sub, item
                continue
            if f.name != "rules":
                yield from _cited(item, sub)
    elif isinstance(value, dict) or hasattr(value, "items"):
        for key, item in value.items():
            yield from _cited(item, f"{path}.{key}")


def _check_aliases(rules: Ruleset, fail: Any) -> None:
    """Two units (or two faces of a die) answering to one word would make input ambiguous."""
    groups: list[tuple[str, dict[str, list[str]]]] = [
        ("units", {n: [n, u.label, *u.aliases] for n, u in rules.units.items()}),
        ("situations", {n: [n, *s.aliases] for n, s in rules.situations.items()}),
        ("variants", {n: [n, *v.aliases] for n, v in rules.variants.items()}),
    ]
    if rules.landscape:
        groups.append(("landscape.terrains", {n: [n, *t.aliases] for n, t in rules.landscape.terrains.items()}))
    for die_name, die in rules.dice.items():
        faces = {str(f): [str(f), *die.aliases.get(str(f), ())] for f in die.faces}
        groups.append((f"dice.{die_name}", faces))
    _unambiguous(groups, fail)


def _unambiguous(groups: list[tuple[str, dict[str, list[str]]]], fail: Any) -> None:
    for where, names in groups:
        owner: dict[str, str] = {}
        for name, said in names.items():
            for word in said:
                key = " ".join(word.lower().split())
                if key and owner.setdefault(key, name) != name:
                    raise fail(f"{where}.{name}", f"'{word}' also names '{owner[key]}'")


def _check_target_number(path: str, attack: Any, faces: tuple[Any, ...], fail: Any) -> None:
    """Numbered faces, sound bounds, and every attack type an action or a
    modifier names must exist."""
    if not all(isinstance(face, int) for face in faces):
        raise fail(f"{path}.die", f"'{attack.die}' needs numbered faces: a target number is rolled against")
    for part, bounds in (("value", attack.value), ("clamp", attack.clamp)):
        if bounds.min > bounds.max:
            raise fail(f"{path}.{part}", f"min {bounds.min} is above max {bounds.max}")
    seen: set[int] = set()
    for i, row in enumerate(attack.table):
        if row.difference in seen:
            raise fail(f"{path}.table[{i}]", f"difference {row.difference} has two rows")
        seen.add(row.difference)
    named = [(f"actions.{n}.allows", a.allows) for n, a in attack.actions.items()]
    named += [(f"modifiers.{n}.types", m.types) for n, m in attack.modifiers.items()]
    for where, types in named:
        for i, kind in enumerate(types):
            if kind not in attack.types:
                raise did_you_mean_fail(fail, f"{path}.{where}[{i}]", "attack type", kind, attack.types)
    _unambiguous(
        [
            (f"{path}.{part}", {n: [n, item.label, *item.aliases] for n, item in table.items()})
            for part, table in (("types", attack.types), ("actions", attack.actions), ("modifiers", attack.modifiers))
        ],
        fail,
    )
