"""A ruleset described for people and as JSON: units, dice, attacks, situations."""

from __future__ import annotations

import dataclasses
from typing import Any

from referee.render.text import styled, table
from referee.ruleset.model import Ruleset


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return {
            f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if not f.metadata.get("internal")
        }
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def document(rules: Ruleset) -> dict[str, Any]:
    return {"path": rules.path, "digest": rules.digest, **_plain(rules)}


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(
            f"{k.replace('_', ' ')} {_flat(v)}" for k, v in value.items() if v not in ("", 0, [], {}, None, False)
        )
    if isinstance(value, list):
        return "/".join(
            f"({', '.join(f'{k} {v}' for k, v in item.items())})" if isinstance(item, dict) else str(item)
            for item in value
        )
    return str(value)


def _attack_lines(rules: Ruleset) -> list[str]:
    """Every parameter the file sets, whatever the procedure, so `show` needs no
    code per procedure."""
    lines = []
    for name, attack in rules.attacks.items():
        lines.append(f"  {name}: {attack.label} ({attack.procedure}, {attack.rule})")
        params = _plain(attack)
        for key in ("procedure", "label", "rule", "cite"):
            params.pop(key, None)
        for key, value in params.items():
            if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
                lines.append(f"    {key.replace('_', ' ')}:")
                lines += [f"      {name}: {_flat(item)}" for name, item in value.items()]
            else:
                lines.append(f"    {key.replace('_', ' ')}: {_flat(value) or 'none'}")
    return lines


def report(rules: Ruleset, options: list[tuple[str, str, str]]) -> str:
    units = [
        (name, unit.label or "", ", ".join(unit.aliases), unit.cost, unit.start, unit.attack)
        for name, unit in rules.units.items()
    ]
    dice = [(name, ", ".join(map(str, d.faces)), d.rule) for name, d in rules.dice.items()]
    parts = [
        styled(f"{rules.title} ({rules.name})", bold=True),
        f"source: {rules.source}",
        f"file: {rules.path}",
        "",
    ]
    if units:
        parts += [styled("Units", bold=True), table(units, ["unit", "label", "aliases", "cost", "start", "attack"]), ""]
    parts += [
        styled("Dice", bold=True),
        table(dice, ["die", "faces", "rule"]),
        "",
        styled("Attacks", bold=True),
        *_attack_lines(rules),
    ]
    if rules.situations:
        parts += ["", styled("Situations (--when SIDE:NAME)", bold=True)]
        parts += [
            f"  {'attacker/defender' if s.side == 'either' else s.side}:{name}  {s.text} ({s.rule})"
            for name, s in rules.situations.items()
        ]
    if rules.states:
        parts += ["", styled('Unit states (type them before a unit: "damaged armour")', bold=True)]
        parts += [
            f"  {name}: {', '.join(u.title for u in rules.units.values() if name in u.states)} ({s.rule})"
            for name, s in rules.states.items()
        ]
    if rules.variants:
        parts += ["", styled("Special rules (--rule NAME)", bold=True)]
        parts += [f"  {name}  {v.text} ({v.rule})" for name, v in rules.variants.items()]
    if rules.landscape:
        land = rules.landscape
        rows = [(name, t.letter, t.count, ", ".join(t.aliases), t.rule) for name, t in land.terrains.items()]
        parts += [
            "",
            styled(f"Landscape (referee map): {land.tiles.min} to {land.tiles.max} tiles ({land.rule})", bold=True),
            table(rows, ["terrain", "letter", "in the box", "aliases", "rule"]),
        ]
    if options:
        parts += [
            "",
            styled("Options this ruleset names", bold=True),
            table(
                [(f"referee {command}", option, meaning) for command, option, meaning in options],
                ["command", "option", "meaning"],
            ),
        ]
    parts += ["", styled("Rules", bold=True)]
    parts += [f"  {rule_id:<7} {text}" for rule_id, text in rules.rules.items()]
    return "\n".join(parts)
