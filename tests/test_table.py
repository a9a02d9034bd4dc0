"""`referee table`: a prompt for the evening, driven through its input stream
(and once over a pseudo-terminal, as a player types at it). Each line rules
as the command line rules: the same output, the same journal entries and
replay lines; an error is its one line and the table goes on; EOF leaves
with exit 0; Tab offers the commands, options and names of the ruleset in play."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import select
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from conftest import run

from referee.cli import cli
from referee.cli.journaling import kept_open
from referee.cli.table import Table, completed
from referee.journal.store import open_journal
from referee.ruleset.load import kept, load_file, shipped

BATTLE = 'battle --attacker "2 trooper" --defender trooper --attacker-roll sword,explosion --defender-roll shield'
OTHER = (
    'battle --attacker "2 trooper" --defender "trooper, heavy" --attacker-roll sword,sword --defender-roll blank,sword'
)
CHECKPOINT = re.compile(
    r"\b\d+:[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]\b"
)  # a checkpoint: its hash has the time in it
SAME = ("command", "argv", "replay", "game", "ruleset", "ruleset_digest", "inputs", "dice", "ruling", "explanation")


def at_table(lines: list[str], *args: str, env: dict[str, str] | None = None) -> Result:
    """`referee table ARGS` fed `lines` on its standard input."""
    given = "".join(f"{line}\n" for line in lines)
    result = CliRunner().invoke(cli, ["table", *args], input=given, env=env, catch_exceptions=False)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.exit_code == 0, (result.exit_code, result.stdout, result.stderr)
    return result


def entries(path: Path) -> list[dict[str, Any]]:
    """Each journal entry's fields that a ruling decides (not its time, hash or number)."""
    with open_journal(path, reading=True) as journal:
        return [{key: getattr(journal.entry(n), key) for key in SAME} for n in range(1, journal.newest() + 1)]


def unstamped(text: str) -> str:
    return CHECKPOINT.sub("N:CHECKPOINT", text)


@pytest.fixture
def friday() -> None:
    run("game start friday groundforce")


# 1. the same rulings, the same journal


def test_rulings_and_entries_are_the_command_line_s(journal: Path, tmp_path: Path) -> None:
    """Two journals, each playing a game of groundforce: one ruled from the
    command line, the other at the table. Same output, same entries, same
    replay lines (the table's own replay to check them)."""
    run("game start friday groundforce")
    typed = "".join(run(line).stdout for line in (BATTLE, OTHER))
    at = tmp_path / "at-the-table.sqlite3"
    env = {"REFEREE_JOURNAL": str(at)}
    CliRunner().invoke(cli, ["game", "start", "friday", "groundforce"], env=env, catch_exceptions=False)
    table = at_table([BATTLE, OTHER], env=env)
    assert table.stderr == ""
    assert unstamped(table.stdout) == unstamped(typed)
    assert "The attacker wins by 1" in table.stdout
    assert entries(at) == entries(journal)
    assert entries(at)[1]["replay"] == ["battle", "groundforce", *shlex.split(BATTLE)[1:]]  # the game supplied it
    assert at_table(["replay 2", "replay 3"], env=env).stdout.count("The ruling stands") == 2


def test_a_ruling_with_a_seed_and_json_answers_as_the_command_line(friday: None) -> None:
    line = 'battle --attacker "2 trooper" --defender trooper --seed 7 --no-journal --json'
    assert json.loads(at_table([line]).stdout) == json.loads(run(line).stdout)


def test_the_game_in_play_is_read_for_each_command(journal: Path) -> None:
    """A game started at the table supplies its ruleset to the next line;
    stopped, the next line must name one again."""
    out = at_table(["game start friday groundforce", BATTLE, "game stop", BATTLE])
    assert out.stdout.count("The attacker wins by 1") == 1
    assert out.stderr.startswith("error: name a ruleset (")
    assert [e["command"] for e in entries(journal)] == ["game start", "battle", "game stop"]


