"""The journal hook: how a ruling command writes its ruling to the journal
before printing it, and how `referee replay` runs a command again.

A ruling command adopts it in two lines::

    @click.command()
    @ruleset_argument
    ...
    @seed_option
    @journaled                 # adds --journal PATH and --no-journal
    @json_option
    def hit(ruleset, ..., seed, as_json):
        rules = load_rules(ruleset)        # cli.options.load_rules: replay swaps the file here
        ...
        record(rules, document, "strike", seed=seed_used, dice={"rolled": faces}, situation=kept)
        emit(as_json, document, lambda: render.report(...))

`record` must come before `emit`: it commits the entry (or raises, and
nothing is printed), and `emit` refuses to print a journaled ruling that
was not recorded. `seed` is the seed the referee drew from (None when the
players typed every die); a command that draws one must take `--seed`, so
the stored command line plus `--seed N` repeats the ruling exactly. The
document is the command's `--json` document; its `explanation` list is
stored as the entry's explanation. A ruling through the door also gives
`situation` (`referee.journal.rerule.stored`): `replay` rules on that again
through `resolve`; other entries are replayed by running their stored
command line again, under `rerunning`.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from referee.cli.helptext import helped
from referee.core.errors import RefereeError
from referee.rulings.ruling import listed, say, series

if TYPE_CHECKING:
    from referee.journal.rows import Entry
    from referee.journal.store import Builds, Journal
    from referee.ruleset.model import Ruleset

F = Callable[..., Any]
ARGV = "referee.argv"
PATH = "referee.journal.path"
OFF = "referee.journal.off"
PENDING = "referee.journal.pending"
ENTRY = "referee.journal.entry"
CHECKPOINT = "referee.journal.checkpoint"
QUIET = "referee.journal.quiet"  # --quiet: no footer line after the ruling
REPLAY = "referee.journal.replay"  # the command line that rules it again, where the one typed reads the journal
RULES = "referee.ruleset.loaded"  # the ruleset the command loaded: a refusal is journaled with it
SUPPLIED = "referee.ruleset.supplied"  # the ruleset the game in play supplied, for the replay line
SUPPLIED_AT = "referee.ruleset.supplied.at"  # how many of the command's arguments come before it (NAME)
SUPPLIED_BY = "referee.ruleset.supplied.by"  # the game in play that supplied it, as the journal read it
ASIDE = "referee.report.aside"  # stdout carries a file ('--svg -'): the report goes to stderr
STDOUT = "-"
HOW = "{message}; choose another file with --journal PATH or REFEREE_JOURNAL, or rule without it with --no-journal"


class Rerun:
    """A replay in progress: the ruleset file to load instead of the named
    one, and what the command would have recorded. (A plain class: every
    command imports this module, and a dataclass costs start-up time.)"""

    def __init__(self, ruleset_file: Path | None):
        self.ruleset_file = ruleset_file
        self.document: Any = None
        self.error: str | None = None


_RERUN: ContextVar[Rerun | None] = ContextVar("referee_rerun", default=None)


def _remember(key: str) -> Callable[[click.Context, click.Parameter, Any], None]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> None:
        if value is not None or key not in ctx.meta:
            ctx.meta[key] = value

    return callback


def journal_option(f: F) -> F:
    """--journal PATH, for commands that read the journal."""
    return click.option(
        "--journal",
        metavar="PATH",
        expose_value=False,
        callback=_remember(PATH),
        help=helped(
            "help.journal", "The journal file (default: $REFEREE_JOURNAL, else journal.sqlite3 in your data directory)."
        ),
    )(f)


def quiet_option(f: F) -> F:
    """--quiet, for every command that writes a journal entry: the ruling
    without the footer line naming its entry and checkpoint."""
    return click.option(
        "-q",
        "--quiet",
        is_flag=True,
        expose_value=False,
        callback=_remember(QUIET),
        help=helped("help.quiet", "Leave out the line naming the journal entry and its checkpoint."),
    )(f)


def journaled(f: F) -> F:
    """Make a command a ruling command: --journal PATH, --no-journal and
    --quiet, and `emit` will insist that `record` ran first. A refusal that
    cites a rule is a ruling too (`kept_refused`)."""

    def mark(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        ctx.meta[OFF] = value
        ctx.meta[PENDING] = True

    command = f

    @functools.wraps(command)
    def ruling(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except RefereeError as refusal:
            kept_refused(refusal)
            raise

    f = quiet_option(ruling)
    f = click.option(
        "--no-journal",
        is_flag=True,
        expose_value=False,
        callback=mark,
        help=helped("help.no-journal", "Rule without writing the journal."),
    )(f)
    return journal_option(f)


def ruleset_override() -> Path | None:
    """The file a replay substitutes for the ruleset the command names."""
    rerun = _RERUN.get()
    return rerun.ruleset_file if rerun else None


def _jsonable(document: Any) -> Any:
    from referee.render.json import dumps

    return json.loads(dumps(document, indent=None))


def _ruleset_content(rules: Ruleset) -> bytes:
    from referee.core.digests import sha256_hex

    content = Path(rules.path).read_bytes()
    if sha256_hex(content) != rules.digest:
        raise RefereeError(
            say(
                "error.journal.changed",
                "the ruleset file {path} changed while the referee was ruling; run it again",
                path=rules.path,
            )
        )

    return content


def record(
    rules: Ruleset | None,
    document: Any,
    kind: str,
    *,
    seed: int | None = None,
    dice: dict[str, Any] | None = None,
    starts: str | None = None,
    stops: str | None = None,
    command: str | None = None,
    situation: dict[str, Any] | None = None,
    replay: list[str] | None = None,
    builds: Builds | None = None,
) -> None:
    """Commit this ruling to the journal (unless --no-journal), before it is
    printed, with its `kind` of outcome (one of `referee.journal.kinds.KINDS`:
    a procedure's `report`, else the command's own); `starts` or `stops` names the game the entry starts or stops,
    `command` the entry's command where it is not the one typed (a game that
    `play start` begins is a 'game start' entry of its own), and `replay` the
    command line that rules it again where the one typed reads the journal;
    `builds` the board entry an action was read from, which must still be its
    game's last when the entry is written (else `Moved`, and nothing is)."""
    ctx = click.get_current_context()
    ctx.meta[PENDING] = False
    rerun = _RERUN.get()
    if rerun is not None:
        rerun.document = _jsonable(document)
        return
    if ctx.meta.get(OFF):
        return
    if seed is not None and not any(p.name == "seed" for p in ctx.command.params):
        raise AssertionError(f"'{ctx.command_path}' draws a seed but has no --seed to replay it with")
    from referee import __version__

    argv = list(ctx.meta.get(ARGV) or [])
    ruling = _jsonable(document)
    inputs = {name: value for name, value in ctx.params.items() if name != "as_json"}
    content = _ruleset_content(rules) if rules else None
    from referee.journal.checkpoint import code

    with opened() as journal:
        written = journal.append(
            command=command or " ".join(ctx.command_path.split()[1:]),
            kind=kind,
            argv=argv,
            replay=replay
            or _spoken(_with_supplied(argv, ctx))
            + (["--seed", str(seed)] if seed is not None and ctx.params.get("seed") != seed else []),
            inputs=_jsonable({**inputs, **({"extra": ctx.args} if ctx.args else {})}),
            dice=_jsonable({"seed": seed, **(dice or {})}),
            ruling=ruling,
            explanation=ruling.get("explanation", []) if isinstance(ruling, dict) else [],
            version=__version__,
            ruleset=rules.name if rules else None,
            ruleset_path=str(Path(rules.path).resolve()) if rules else None,
            ruleset_content=content,
            starts=starts,
            stops=stops,
            situation=situation,
            builds=builds,
            ruled_in=ctx.meta.get(SUPPLIED_BY),
        )
    ctx.meta[ENTRY], ctx.meta[CHECKPOINT], game = written.entry, code(written.entry, written.hash), written.game
    if starts is None and game is not None and rules is not None and game["ruleset"] != rules.name:
        plays, used = _title_of(game["ruleset"]), str(rules.spoken_title)
        said = say(
            "journal.other_ruleset",
            "note: game '{game}' plays {plays}; this ruling used {used}",
            game=game["name"],
            plays=plays if plays != used else game["ruleset"],  # two files of one title: by their names
            used=used if plays != used else rules.name,
        )
        click.echo(said, err=True)


