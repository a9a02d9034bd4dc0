"""`referee table`: a prompt for the evening. Each line is a command as on
the command line, without `referee`, run by the same command group in the
same process: the same output, the same journal entries and replay lines,
and the game in play supplying its ruleset as it does to a command line.
The imports and each ruleset file are paid for once, so a ruling answers in
milliseconds (benchmarks/table.py measures it).

Python's own `cmd` and `readline` give the prompt its line editing, history
(kept in the user's data directory, beside the journal) and completion,
which asks click's shell completion, the one `eval "$(_REFEREE_COMPLETE=…)"`
gives a shell: commands, options, and the names of the ruleset in play."""

from __future__ import annotations

import cmd
import contextlib
import io
import os
import shlex
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from referee.cli.helptext import described, options_part
from referee.cli.journaling import PATH, journal_option, kept_open, opened
from referee.cli.options import emit, json_option
from referee.cli.tablewords import at_the_prompt, named
from referee.core.errors import RefereeError
from referee.rulings.ruling import say
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.journal.store import Journal
    from referee.ruleset.model import Ruleset

LEAVING = ("exit", "quit")
OWN_WORDS = ("help", *LEAVING)  # the table's own words, beside the commands
DELIMITERS = " \t\n\"',"  # where readline starts the word it completes: a name ends at a comma too


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@journal_option
@json_option
@click.pass_context
@described("help.table.command")
def table(ctx: click.Context, game_name: str | None, as_json: bool) -> None:
    """A prompt for the evening: type each command as on the command line,
    without 'referee'. Up-arrow brings the last one back to change its dice;
    Tab completes commands, options and the names of the ruleset in play.
    Each ruling is journaled as on the command line. GAME must be the game
    in play (the table starts none); without it, the game in play, if any,
    supplies the ruleset. 'help' lists the commands; 'exit', 'quit' or
    Ctrl-D leaves. With --json, each command answers with its JSON document,
    and leaving adds one: the game, and the commands typed and refused.

    \b
    Example:
      referee game start friday groundforce
      referee table friday
    """
    going = _game_at_table(game_name)
    interactive = _reading()
    from referee.ruleset.load import kept
    from referee.words import language

    with _settings(ctx), kept(), kept_open(), Table(interactive, as_json, language.current()) as sitting:
        intro = _intro(going) if interactive else None
        with sitting.history() if interactive else contextlib.nullcontext():
            sitting.sit(intro)
        going = sitting.going()
    if as_json:
        emit(
            True,
            {
                "game": going["name"] if going else None,
                "ruleset": going["ruleset"] if going else None,
                "commands": sitting.commands,
                "refused": sitting.refused,
            },
            str,
        )


