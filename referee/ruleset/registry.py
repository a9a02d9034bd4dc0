"""The registry of procedures: an attack in a file names its procedure with
`procedure:`, and this finds the module that rules it. A procedure shipped
with the referee is the package of that name (dashes as underscores) under
`referee.procedures`; one kept elsewhere (a plug-in, a test) is registered.
No procedure is named here: adding one adds no line to this file.

A procedure's package is imported only when a file selects it, and then only
its grammar (`GRAMMAR` in the package's `grammar` module): its record
(`PROCEDURE`, in the package's `record` module) brings the resolver, reader
and fight, imported when a ruling, odds or a fight is asked. Start-up pays
for the game being played, and a command that only reads the file pays for
its grammar alone. The words players type (`OPTIONS`) and the commands that
are `battle` by other names (`COMMANDS`), in a package's `options` module,
are collected from every procedure that has one: `battle` and `odds` take
them all, so that one meant for another game is refused by name; that
module imports no grammar and no resolver.

A stage in a package of its own is one more key of every attack written as
stages: the key a file writes its section under and what that section
reads into. A stage shipped with the referee is found by its file (a
package under `referee.stages` with a `stage` module declaring `STAGE`),
one installed beside it by its entry point (group `referee.stages`, looked
up only when a file writes a key none of the others is; one that fails to
load is refused only to a file that writes its key), and
one a program keeps is added with `add_stage`; the procedure that composes
stages asks `stages()` for them when it reads a file and when it rules, so
adding a stage edits no file of that procedure.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from referee.core.errors import RefereeError, raised
from referee.ruleset import templates
from referee.ruleset.spec import Lazy, Reader, Spec
from referee.ruleset.yamlnodes import MappingNode, Node
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

PACKAGE = "referee.procedures"


class Entry(Protocol):
    """What the ruleset layer needs of a procedure: the record its attacks read into."""

    @property
    def name(self) -> str: ...

    @property
    def grammar(self) -> type[Any]: ...


VALUES = ("text", "texts", "dice", "die", "value", "count", "number")
"""How a declared option's value is read: `text` as typed; `texts`
repeatable, each as typed; `dice` faces typed as rolled (never empty); `die`
one die typed as its number; `value` a whole number; both passed on as the
text typed; `count` a whole number from 0, `number` any whole number
(written N), both as numbers."""


class Option:
    """One option players type for a procedure, declared in its package's
    `options` module (`OPTIONS`): `word` names what it fills for the reader
    (`kind`), `flag` how it is typed without its dashes (`attack`; the word
    with dashes when left out); `help` its English help, marked with
    `referee.words.helps.helped`; `value` how it is read (`VALUES`);
    `metavar` what stands for its value in --help, and `spoken`, where that
    placeholder is said in the language spoken when the referee asks for the
    value (a pick awaited), gives it; `complete` the part of the ruleset whose
    names complete it (types, modifiers, actions); `commands` which of
    `battle` and `odds` take it. A plain class, not a record: every `battle`
    declares them all, and a record's fields cost start-up more to make.
    For example:

        OPTIONS = (Option("aim", helped("help.aim", "The distance aimed at, e.g. 3."), value="count"),)
    """

    __slots__ = ("commands", "complete", "flag", "help", "metavar", "required", "spoken", "value", "word")

    def __init__(
        self,
        word: str,
        help: str,
        flag: str = "",
        value: str = "text",
        metavar: str | None = None,
        spoken: Callable[[], str] | None = None,
        complete: str = "",
        required: bool = False,
        commands: tuple[str, ...] = ("battle", "odds"),
    ) -> None:
        self.word, self.help, self.flag, self.value, self.metavar = word, help, flag, value, metavar
        self.spoken, self.complete, self.required, self.commands = spoken, complete, required, commands

    @property
    def typed(self) -> str:
        """The option as typed, without its dashes."""
        return self.flag or self.word.replace("_", "-")


class Alias:
    """A command that rules one attack as `battle` does, by the names a
    game's players use, declared in a procedure's `options` module
    (`COMMANDS`): its name, its help (a docstring marked with `described`),
    its options in the order --help lists them, the words it fills for
    `battle` under other names (`renamed`, its word → battle's), and
    `unrolled`, the help of a flag that reports the attack before any roll."""

    __slots__ = ("help", "name", "options", "renamed", "unrolled")

    def __init__(
        self,
        name: str,
        help: str,
        options: tuple[Option, ...],
        renamed: tuple[tuple[str, str], ...] = (),
        unrolled: str = "",
    ) -> None:
        self.name, self.help, self.options, self.renamed, self.unrolled = name, help, options, renamed, unrolled

    def words(self) -> dict[str, str]:
        """Each of its options' words as `battle` calls it."""
        renamed = dict(self.renamed)
        return {o.word: renamed.get(o.word, o.word) for o in self.options}


def alias(name: str, options: tuple[Option, ...], **more: Any) -> Callable[[Callable[..., Any]], Alias]:
    """Declares an alias by a function whose docstring is its help (marked
    with `described` below this, so the catalogues know it by its id)."""

    def made(f: Callable[..., Any]) -> Alias:
        return Alias(name, f.__doc__ or "", options, **more)

    return made


_REGISTERED: dict[str, Entry] = {}


_COLLECTED: dict[str, tuple[Any, ...]] = {}  # what the procedures declare, by attribute, until one (un)registers


def register(entry: Entry) -> None:
    """Make a procedure kept outside `referee.procedures` known by its name."""
    _REGISTERED[entry.name] = entry
    forget()


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)
    forget()