def kept_refused(refusal: RefereeError) -> None:
    """Journal a refusal that cites a rule, as the ruling the players will
    argue about afterwards (an attack on a stealthed saboteur, a purchase
    over the points): what was asked, the ruleset it was refused under, and
    the refusal as `--json` says it, its rule as its one step. A mistake of
    typing cites none and is no ruling; nor is a refusal of the journal's
    own (the ruling was recorded, or recording it failed). A board action
    is left out: a game held on the board reads its last entry as its board.
    During a replay it is what the command would have recorded."""
    from referee.board import COMMAND as BOARD_ACTION

    ctx = click.get_current_context()
    command = " ".join(ctx.command_path.split()[1:])
    if refusal.rule is None or not ctx.meta.get(PENDING) or f"{command} ".startswith(BOARD_ACTION):
        return
    said = {"error": refusal.message, "rule": refusal.rule, **({"where": refusal.where} if refusal.where else {})}
    step = {"rule": refusal.rule, "text": refusal.message}
    with contextlib.suppress(RefereeError):  # a journal that cannot take it leaves the refusal to be said
        record(ctx.meta.get(RULES), {**said, "explanation": [step]}, "refused", replay=ctx.meta.get(REPLAY))


def replayed_by(line: list[str]) -> None:
    """The command line that rules this command again where the one typed
    reads the journal (a pick on entry N's throw): a refusal is journaled with it."""
    click.get_current_context().meta[REPLAY] = line


