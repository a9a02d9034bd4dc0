"""A small grammar for ruleset files: it reads YAML nodes into frozen
dataclasses and writes the JSON Schema of the same file, so the loader and
the schema can never disagree.

A dataclass becomes a record by giving each field a spec with `field()`.
Records are `@dataclass(frozen=True, kw_only=True, eq=False)`: never compared,
so no __eq__ is generated (each generated method costs start-up time).
Field names are the file's keys. Every error names file:line:column and the
key path, and says what was expected.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from referee.core.errors import RefereeError, did_you_mean
from referee.ruleset.yamlnodes import MappingNode, Node, ScalarNode, SequenceNode, position
from referee.words.inputs import MAX_DIGITS, TABLE_NUMBER
from referee.words.language import Grouped, pgettext

MAX_NODES = 100_000

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_BOOL = "tag:yaml.org,2002:bool"
_PLAIN_TAGS = (_BOOL, _INT, "tag:yaml.org,2002:float", "tag:yaml.org,2002:null")
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)$")
_KNOWN_TAGS = {*_PLAIN_TAGS, _STR, "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}


def _plain(node: Node) -> bool:
    """An unquoted scalar (the C parser says '' where the Python one says None)."""
    return isinstance(node, ScalarNode) and not node.style


class Reader:
    """What one file read needs: its name, where each key path was, and a node budget."""

    def __init__(self, source: str):
        self.source = source
        self.places: dict[str, Node] = {}  # each key path's node, whose place an error says (`place`)
        self.named: list[tuple[str, str]] = []  # each key path that names a value the table states, and it
        self.visited = 0

    def where(self, node: Node) -> str:
        return position(self.source, node)

    def place(self, path: str) -> str:
        """Where a key path was, as an error says it: 'file:line:column', else the file."""
        node = self.places.get(path)
        return self.source if node is None else self.where(node)

    def fail(self, node: Node, path: str, message: str) -> RefereeError:
        return RefereeError(f"{path}: {message}" if path else message, where=self.where(node))

    def unexpected(self, node: Node, path: str, wanted: str, found: str) -> Unexpected:
        """'expected a list, got text': a value of another shape than the spec reads."""
        said = pgettext("file.expected", "expected {wanted}, got {found}").format(wanted=wanted, found=found)
        return Unexpected(f"{path}: {said}" if path else said, where=self.where(node))

    def visit(self, node: Node, path: str) -> None:
        self.visited += 1
        if self.visited > MAX_NODES:
            bomb = pgettext(
                "file.too_many_values", "more than {most:,} values (an alias bomb?); a ruleset is far smaller"
            )
            raise RefereeError(bomb.format(most=Grouped(MAX_NODES)), where=self.where(node))
        self.places.setdefault(path, node)
        if node.tag not in _KNOWN_TAGS:
            tag = pgettext(
                "file.tag",
                "unsupported YAML tag {tag}: a ruleset holds only text, numbers, true/false, lists and mappings",
            )
            raise self.fail(node, path, tag.format(tag=node.tag))


class Unexpected(RefereeError):
    """A value of another shape than a spec reads, which `Either` answers by trying its next option."""


def _kind(node: Node) -> str:
    """What a node holds, as an error says it ('a list', 'a number')."""
    if isinstance(node, MappingNode):
        return pgettext("file.kind", "a mapping")
    if isinstance(node, SequenceNode):
        return pgettext("file.kind", "a list")
    if _plain(node) and node.tag in _PLAIN_TAGS:
        return _plain_kind(node.tag)
    return pgettext("file.kind", "text")


def _plain_kind(tag: str) -> str:
    """What YAML reads an unquoted value as: 'a number', 'a true/false value', 'an empty value'."""
    if tag == _BOOL:
        return pgettext("file.kind", "a true/false value")
    if tag.endswith(":null"):
        return pgettext("file.kind", "an empty value")
    return pgettext("file.kind", "a number")


class Spec:
    """One kind of value a file can hold."""

    doc = ""

    def read(self, node: Node, path: str, reader: Reader) -> Any:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def expected(self) -> str:
        raise NotImplementedError


class Text(Spec):
    """A name or sentence. A plain `no` or `010` is refused: YAML would read
    it as a boolean or a number, so the author must quote it."""

    def __init__(
        self, choices: tuple[str, ...] = (), pattern: str | None = None, retired: Mapping[str, str] | None = None
    ):
        self.choices = choices
        self.pattern = re.compile(pattern) if pattern else None
        self.retired = dict(retired or {})  # a choice no longer read -> what to write instead, and why

    def expected(self) -> str:
        if self.choices:
            return pgettext("file.wanted", "one of {choices}").format(choices=", ".join(self.choices))
        return self.doc if self.pattern and self.doc else pgettext("file.kind", "text")

    def read(self, node: Node, path: str, reader: Reader) -> str:
        reader.visit(node, path)
        if not isinstance(node, ScalarNode):
            raise reader.unexpected(node, path, self.expected(), _kind(node))
        if node.tag != _STR:
            if _plain(node) and node.tag in _PLAIN_TAGS:
                quote = pgettext("file.quote", "YAML reads {value!r} as {kind}; quote it: '{value}'")
                raise reader.fail(node, path, quote.format(value=node.value, kind=_plain_kind(node.tag)))
            raise reader.unexpected(node, path, pgettext("file.kind", "text"), _kind(node))
        value = node.value
        if value in self.retired:
            retired = pgettext("file.retired", "{value!r} is no longer read: {instead}")
            raise reader.fail(node, path, retired.format(value=value, instead=self.retired[value]))
        if self.choices and value not in self.choices:
            raise did_you_mean_at(reader, node, path, pgettext("kind", "value"), value, list(self.choices))
        if self.pattern and not self.pattern.match(value):
            unlike = pgettext("file.unlike", "{value!r} does not look like {doc}")
            raise reader.fail(
                node, path, unlike.format(value=value, doc=self.doc or pgettext("file.unlike", "expected"))
            )
        return str(value)

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if self.choices:
            out["enum"] = list(self.choices)
        if self.pattern:
            out["pattern"] = self.pattern.pattern
        return out


class Integer(Spec):
    """A whole number in decimal; `010` (octal to YAML) is refused."""

    def __init__(self, minimum: int | None = None, maximum: int | None = None):
        self.minimum = minimum
        self.maximum = maximum

    def expected(self) -> str:
        if self.minimum is not None and self.minimum == self.maximum:
            return f"{self.minimum}"
        if self.minimum is not None and self.maximum is not None:
            between = pgettext("file.wanted", "a whole number from {least} to {most}")
            return between.format(least=self.minimum, most=self.maximum)
        if self.minimum is not None:
            return pgettext("file.wanted", "a whole number of at least {least}").format(least=self.minimum)
        return pgettext("file.wanted", "a whole number")

    def read(self, node: Node, path: str, reader: Reader) -> int:
        reader.visit(node, path)
        if not isinstance(node, ScalarNode) or node.tag != _INT:
            raise reader.unexpected(node, path, self.expected(), _kind(node))
        text = node.value.replace("_", "")
        if not _DECIMAL.match(text):
            plain = pgettext("file.decimal", "write {value!r} as a plain decimal number")
            raise reader.fail(node, path, plain.format(value=node.value))
        if len(text.lstrip("+-").lstrip("0")) > MAX_DIGITS:
            digits = pgettext("file.found_digits", "a number of {digits:,} digits").format(digits=Grouped(len(text)))
            raise reader.unexpected(node, path, self.expected(), digits)
        value = int(text)
        if abs(value) > TABLE_NUMBER:
            past = pgettext("file.past", "{value} is past any number a table plays with (at most {most:,})")
            raise reader.fail(node, path, past.format(value=value, most=Grouped(TABLE_NUMBER)))
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise reader.unexpected(node, path, self.expected(), str(value))
        return value

    def schema(self) -> dict[str, Any]:
        return {
            "type": "integer",
            "minimum": -TABLE_NUMBER if self.minimum is None else self.minimum,
            "maximum": TABLE_NUMBER if self.maximum is None else self.maximum,
        }


class Boolean(Spec):
    def expected(self) -> str:
        return pgettext("file.wanted", "true or false")

    def read(self, node: Node, path: str, reader: Reader) -> bool:
        reader.visit(node, path)
        if not isinstance(node, ScalarNode) or node.tag != _BOOL:
            raise reader.unexpected(node, path, self.expected(), _kind(node))
        return node.value.lower() in ("true", "yes", "on", "y")

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


class Seq(Spec):
    """A list of values of one kind; `doc` what the list is, where a key's field does not say it."""

    def __init__(self, item: Spec, min_items: int = 0, max_items: int | None = None, doc: str = ""):
        self.item = item
        self.min_items = min_items
        self.max_items = max_items
        self.doc = doc

    def expected(self) -> str:
        return pgettext("file.wanted", "a list of {item}").format(item=self.item.expected())

    def read(self, node: Node, path: str, reader: Reader) -> tuple[Any, ...]:
        reader.visit(node, path)
        if not isinstance(node, SequenceNode):
            raise reader.unexpected(node, path, self.expected(), _kind(node))
        if len(node.value) < self.min_items:
            least = pgettext("file.least_items", "needs at least {least} item(s)")
            raise reader.fail(node, path, least.format(least=self.min_items))
        if self.max_items is not None and len(node.value) > self.max_items:
            most = pgettext("file.most_items", "holds at most {most} item(s)")
            raise reader.fail(node, path, most.format(most=self.max_items))
        return tuple(self.item.read(n, f"{path}[{i}]", reader) for i, n in enumerate(node.value))

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        if self.doc:
            out["description"] = self.doc
        return out


