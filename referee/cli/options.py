"""Options and arguments several commands share, turning words into a battle,
and refusing options the game in play does not read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from dataclasses import field as dc_field
from pathlib import Path
from typing import Any

import click

from referee.errors import RefereeError
from referee.mechanics.base import SIDES, Battle, Units
from referee.names import MAX_COUNT, situations_of, states_of, units_of
from referee.ruleset.model import Ruleset

F = Callable[..., Any]
LARGEST = 2**63 - 1  # what the journal's SQLite columns hold


def whole(minimum: int | None = None) -> click.IntRange:
    """A whole-number option; the rules check the range that matters, this only
    keeps absurd numbers (40 digits) out of the journal and out of loops."""
    return click.IntRange(min=minimum, max=LARGEST)


def _complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from referee.ruleset.load import catalogue

    return sorted({e.name for e in catalogue(user_dirs()) if e.name.startswith(incomplete)})


def completing_ruleset(ctx: click.Context) -> Ruleset | None:
    """The ruleset named on a command line being completed. While an option
    still awaits its value, click leaves the arguments unparsed in ctx.args."""
    try:
        return load_rules(ctx.params.get("ruleset") or next(iter(ctx.args), ""))
    except RefereeError:
        return None


def ruleset_argument(f: F) -> F:
    return click.argument("ruleset", shell_complete=_complete_ruleset)(f)


JSON = "referee.json"


def _json_asked(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    """Remembered in the context, so `referee log --json verify` means what it says."""
    if value:
        ctx.meta[JSON] = True
    return value


def json_option(f: F) -> F:
    return click.option(
        "--json", "as_json", is_flag=True, callback=_json_asked, help="Print one JSON document on stdout."
    )(f)


def seed_option(f: F) -> F:
    return click.option(
        "--seed", type=whole(0), help="Seed for the referee's rolls; the same seed gives the same dice anywhere."
    )(f)


def force_options(f: F) -> F:
    from referee.cli import completion

    for side in reversed(SIDES):
        f = click.option(
            f"--{side}", shell_complete=completion.units, help=f'The {side}\'s units, e.g. "2 trooper, heavy".'
        )(f)
    return f


def situation_options(f: F) -> F:
    from referee.cli import completion

    f = click.option(
        "--when",
        "when",
        multiple=True,
        shell_complete=completion.situations,
        metavar="SIDE:NAME",
        help="A named situation of the ruleset, e.g. defender:stealth (repeatable).",
    )(f)
    return click.option(
        "--range", "reach", type=whole(0), help="Distance to the target, for attacks that reach further."
    )(f)


def variant_option(f: F) -> F:
    return click.option(
        "--rule",
        "variants",
        multiple=True,
        metavar="NAME",
        help="A special rule of the ruleset in play, e.g. fill-the-void (repeatable).",
    )(f)


def rear_options(f: F) -> F:
    for side in reversed(SIDES):
        f = click.option(
            f"--{side}-rear",
            metavar="UNITS",
            help=f'The {side}\'s units in the rear, e.g. 1 or "infantry, damaged armour" '
            "(a bare number counts the first unit of the ruleset).",
        )(f)
    return f


def _force(
    rules: Ruleset, text: str, group: str, default: str
) -> tuple[list[tuple[str, int]], list[tuple[str, str, str, int]]]:
    """Units (a bare number counts `default`) and the states typed before them."""
    if text.strip().isdecimal():  # not isdigit: "²" is a digit int() cannot read
        count = int(text)
        if count > MAX_COUNT:
            raise RefereeError(f"--{group.replace('_', '-')} {count}: a count must be from 0 to {MAX_COUNT}")
        return [(default, count)] if count else [], []
    found = units_of(rules).counted_in_states(text, states_of(rules))
    counts: dict[str, int] = {}
    for unit, _, count in found:
        counts[unit] = counts.get(unit, 0) + count
    return list(counts.items()), [(group, unit, state, count) for unit, state, count in found if state]


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
                raise RefereeError(f"--{name} needs a value")
            value = args.pop(0)
        given[name] = value
    return given, words


def extra_options(extra: list[str]) -> dict[str, str]:
    given, words = _split_extra(extra)
    if words:
        raise RefereeError(f"unexpected argument '{words[0]}'")
    return given


def counts_from_args(extra: list[str]) -> tuple[dict[str, int], list[str]]:
    """Counts a ruleset names (`--mines 2`), and the other words in order."""
    given, words = _split_extra(extra)
    held = {}
    for name, value in given.items():
        try:
            held[name] = int(value)
        except ValueError:
            raise RefereeError(f"--{name} needs a whole number, not '{value}'") from None
        if held[name] > MAX_COUNT:
            raise RefereeError(f"--{name} {held[name]}: at most {MAX_COUNT} of anything on one table")
    return held, words


def user_dirs() -> list[Path]:
    """--rules-dir (or REFEREE_RULES_DIR) folders, then the user's own rulesets folder."""
    from referee.userdirs import rulesets_dir

    ctx = click.get_current_context(silent=True)
    given = ctx.find_root().params.get("rules_dir") or () if ctx else ()
    return [*map(Path, given), rulesets_dir()]


