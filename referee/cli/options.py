"""Options and arguments several commands share, turning words into a battle,
and refusing options the game in play does not read."""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field as dc_field
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, Self

import click

from referee.cli import completion
from referee.cli.helptext import helped
from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError, did_you_mean
from referee.core.records import record
from referee.procedures.told import read_battle
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle
from referee.rulings.ruling import SIDES, listed, say
from referee.words.inputs import LARGEST, MAX_COUNT, shown, whole_number
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.registry import Option

F = Callable[..., Any]


class Whole(click.ParamType[int, Any]):
    """A whole-number option read through the input boundary; the rules check
    the range that matters, this keeps absurd numbers (40 or 5,000 digits) out
    of the journal and out of loops."""

    name = "integer"

    def __init__(self, minimum: int | None, maximum: int):
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        what = max(getattr(param, "opts", None) or ["the number"], key=len)
        return whole_number(str(value), what, self.minimum, self.maximum)


def whole(minimum: int | None = None, maximum: int = LARGEST) -> Whole:
    return Whole(minimum, maximum)


SEPARATORS = ", /"  # what stands between dice typed (and '/' between rounds): no die at all


def typed_roll(text: str, option: str) -> str:
    """Dice typed as rolled; an empty value, or one of separators alone
    (',' or ', ,'), is a mistake, never 'no roll': the referee draws only
    for an option left out."""
    if not text.strip(SEPARATORS + string.whitespace):
        raise RefereeError(
            say(
                "error.roll.empty",
                "{option} is empty: type the dice rolled, or leave {option} out for the referee to draw them",
                option=option,
            )
        )
    return text