def _pairs(node: MappingNode, path: str, reader: Reader, keys: Spec | None = None) -> list[tuple[str, Node, Node]]:
    """The mapping's keys as text (read by `keys`, text unless told), refusing
    a key given twice (PyYAML keeps the last)."""
    seen: dict[str, Node] = {}
    out = []
    for key_node, value_node in node.value:
        key = str((keys or Text()).read(key_node, f"{path}.<key>" if path else "<key>", reader))
        if key in seen:
            first = seen[key].start_mark.line + 1
            twice = pgettext("file.twice", "'{key}' defined twice, at lines {first} and {second}")
            raise reader.fail(key_node, path, twice.format(key=key, first=first, second=key_node.start_mark.line + 1))
        seen[key] = key_node
        out.append((key, key_node, value_node))
    return out


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


class Table(Spec):
    """A mapping from names the author chooses (units, dice) to values; the
    names are text, or what `keys` reads (a numbered face), kept as text."""

    def __init__(self, value: Spec, min_items: int = 0, keys: Spec | None = None):
        self.value = value
        self.min_items = min_items
        self.keys = keys

    def expected(self) -> str:
        return pgettext("file.wanted", "a mapping of names to {value}").format(value=self.value.expected())

    def read(self, node: Node, path: str, reader: Reader) -> dict[str, Any]:
        reader.visit(node, path)
        if not isinstance(node, MappingNode):
            raise reader.unexpected(node, path, self.expected(), _kind(node))
        if len(node.value) < self.min_items:
            least = pgettext("file.least_entries", "needs at least {least} entr(ies)")
            raise reader.fail(node, path, least.format(least=self.min_items))
        out = {}
        for key, _, value_node in _pairs(node, path, reader, self.keys):
            sub = _join(path, key)
            value = self.value.read(value_node, sub, reader)
            key_field = getattr(self.value, "key_field", None)
            if key_field:
                value = dataclasses.replace(value, **{key_field: key})
            out[key] = value
        return out

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object", "additionalProperties": self.value.schema()}
        if self.min_items:
            out["minProperties"] = self.min_items
        return out