def _title_of(name: str) -> str:
    """A ruleset's title as the language spoken prints it (前線風雲, not
    frontline-risk); its name where the file no longer loads."""
    from referee.cli.rulesdirs import user_dirs
    from referee.ruleset.load import load

    try:
        return load(name, user_dirs()).spoken_title
    except RefereeError:
        return name


def _with_supplied(argv: list[str], ctx: click.Context) -> list[str]:
    """The command line with the ruleset the game in play supplied where
    RULESET stands (after the command's name, or after its NAME in `game
    start NAME`), so that it rules the same once that game is over."""
    word = ctx.meta.get(SUPPLIED)
    if word is None:
        return argv
    at, valued = 0, ("--lang", "--rules-dir")
    while at < len(argv) and argv[at] != ctx.info_name:  # past the options before the command
        at += 2 if argv[at] in valued else 1
    at += 1
    for _ in range(ctx.meta.get(SUPPLIED_AT, 0)):  # past the arguments before RULESET, and options between
        while at < len(argv) and argv[at].startswith("-") and argv[at] != "-":
            at += 1 if "=" in argv[at] or _flag(ctx, argv[at]) else 2
        at += 1
    return [*argv[:at], word, *argv[at:]]


def _flag(ctx: click.Context, word: str) -> bool:
    """Whether an option of the command takes no value (an option it does not
    declare, such as a player's --red, takes one)."""
    return any(isinstance(p, click.Option) and p.is_flag and word in p.opts for p in ctx.command.params)


def _spoken(argv: list[str]) -> list[str]:
    """The command line with the language it was ruled in, so a replay says
    its steps in that language and compares like with like (a language chosen
    by REFEREE_LANG or the locale is not on the line typed)."""
    from referee.words import language

    code = language.current()
    kept = without_language(argv)  # a --lang typed but not spoken (an ASCII terminal) is not the ruling's
    return kept if code == language.ENGLISH else ["--lang", code, *kept]


def ruled_in(argv: list[str]) -> str:
    """The language a stored command line was ruled in: the --lang it opens
    with (as `_spoken` records it), else English."""
    from referee.words import language

    return argv[1] if argv[:1] == ["--lang"] and len(argv) > 1 else language.ENGLISH


def without_language(argv: list[str]) -> list[str]:
    """The command line without the --lang it names, if any."""
    kept: list[str] = []
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True
        elif not word.startswith("--lang="):
            kept.append(word)
    return kept


def stop_if_won() -> None:
    """A game held on the board whose winner is declared makes way for what
    comes next (a new game, a map dealt for one): its stop is an entry of the
    chain, as `game stop` writes it, so nothing after is filed under it."""
    from referee.board import COMMAND
    from referee.journal.games import STOP

    if not writing():
        return
    with opened() as journal:
        going = journal.current_game()
        last = going and journal.last_entry(going["name"], COMMAND)
    if going and last and last.move and last.move.board.phase == "over":
        record(None, {"game": going["name"], "ruleset": going["ruleset"]}, "game", stops=going["name"], command=STOP)


def ruleset_in_play() -> str | None:
    """The ruleset of the game in play, as a command line names it: by its
    name, or by the path of the file the game started with where its name
    now finds another file (or none); None with no game in play."""
    return game_in_play()[1]


def game_in_play() -> tuple[dict[str, Any] | None, str | None]:
    """The game in play as the journal says it (None: none), and its ruleset as
    `ruleset_in_play` names it."""
    with opened(reading=True) as journal:
        going = journal.current_game()
        started = journal.entry(going["entry"]) if going and "entry" in going else None
    if going is None or not going["ruleset"]:
        return going, None
    return going, _as_typed(str(going["ruleset"]), started)