def test_a_referee_typed_out_of_habit_is_left_off(friday: None, journal: Path) -> None:
    at_table([f"referee {BATTLE}"])
    assert entries(journal)[-1]["argv"] == shlex.split(BATTLE)


def test_the_table_s_language_holds_for_each_command_and_is_the_replay_s(friday: None, journal: Path) -> None:
    out = at_table([BATTLE, f"{BATTLE} --lang de"], "--lang", "nl").stdout
    assert "De aanvaller wint met 1" in out and "Der Angreifer gewinnt mit 1" in out
    nl, de = entries(journal)[1:]
    assert nl["argv"] == shlex.split(BATTLE)
    assert nl["replay"][:3] == ["--lang", "nl", "battle"]
    assert de["replay"][:3] == ["--lang", "de", "battle"]
    assert "REFEREE_LANG" not in os.environ  # the table's settings end with it


def test_the_table_s_rules_folders_and_journal_hold_for_each_command(tmp_path: Path, journal: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "mygame.yaml").write_text(
        shipped()["groundforce"].read_text(encoding="utf-8").replace("name: groundforce", "name: mygame", 1), "utf-8"
    )
    elsewhere = tmp_path / "elsewhere.sqlite3"
    line = BATTLE.replace("battle", "battle mygame")
    assert "The attacker wins by 1" in at_table([line], "--rules-dir", str(folder), "--journal", str(elsewhere)).stdout
    assert [e["ruleset"] for e in entries(elsewhere)] == ["mygame"]
    assert not journal.exists()
    assert "REFEREE_RULES_DIR" not in os.environ and os.environ["REFEREE_JOURNAL"] == str(journal)


def test_json_answers_each_command_and_ends_with_the_table_s_account(friday: None) -> None:
    out = at_table([BATTLE, "battle --attacker nobody --defender trooper", "exit"], "--json")
    decoder, at, documents = json.JSONDecoder(), 0, []
    while at < len(out.stdout.rstrip()):
        document, at = decoder.raw_decode(out.stdout, at)
        documents.append(document)
        at += len(out.stdout[at:]) - len(out.stdout[at:].lstrip())
    ruling, account = documents
    assert ruling["journal_entry"] == 2
    assert account == {"game": "friday", "ruleset": "groundforce", "commands": 2, "refused": 1}
    assert json.loads(out.stderr)["error"].startswith("unknown unit 'nobody'")


# 2. errors are one line; the table goes on; EOF and exit leave with 0


@pytest.mark.parametrize(
    "line, said",
    [
        ("battle --attacker nobody --defender trooper", "error: unknown unit 'nobody'"),
        ('battle --attacker "2 trooper', 'error: a quotation mark is not closed: battle --attacker "2 trooper'),
        ("battle --attacker trooper\\", "error: a backslash ends the line: battle --attacker trooper\\"),
        ("table", "error: you are at the table already: type the command alone"),
        ("batle", "error: unknown command 'batle'; did you mean 'battle'?"),
        ("battle --atacker trooper", "error: no such option --atacker; did you mean --attacker?"),
        ("EOF", "error: unknown command 'EOF'; known: battle,"),  # a word typed, not the end of input
        ("EOF battle", "error: unknown command 'EOF'; known: battle,"),
    ],
)
def test_an_error_is_one_line_and_the_table_goes_on(friday: None, journal: Path, line: str, said: str) -> None:
    out = at_table([line, BATTLE])
    assert len(out.stderr.splitlines()) == 1 and out.stderr.startswith(said), out.stderr
    assert "The attacker wins by 1" in out.stdout
    assert [e["command"] for e in entries(journal)] == ["game start", "battle"]


def test_eof_leaves_with_exit_0_and_says_nothing() -> None:
    out = at_table([])
    assert (out.stdout, out.stderr) == ("", "")


