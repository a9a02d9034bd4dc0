"""Finding ruleset files and loading them into a checked, frozen `Ruleset`.

The grammar checks each value; this module checks what the grammar cannot
see alone: that every cited rule, die, face, unit and situation exists.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def find(name: str) -> Path:
    """A shipped ruleset by name, or a file by path."""
    known = shipped()
    if name in known:
        return known[name]
    path = Path(name)
    if path.suffix in (SUFFIX, ".yml") or path.exists():
        if not path.exists():
            raise RefereeError(f"no such ruleset file: {name}")
        return path
    raise did_you_mean("ruleset", name, list(known))


def load(name: str) -> Ruleset:
    return load_file(find(name))


def load_file(path: Path) -> Ruleset:
    root, data = compose_file(path)
    reader = Reader(str(path))
    rules: Ruleset = GRAMMAR.read(root, "", reader)
    rules = dataclasses.replace(rules, path=str(path), digest=hashlib.sha256(data).hexdigest())
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
    for name, attack in rules.attacks.items():
        die_name = getattr(attack, "die", None)
        if die_name is None:
            continue
        if die_name not in rules.dice:
            raise did_you_mean_fail(fail, f"attacks.{name}.die", "die", die_name, rules.dice)
        faces = rules.dice[die_name].faces
        for side in ("attacker", "defender"):
            for i, face in enumerate(getattr(getattr(attack, side), "hits", ())):
                if face not in faces:
                    raise fail(f"attacks.{name}.{side}.hits[{i}]", f"'{face}' is not a face of die '{die_name}'")
    for name, situation in rules.situations.items():
        if situation.requires_unit and situation.requires_unit not in rules.units:
            raise did_you_mean_fail(
                fail, f"situations.{name}.requires_unit", "unit", situation.requires_unit, rules.units
            )
        for i, other in enumerate(situation.excludes):
            if other not in rules.situations:
                raise did_you_mean_fail(fail, f"situations.{name}.excludes[{i}]", "situation", other, rules.situations)
    for name, unit in rules.units.items():
        for i, state in enumerate(unit.states):
            if state not in rules.states:
                raise did_you_mean_fail(fail, f"units.{name}.states[{i}]", "state", state, rules.states)
    for name, situation in rules.situations.items():
        if situation.fails_without and situation.fails_without not in rules.units:
            raise did_you_mean_fail(fail, f"situations.{name}.fails_without", "unit",
                                    situation.fails_without, rules.units)
        for i, other in enumerate(situation.not_on_top_of):
            if other not in rules.situations:
                raise did_you_mean_fail(fail, f"situations.{name}.not_on_top_of[{i}]", "situation", other,
                                        rules.situations)
    for name, attack in rules.attacks.items():
        if attack.procedure == "ranked-pairs":
            _check_ranked(rules, name, attack, fail)
    if rules.recruiting:
        for i, placed in enumerate(rules.recruiting.placed):
            if placed.unit not in rules.units:
                raise did_you_mean_fail(fail, f"recruiting.placed[{i}].unit", "unit", placed.unit, rules.units)
            for j, held in enumerate(placed.default_sites):
                if held not in rules.recruiting.per:
                    raise did_you_mean_fail(fail, f"recruiting.placed[{i}].default_sites[{j}]", "held thing",
                                            held, rules.recruiting.per)
    if rules.reinforcements:
        for source in rules.reinforcements.income.per:
            if not source.replace("-", "").isalnum():
                raise fail(f"reinforcements.income.per.{source}", "name it with letters, digits and dashes")
    _check_aliases(rules, fail)


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
            if f.name == "rule" or f.name.endswith("_rule") or path.endswith("cite"):
                if isinstance(item, str):
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
    ]
    for die_name, die in rules.dice.items():
        words = {str(f): [str(f)] for f in die.faces}
        for face, aliases in die.aliases.items():
            words[str(face)].extend(aliases)
        groups.append((f"dice.{die_name}", words))
    for where, names in groups:
        owner: dict[str, str] = {}
        for name, words in names.items():
            for word in words:
                key = " ".join(word.lower().split())
                if key and owner.setdefault(key, name) != name:
                    raise fail(f"{where}.{name}", f"'{word}' also names '{owner[key]}'")