def forget() -> None:
    """Collect the declarations afresh when next asked: a procedure or stage
    came or went (a package written or installed while the process runs is
    found after this)."""
    _COLLECTED.clear()
    _declaring.cache_clear()
    _shipped_keys.cache_clear()
    _shipped_stage.cache_clear()
    for looked in (_INSTALLED, _LOOKED, _BROKEN, _PACKAGES):
        looked.clear()


STAGES = "referee.stages"


class Stage(Protocol):
    """What reading a file needs of a stage in a package of its own: the key
    an attack writes its section under, and what the section reads into."""

    @property
    def key(self) -> str: ...

    @property
    def spec(self) -> Spec: ...


_ADDED: dict[str, Stage] = {}


def add_stage(stage: Stage) -> None:
    """Make a stage kept outside the referee a key of every attack written as stages."""
    _ADDED[stage.key] = stage


def remove_stage(key: str) -> None:
    _ADDED.pop(key, None)


@cache
def _shipped_keys() -> tuple[str, ...]:
    """The keys of the stages shipped in packages of their own: each package
    under `referee.stages` with a `stage` module, named as its key, found by
    its file without importing it, in the order of their names."""
    spec = importlib.util.find_spec(STAGES)
    found = []
    for folder in (spec.submodule_search_locations or []) if spec else []:
        with os.scandir(folder) as entries:
            found += [e.name for e in entries if os.path.isfile(os.path.join(e.path, "stage.py"))]
    return tuple(sorted(found))


@cache
def _shipped_stage(key: str) -> Stage:
    """A shipped stage, imported when first asked for: a file that writes
    none of a stage's key pays nothing for its package."""
    stage: Stage = importlib.import_module(f"{STAGES}.{key}.stage").STAGE
    return stage


class Stages(Mapping[str, Stage]):
    """The stages a file may write, by key: those added first, then those
    installed, then those shipped, each of these imported only when its key
    is asked for (reading a file asks only for the keys it writes)."""

    def __init__(self) -> None:
        self._others = {**{stage.key: stage for stage in _INSTALLED}, **_ADDED}
        self._keys = tuple(dict.fromkeys([*_shipped_keys(), *self._others]))

    def __getitem__(self, key: str) -> Stage:
        if key in self._others:
            return self._others[key]
        if key in _shipped_keys():
            return _shipped_stage(key)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, key: object) -> bool:
        return key in self._others or key in _shipped_keys()

    def specs(self) -> Mapping[str, Spec]:
        """What each stage's section reads into, by key, each found when asked for."""
        return _Specs(self)


class _Specs(Mapping[str, Spec]):
    """`Stages.specs`: the stages' sections, by key, none imported before it is asked for."""

    def __init__(self, stages: Stages) -> None:
        self._stages = stages

    def __getitem__(self, key: str) -> Spec:
        return self._stages[key].spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._stages)

    def __len__(self) -> int:
        return len(self._stages)

    def __contains__(self, key: object) -> bool:
        return key in self._stages


_INSTALLED: list[Stage] = []  # those installed packages declare, once looked up
_LOOKED: list[bool] = []  # whether they were: a look that found only broken ones is not made again
_BROKEN: dict[str, str] = {}  # why each installed stage that failed to load did, by its entry point's name
_PACKAGES: dict[str, tuple[str, str]] = {}  # the package and version each installed stage came in, by key


def _installed() -> list[Stage]:
    """The stages installed packages declare under the entry-point group
    `referee.stages`, looked up once (the look imports the package metadata
    reader, which costs a start-up a third of its time). Each is loaded on
    its own: one that fails is kept aside with why, and only a file asking
    for its key hears of it."""
    if not _LOOKED:
        from importlib.metadata import entry_points

        _LOOKED.append(True)
        for point in entry_points(group=STAGES):
            _load(point)
    return _INSTALLED


