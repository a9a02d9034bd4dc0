"""Named attacks written as stages: a `procedure:` that names a template is a
YAML file beside this one that says which stages the name stands for and
where the file's own keys go in them. A template is expanded on the
file's nodes before the attack is read, so the stages check every value, and
an error points at the line the file wrote it on.

A template holds `says` (what `show` and the schema say of it), `keys` (each
key a file may write, with what it is) and `becomes`, the attack written as
stages, in which:

- `$a.b` stands for the file's value at that key path (left out when the
  file has none: the key holding it goes too);
- `{$first: [$a, $b]}` is the first of those the file has;
- `{$case: a, VALUE: ..., else: ...}` is chosen by the file's value at `a`
  (`absent:` when it has none);
- `~` leaves its part out, and so does a mapping all of whose parts are left
  out (a `{}` written as such stays);
- `{$each: a, key: ..., value: ...}` is a mapping with an entry for each item
  of the file's list at `a`, `$item` standing for the item (an entry left
  out goes); `{$each: a, item: ...}` is a list of them instead. Over a
  mapping at `a`, `$item` is each entry's key and `$item.b` its value at
  `b`, and `$case: item.b` chooses by it.

A key of the file that no `$` reaches is refused, as an unknown key is; so
is a key of an item of `$each` that no `$item.b` reaches.
`becomes` names the procedure the attack is then read by.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from referee.ruleset.spec import did_you_mean_at
from referee.ruleset.yamlnodes import MappingNode, Node, ScalarNode, SequenceNode, compose_text
from referee.words.language import pgettext

if TYPE_CHECKING:
    from yaml.error import Mark

    from referee.ruleset.spec import Reader

_STR, _MAP, _SEQ = "tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_NULL = "tag:yaml.org,2002:null"
_ITEM = "item"  # `$item`: the item `$each` is at
TAG = "procedure"
HERE = Path(__file__).parent  # the templates, beside this file (importlib.resources costs start-up a zip reader)


@cache
def names() -> frozenset[str]:
    """The templates shipped: the YAML files of this folder, by name."""
    return frozenset(p.stem for p in HERE.glob("*.yaml"))


@cache
def template(name: str) -> dict[str, Node]:
    """A template's top keys, as nodes (`says`, `keys`, `becomes`)."""
    path = HERE / f"{name}.yaml"
    root = compose_text(path.read_text(encoding="utf-8"), str(path))
    assert isinstance(root, MappingNode)
    return {k.value: v for k, v in root.value}


def says(name: str) -> str:
    """What the template stands for, as the schema describes it."""
    node = template(name)["says"]
    assert isinstance(node, ScalarNode)
    return str(node.value)


def becomes(name: str) -> str:
    """The procedure the template's attack is read by."""
    node = template(name)["becomes"]
    assert isinstance(node, MappingNode)
    return str(next(v.value for k, v in node.value if k.value == TAG))


def keys(name: str) -> dict[str, str]:
    """Each key a file of this template may write, and what it is."""
    node = template(name)["keys"]
    assert isinstance(node, MappingNode)
    return {k.value: v.value for k, v in node.value}


_ABSENT = ScalarNode(_STR, "")  # a part left out: the key holding it goes too