def field(
    spec: Spec,
    doc: str,
    default: Any = dataclasses.MISSING,
    *,
    key: bool = False,
    internal: bool = False,
    effect: bool = False,
) -> Any:
    """A record field: its spec, a line of documentation, and a default if optional.

    A `key` field receives the name the record has in its table; an
    `internal` one is set by the loader. Neither is read from the file.
    An `effect` is read only by the procedures whose grammar lists it in
    `reads_situation`, so the loader can refuse it in a ruleset where it
    would silently do nothing.
    """
    meta = {"spec": spec, "doc": doc, "key": key, "internal": internal or key, "effect": effect}
    if key:
        default = ""
    if isinstance(default, Mapping):
        kept = default
        return dataclasses.field(default_factory=lambda: kept, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def required(f: dataclasses.Field[Any]) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


def default_of(f: dataclasses.Field[Any]) -> Any:
    """An optional field's default as the file would write it (a record as a
    mapping of its keys), or None when it has none worth stating."""
    value = f.default if f.default_factory is dataclasses.MISSING else f.default_factory()
    return _as_data(value)


def _as_data(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = {
            g.name: _as_data(getattr(value, g.name))
            for g in dataclasses.fields(value)
            if not g.metadata.get("internal")
        }
        return {k: v for k, v in items.items() if v is not None} or None
    if value in ("", (), None, dataclasses.MISSING) or isinstance(value, Mapping):
        return None
    return list(value) if isinstance(value, tuple) else value


class Record(Spec):
    """A mapping with known keys, read into a frozen dataclass."""

    def __init__(self, cls: type, doc: str = ""):
        self.cls = cls
        self.doc = doc or " ".join((cls.__doc__ or "").split())
        self.fields = {f.name: f for f in dataclasses.fields(cls) if not f.metadata["internal"]}
        keys = [f.name for f in dataclasses.fields(cls) if f.metadata.get("key")]
        self.key_field = keys[0] if keys else None

    def added(self, looking_for: str = "") -> Mapping[str, Spec]:
        """The keys added to this record by packages of their own (a stage
        added to every attack written as stages), read into its `added` field; a record
        takes them by a class attribute `adds`, asked each time it is read,
        since a package may be added or taken away while the process runs,
        and told a key the file writes that is none of them (`looking_for`:
        where the adds look further, installed packages, only then)."""
        adds: Callable[[str], Mapping[str, Spec]] | None = getattr(self.cls, "adds", None)
        added = adds(looking_for) if adds else {}
        taken = [key for key in added if key in self.fields]
        if taken:
            twice = pgettext(
                "file.added_twice",
                "a stage of a package of its own takes the key '{key}', which {record} already has: name it otherwise",
            )
            raise RefereeError(twice.format(key=taken[0], record=self.cls.__name__))
        return added

    def expected(self) -> str:
        keys = [*self.fields, *self.added()]
        return pgettext("file.wanted", "a mapping with keys {keys}").format(keys=", ".join(keys))

    def read(self, node: Node, path: str, reader: Reader) -> Any:
        reader.visit(node, path)
        if not isinstance(node, MappingNode):
            raise reader.unexpected(node, path, pgettext("file.kind", "a mapping"), _kind(node))
        values: dict[str, Any] = {}
        added, more = self.added(), {}
        for key, key_node, value_node in _pairs(node, path, reader):
            if key in self.fields:
                values[key] = self.fields[key].metadata["spec"].read(value_node, _join(path, key), reader)
                continue
            if key not in added:
                try:
                    added = self.added(key)
                except RefereeError as exc:  # the stage the key asks for cannot be had: said where it is asked
                    raise reader.fail(key_node, _join(path, key), exc.message) from None
            if key in added:
                more[key] = added[key].read(value_node, _join(path, key), reader)
            else:
                known = [*self.fields, *added]
                raise did_you_mean_at(reader, key_node, path, pgettext("kind", "key"), key, known)
        if more:
            values[ADDED] = more
        for name, f in self.fields.items():
            if name not in values and required(f):
                missing = pgettext("file.missing_key", "missing required key '{key}' ({doc})")
                raise reader.fail(node, path, missing.format(key=name, doc=f.metadata["doc"]))
        return self.cls(**values)

    def schema(self) -> dict[str, Any]:
        props = {}
        for name, f in self.fields.items():
            sub = dict(f.metadata["spec"].schema())
            sub["description"] = f.metadata["doc"]
            default = None if required(f) else default_of(f)
            if default is not None:
                sub["default"] = default
            props[name] = sub
        props.update((name, spec.schema()) for name, spec in self.added().items())
        out: dict[str, Any] = {
            "type": "object",
            "properties": props,
            "additionalProperties": False,
        }
        if self.doc:
            out["description"] = self.doc
        needed = [n for n, f in self.fields.items() if required(f)]
        if needed:
            out["required"] = needed
        return out


class Lazy(Spec):
    """A record whose dataclass is imported on first use ("module:Class"), so
    a file pays only for the sections and procedures it uses."""

    def __init__(self, target: str | Callable[[], type[Any]]):
        self.target = target
        self._record: Record | None = None

    @property
    def record(self) -> Record:
        if self._record is None:
            if callable(self.target):
                self._record = Record(self.target())
            else:
                import importlib

                module, name = self.target.split(":")
                self._record = Record(getattr(importlib.import_module(module), name))
        return self._record

    @property
    def key_field(self) -> str | None:
        return self.record.key_field

    def expected(self) -> str:
        return self.record.expected()

    def read(self, node: Node, path: str, reader: Reader) -> Any:
        return self.record.read(node, path, reader)

    def schema(self) -> dict[str, Any]:
        return self.record.schema()


class Either(Spec):
    """One of several specs, chosen by the shape of the node (number, text, list…)."""

    def __init__(self, *options: Spec):
        self.options = options

    def expected(self) -> str:
        return pgettext("list", " or ").join(o.expected() for o in self.options)

    def read(self, node: Node, path: str, reader: Reader) -> Any:
        errors = []
        for option in self.options:
            try:
                return option.read(node, path, reader)
            except RefereeError as exc:
                errors.append(exc)
        # the option whose shape fits the node gives the most useful message
        fitting = [e for e in errors if not isinstance(e, Unexpected)]
        raise fitting[0] if fitting else reader.unexpected(node, path, self.expected(), _kind(node))

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [o.schema() for o in self.options]}


class Tagged(Spec):
    """Records told apart by one key (an attack's `procedure:`)."""

    def __init__(self, tag: str, variants: Mapping[str, Spec]):
        self.tag = tag
        self.variants = variants

    def expected(self) -> str:
        tagged = pgettext("file.wanted", "a mapping with '{tag}' one of {variants}")
        return tagged.format(tag=self.tag, variants=", ".join(self.variants))

    def read(self, node: Node, path: str, reader: Reader) -> Any:
        if not isinstance(node, MappingNode):
            reader.visit(node, path)
            raise reader.unexpected(node, path, pgettext("file.kind", "a mapping"), _kind(node))
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == self.tag:
                name = Text().read(value_node, _join(path, self.tag), reader)
                if name not in self.variants:
                    raise did_you_mean_at(
                        reader,
                        value_node,
                        _join(path, self.tag),
                        self.tag,
                        name,
                        list(self.variants),
                    )
                return self.variants[name].read(node, path, reader)
        reader.visit(node, path)
        raise reader.fail(node, path, pgettext("file.missing_tag", "missing required key '{key}'").format(key=self.tag))

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [v.schema() for v in self.variants.values()]}