def _load(point: EntryPoint) -> None:
    """One installed stage, loaded, or kept aside with why it failed: its
    code is not the referee's, so whatever it raises is its fault, said in one line."""
    dist = point.dist
    _PACKAGES[point.name] = (dist.name, dist.version) if dist else (point.module, "?")
    try:
        stage = point.load()
        fault = _fault(point, stage)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a package outside the referee: anything it raises, even an exit
        fault = raised(exc)
    if fault:
        failed = pgettext("stage.failed_to_load", "{stage} failed to load: {fault}; uninstall it or fix it")
        _BROKEN[point.name] = failed.format(stage=named(point.name), fault=fault)
    else:
        _INSTALLED.append(stage)


def _fault(point: EntryPoint, stage: Any) -> str:
    """Why what an entry point names is not a stage the referee can run, or
    "": a stage declared as the procedure composing stages declares them (its
    `Added`), under the entry point's own name, no shipped stage's key, with
    a grammar that is a section."""
    declared = importlib.import_module(f"{STAGES}.added").Added  # what that procedure runs
    if not isinstance(stage, declared):
        kind = pgettext("stage.not_a_stage", "{target} is {kind}, not a stage declared with Added")
        return kind.format(target=point.value, kind=type(stage).__name__)
    if stage.key != point.name:
        keyed = pgettext("stage.other_key", "its key is '{key}', not '{name}' as its entry point names it")
        return keyed.format(key=stage.key, name=point.name)
    if stage.key in _shipped_keys():
        shipped = pgettext("stage.shipped_key", "'{key}' is the key of a stage shipped with the referee")
        return shipped.format(key=stage.key)
    try:
        stage.spec.schema()  # its section made and read now, so that a grammar that is none fails here
    except Exception as exc:  # its grammar is the package's code: anything it raises
        section = pgettext("stage.no_section", "its grammar is not a section: {error}")
        return section.format(error=raised(exc))
    return ""


def named(key: str) -> str:
    """A stage as a message names it: an installed one with its package and
    version, so the user knows what to uninstall or whom to tell."""
    if key not in _PACKAGES:
        return pgettext("stage.named", "stage '{key}'").format(key=key)
    package, version = _PACKAGES[key]
    plugin = pgettext("stage.plugin", "stage plug-in '{key}' (package {package} {version})")
    return plugin.format(key=key, package=package, version=version)


def stages(looking_for: str = "") -> Stages:
    """The stages of packages of their own, by the key a file writes each
    under: those shipped, those installed, then those added, in the order
    added. The installed ones are looked up only when a file writes a key
    that none of the others is (`looking_for`), so that a file using none
    pays nothing for them; a file writing the key of one that failed to
    load is refused, saying why."""
    if looking_for and looking_for not in _shipped_keys() and looking_for not in _ADDED:
        installed = _installed()
        if looking_for in _BROKEN and all(stage.key != looking_for for stage in installed):
            raise RefereeError(_BROKEN[looking_for])
    return Stages()


def _module(name: str) -> str:
    return f"{PACKAGE}.{name.replace('-', '_')}"


@cache
def _shipped_has(name: str) -> bool:
    """Whether a procedure of this name is shipped, found without listing the others."""
    plain = name.replace("-", "")
    return plain.isascii() and plain.isalnum() and importlib.util.find_spec(_module(name)) is not None


def _shipped() -> frozenset[str]:
    """The procedures shipped with the referee: the packages under `referee.procedures`."""
    import pkgutil  # listing them all is for schemas and error messages only

    spec = importlib.util.find_spec(PACKAGE)
    found = pkgutil.iter_modules(spec.submodule_search_locations if spec else [])
    return frozenset(m.name.replace("_", "-") for m in found if m.ispkg)


def names() -> list[str]:
    """Every procedure a file may select, shipped, templated and registered, sorted."""
    return sorted({*procedures(), *templates.names()})


def procedures() -> list[str]:
    """The procedures that rule attacks, shipped and registered (a template is read by one of them), sorted."""
    return sorted({*_shipped(), *_REGISTERED})


def ruled_by(name: str) -> str:
    """The procedure that rules an attack of this name: a template's, or the name's own
    (an entry journaled under a preset since made a template replays by it)."""
    return templates.becomes(name) if name in templates.names() else name


def entry(name: str) -> Entry:
    """The procedure a file's `procedure:` key selects (the caller checked the name)."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name in templates.names():
        return entry(templates.becomes(name))
    found: Entry = importlib.import_module(f"{_module(name)}.record").PROCEDURE
    return found


def grammar(name: str) -> type[Any]:
    """The attack grammar a file's `procedure:` key selects, without its resolver."""
    if name in _REGISTERED:
        return _REGISTERED[name].grammar
    if name in templates.names():
        return grammar(templates.becomes(name))
    found: type[Any] = importlib.import_module(f"{_module(name)}.grammar").GRAMMAR
    return found


