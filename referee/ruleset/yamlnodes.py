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
# block collections opened on one line: "- - - x", "? - ? x", "- a: - b"
_COMPACT = re.compile(r"^[ \t]*((?:(?:[-?]|[^\s#'\"][^:#\n]*:)[ \t]+)+)", re.MULTILINE)


def _flow_depth(text: str) -> int:
    """How deeply [ and { nest outside quotes and comments. The C parser
    recurses per level and crashes the process on a deep enough file, so this
    is checked before it sees the text."""
    depth = deepest = 0
    quote = ""
    comment = False
    for char in text:
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
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _compact_depth(text: str) -> int:
    """The most block collections one line opens; nesting across lines needs
    ever deeper indentation, so a file of bounded size bounds it already."""
    return max((len(re.findall(r"[-?:][ \t]", m.group(1))) for m in _COMPACT.finditer(text)), default=0)


def position(source: str, node: Node) -> str:
    mark = node.start_mark
    return f"{source}:{mark.line + 1}:{mark.column + 1}"


def compose_text(text: str, source: str) -> Node:
    """The document's root node; one clear error for anything that is not YAML."""
    brackets = text.count("[") + text.count("{")  # a cheap bound first: most files have few
    if (brackets > MAX_DEPTH and _flow_depth(text) > MAX_DEPTH) or _compact_depth(text) > MAX_DEPTH:
        deep = pgettext(
            "yaml.deep", "lists or mappings nested more than {most} deep; a ruleset needs only a few levels"
        )
        raise RefereeError(deep.format(most=MAX_DEPTH), where=source)
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
