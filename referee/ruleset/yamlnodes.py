"""Reading YAML into nodes with their positions, closing PyYAML's traps.

The loader never constructs Python objects: it composes the node tree (with
the C parser when present) and the grammar reads values off the nodes, so a
tag such as ``!!python/object`` is only ever an unknown tag. Anchors stay
shared nodes; the grammar counts every node it visits, so an alias bomb is
refused instead of expanded.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from referee.core.errors import RefereeError
from referee.words.inputs import read_file
from referee.words.language import pgettext

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = (
    250_000  # a ruleset needs a few kB; a 1 MB file of flow mappings took over 2 s to parse on a busy 2-core machine
)
MAX_DEPTH = 64
# block collections opened on one line: "- - - x", "? - ? x", "- a: - b"; a key
# inside a flow collection ("{1: [x], 2: [x]}") opens none, so brackets end the match
_COMPACT = re.compile(r"^[ \t]*((?:(?:[-?]|[^\s#'\"\[\]{},][^:#\n\[\]{},]*:)[ \t]+)+)", re.MULTILINE)


def _too_deep_flow(text: str) -> int | None:
    """The line (from 1) where [ and { first nest more than MAX_DEPTH deep
    outside quotes and comments, if any. The C parser recurses per level and
    crashes the process on a deep enough file, so this is checked before it
    sees the text."""
    depth, line = 0, 1
    quote = ""
    comment = False
    for char in text:
        if char == "\n":
            line += 1
        if comment:
            comment = char != "\n"
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#":
            comment = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif char in "]}":
            depth -= 1
    return None


def _too_deep_compact(text: str) -> int | None:
    """The line (from 1) that opens more than MAX_DEPTH block collections, if
    any; nesting across lines needs ever deeper indentation, so a file of
    bounded size bounds it already."""
    for match in _COMPACT.finditer(text):
        if len(re.findall(r"[-?:][ \t]", match.group(1))) > MAX_DEPTH:
            return text.count("\n", 0, match.start()) + 1
    return None


def position(source: str, node: Node) -> str:
    mark = node.start_mark
    return f"{source}:{mark.line + 1}:{mark.column + 1}"


def compose_text(text: str, source: str) -> Node:
    """The document's root node; one clear error for anything that is not YAML."""
    brackets = text.count("[") + text.count("{")  # a cheap bound first: most files have few
    line = (_too_deep_flow(text) if brackets > MAX_DEPTH else None) or _too_deep_compact(text)
    if line:
        deep = pgettext(
            "yaml.deep", "lists or mappings nested more than {most} deep; a ruleset needs only a few levels"
        )
        raise RefereeError(deep.format(most=MAX_DEPTH), where=f"{source}:{line}")
    try:
        root = yaml.compose(text, Loader=Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark else source
        invalid = pgettext("yaml.invalid", "not valid YAML: {problem}")
        raise RefereeError(invalid.format(problem=exc.problem or exc.context), where=where) from None
    except yaml.YAMLError as exc:
        raise RefereeError(
            pgettext("yaml.invalid", "not valid YAML: {problem}").format(problem=exc), where=source
        ) from None
    if root is None:
        raise RefereeError(pgettext("yaml.empty", "the file is empty"), where=source)
    return root


def compose_file(path: Path) -> tuple[Node, bytes]:
    """The root node and the exact bytes it came from (hashed into journals)."""
    source = str(path)
    data = read_file(path, pgettext("kind", "ruleset file"), MAX_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        not_utf8 = pgettext("yaml.not_utf8", "not UTF-8 text (bad byte at offset {at}); save the file as UTF-8")
        raise RefereeError(not_utf8.format(at=exc.start), where=source) from None
    return compose_text(text, source), data


__all__ = [
    "MappingNode",
    "Node",
    "ScalarNode",
    "SequenceNode",
    "compose_file",
    "compose_text",
    "position",
]