@cache
def _declaring() -> tuple[tuple[str, str], ...]:
    """The shipped packages that declare words players type (an `options`
    module), each as the module's name and file, found by their files: no
    package is imported to look."""
    found = []
    for package in (PACKAGE, STAGES):
        spec = importlib.util.find_spec(package)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            with os.scandir(folder) as entries:
                options = [(e.name, os.path.join(e.path, "options.py")) for e in entries]
            found += [(package, name, path) for name, path in options if os.path.isfile(path)]
    return tuple((f"{package}.{name}.options", path) for package, name, path in sorted(found))


def _options_module(name: str, path: str) -> ModuleType:
    """A package's `options` module, loaded from its file without importing
    its package first: every `battle` collects them all, and a package's own
    import costs start-up as much as the module's. It is the module an
    import by name finds later (`sys.modules`)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    own_catalogue(path)  # its help speaks from its package's catalogue, which no import of the package noted
    return module


def _declared(attribute: str) -> tuple[Any, ...]:
    """What every procedure declares under `attribute`: the shipped ones in
    the order of their names, then those registered; collected once."""
    if attribute not in _COLLECTED:
        shipped = (getattr(_options_module(*found), attribute, ()) for found in _declaring())
        registered = (getattr(entry, attribute.lower(), ()) for entry in _REGISTERED.values())
        _COLLECTED[attribute] = tuple(item for each in (*shipped, *registered) for item in each)
    return _COLLECTED[attribute]


def options(command: str) -> tuple[Option, ...]:
    """The options players type that the procedures declare for `command`
    (`battle`, `odds`), each word once (the first procedure to declare it
    says how it is typed)."""
    found: dict[str, Option] = {}
    for option in _declared("OPTIONS"):
        if command in option.commands:
            found.setdefault(option.word, option)
    return tuple(found.values())


def commands() -> dict[str, Alias]:
    """The commands the procedures declare (`battle` by other names), by name."""
    return {alias.name: alias for alias in _declared("COMMANDS")}


def declared_by(command: str) -> str:
    """The procedure or stage whose package declares a command (`battle` by
    another name), as a file writes it (`procedure: NAME`, or the stage's
    key): the attacks the command rules."""
    for module, path in _declaring():
        if any(a.name == command for a in getattr(_options_module(module, path), "COMMANDS", ())):
            name = module.removesuffix(".options").rpartition(".")[2]
            return name if module.startswith(STAGES) else name.replace("_", "-")
    for name, entry in _REGISTERED.items():
        if any(a.name == command for a in getattr(entry, "commands", ())):
            return name
    raise KeyError(command)


def reads_states(attack: object) -> bool:
    """Whether an attack's procedure reads the states units are in: its
    grammar says so with `reads_states`; one that does not would drop them."""
    return bool(getattr(attack, "reads_states", False))


def reading_states() -> list[str]:
    """The procedures whose attacks read units' states, for a refusal to name."""
    return [name for name in procedures() if reads_states(grammar(name))]


class Templated(Spec):
    """An attack whose `procedure:` names a template: expanded to its stages
    on the file's nodes, then read as stages (see `referee.ruleset.templates`)."""

    def __init__(self, name: str, grammars: Grammars):
        self.name, self.grammars = name, grammars

    def expected(self) -> str:
        return pgettext("file.kind", "a mapping")

    def read(self, node: Node, path: str, reader: Reader) -> Any:
        assert isinstance(node, MappingNode)  # Tagged found the tag in it
        made = templates.expand(self.name, node, path, reader)
        return self.grammars[templates.becomes(self.name)].read(made, path, reader)

    def schema(self) -> dict[str, Any]:
        keys = {k: v for k, v in templates.keys(self.name).items() if "." not in k}
        properties = {k: {"description": v} for k, v in keys.items()}
        return {
            "type": "object",
            "description": templates.says(self.name),
            "properties": {templates.TAG: {"enum": [self.name]}, **properties},
            "required": [templates.TAG],
            "additionalProperties": False,
        }


class Grammars(Mapping[str, Spec]):
    """Each procedure's attack grammar by name, as `Tagged` reads a file's attacks;
    the names are looked up when a file is read, so a registered procedure counts."""

    def __init__(self) -> None:
        self._made: dict[str, Lazy] = {}

    def __getitem__(self, name: str) -> Spec:
        if name in _REGISTERED:  # read afresh: a registration may come and go
            return Lazy(lambda: _REGISTERED[name].grammar)
        if name in templates.names():
            return Templated(name, self)
        if not _shipped_has(name):
            raise KeyError(name)
        if name not in self._made:
            self._made[name] = Lazy(lambda: grammar(name))
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(names())

    def __len__(self) -> int:
        return len(names())
