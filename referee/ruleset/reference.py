"""The key reference of docs/rulesets.md, written from the grammar itself, so
the guide lists exactly the keys the loader accepts."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from referee.ruleset import templates
from referee.ruleset.model import GRAMMAR
from referee.ruleset.spec import Either, Lazy, Record, Seq, Spec, Table, Tagged, default_of, required


def _records(spec: Spec, path: str) -> Iterator[tuple[str, Record]]:
    """Every record inside a spec, with the key path where it sits."""
    if isinstance(spec, Lazy):
        yield from _records(spec.record, path)
    elif isinstance(spec, Record):
        yield path, spec
        for name, f in spec.fields.items():
            yield from _records(f.metadata["spec"], f"{path}.{name}" if path else name)
        for name, added in spec.added().items():
            yield from _records(added, f"{path}.{name}" if path else name)
    elif isinstance(spec, Table):
        yield from _records(spec.value, f"{path}.NAME")
    elif isinstance(spec, Seq):
        yield from _records(spec.item, f"{path}[]")
    elif isinstance(spec, Either):
        for option in spec.options:
            yield from _records(option, path)
    elif isinstance(spec, Tagged):
        for variant, record in spec.variants.items():
            yield from _records(record, f"{path} ({spec.tag}: {variant})")


def _default(f: dataclasses.Field[Any]) -> str:
    if required(f):
        return "required"
    value = default_of(f)
    if value is None:
        return "optional"
    if isinstance(value, dict):
        return "default `" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "`"
    return f"default `{value!r}`"


def _meaning(name: str, added: Spec) -> str:
    """What a key a stage of its own adds holds: its section's doc, or (a
    value, such as the rule its `cite` names) the stage it is for."""
    return added.doc if isinstance(added, Record | Seq) else f"for the stage `{name}`"


def markdown() -> str:
    parts = []
    seen: dict[int, Record] = {}  # each record written once; held, so no id is reused by a record made later
    for path, record in _records(GRAMMAR, ""):
        if id(record) in seen and path:
            continue
        seen[id(record)] = record
        title = path or "top level"
        rows = [
            f"| `{name}` | {_default(f)} | {f.metadata['spec'].expected()} | {f.metadata['doc']} |"
            for name, f in record.fields.items()
        ]
        rows += [  # the keys of stages in packages of their own: never required
            f"| `{name}` | optional | {added.expected()} | {_meaning(name, added)} |"
            for name, added in record.added().items()
        ]
        parts.append(
            "\n".join(
                [
                    f"### `{title}`",
                    "",
                    record.doc,
                    "",
                    "| key | | value | meaning |",
                    "|---|---|---|---|",
                    *rows,
                    "",
                ]
            )
        )
    for name in sorted(templates.names()):
        rows = [f"| `{key}` | {meaning} |" for key, meaning in templates.keys(name).items()]
        intro = (
            f"A template: {templates.says(name)}. A file that names it is read as the stages "
            "it stands for (see Templates in the guide)."
        )
        parts.append(
            "\n".join(
                [f"### `attacks.NAME (procedure: {name})`", "", intro, "", "| key | meaning |", "|---|---|", *rows, ""]
            )
        )
    return "\n".join(parts)