class Table(cmd.Cmd):
    """The prompt: `cmd` reads each line (with readline at a terminal) and
    hands it here; every command goes to the `referee` group itself."""

    def __init__(self, interactive: bool, as_json: bool, language: str):
        super().__init__(completekey="tab" if interactive else "")  # piped: no readline
        self.interactive, self.as_json, self.language = interactive, as_json, language
        self.commands = self.refused = 0
        self.reader_gone = False
        called = click.get_current_context(silent=True)  # its help is as wide as the table's own
        self.terminal_width = called.terminal_width if called else None
        self.held = contextlib.ExitStack()
        self.journal: Journal | None = None
        self.prompt = self.prompted()
        from referee.cli import COMMANDS

        self.spoken = named(COMMANDS)  # a --json table's documents keep the command lines as they are

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.held.close()

    def going(self) -> dict[str, Any] | None:
        """The game in play, read from the journal the table holds open for
        reading (at `referee table`, the one `kept_open` keeps for every
        command). While one connection stays open, a ruling's closes without
        folding the journal's write-ahead log back into the file (as SQLite
        does when the last one closes)."""
        if self.journal is None or not self.journal.found:  # none yet: the first ruling makes it
            self.held.close()
            self.journal = self.held.enter_context(opened(reading=True))
        return self.journal.current_game()

    def sit(self, intro: str | None) -> None:
        """Read commands until EOF, 'exit' or 'quit'; Ctrl-C at the prompt
        drops the line typed, as a shell does, and the table goes on."""
        self.intro = intro
        while sys.stdin is not None:  # none at all (closed by the shell) reads as its end
            try:
                self.cmdloop()
                return
            except KeyboardInterrupt:
                if not self.interactive:
                    raise click.Abort() from None
                click.echo()
                self.intro = None

    def cmdloop(self, intro: Any = None) -> None:
        """Each line read, handed to `onecmd`, until the end of input or a
        line that leaves. `cmd`'s own loop reads the end of input as a line
        saying 'EOF' (and runs `do_EOF`), so a player's word EOF, or any line
        starting with it, ended the evening and dropped the lines after it;
        here the end is told apart, and EOF typed is an unknown command."""
        if self.intro:
            click.echo(self.intro)
        while True:
            try:
                line = input(self.prompt)
            except EOFError:  # Ctrl-D, or the end of the commands piped in
                if self.interactive:
                    click.echo()  # the shell's prompt on a line of its own
                return
            if self.postcmd(self.onecmd(line), line):
                return

    @contextlib.contextmanager
    def history(self) -> Iterator[None]:
        """The commands of earlier evenings come back with up-arrow; this
        evening's are kept for the next one; Tab completes. A Python without
        readline (Windows') gives a table without any of them."""
        try:
            import readline
        except ImportError:
            yield
            return
        from referee.core.userdirs import table_history

        path = table_history()
        completer = readline.get_completer()
        readline.set_completer(self.complete)  # type: ignore[arg-type]  # typeshed: a list; cmd returns one name
        readline.parse_and_bind(f"{self.completekey}: complete")
        readline.set_completer_delims(DELIMITERS)
        if "libedit" in (readline.__doc__ or ""):  # macOS's readline binds Tab its own way
            readline.parse_and_bind("bind ^I rl_complete")
        with contextlib.suppress(OSError):
            readline.read_history_file(path)
        readline.set_history_length(1000)
        try:
            yield
        finally:
            readline.set_completer(completer)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                readline.write_history_file(path)
            except OSError as exc:
                said = say(
                    "prompt.history_lost",
                    "note: the history could not be kept in {path}: {reason}",
                    path=str(path),
                    reason=exc.strerror or str(exc),
                )
                click.echo(said, err=True)

    def prompted(self) -> str:
        """The prompt names the game in play and its ruleset; a piped table prompts nothing."""
        going = self.going()
        if not self.interactive:
            return ""
        if going is None:
            return pgettext("prompt.table", "table> ")
        return say("prompt.game", "{game} ({ruleset})> ", game=going["name"], ruleset=going["ruleset"])

    def emptyline(self) -> bool:
        return False  # an empty line repeats nothing: a ruling is never given twice by accident

    def default(self, line: str) -> None:
        words = self.words(line)
        if words is not None and words[:1] == ["table"]:
            self.refuse(say("error.prompt.inside", "you are at the table already: type the command alone"))
        elif words:
            self.run(words)

    def words(self, line: str) -> list[str] | None:
        """The line's words as a shell splits them (a `referee` typed out of habit
        left off), or None when it cannot be split, which is said."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            self.refuse(
                say("error.prompt.quote", "a quotation mark is not closed: {line}", line=line.strip())
                if "quotation" in str(exc)
                else say("error.prompt.escape", "a backslash ends the line: {line}", line=line.strip())
            )
            return None
        return words[1:] if words[:1] == ["referee"] else words

    def run(self, words: list[str]) -> None:
        """One command, exactly as `referee WORDS` runs it (with --json
        added at a --json table); its error is its one line, and the table
        goes on, unless the reader of the output has gone (`| head -1`):
        a command after that would be ruled and journaled, and never seen."""
        from referee.cli import ReaderGone, cli
        from referee.words import language

        if self.as_json and "--json" not in options_part(words):
            at = words.index("--") if "--" in words else len(words)
            words = [*words[:at], "--json", *words[at:]]
        self.commands += 1
        try:
            with contextlib.nullcontext() if self.as_json else at_the_prompt(self.spoken):
                cli.main(args=words, prog_name="referee", terminal_width=self.terminal_width)
        except ReaderGone:
            self.reader_gone = True
        except SystemExit as exc:
            self.refused += exc.code not in (0, None)
        finally:
            language.use(self.language)  # a command's --lang is its own, as on the command line

    def refuse(self, message: str) -> None:
        from referee.cli import fail

        self.refused += 1
        with contextlib.suppress(SystemExit):
            fail(message, self.as_json)

    def postcmd(self, stop: bool, line: str) -> bool:
        self.prompt = self.prompted()  # a command may have started or stopped a game
        return stop or self.reader_gone

    def do_help(self, arg: str) -> bool:
        """`help`: what the table takes and the commands; `help COMMAND`: that command's --help."""
        words = self.words(arg)
        if words is None:
            return False
        if words and words[0] not in OWN_WORDS:
            self.run([*words[:1], "--help"])
            return False
        from referee.cli import cli
        from referee.cli.helptext import SpokenContext, commands_listed

        with SpokenContext(cli, info_name="referee", terminal_width=self.terminal_width) as ctx:
            listed = commands_listed(ctx, cli, left_out=("table",))
        about = say(
            "prompt.help",
            "Type a command as on the command line, without 'referee': "
            "'help COMMAND' shows its help; 'exit', 'quit' or Ctrl-D leaves.",
        )
        from referee.render.text import wrapped

        click.echo("\n".join([*wrapped(about), "", listed]))
        return False

    def do_exit(self, arg: str) -> bool:
        return True

    do_quit = do_exit

    def completedefault(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        """What `cmd` asks readline to offer in place of `text`, the end of
        the word at the cursor after the last space, quote or comma
        (`DELIMITERS`), whatever the line's first word."""
        try:
            return completed(line[:endidx], text)
        except (RefereeError, click.ClickException):
            return []

    completenames = complete_help = completedefault


def completed(line: str, text: str) -> list[str]:
    """What readline may put in place of `text`, the end of the last word of
    `line`: each candidate for that word with its start as typed. Outside
    quotes, a space in it is escaped and one after it ends the word, as a
    shell's completion does (Python's readline adds none); a folder's path
    goes on."""
    words, incomplete, quoted = _split(line)
    if not incomplete.endswith(text):
        return []
    kept = [value for value in candidates(words, incomplete) if value.startswith(incomplete)]
    ends = "" if quoted else " "
    return [
        text + (rest if quoted else rest.replace(" ", "\\ ")) + ("" if rest.endswith(os.sep) else ends)
        for rest in (value[len(incomplete) :] for value in kept)
    ]


def candidates(words: list[str], incomplete: str) -> list[str]:
    """The words the table would take for `incomplete` after `words`: first a
    command or the table's own words, then what `referee`'s shell completion
    offers (options, rulesets, units, faces, situations of the ruleset in
    play), and paths where a file is asked for."""
    from click.shell_completion import ShellComplete

    from referee.cli import COMMANDS, cli
    from referee.cli.applies import command_applies, options_named, options_unread

    if words[:1] == ["referee"]:
        words = words[1:]
    rules = _ruleset_for(words)
    if not words or words == ["help"]:
        names = [name for name in COMMANDS if name != "table" and (rules is None or command_applies(rules, name))]
        return sorted(name for name in [*names, *([] if words else OWN_WORDS)] if name.startswith(incomplete))
    found = []
    for item in ShellComplete(cli, {}, "referee", "_REFEREE_COMPLETE").get_completions(words, incomplete):
        found += _paths(incomplete, item.type == "dir") if item.type in ("file", "dir") else [item.value]
    if rules is None or not incomplete.startswith("-"):
        return found
    unread = options_unread(rules, words[0])
    named = [option for option in options_named(rules, words) if option.startswith(incomplete)]
    return [option for option in found if option not in unread] + [option for option in named if option not in found]


def _ruleset_for(words: list[str]) -> Ruleset | None:
    """The ruleset a line being completed rules with: the one it names after
    the command, else the game in play's; None where neither is known."""
    from referee.cli import cli
    from referee.cli.completion import completing_ruleset

    ctx = click.Context(cli)
    named = words[1:2] if len(words) > 1 and not words[1].startswith("-") else []
    for word in [*named, ""]:
        ctx.params = {"ruleset": word}
        found = completing_ruleset(ctx)
        if found is not None:
            return found
    return None


def _split(line: str) -> tuple[list[str], str, bool]:
    """The words before the cursor, the word being typed, and whether it is
    inside quotes still open."""
    for closing in ("", '"', "'"):
        try:
            words = shlex.split(line + closing)
        except ValueError:
            continue
        if closing or (line and not line[-1].isspace()):
            return words[:-1], words[-1] if words else "", bool(closing)
        return words, "", False
    return [], "", False  # a backslash at the end: nothing to complete


def _paths(incomplete: str, folders: bool) -> list[str]:
    """The files (or folders) whose path starts with what is typed."""
    import glob

    found = sorted(glob.glob(glob.escape(incomplete) + "*"))
    return [path + os.sep if os.path.isdir(path) else path for path in found if os.path.isdir(path) or not folders]


def _reading() -> bool:
    """Whether the commands come from a terminal. Bytes piped in that are
    not UTF-8 reach the command, which names them in its one line, as it
    does for an argument (`referee.words.inputs.argument`)."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")
    return sys.stdin is not None and sys.stdin.isatty()


def _game_at_table(named: str | None) -> dict[str, Any] | None:
    """The game in play; GAME, when given, must be it: the table starts nothing."""
    with opened(reading=True) as journal:
        going = journal.current_game()
        played = named is not None and any(game["name"] == named for game in journal.games())
    if named is None or (going is not None and going["name"] == named):
        return going
    if going is not None:
        raise RefereeError(
            say(
                "error.prompt.other_game",
                "game '{game}' is not in play, '{going}' is: 'referee table' sits at its table",
                game=named,
                going=going["name"],
            )
        )
    if played:
        raise RefereeError(
            say(
                "error.prompt.stopped",
                "game '{game}' has stopped; start another with 'referee game start NAME RULESET'",
                game=named,
            )
        )
    raise RefereeError(
        say(
            "error.prompt.no_game",
            "no game '{game}' in the journal; start it first: referee game start {quoted} RULESET",
            game=named,
            quoted=shlex.quote(named),
        )
    )


def _intro(going: dict[str, Any] | None) -> str:
    """What a table at a terminal opens with: the game and how to go on."""
    from referee.render.text import wrapped

    how = say(
        "prompt.intro",
        "Type commands as on the command line, without 'referee'. 'help' lists them; 'exit' or Ctrl-D leaves.",
    )
    if going is not None:
        how = say(
            "prompt.intro.game", "Game '{game}' ({title}). {how}", game=going["name"], title=_title(going), how=how
        )
    return "\n".join(wrapped(how))


def _title(going: dict[str, Any]) -> str:
    """The title of the game's ruleset (read now, so the first ruling finds it
    read), or its name where the file cannot be read."""
    from referee.cli.journaling import ruleset_in_play
    from referee.cli.options import load_rules

    try:
        word = ruleset_in_play()
        return load_rules(word).title if word else str(going["ruleset"])
    except RefereeError:
        return str(going["ruleset"])


@contextlib.contextmanager
def _settings(ctx: click.Context) -> Iterator[None]:
    """The table's language, rules folders and journal hold for each command
    typed at it, as the environment holds them for a command line (so the
    journal stores each command as typed): restored on leaving."""
    from referee.cli.rulesdirs import user_dirs
    from referee.words import language

    folders = [str(folder) for folder in user_dirs()[:-1]]  # the last is the user's own, always searched
    settings = {
        "REFEREE_LANG": language.current(),
        "REFEREE_RULES_DIR": os.pathsep.join(folders) if folders else None,
        "REFEREE_JOURNAL": ctx.meta.get(PATH),
    }
    before = {name: os.environ.get(name) for name in settings}
    for name, value in settings.items():
        if value is not None:
            os.environ[name] = value
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