class _Expansion:
    """One attack's expansion: the file's nodes, the paths `$` reached."""

    def __init__(self, given: MappingNode, reached: frozenset[str], items: dict[str, frozenset[str]]):
        self.given = given
        self.mark: Mark = given.start_mark
        self.reached, self.items = reached, items
        self.entry: Node = _ABSENT  # the value of the item `$each` is at, which `$item.b` reads

    def value(self, key_path: str) -> Node:
        node: Node = self.given
        if key_path.startswith(f"{_ITEM}."):
            node, key_path = self.entry, key_path[len(_ITEM) + 1 :]
        for key in key_path.split("."):
            if not isinstance(node, MappingNode):
                return _ABSENT
            node = next((v for k, v in node.value if isinstance(k, ScalarNode) and k.value == key), _ABSENT)
        return node

    def made(self, t: Node, item: Node | None = None) -> Node:
        if isinstance(t, ScalarNode) and t.value.startswith("$"):
            return item if t.value == f"${_ITEM}" and item is not None else self.value(t.value[1:])
        if isinstance(t, ScalarNode) and t.tag == _NULL:
            return _ABSENT  # `~`: this part is left out
        if isinstance(t, ScalarNode):
            return ScalarNode(t.tag, t.value, self.mark, self.mark, style=t.style)
        if isinstance(t, SequenceNode):
            items = [m for i in t.value if (m := self.made(i, item)) is not _ABSENT]
            return SequenceNode(_SEQ, items, self._placed(items), self._placed(items), flow_style=True)
        assert isinstance(t, MappingNode)
        parts = {k.value: v for k, v in t.value}
        if "$first" in parts:
            assert isinstance(parts["$first"], SequenceNode)
            tried = (self.made(choice, item) for choice in parts["$first"].value)
            return next((m for m in tried if m is not _ABSENT), _ABSENT)
        if "$case" in parts:
            return self._case(parts, item)
        if "$each" in parts:
            return self._each(parts)
        pairs = [(self.made(k, item), self.made(v, item)) for k, v in t.value]
        kept = [(k, v) for k, v in pairs if v is not _ABSENT and k is not _ABSENT]
        if pairs and not kept:
            return _ABSENT  # every part left out: the mapping goes too (a `{}` written as such stays)
        at = self._placed([v for _, v in kept])
        return MappingNode(_MAP, kept, at, at)

    def _placed(self, held: list[Node]) -> Mark:
        """Where a part the template makes is placed: at the first of the
        file's values it holds (a clamp's `min`), so that an error in the part
        names the line the file wrote it on; else where the attack was written."""
        return next((node.start_mark for node in held if node.start_mark is not self.mark), self.mark)

    def _case(self, parts: dict[str, Node], item: Node | None) -> Node:
        chosen = self.value(parts["$case"].value)
        if chosen is _ABSENT:
            return self.made(parts["absent"], item) if "absent" in parts else _ABSENT
        value = chosen.value if isinstance(chosen, ScalarNode) else None
        branch = parts.get(str(value)) if value is not None else None
        return self.made(branch or parts["else"], item) if branch or "else" in parts else chosen

    def _each(self, parts: dict[str, Node]) -> Node:
        listed = self.value(parts["$each"].value)
        if isinstance(listed, MappingNode):
            entries = [(k, v) for k, v in listed.value]
        elif isinstance(listed, SequenceNode):
            entries = [(i, i) for i in listed.value]
        else:
            return listed  # neither: the stage reading it says what it wanted
        made: list[Node] = []
        pairs: list[tuple[Node, Node]] = []
        around = self.mark, self.entry
        for item, self.entry in entries:
            self.mark = item.start_mark  # what is made for an item is placed where the item was written
            if "item" in parts:
                made.append(self.made(parts["item"], item))
            else:
                pairs.append((self.made(parts["key"], item), self.made(parts["value"], item)))
        self.mark, self.entry = around
        if "item" in parts:
            kept = [m for m in made if m is not _ABSENT]
            return SequenceNode(_SEQ, kept, listed.start_mark, listed.end_mark, flow_style=True)
        kept_pairs = [(k, v) for k, v in pairs if v is not _ABSENT]
        return MappingNode(_MAP, kept_pairs, listed.start_mark, listed.end_mark)

    def unreached(self, node: Node, prefix: str = "") -> tuple[str, Node] | None:
        """The first key the file wrote that no `$` reached, with its node."""
        if prefix in self.items:
            return self._unreached_items(node, prefix)
        if prefix in self.reached or not isinstance(node, MappingNode):
            return None
        for k, v in node.value:
            key = f"{prefix}.{k.value}" if prefix else str(k.value)
            if not any(r == key or r.startswith(f"{key}.") for r in self.reached):
                return key, k
            if found := self.unreached(v, key):
                return found
        return None

    def _unreached_items(self, node: Node, prefix: str) -> tuple[str, Node] | None:
        """The first key of an item of `$each` that no `$item.b` reached (none
        where the template reads none of an item's keys: its stage checks them)."""
        known = self.items[prefix]
        if not known:
            return None
        if isinstance(node, MappingNode):
            entries = [(f"{prefix}.{k.value}", v) for k, v in node.value]
        else:
            entries = [
                (f"{prefix}[{i}]", v) for i, v in enumerate(node.value if isinstance(node, SequenceNode) else ())
            ]
        for at, value in entries:
            for k, _ in value.value if isinstance(value, MappingNode) else ():
                if k.value not in known:
                    return f"{at}.{k.value}", k
        return None