def ruleset_last_played() -> tuple[str, str] | None:
    """(the game, its ruleset as `ruleset_in_play` names it) of the game
    started last, going or stopped: the game a new one most likely repeats;
    None in a journal that holds no game."""
    with opened(reading=True) as journal:
        played = [g for g in journal.games() if g["ruleset"]]
        last = played[-1] if played else None
        started = journal.entry(last["start_entry"]) if last and last["start_entry"] else None
    return None if last is None else (str(last["name"]), _as_typed(str(last["ruleset"]), started))


def _as_typed(name: str, started: Entry | None) -> str:
    """A game's ruleset by its name, or by the path of the file the game
    started with where its name now finds another file (or none)."""
    path = Path(started.ruleset_path) if started and started.ruleset_path else None
    return str(path) if path is not None and path.is_file() and not _found_as(name, path) else name


def _found_as(name: str, path: Path) -> bool:
    """Whether the ruleset's name finds the file the game started with."""
    from referee.cli.rulesdirs import user_dirs
    from referee.ruleset.load import find

    try:
        return find(name, user_dirs())[0].resolve() == path.resolve()
    except RefereeError:
        return False


def writing() -> bool:
    """Whether this ruling will be written to a journal (not --no-journal, not a replay)."""
    ctx = click.get_current_context()
    return _RERUN.get() is None and not ctx.meta.get(OFF)


def quiet() -> bool:
    """Whether --quiet asked for the ruling without its footer line."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(QUIET))


def printed_entry() -> tuple[bool, int | None, str | None]:
    """(journaled?, entry id, checkpoint) for `emit`; a journaled ruling printed
    without `record` is a bug, caught here rather than in a dispute."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or PENDING not in ctx.meta:
        return False, None, None
    if ctx.meta[PENDING]:
        raise AssertionError(f"'{ctx.command_path}' prints a ruling it did not record")
    return _RERUN.get() is None, ctx.meta.get(ENTRY), ctx.meta.get(CHECKPOINT)


# While `kept_open` holds: each journal open, by its path and whether it reads only, with the file's identity.
Kept = dict[tuple[Path, bool], tuple["Journal", tuple[int, int]]]
_KEPT: ContextVar[Kept | None] = ContextVar("referee_kept", default=None)


@contextlib.contextmanager
def kept_open() -> Iterator[None]:
    """While it holds (the table prompt), each journal a command opens stays
    open for the next command, and closes when it ends. Opening costs more
    than a ruling: reading the file's first bytes and its schema version,
    and SQLite syncs the directory the first time a new connection commits,
    a second wait for the disk beside the one for the entry itself.
    Durability does not change: in WAL mode with synchronous=FULL (`store`)
    each commit syncs the log before it returns, on one connection as on
    many, and the directory entry of a log once synced is on disk."""
    journals: Kept = {}
    token = _KEPT.set(journals)
    try:
        yield
    finally:
        _KEPT.reset(token)
        for journal, _ in journals.values():
            journal.db.close()


def _identity(path: Path) -> tuple[int, int]:
    """The file at a path, told apart from one put there later; none there: (-1, -1)."""
    import os

    try:
        found = os.stat(path)
    except OSError:
        return (-1, -1)
    return (found.st_dev, found.st_ino)


def _kept(journals: Kept, path: Path, default: bool, reading: bool) -> Journal:
    """The journal kept open for `path`, opened now where none is or where
    the file there is no longer the one it opened (created, moved or deleted
    since: an entry goes to the file the path names, and is read from it)."""
    from referee.journal.store import open_journal

    key, there = (path, reading), _identity(path)
    held = journals.get(key)
    if held is not None and held[1] == there:
        journal = held[0]
        journal.damage = []  # what an earlier command could not read is not this one's to report
        if reading and journal.found:
            journal.look_over()  # as opening it does
        return journal
    if held is not None:
        held[0].db.close()
        del journals[key]
    journal = open_journal(path, create_dir=default and not reading, reading=reading)
    journals[key] = (journal, _identity(path))
    return journal


@contextlib.contextmanager
def opened(reading: bool = False) -> Iterator[Journal]:
    """The journal this command was told to use, open; `reading` commands
    leave no file behind where there was none. At the table, the journal
    kept open (`kept_open`)."""
    from referee.journal.location import journal_path
    from referee.journal.store import Unusable, open_journal

    path, default = journal_path(click.get_current_context().meta.get(PATH))
    journals = _KEPT.get()
    try:
        if journals is not None:
            yield _kept(journals, path, default, reading)
            return
        with open_journal(path, create_dir=default and not reading, reading=reading) as journal:
            yield journal
    except Unusable as exc:
        raise RefereeError(say("error.journal.how", HOW, message=exc.message)) from None