def did_you_mean_at(reader: Reader, node: Node, path: str, kind: str, given: str, known: list[str]) -> RefereeError:
    error = did_you_mean(kind, given, known)
    return reader.fail(node, path, error.message)


RULE = Text(pattern=r"^[A-Z][A-Z0-9]*-[A-Z0-9.]+$")
RULE.doc = "a rule ID such as GF-B2"


def key_words() -> dict[str, str]:
    """What `show` calls the keys every attack has, and many of its sections
    (the rule a part cites, its label, the die it rolls): said once here,
    under the words each module gives its own keys."""
    return {
        "rule": pgettext("show.param", "rule"),
        "label": pgettext("show.param", "label"),
        "die": pgettext("show.param", "die"),
    }


FACE = Either(Integer(), Text())
"""A side of a die: a number (written plainly, `6`) or a word (`sword`)."""
EMPTY: Mapping[str, Any] = MappingProxyType({})
ADDED = "added"
"""The field a record that takes added keys (`adds`) holds their sections in, by key."""


def written(record: Any) -> Iterator[tuple[str, Any]]:
    """Each key a record read from the file holds and its value, its added
    keys' sections after its own keys, so `show` prints them alike."""
    for f in dataclasses.fields(record):
        if not f.metadata.get("internal"):
            yield f.name, getattr(record, f.name)
    yield from getattr(record, ADDED, EMPTY).items()


def sections(cls: type, leaving: Collection[str] = ()) -> list[type]:
    """A grammar's record classes: itself and every record its keys hold
    (but those under a key it leaves out: an attack's `cite`, which `show`
    does not print), each once, outermost first, so `show` finds the modules that declare them."""
    found: dict[type, None] = {}

    def walk(spec: Spec) -> None:
        if isinstance(spec, Record | Lazy):
            record = spec if isinstance(spec, Record) else spec.record
            if record.cls not in found:
                found[record.cls] = None
                for name, f in record.fields.items():
                    if name not in leaving:
                        walk(f.metadata["spec"])
                for added in record.added().values():
                    walk(added)
        for inner_spec in (getattr(spec, "item", None), getattr(spec, "value", None), *getattr(spec, "options", ())):
            if isinstance(inner_spec, Spec):
                walk(inner_spec)

    walk(Record(cls))
    return list(found)