def _items(t: Node, inside: str = "") -> Iterator[tuple[str, str]]:
    """Each path `$each` goes over, with each key of its items a `$item.b` reaches."""
    if isinstance(t, ScalarNode) and inside and t.value.startswith(f"${_ITEM}."):
        yield inside, t.value.split(".")[1]
    elif isinstance(t, SequenceNode):
        for item in t.value:
            yield from _items(item, inside)
    elif isinstance(t, MappingNode):
        parts = {k.value: v for k, v in t.value}
        if "$each" in parts:
            inside = parts["$each"].value
            yield inside, ""
        for k, v in t.value:
            if k.value == "$case" and inside and v.value.startswith(f"{_ITEM}."):
                yield inside, v.value.split(".")[1]
            yield from _items(v, inside)


def _paths(t: Node) -> Iterator[str]:
    """Every key path of the file a template's `$` reaches, whichever branch a file takes."""
    if isinstance(t, ScalarNode) and t.value.startswith("$") and not t.value.startswith(f"${_ITEM}"):
        yield t.value[1:]
    elif isinstance(t, SequenceNode):
        for item in t.value:
            yield from _paths(item)
    elif isinstance(t, MappingNode):
        for k, v in t.value:
            if k.value in ("$case", "$each"):
                if not v.value.startswith(f"{_ITEM}."):
                    yield v.value
            else:
                yield from _paths(k)
                yield from _paths(v)


def expand(name: str, given: MappingNode, path: str, reader: Reader) -> MappingNode:
    """The attack the template `name` stands for, with the file's values in it."""
    return expanded(template(name), given, path, reader)


def expanded(held: dict[str, Node], given: MappingNode, path: str, reader: Reader) -> MappingNode:
    """The attack a template's nodes (`keys`, `becomes`) stand for, with the file's values in it."""
    items: dict[str, set[str]] = {}
    for over, key in _items(held["becomes"]):
        items.setdefault(over, set()).update({key} - {""})
    reached = frozenset({TAG, *_paths(held["becomes"])})
    expansion = _Expansion(given, reached, {over: frozenset(keys) for over, keys in items.items()})
    made = expansion.made(held["becomes"])
    assert isinstance(made, MappingNode)
    if found := expansion.unreached(given):
        key, node = found
        parent, _, last = key.rpartition(".")
        assert isinstance(held["keys"], MappingNode)
        written = [k.value for k, _ in held["keys"].value]
        over = next((o for o in items if parent.startswith(o) and parent != o), "")
        generic = f"{over}.*" if over else parent  # an item's keys are written `units.*.attacker`
        known = [k.rpartition(".")[2] for k in (TAG, *written) if k.rpartition(".")[0] == generic]
        raise did_you_mean_at(
            reader, node, f"{path}.{parent}" if parent else path, pgettext("kind", "key"), last, known
        )
    return MappingNode(made.tag, made.value, given.start_mark, given.end_mark)  # the attack stays where it was written