class EntryNumber(click.ParamType[int | None, Any]):
    """A journal entry by its number, or 'last' (in any language the referee
    speaks) for the newest: the number a ruling just printed need not be typed."""

    name = "entry"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | None:
        from referee.words.inputs import whole_number

        if isinstance(value, int) or value is None:
            return value
        text = str(value)
        if text.strip().lower() in _last_words():
            return None
        if not text.strip().isdecimal():
            raise RefereeError(
                say("error.entry.number", "ENTRY is an entry's number or 'last', not '{given}'", given=text)
            )
        from referee.words.language import pgettext

        return whole_number(text, pgettext("argument.entry", "entry"), 1)  # named as the language names an entry


def _last_words() -> set[str]:
    """'last' in every language the referee speaks."""
    from referee.words.language import LANGUAGES, pgettext, speaking

    words = set()
    for code in LANGUAGES:
        with speaking(code):
            words.add(pgettext("entry", "last").lower())
    return words


def entry_argument(f: F) -> F:
    """ENTRY: a journal entry's number, or 'last'."""
    return click.argument("entry", type=EntryNumber())(f)


def chosen(journal: Journal, entry: int | None) -> Entry:
    """The entry asked for: by its number, or where 'last' was typed the
    newest ruling (a game's start or stop is no ruling to show or replay;
    a journal of nothing else shows its newest entry)."""
    return journal.entry(journal.newest(ruling=True) if entry is None else entry)


def report_damage(journal: Journal, entries: list[Entry]) -> None:
    """Name on stderr every damaged entry a reading command met, and what the
    file itself could not give; then exit 1, as `log verify` does for a broken
    chain, after the command printed what it could read. Columns another tool
    added to the entries are a note: what this referee knows was all read."""
    if journal.unknown:
        said = say(
            "journal.unknown_columns",
            "note: the journal's entries also hold {columns}, which this referee does not know: "
            "left unread, and not covered by the hash chain",
            columns=listed(f"'{name}'" for name in journal.unknown),
        )
        click.echo(said, err=True)
    lines = [
        say("journal.damaged_entry", "damaged: entry {n}: {why}", n=e.id, why=series(e.damage))
        for e in entries
        if e.damage
    ]
    lines += [
        say("journal.damaged_file", "damaged: {why}; what could be read is shown", why=why)
        for why in dict.fromkeys(journal.damage)
    ]

    for line in lines:
        click.echo(line, err=True)
    if lines:
        click.get_current_context().exit(1)


@contextlib.contextmanager
def rerunning(ruleset_file: Path | None) -> Iterator[Rerun]:
    """While `referee replay` runs a stored command line again: `load_rules`
    loads `ruleset_file`, `record` keeps the document instead of writing the
    journal, and `write_file` writes nothing."""
    from referee.words import language

    attempt = Rerun(ruleset_file)
    token = _RERUN.set(attempt)
    speaking = language.current()
    try:
        yield attempt
    finally:
        _RERUN.reset(token)
        language.use(speaking)  # a command line that names its language does not change the replay's


def write_file(path: str, text: str, what: str) -> None:
    """Write a file a command was asked for (an SVG picture); a replay only
    says whether the ruling stands, so it writes nothing. '-' is stdout, which
    then carries the file alone: the report goes to stderr, as tar's does."""
    if _RERUN.get() is not None:
        return
    if path == STDOUT:
        ctx = click.get_current_context()
        if ctx.params.get("as_json"):
            raise RefereeError(
                say(
                    "error.file.stdout_json",
                    "'-' writes {what} to stdout, where --json prints too: name a file, or leave out --json",
                    what=what,
                )
            )
        ctx.meta[ASIDE] = True
        click.echo(text, nl=not text.endswith("\n"))
        return
    from referee.words.inputs import write_text

    write_text(Path(path), text, what)


def written_to(path: str) -> str:
    """Where a file went, as a sentence names it: its path, or stdout for '-'."""
    from referee.words.language import pgettext

    return pgettext("file.stdout", "stdout") if path == STDOUT else path


def aside() -> bool:
    """Whether stdout carries a file ('--svg -'), so the report goes to stderr."""
    ctx = click.get_current_context(silent=True)
    return ctx is not None and bool(ctx.meta.get(ASIDE))