class Rolled(click.ParamType[str, Any]):
    """An option that types dice as rolled (--roll, --attacker-roll, …): refuses an empty one."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        return typed_roll(str(value), max(getattr(param, "opts", None) or ["the roll"], key=len))


ROLLED = Rolled()


class Named(click.Choice[str]):
    """One of a few words, refused like every unknown name: one line with a
    "did you mean" rather than click's own message. Words match in any case,
    as names do (--until Conquest)."""

    def __init__(self, choices: Sequence[str]) -> None:
        super().__init__(choices, case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return str(super().convert(value, param, ctx))
        except click.BadParameter:
            what = max(getattr(param, "opts", None) or ["the option"], key=len)
            raise did_you_mean(
                pgettext("kind", "{option} value").format(option=what), str(value), [str(c) for c in self.choices]
            ) from None


def ruleset_argument(f: F) -> F:
    """RULESET, which the game in play supplies where it is left out (`referee.cli.inplay`)."""
    return click.argument("ruleset", metavar="[RULESET]", required=False, shell_complete=completion.rulesets)(f)


def short_form(f: F) -> F:
    """The words after RULESET: an attack in its short form, ATTACKER vs DEFENDER : ROLLS (`referee.cli.shortform`)."""
    return click.argument(
        "said", nargs=-1, metavar="[ATTACKER vs DEFENDER [: ROLLS]]", shell_complete=completion.short_form
    )(f)


JSON = "referee.json"


def _json_asked(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    """Remembered in the context, so `referee log --json verify` means what it says."""
    if value:
        ctx.meta[JSON] = True
    return value


def json_option(f: F) -> F:
    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        callback=_json_asked,
        help=helped("help.json", "Print one JSON document on stdout."),
    )(f)


def buy_option(text: str) -> Callable[[F], F]:
    """--buy: a mix of units the player chose, checked against what the turn
    allows (`reinforce` spends points on it, `recruit` takes the units due)."""
    return click.option("--buy", metavar="UNITS", help=text)


def bought(rules: Ruleset, buy: str | None) -> dict[str, int] | None:
    """The units --buy names, by their names in any language, with their counts."""
    from referee.words.names import units_of

    return None if buy is None else dict(units_of(rules).counted(buy))


def seed_option(f: F) -> F:
    return click.option(
        "-s",
        "--seed",
        type=whole(0),
        help=helped("help.seed", "Seed for the referee's rolls; the same seed gives the same dice anywhere."),
    )(f)


def stop_at_option(f: F) -> F:
    """--stop-at, for whole fights solved (odds) and played (battle)."""
    return click.option(
        "--stop-at",
        "stop_at",
        type=whole(0),
        metavar="N",
        help=helped(
            "help.stop-at",
            "In a whole fight the attacker stops (retreats) when down to N units, counted as --attacker counts them.",
        ),
    )(f)


FORCES = {  # side -> its help
    "attacker": helped("help.attacker", 'The attacker\'s units, e.g. "2 trooper, heavy".'),
    "defender": helped("help.defender", 'The defender\'s units, e.g. "2 trooper, heavy".'),
}
REARS = {  # side -> its help
    "attacker": helped(
        "help.attacker-rear",
        'The attacker\'s units in the rear, e.g. 1 or "infantry, damaged armour" '
        "(a bare number counts the first unit of the ruleset).",
    ),
    "defender": helped(
        "help.defender-rear",
        'The defender\'s units in the rear, e.g. 1 or "infantry, damaged armour" '
        "(a bare number counts the first unit of the ruleset).",
    ),
}


def force_options(f: F) -> F:
    for side in reversed(SIDES):
        f = click.option(f"-{side[0]}", f"--{side}", side, shell_complete=completion.units, help=FORCES[side])(f)
    return f


def situation_options(f: F) -> F:

    f = click.option(
        "-w",
        "--when",
        "when",
        multiple=True,
        shell_complete=completion.situations,
        metavar="SIDE:NAME",
        help=helped("help.when", "A named situation of the ruleset, e.g. defender:stealth (repeatable)."),
    )(f)
    for side in reversed(SIDES):
        f = click.option(
            f"--{side}-value",
            f"{side}_value",
            multiple=True,
            metavar="NAME=N",
            help=VALUE_HELP[side],
        )(f)
    return click.option(
        "--range",
        "reach",
        type=whole(0),
        help=helped("help.range", "Distance to the target, for attacks that reach further."),
    )(f)


VALUE_HELP = {  # side -> the help of its values
    "attacker": helped(
        "help.attacker-value",
        "A number the table states for the attacker, a value the ruleset names, e.g. strength=4 (repeatable).",
    ),
    "defender": helped(
        "help.defender-value",
        "A number the table states for the defender, a value the ruleset names, e.g. armour=15 (repeatable).",
    ),
}


def variant_option(f: F) -> F:
    return click.option(
        "--rule",
        "variants",
        multiple=True,
        metavar="NAME",
        help=helped("help.rule", "A special rule of the ruleset in play, e.g. fill-the-void (repeatable)."),
    )(f)


VALUES: dict[str, dict[str, Any]] = {  # how a declared option's value is read, as click is told it
    "text": {},
    "texts": {"multiple": True},
    "dice": {"type": ROLLED},
    "die": {"type": whole()},
    "value": {"type": whole()},
    "count": {"type": whole(0)},
    "number": {"type": whole(-LARGEST)},
}


@cache
def made(option: Option) -> click.Option:
    """The click option of an option a procedure declares."""
    complete = completion.part(option.complete) if option.complete else None
    return click.Option(
        [f"--{option.typed}", option.word],
        help=option.help,
        metavar=option.metavar,
        required=option.required,
        shell_complete=complete,
        **VALUES[option.value],
    )


class Declared(click.Option):
    """The place of the options the procedures declare for `command`."""

    def __init__(self, param_decls: Sequence[str], command: str, **attrs: Any) -> None:
        super().__init__(param_decls, hidden=True, expose_value=False, **attrs)
        self.command = command


def declared_options(command: str) -> Callable[[F], F]:
    """The options the procedures declare for `command`, listed here in --help."""
    return click.option(f"--{command}-declared", cls=Declared, command=command)


_OWN: dict[int, list[click.Parameter]] = {}  # a command's own parameters, by id, its marks in place


def declare(command: click.Command) -> click.Command:
    """The command with each mark replaced by the options the procedures now
    declare for it; a command without a mark is left as it is."""
    own = _OWN.setdefault(id(command), list(command.params))
    marks = [param for param in own if isinstance(param, Declared)]
    if marks:
        from referee.ruleset import registry

        command.params = [
            each
            for param in own
            for each in ([made(o) for o in registry.options(param.command)] if isinstance(param, Declared) else [param])
        ]
    return command


def rear_options(f: F) -> F:
    for side in reversed(SIDES):
        f = click.option(f"--{side}-rear", metavar="UNITS", help=REARS[side])(f)
    return f


def _split_extra(extra: list[str]) -> tuple[dict[str, str], list[str]]:
    """Options a ruleset names (`--mines 2`, `--red=6,5`) as name → text, and
    the other words in order: the file names them, not the code."""
    given: dict[str, str] = {}
    words = []
    args = list(extra)
    while args:
        word = args.pop(0)
        if not word.startswith("--"):
            words.append(word)
            continue
        name, sep, value = word[2:].partition("=")
        if not sep:
            if not args:
                raise RefereeError(say("error.args.needs_value", "--{name} needs a value", name=name))
            value = args.pop(0)
        given[name] = value
    return given, words


def extra_options(extra: list[str]) -> dict[str, str]:
    given, words = _split_extra(extra)
    if words:
        raise RefereeError(say("error.args.unexpected", "unexpected argument '{word}'", word=words[0]))
    return given


def counts_from_args(extra: list[str], known: Sequence[str]) -> tuple[dict[str, int], list[str]]:
    """Counts a ruleset names (`--mines 2`), and the other words in order; an
    option the ruleset does not count is refused by name before its value is
    read (`--buy armour` is not a count with a bad number)."""
    given, words = _split_extra(extra)
    for name in given:
        if name not in known:
            raise did_you_mean(pgettext("kind", "option"), f"--{shown(name)}", [f"--{k}" for k in known])
    held = {}
    for name, value in given.items():
        what = say("error.args.count", "--{name}: a count on one table", name=shown(name))
        held[name] = whole_number(value, what, None, MAX_COUNT)

    return held, words


def load_rules(name: str) -> Ruleset:
    """A ruleset by name or path (a same-named file left unused is reported on
    stderr), or during `referee replay` the file it substitutes; the command
    remembers it, to journal a refusal with it."""
    from referee.cli.journaling import RULES, ruleset_override
    from referee.ruleset.load import find, load_file

    override = ruleset_override()
    if override:
        rules = load_file(override)
    else:
        path, notes = find(name, user_dirs())
        for note in notes:
            click.echo(note, err=True)
        rules = load_file(path)
    ctx = click.get_current_context(silent=True)
    if ctx is not None:  # the ruleset a refusal is journaled with
        ctx.meta[RULES] = rules
    return rules


def emit(as_json: bool, document: Any, text: Callable[[], str]) -> None:
    """Data goes to stdout: a JSON document, or the human report (to stderr
    where stdout carries a file, '--svg -'). A journaled ruling also says
    which journal entry holds it."""
    from referee.cli.journaling import aside, printed_entry, quiet

    journaled, entry, checkpoint = printed_entry()
    ctx = click.get_current_context(silent=True)
    if as_json or (ctx is not None and ctx.meta.get(JSON)):
        from referee.render.json import dumps

        noted = {"journal_entry": entry, "journal_checkpoint": checkpoint}
        click.echo(dumps({**document, **noted} if journaled else document))
    else:
        err = aside()
        click.echo(text(), err=err)
        if entry is not None and not quiet():
            click.echo(footer(entry, str(checkpoint)), err=err)


def footer(entry: int, checkpoint: str) -> str:
    """The one line after a ruling: where the journal holds it, and the
    checkpoint to note ('log --help' says how it proves the history later)."""
    from referee.words.language import pgettext

    return pgettext("journal.footer", "Journal entry {entry}, checkpoint {checkpoint}").format(
        entry=entry, checkpoint=checkpoint
    )


def refuse_unread(given: Mapping[str, object], message: str) -> None:
    """Options the game in play does not read are refused, never silently
    ignored. `given` maps each such option's flag to its value; the message
    names the ones given where it says {options}."""
    named = [option for option, value in given.items() if value is not None and value is not False and value != ()]
    if named:
        raise RefereeError(message.replace("{options}", listed(named)))


def not_read_by(rules: Ruleset) -> str:
    """The refusal `refuse_unread` gives for options meant for another kind of attack."""
    return pgettext("error.unread.game", "{options}: not used by any attack in {game}").replace("{game}", rules.name)


def flag(name: str, default: object = None) -> Any:
    """A field of a `Told` that the option `name` fills."""
    return dc_field(default=default, metadata={"flag": name})


@record
class Told:
    """An attack as typed with the options `battle` and `odds` share. Each kind
    of attack reads some of them; `unread` names the others for `refuse_unread`.
    `declared` holds the words the procedures declare for the command
    (`flags_declared`), each by its word."""

    attacker: str | None = flag("--attacker")
    defender: str | None = flag("--defender")
    attacker_rear: str | None = flag("--attacker-rear")
    defender_rear: str | None = flag("--defender-rear")
    reach: int | None = flag("--range")
    when: tuple[str, ...] = flag("--when", ())
    attacker_value: tuple[str, ...] = flag("--attacker-value", ())
    defender_value: tuple[str, ...] = flag("--defender-value", ())
    variants: tuple[str, ...] = flag("--rule", ())
    declared: Mapping[str, Any] = dc_field(default_factory=dict)

    @classmethod
    def of(cls, **words: Any) -> Self:
        """What was told, by word: the command's own, and those declared."""
        own = {f.name for f in fields(cls)}
        return cls(
            **{k: v for k, v in words.items() if k in own}, declared={k: v for k, v in words.items() if k not in own}
        )

    @classmethod
    def flags_declared(cls) -> dict[str, Option]:
        """The words the procedures declare for this command, with how each is typed."""
        return {}

    def flags(self) -> dict[str, str]:
        """Each word told, with the flag that fills it."""
        own = {f.name: f.metadata["flag"] for f in fields(self) if "flag" in f.metadata}
        return own | {word: f"--{o.typed}" for word, o in self.flags_declared().items()}

    def said(self, word: str) -> Any:
        """What was told for `word` (None, or () where it repeats, when not given)."""
        return self._said(word, self.flags_declared())

    def _said(self, word: str, declared: Mapping[str, Option]) -> Any:
        if word in self.declared:
            return self.declared[word]
        option = declared.get(word)
        return getattr(self, word) if option is None else () if option.value == "texts" else None

    def words(self) -> dict[str, Any]:
        """What was said, by word, for a procedure's reader."""
        declared = self.flags_declared()
        own = [f.name for f in fields(self) if f.name != "declared"]
        return {word: self._said(word, declared) for word in [*own, *declared]}

    def _flagged(self, keep: Callable[[str], bool]) -> dict[str, object]:
        declared = self.flags_declared()
        flags = self.flags()
        return {flag: self._said(word, declared) for word, flag in flags.items() if keep(word)}

    def unread(self, read: Iterable[str]) -> dict[str, object]:
        """The options given that a reader does not read, by flag, for `refuse_unread`."""
        read = set(read)
        return self._flagged(lambda word: word not in read)

    def given(self, *names: str) -> dict[str, object]:
        """The options of these words, by flag, for `refuse_unread` and messages."""
        return self._flagged(lambda word: word in names)

    def battle(self, rules: Ruleset) -> Battle:
        """The units of each side and rear, as a battle of units reads them."""
        return read_battle(rules, self.words())