def test_bytes_that_are_not_utf8_are_one_line_too(friday: None) -> None:
    given = b"\xff\xfe\n" + BATTLE.encode() + b"\n"
    result = CliRunner().invoke(cli, ["table"], input=given, catch_exceptions=False)
    assert result.exit_code == 0 and "The attacker wins by 1" in result.stdout
    assert result.stderr.startswith("error: argument 1 ('\\udcff\\udcfe') holds bytes that are not UTF-8")


def test_the_word_eof_piped_in_is_a_command_unknown_and_the_evening_goes_on(journal: Path) -> None:
    """Through a real pipe, as `referee table < evening.txt` reads it: only
    the pipe's end ends the table, never a line saying EOF."""
    evening = b"roll 2d6 --seed 1\nEOF\nroll 2d6 --seed 2\n"
    table = subprocess.run(
        [sys.executable, "-m", "referee", "table"], input=evening, capture_output=True, check=False, timeout=120
    )
    assert table.returncode == 0 and table.stdout.count(b"2d6: 2d6 [") == 2, table
    assert table.stderr.decode().splitlines()[0].startswith("error: unknown command 'EOF'")
    assert len(table.stderr.splitlines()) == 1
    assert [e["command"] for e in entries(journal)] == ["roll", "roll"]


def test_no_input_at_all_is_its_end() -> None:
    """A shell that closed stdin (`referee table <&-`) leaves the table at once."""
    closed = subprocess.run(
        [sys.executable, "-c", "import sys; assert sys.stdin is None; from referee.cli import main; main()", "table"],
        preexec_fn=lambda: os.close(0),  # as the shell's <&- leaves it
        capture_output=True,
        check=False,
    )
    assert (closed.returncode, closed.stdout, closed.stderr) == (0, b"", b"")