def load_rules(name: str) -> Ruleset:
    """A ruleset by name or path (a same-named file left unused is reported on
    stderr), or during `referee replay` the file it substitutes."""
    from referee.cli.journaling import ruleset_override
    from referee.ruleset.load import find, load_file

    override = ruleset_override()
    if override:
        return load_file(override)
    path, notes = find(name, user_dirs())
    for note in notes:
        click.echo(note, err=True)
    return load_file(path)


def situations_from_words(rules: Ruleset, when: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """`defender:hills` → ("defender", "hills"), through the ruleset's aliases; a repeat counts once."""
    situations = situations_of(rules)
    named = []
    for item in when:
        side, sep, name = item.partition(":")
        if not sep or side.strip().lower() not in SIDES:
            raise RefereeError(f"--when takes SIDE:NAME with SIDE attacker or defender, not '{item}'")
        named.append((side.strip().lower(), situations(name)))
    return tuple(dict.fromkeys(named))


def emit(as_json: bool, document: Any, text: Callable[[], str]) -> None:
    """Data goes to stdout: a JSON document, or the human report. A journaled
    ruling also says which journal entry holds it."""
    from referee.cli.journaling import printed_entry

    journaled, entry = printed_entry()
    ctx = click.get_current_context(silent=True)
    if as_json or (ctx is not None and ctx.meta.get(JSON)):
        from referee.render.json import dumps

        click.echo(dumps({**document, "journal_entry": entry} if journaled else document))
    else:
        click.echo(text())
        if entry is not None:
            click.echo(f"\nJournal entry {entry}; 'referee log show {entry}' shows it again.")


def numbers(text: str, what: str, rule: str) -> tuple[int, ...]:
    """'6,2' or '6 2' → (6, 2); whether each is a face is the rules' to say."""
    items = [item.strip() for item in text.replace(" ", ",").split(",") if item.strip()]
    try:
        return tuple(int(item) for item in items)
    except ValueError:
        raise RefereeError(f"{what} takes pips such as 6 or 6,2, not '{text}'", rule=rule) from None


def refuse_unread(given: Mapping[str, object], message: str) -> None:
    """Options the game in play does not read are refused, never silently
    ignored. `given` maps each such option's flag to its value; the message
    names the ones given where it says {options}."""
    named = [option for option, value in given.items() if value is not None and value is not False and value != ()]
    if named:
        raise RefereeError(message.replace("{options}", ", ".join(named)))


def not_read_by(rules: Ruleset) -> str:
    """The refusal `refuse_unread` gives for options meant for another kind of attack."""
    return "{options}: not used by " + rules.name + "'s attacks"


def flag(name: str, default: object = None) -> Any:
    """A field of a `Told` that the option `name` fills."""
    return dc_field(default=default, metadata={"flag": name})


@dataclass(frozen=True)
class Told:
    """An attack as typed with the options `battle` and `odds` share. Each kind
    of attack reads some of them; `flags` names the others for `refuse_unread`."""

    attacker: str | None = flag("--attacker")
    defender: str | None = flag("--defender")
    attacker_rear: str | None = flag("--attacker-rear")
    defender_rear: str | None = flag("--defender-rear")
    reach: int | None = flag("--range")
    when: tuple[str, ...] = flag("--when", ())
    variants: tuple[str, ...] = flag("--rule", ())

    def flags(self, *names: str) -> dict[str, object]:
        """The named options by flag with their values, in the order named."""
        given = {f.metadata["flag"]: getattr(self, f.name) for f in fields(self) if "flag" in f.metadata}
        return {name: given[name] for name in names}

    def battle(self, rules: Ruleset) -> Battle:
        """The units of each side and rear (a bare number counts the file's first unit), with
        their states and the situations named."""
        for side, given in zip(SIDES, (self.attacker, self.defender), strict=True):
            if not given:
                raise RefereeError(f'say which units fight with --{side}, e.g. --{side} "2 trooper"')
        if not rules.units:
            raise RefereeError(
                f"{rules.title} names no units to battle with; "
                f"'referee show {rules.name}' says how its attacks are ruled"
            )
        groups: dict[str, Units] = {}
        states: list[tuple[str, str, str, int]] = []
        default = next(iter(rules.units))
        texts = {
            "attacker": self.attacker,
            "defender": self.defender,
            "attacker_rear": self.attacker_rear,
            "defender_rear": self.defender_rear,
        }
        for group, text in texts.items():
            units, typed_states = _force(rules, text or "0", group, default)
            groups[group] = tuple(units)
            states += typed_states
        for side in SIDES:
            if not groups[side]:
                raise RefereeError(f"the {side} needs at least one unit in the battle")
        return Battle.of_groups(
            groups, when=situations_from_words(rules, self.when), states=tuple(states), range=self.reach
        )
