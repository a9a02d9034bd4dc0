"""Finding a ruleset by what players call it when no file has that name: the
`name:` key inside the file (a copy saved under another file name), its
title, or its `aliases` ("classic risk", "前線風雲"). Only the top-level
`name:`, `title:` and `aliases:` lines of a file's head are read, and only
when the file name did not answer, so a folder of large files is searched in
a blink instead of loading every file."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from referee.core.errors import RefereeError
from referee.ruleset.yamlnodes import MappingNode, Node, ScalarNode, SequenceNode, compose_text
from referee.words.inputs import compared, read_head
from referee.words.language import pgettext

HEAD_BYTES = 64 * 1024  # names are read from this much of a file's start (shipped ones put them in the first lines)
_NAMING = r"(name|title|aliases)[ \t]*:"  # compiled (and kept) by `re` when a catalogue is read, not at every start


class Found(Protocol):
    """A catalogue entry: a ruleset file and whether a same-named one hides it."""

    @property
    def path(self) -> Path: ...

    @property
    def hidden(self) -> bool: ...


E = TypeVar("E", bound=Found)


def naming_lines(text: str) -> str:
    """The top-level `name:`, `title:` and `aliases:` keys of a file's text
    with their indented (or `- ` item) continuation lines; nothing else."""
    kept = []
    taking = False
    for line in text.splitlines(keepends=True):
        top = line[:1] not in ("", " ", "\t", "#", "\n", "\r") and not line.startswith(("- ", "-\n"))
        if top:
            taking = re.match(_NAMING, line) is not None
        if taking:
            kept.append(line)
    return "".join(kept)


def declared(path: Path) -> tuple[str, ...]:
    """The names a file gives itself in its first HEAD_BYTES; a file that
    cannot be read gives none (it is reported when loaded by its own name)."""
    try:
        head = read_head(path, pgettext("kind", "ruleset file"), HEAD_BYTES)
        if len(head) == HEAD_BYTES:
            head = head[: head.rfind(b"\n") + 1]  # a cut line could be a cut name
        root = compose_text(naming_lines(head.decode("utf-8")), str(path))
    except (RefereeError, UnicodeDecodeError):
        return ()
    if not isinstance(root, MappingNode):
        return ()
    return tuple(
        word
        for key, value in root.value
        for word in _words(value)
        if isinstance(key, ScalarNode) and key.value in ("name", "title", "aliases")
    )


def _words(node: Node) -> list[str]:
    items = node.value if isinstance(node, SequenceNode) else [node]
    return [item.value for item in items if isinstance(item, ScalarNode)]


def by_declared_name(name: str, entries: Sequence[E]) -> list[E]:
    """The entries whose file declares `name`; refused when several do."""
    wanted = compared(name)
    hits = [e for e in entries if not e.hidden and wanted in {compared(w) for w in declared(e.path)}]
    if len(hits) > 1:
        files = pgettext("list", ", ").join(str(e.path) for e in hits)
        several = pgettext(
            "rulesets.several", "'{name}' names several rulesets ({files}); give the file's name or path"
        )
        raise RefereeError(several.format(name=name, files=files))
    return hits


def every_name(entries: Sequence[Found]) -> list[str]:
    """Every name a ruleset answers to, for a suggestion."""
    return sorted({*(e.path.stem for e in entries), *(w for e in entries for w in declared(e.path))})