def test_a_reader_that_stops_early_leaves_the_rest_unruled(journal: Path) -> None:
    """`referee table < evening.txt | head -1`: once nothing more is seen,
    nothing more is ruled or journaled, and the table leaves with exit 0."""
    table = subprocess.Popen(
        [sys.executable, "-m", "referee", "table"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert table.stdin is not None and table.stdout is not None
    table.stdin.write(b"roll 2d6\n")
    table.stdin.flush()
    assert table.stdout.readline().startswith(b"2d6: 2d6 [")
    table.stdout.close()  # the reader goes: the next ruling's output has nowhere to go
    table.stdin.write(b"roll 2d6\n" * 5)
    table.stdin.close()
    assert (table.wait(timeout=60), table.stderr.read() if table.stderr else b"") == (0, b"")
    # the roll seen, and at most the next: journaled between its ruling, which may
    # have reached the pipe, and its footer, which found no reader; never the four after
    assert [e["command"] for e in entries(journal)] in (["roll"], ["roll", "roll"])


@pytest.mark.parametrize("word", ["exit", "quit"])
def test_exit_and_quit_leave_the_rest_unruled(friday: None, journal: Path, word: str) -> None:
    assert at_table(["", word, BATTLE]).stdout == ""
    assert len(entries(journal)) == 1


def test_an_empty_line_repeats_nothing(friday: None, journal: Path) -> None:
    at_table([BATTLE, "", "   "])
    assert len(entries(journal)) == 2


def test_help_lists_the_commands_and_help_command_is_its_help() -> None:
    out = at_table(["help"]).stdout
    assert "'help COMMAND' shows its help" in out
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert "battle" in listed and "odds" in listed and "table" not in listed
    for line, command in (("help battle", ["battle", "--help"]), ("? odds", ["odds", "--help"])):
        typed = CliRunner().invoke(cli, command, prog_name="referee").stdout  # in the prompt's words
        prompt_s = re.sub(rf"\breferee (?=({'|'.join(listed)})\b)", "", typed)
        assert at_table([line]).stdout == prompt_s != typed
        assert "the referee rolls" in typed or command[0] == "odds"


@pytest.mark.parametrize(
    "lang, said",
    [
        ("nl", "Typ een commando zoals op de commandoregel"),
        ("de", "Einen Befehl wie auf der Befehlszeile eingeben"),
        ("zh-Hant", "照命令列輸入指令"),
    ],
)
def test_help_speaks_the_table_s_language(lang: str, said: str) -> None:
    assert said in at_table(["help"], "--lang", lang).stdout


# 3. GAME: the game in play, or refused; the table starts nothing


def test_game_names_the_game_in_play(friday: None) -> None:
    assert "The attacker wins by 1" in at_table([BATTLE], "friday").stdout


def test_a_game_not_in_play_is_refused_and_nothing_starts(journal: Path) -> None:
    def refused(*args: str) -> str:
        result = CliRunner().invoke(cli, ["table", *args], input=BATTLE, catch_exceptions=False)
        assert result.exit_code == 2 and result.stdout == "", result.stdout
        return result.stderr.strip()

    assert refused("friday") == (
        "error: no game 'friday' in the journal; start it first: referee game start friday RULESET"
    )
    run("game start friday groundforce")
    assert refused("saturday") == (
        "error: game 'saturday' is not in play, 'friday' is: 'referee table' sits at its table"
    )
    run("game stop")
    assert refused("friday") == (
        "error: game 'friday' has stopped; start another with 'referee game start NAME RULESET'"
    )
    assert [e["command"] for e in entries(journal)] == ["game start", "game stop"]


@pytest.mark.parametrize(
    "lang, going, none",
    [
        ("en", "friday (groundforce)> ", "table> "),
        ("nl", "friday (groundforce)> ", "tafel> "),
        ("de", "friday (groundforce)> ", "Tisch> "),
        ("zh-Hant", "friday（groundforce）> ", "牌桌> "),
    ],
)
def test_the_prompt_names_the_game_in_play_in_each_language(lang: str, going: str, none: str) -> None:
    from referee.words import language

    language.use(lang)
    with click.Context(cli), Table(interactive=True, as_json=False, language=lang) as table:
        assert table.prompt == none
        run("game start friday groundforce")
        language.use(lang)
        table.postcmd(False, "game start friday groundforce")
        assert table.prompt == going
        assert not Table(interactive=False, as_json=False, language=lang).prompt  # piped: no prompt


# 4. completion: commands, options, names of the ruleset in play


@pytest.mark.parametrize(
    "line, text, offered",
    [
        ("ba", "ba", ["battle "]),
        ("q", "q", ["quit "]),
        ("help ro", "ro", ["roll "]),
        ("battle --attacker-r", "--attacker-r", ["--attacker-rear ", "--attacker-roll "]),
        ('battle --attacker "2 tr', "tr", ["trooper"]),
        ("battle --attacker tr", "tr", ["trooper "]),
        ('battle --defender "trooper, he', "he", ["heavy"]),
        ("battle --attacker-roll sword,ex", "ex", ["explosion "]),
        ("referee battle --attacker-roll sh", "sh", ["shield "]),
        ("battle frontline-risk --when defender:ci", "defender:ci", ["defender:city "]),
        ("odds grou", "grou", ["groundforce "]),
        ("validate rulesets/groundf", "rulesets/groundf", ["rulesets/groundforce.yaml "]),
        ("validate rule", "rule", ["rulesets/"]),
    ],
)
def test_tab_offers_commands_options_and_the_ruleset_s_names(
    friday: None, monkeypatch: pytest.MonkeyPatch, line: str, text: str, offered: list[str]
) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    assert sorted(completed(line, text)) == offered


def test_a_name_with_a_space_completes_as_the_line_splits_it_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside quotes the space is escaped and a space ends the word; inside
    quotes both are left to the player, who may go on with a comma."""
    from referee.cli import table

    monkeypatch.setattr(table, "candidates", lambda words, incomplete: ["2 heavy weapon", "2 heavy"][:1])
    for line, text, closing in (("battle --attacker 2\\ he", "he", ""), ('battle --attacker "2 he', "he", '"')):
        (offered,) = completed(line, text)
        assert shlex.split(line[: len(line) - len(text)] + offered + closing)[-1] == "2 heavy weapon"
    assert completed("battle --attacker 2\\ he", "he") == ["heavy\\ weapon "]
    assert completed('battle --attacker "2 he', "he") == ["heavy weapon"]


def test_the_first_word_offers_every_command_but_the_table() -> None:
    from referee.cli import COMMANDS

    offered = [word.strip() for word in completed("", "")]
    assert set(offered) == (set(COMMANDS) - {"table"}) | {"help", "exit", "quit"}


# 5. rulesets read once per sitting, again when changed


def test_a_ruleset_is_read_once_and_again_when_its_bytes_change(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_bytes(shipped()["groundforce"].read_bytes())
    with kept():
        first = load_file(path)
        assert load_file(path) is first
        path.write_text(path.read_text(encoding="utf-8").replace("title: Ground Force", "title: Mine"), "utf-8")
        changed = load_file(path)
    assert changed.title == "Mine" and first.title == "Ground Force"
    assert load_file(path) is not load_file(path)  # outside a sitting, every command reads its file


def test_a_ruleset_edited_during_the_evening_rules_at_the_next_line(
    tmp_path: Path, journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.yaml"
    path.write_bytes(shipped()["groundforce"].read_bytes())
    line = BATTLE.replace("battle", f"battle {path}")
    with click.Context(cli), kept(), Table(interactive=False, as_json=False, language="en") as table:
        table.onecmd(line)
        assert capsys.readouterr().out.startswith("Ground Force: ")
        path.write_text(path.read_text(encoding="utf-8").replace("title: Ground Force", "title: Mine"), "utf-8")
        table.onecmd(line)
        assert capsys.readouterr().out.startswith("Mine: ")
    assert len({e["ruleset_digest"] for e in entries(journal)}) == 2


# 6. the journal open for the evening: one connection, each entry synced, the file the path names


def test_the_journal_is_opened_once_an_evening_and_each_entry_is_synced(
    friday: None, journal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new connection's first commit syncs the directory as well as the
    entry: kept open, each ruling waits for the disk once. What is written
    is as on the command line, and each commit syncs (synchronous=FULL)."""
    from referee.journal import store

    opening = store.open_journal
    opens: list[bool] = []

    def counted(path: Path, create_dir: bool = False, reading: bool = False) -> store.Journal:
        opens.append(reading)
        return opening(path, create_dir, reading)

    monkeypatch.setattr(store, "open_journal", counted)
    at_table([BATTLE, OTHER, BATTLE])
    assert opens == [True, True, False]  # the game checked before sitting, then one to read and one to write
    assert [e["command"] for e in entries(journal)] == ["game start", "battle", "battle", "battle"]
    assert "intact" in run("log verify").stdout
    with opening(journal) as written:
        assert written.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_journal_deleted_during_the_evening_is_not_written_to(journal: Path) -> None:
    """An entry goes to the file the journal's path names: one deleted (or
    moved away) while the table holds it open is not written to again."""
    line = BATTLE.replace("battle", "battle groundforce")
    with click.Context(cli), kept(), kept_open(), Table(interactive=False, as_json=False, language="en") as table:
        table.onecmd(line)
        for path in journal.parent.glob(f"{journal.name}*"):  # the file, its write-ahead log and its index
            path.unlink()
        table.onecmd(line)
    assert [e["command"] for e in entries(journal)] == ["battle"]


# 7. at a terminal: the prompt, Tab, up-arrow across evenings, Ctrl-D


KEYSTROKE = 1.0  # seconds between a key and the next Ctrl-C (0.2 hung on a loaded machine); see `Terminal`


class Terminal:
    """`referee table` on a pseudo-terminal: what a player types, what the screen shows.

    Ctrl-C makes the terminal signal the table and throw away the keys it has
    not yet read. Typed on the heels of other keys (microseconds, as no hand
    can), it may land after the table saw them waiting but before it read
    them; the table then waits for keys that are gone. So a test types Ctrl-C
    only once the screen shows the keys before it, and a keystroke later."""

    def __init__(self, env: dict[str, str]):
        self.pid, self.master = pty.fork()  # the terminal is the table's own: Ctrl-C is a signal to it
        if self.pid == 0:  # the child: it becomes the table, or ends here
            try:
                os.chdir(Path(__file__).resolve().parent.parent)
                os.execve(sys.executable, [sys.executable, "-m", "referee", "table"], env)
            finally:
                os._exit(127)
        self.screen = ""

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode("utf-8"))

    def shows(self, text: str, timeout: float = 60.0) -> str:
        """Wait until `text` is on the screen (after what was waited for before)."""
        deadline = time.monotonic() + timeout
        while text not in self.screen:
            ready, _, _ = select.select([self.master], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"never shown: {text!r}; the screen: {self.screen!r}")
            try:
                self.screen += os.read(self.master, 4096).decode("utf-8", "replace")
            except OSError:  # the process is gone
                raise AssertionError(f"never shown: {text!r}; the screen: {self.screen!r}") from None
        shown, _, self.screen = self.screen.partition(text)
        return shown + text

    def leaves(self) -> int:
        deadline = time.monotonic() + 60
        while (done := os.waitpid(self.pid, os.WNOHANG))[0] == 0:
            assert time.monotonic() < deadline, "the table did not leave"
            with contextlib.suppress(OSError):  # the screen's last output, so the table is not kept waiting
                if select.select([self.master], [], [], 0.1)[0]:
                    os.read(self.master, 4096)
        os.close(self.master)
        return os.waitstatus_to_exitcode(done[1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal as Linux gives one")
def test_at_a_terminal_tab_completes_up_arrow_recalls_and_ctrl_d_leaves(journal: Path, tmp_path: Path) -> None:
    pytest.importorskip("readline")
    run("game start friday groundforce")
    env = {**os.environ, "TERM": "dumb", "INPUTRC": os.devnull, "COLUMNS": "100"}

    evening = Terminal(env)
    assert "Game 'friday' (Ground Force)." in evening.shows("friday (groundforce)> ")
    evening.type("bat\t")  # Tab completes the command
    evening.shows("battle ")
    evening.type(BATTLE.removeprefix("battle ") + "\r")
    assert "The attacker wins by 1" in evening.shows("friday (groundforce)> ")
    evening.type("roll 2d6 --no-jour")
    evening.shows("--no-jour")  # the table has read what was typed, and waits for the next key
    time.sleep(KEYSTROKE)
    evening.type("\x03")  # Ctrl-C drops the line typed, and the table goes on
    assert "Seed" not in evening.shows("friday (groundforce)> ")
    evening.type("battle --attacker nobody --defender trooper\r")
    assert "error: unknown unit 'nobody'" in evening.shows("friday (groundforce)> ")  # and the table goes on
    evening.type("EOF\r")  # the word, typed: not Ctrl-D
    assert "error: unknown command 'EOF'" in evening.shows("friday (groundforce)> ")  # and the table goes on
    evening.type("\x04")  # Ctrl-D
    assert evening.leaves() == 0
    history = tmp_path / "user-data" / "referee" / "table-history"
    assert BATTLE in history.read_text(encoding="utf-8")

    next_evening = Terminal(env)
    next_evening.shows("friday (groundforce)> ")
    next_evening.type("\x1b[A" * 3)  # up-arrow three times: past EOF and the unknown unit, the battle before
    next_evening.shows("--defender-roll shield")
    next_evening.type("\x7f" * len("shield") + "sword\r")  # its dice changed
    assert "The defender wins" not in next_evening.shows("friday (groundforce)> ")
    next_evening.type("exit\r")
    assert next_evening.leaves() == 0
    ruled = [e for e in entries(journal) if e["command"] == "battle"]
    assert [e["argv"][-1] for e in ruled] == ["shield", "sword"]
