"""The journal as players use it: every ruling recorded before it is
printed, read back, exported by game, replayed; and journals that cannot
be used refused with one line and exit code 2."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest
from conftest import fails, run, run_json

from referee.journal import schema

BATTLE = 'battle groundforce --attacker "2 trooper" --defender "trooper, heavy"'
TYPED = f"{BATTLE} --attacker-roll sword,explosion --defender-roll shield,sword"


def test_a_ruling_is_recorded_with_everything_needed_to_replay_it(journal: Path) -> None:
    printed = run_json(BATTLE)
    entry = run_json(f"log show {printed['journal_entry']}")
    assert entry["argv"] == [
        "battle",
        "groundforce",
        "--attacker",
        "2 trooper",
        "--defender",
        "trooper, heavy",
        "--json",
    ]
    assert entry["replay"] == [*entry["argv"], "--seed", str(printed["seed"])]
    assert entry["dice"] == {
        "seed": printed["seed"],
        "rolled": {"attacker": printed["attacker"]["rolled"], "defender": printed["defender"]["rolled"]},
        "typed": [],
    }
    assert entry["ruling"] == {k: v for k, v in printed.items() if not k.startswith("journal_")}
    assert printed["journal_checkpoint"][:-2] == f"1:{entry['hash'][:4]}-{entry['hash'][4:8]}-{entry['hash'][8:12]}"
    assert entry["explanation"] == printed["explanation"]
    assert entry["inputs"]["attacker"] == "2 trooper"
    assert entry["ruleset"] == "groundforce"
    assert len(entry["ruleset_digest"]) == 64
    assert entry["time"].endswith("Z")


def test_typed_dice_are_recorded_as_typed() -> None:
    run(TYPED)
    entry = run_json("log show 1")
    assert entry["dice"]["seed"] is None
    assert entry["dice"]["typed"] == ["attacker", "defender"]
    assert entry["replay"] == entry["argv"]


def test_the_text_report_names_its_entry_and_log_lists_it() -> None:
    printed = run(TYPED).stdout.splitlines()
    assert re.fullmatch(r"Journal entry 1, checkpoint 1:[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[g-z]", printed[-1])
    assert "Journal entry" not in run(f"{TYPED} --quiet").stdout  # --quiet: the ruling without its footer
    assert run_json(f"{TYPED} --quiet")["journal_entry"] == 3  # journaled all the same, --json unchanged
    listed = run("log", env={"COLUMNS": "200"}).stdout  # wide enough that the table wraps no cell
    assert "battle groundforce --attacker '2 trooper'" in listed
    assert "GF-B5" in run("log show 1").stdout


def _commands(group: click.Group, path: str = "") -> Iterator[tuple[str, click.Command]]:
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        yield f"{path}{name}", command
        if isinstance(command, click.Group):
            yield from _commands(command, f"{path}{name} ")


def test_every_command_that_writes_an_entry_takes_quiet() -> None:
    """--quiet wherever a ruling ends with the footer: beside --no-journal, and on game start and stop."""
    from referee.cli import cli

    writing = [
        path
        for path, command in _commands(cli)
        if any(p.name == "no_journal" for p in command.params) or path in ("game start", "game stop")
    ]
    assert len(writing) > 15
    for path in writing:
        assert "--quiet" in run(f"{path} --help").stdout, path
    started = run("game start friday risk --quiet").stdout
    assert started.count("\n") == 1 and "Journal entry" not in started


def test_log_help_says_how_a_checkpoint_proves_the_history_later() -> None:
    said = " ".join(run("log --help", env={"COLUMNS": "100"}).stdout.split())
    assert "to prove it later, 'referee log verify --checkpoint 12:3f9a-c2d1-07be-z' checks" in said


def test_no_journal_writes_nothing(journal: Path) -> None:
    printed = run_json(f"{TYPED} --no-journal")
    assert printed["journal_entry"] is None
    assert "Journal entry" not in run(f"{TYPED} --no-journal").stdout
    assert run_json("log")["entries"] == []


def test_journal_option_and_environment_choose_the_file(tmp_path: Path, journal: Path) -> None:
    other = tmp_path / "other.sqlite3"
    run(f"{TYPED} --journal {other}")
    run(TYPED)
    assert [e["id"] for e in run_json(f"log --journal {other}")["entries"]] == [1]
    assert [e["id"] for e in run_json("log")["entries"]] == [1]
    assert journal.exists() and other.exists()


def test_default_location_is_the_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.journal.location import journal_path

    monkeypatch.delenv("REFEREE_JOURNAL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert journal_path() == (tmp_path / "data" / "referee" / "journal.sqlite3", True)
    run(TYPED)
    assert (tmp_path / "data" / "referee" / "journal.sqlite3").exists()


@pytest.mark.parametrize(
    "platform, env, expected",
    [
        ("linux", {"XDG_DATA_HOME": "relative/ignored"}, ".local/share/referee"),
        ("darwin", {}, "Library/Application Support/referee"),
        ("win32", {"LOCALAPPDATA": "{home}/AppData/Local"}, "AppData/Local/referee"),
    ],
)
def test_data_directory_per_platform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str, env: dict[str, str], expected: str
) -> None:
    from referee.journal.location import data_dir

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value.format(home=tmp_path))
    assert data_dir() == tmp_path / expected


def test_journal_option_works_before_and_after_a_subcommand(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    run(f"{TYPED} --journal {other}")
    assert run_json(f"log --journal {other} show 1")["id"] == 1
    assert run_json(f"log show 1 --journal {other}")["id"] == 1
    assert "the journal is empty" in fails("log show 1")


def test_reinforce_is_journaled_and_odds_is_not() -> None:
    run("reinforce groundforce --mines 2 --free-places 2")
    run("odds groundforce --attacker trooper --defender trooper")
    entries = run_json("log")["entries"]
    assert [e["command"] for e in entries] == ["reinforce"]
    assert entries[0]["inputs"]["extra"] == ["--mines", "2"]
    assert entries[0]["ruling"]["points"] == 4


def test_a_refused_ruling_is_journaled_as_refused_not_as_a_ruling() -> None:
    """The refusal cites the rule it applies (GF-B2): the journal keeps it
    as refused, with no dice and no ruling of the battle."""
    said = fails(f"{BATTLE} --attacker-roll sword")
    (entry,) = run_json("log")["entries"]
    assert (entry["kind"], entry["outcome"], entry["dice"]) == ("refused", "refused (GF-B2)", {"seed": None})
    assert said == f"error: {entry['ruling']['error']} (GF-B2)"


def test_log_filters_by_game_and_ruleset_and_limits() -> None:
    run(TYPED)
    run("game start friday --ruleset groundforce")
    for seed in range(3):
        run(f"{BATTLE} --seed {seed}")
    run("game stop")
    run(TYPED)
    # entry 2 starts the game and entry 6 stops it: both are in the chain
    assert [e["id"] for e in run_json("log --game friday")["entries"]] == [2, 3, 4, 5, 6]
    assert [e["command"] for e in run_json("log --game friday")["entries"]][::4] == ["game start", "game stop"]
    assert [e["id"] for e in run_json("log --limit 2")["entries"]] == [6, 7]
    assert len(run_json("log --ruleset groundforce")["entries"]) == 6
    assert run_json("log --ruleset risk")["entries"] == []  # known, and not played
    assert "unknown ruleset 'other'" in fails("log --ruleset other")
    games = run_json("game")["games"]
    assert [(g["name"], g["entries"], g["stopped"] is not None) for g in games] == [("friday", 3, True)]
    listed = run("game", env={"COLUMNS": "60"}).stdout  # the count 'game stop' calls rulings, called so again
    assert "  rulings: 3\n  journal entries: 2-6\n" in listed and "  entries:" not in listed


def test_an_unknown_game_is_a_typo() -> None:
    run("game start friday --ruleset groundforce")
    assert "unknown game 'fridya'; did you mean 'friday'?" in fails("log --game fridya")
    assert "unknown game" in fails("log export --game saturday")


def test_a_ruling_with_another_ruleset_than_the_game_is_noted(edited: Callable[..., Path]) -> None:
    other = edited("groundforce", lambda text: text.replace("name: groundforce", "name: house"))
    run("game start friday --ruleset groundforce")
    result = run(TYPED.replace("groundforce", str(other), 1))
    assert result.stderr == "note: game 'friday' plays groundforce; this ruling used house\n"
    assert run(TYPED).stderr == ""


def test_game_start_and_stop_refuse_what_makes_no_sense() -> None:
    assert "no game is going" in fails("game stop")
    run("game start friday --ruleset groundforce")
    assert "game 'friday' is still going" in fails("game start saturday --ruleset groundforce")
    assert "unknown ruleset" in fails("game start x --ruleset nosuch")
    assert "(0 rulings in all)" in run("game stop").stdout


def test_export_a_game_as_json_and_csv() -> None:
    run("game start 'friday night' --ruleset groundforce")
    run(TYPED)
    run(f"{BATTLE} --seed 5")
    run("game stop")
    run(TYPED)
    exported = run_json("log export --game 'friday night' --format json")
    assert [e["id"] for e in exported["entries"]] == [1, 2, 3, 4]
    rows = list(csv.DictReader(io.StringIO(run("log export --game 'friday night' --format csv").stdout)))
    assert [r["id"] for r in rows] == ["1", "2", "3", "4"]
    assert [r["kind"] for r in rows] == ["game", "exchange", "exchange", "game"]
    assert rows[0]["command_line"] == "referee game start 'friday night' --ruleset groundforce"
    assert rows[2]["seed"] == "5"
    assert rows[1]["command_line"].startswith("referee battle groundforce --attacker '2 trooper'")
    assert json.loads(rows[1]["ruling"])["winner"] == "attacker"
    assert rows[1]["explanation"].splitlines()[0].startswith("GF-B2: ")


def test_show_refuses_an_unknown_entry() -> None:
    assert "the journal is empty" in fails("log show 3")
    run(TYPED)
    assert "entries run from 1 to 1" in fails("log show 3")


def test_replay_repeats_a_drawn_roll_and_a_typed_one() -> None:
    run(f"{BATTLE}")
    run(TYPED)
    for n in (1, 2):
        replayed = run_json(f"replay {n}")
        assert replayed["same"] and all(r["same"] for r in replayed["runs"])
    assert "The ruling stands" in run("replay 1").stdout


def _edited_rules(edited: Callable[[str, Callable[[str], str]], Path]) -> Path:
    return edited(
        "groundforce",
        lambda text: text.replace(
            "read: {faces: {shield: [hit], explosion: [hit]}}",
            "read: {faces: {shield: [hit], explosion: [hit], sword: [hit]}}",
            1,
        ),
    )


def test_replay_says_what_differs_when_the_ruleset_file_changed(edited: Callable[..., Path]) -> None:
    path = _edited_rules(edited)
    original = path.read_text()
    path.write_text(original.replace("explosion: [hit], sword: [hit]}}", "explosion: [hit]}}"))
    run(f"{TYPED.replace('groundforce', str(path), 1)}")
    path.write_text(original)
    replayed = json.loads(run("replay 1 --json", code=1).stdout)
    then, today = replayed["runs"]
    assert then["same"] and not today["same"] and not replayed["same"]
    assert {"path": "defender.hits", "then": 1, "now": 2} in today["differences"]
    assert "the ruleset file has changed since" in replayed["summary"]
    out = run("replay 1", code=1).stdout
    assert "defender.hits: 1 → 2" in out
    assert "changed since: sha256" in out


def test_replay_when_today_refuses_or_the_file_is_gone(edited: Callable[..., Path]) -> None:
    path = edited("groundforce", lambda text: text.replace("More hits wins", "More hits win"))
    run(f"{TYPED.replace('groundforce', str(path), 1)}")
    path.write_text("format: 1\n")
    assert "refused:" in run("replay 1", code=1).stdout
    path.unlink()
    assert "is gone" in run("replay 1", code=1).stdout


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda p: p.mkdir(), "it is a directory"),
        (lambda p: p.write_bytes(b"not a database, just some notes\n" * 100), "not an SQLite database"),
        (
            lambda p: sqlite3.connect(p).execute("CREATE TABLE notes (x)").connection.commit(),
            "an SQLite database, but not a referee journal",
        ),
    ],
)
def test_an_unusable_journal_gives_one_line_and_no_ruling(
    tmp_path: Path, make: Callable[[Path], None], says: str
) -> None:
    path = tmp_path / "bad"
    make(path)
    for command in (TYPED, "reinforce groundforce --mines 1", "log", "log verify", "game"):
        message = fails(f"{command} --journal {path}")
        assert says in message and "--no-journal" in message
    assert "Ground Force" in run(f"{TYPED} --journal {path} --no-journal").stdout


def test_a_journal_in_a_missing_directory_is_refused(tmp_path: Path) -> None:
    assert "does not exist" in fails(f"{TYPED} --journal {tmp_path}/nowhere/j.sqlite3")


def test_a_newer_schema_is_refused(journal: Path) -> None:
    run(TYPED)
    db = sqlite3.connect(journal)
    db.execute(f"PRAGMA user_version = {schema.version() + 1}")
    db.close()
    message = fails(TYPED)
    assert f"schema version {schema.version() + 1}" in message and "upgrade referee" in message


def test_an_older_journal_is_migrated_forward(journal: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run(TYPED)

    def added(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE notes (entry INTEGER, text TEXT)")

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, added])
    run(TYPED)
    db = sqlite3.connect(journal)
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.version() == 6
    assert db.execute("SELECT count(*) FROM notes").fetchone()[0] == 0
    db.close()
    assert run_json("log verify")["entries"] == 2


def test_a_journal_locked_too_long_is_refused(journal: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.journal import store

    run(TYPED)
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.1)
    holder = sqlite3.connect(journal, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert "locked" in fails(TYPED)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(run_json("log")["entries"]) == 1


def _as_nobody(args: list[str], home: Path) -> tuple[int, str, str]:
    """Run the CLI in a forked child that has dropped root for 'nobody', with
    every module it needs imported beforehand (root's files are closed to nobody)."""
    import pwd

    from click.testing import CliRunner

    from referee.cli import cli
    from referee.journal import store  # noqa: F401  (loads sqlite3 while still root)

    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(reader)
        code = 99
        try:
            os.setgid(pwd.getpwnam("nobody").pw_gid)
            os.setuid(pwd.getpwnam("nobody").pw_uid)
            result = CliRunner().invoke(cli, args, env={"XDG_DATA_HOME": str(home)})
            os.write(writer, json.dumps([result.exit_code, result.stdout, result.stderr]).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        data = pipe.read()
    assert os.waitpid(child, 0)[1] == 0
    code, out, err = json.loads(data)
    return code, out, err


def test_a_journal_without_permission_is_refused() -> None:
    """Root may read any file, so as root the command runs in a child that
    has become 'nobody': the refusal comes from the operating system."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="referee-perm-"))
    try:
        path = folder / "journal.sqlite3"
        run(f"{TYPED} --journal {path}")
        path.chmod(0o600)
        args = [
            "battle",
            "groundforce",
            "--attacker",
            "trooper",
            "--defender",
            "trooper",
            "--seed",
            "1",
            "--journal",
            str(path),
        ]
        if os.geteuid() == 0:
            folder.chmod(0o755)
            code, out, err = _as_nobody(args, folder)
        else:
            path.chmod(0)
            result = subprocess.run(
                [sys.executable, "-m", "referee", *args], capture_output=True, text=True, check=False
            )
            code, out, err = result.returncode, result.stdout, result.stderr
        assert code == 2, err
        assert out == ""
        assert err.count("\n") == 1 and "no permission" in err, err
    finally:
        shutil.rmtree(folder)


def test_differences_name_paths_into_the_document() -> None:
    from referee.journal.compare import MISSING, Difference, differences

    then = {"winner": "attacker", "sides": [{"hits": 1}, {"hits": 2}], "steps": ["a", "b"]}
    now = {"winner": None, "sides": [{"hits": 1}, {"hits": 3}], "steps": ["a"], "new": 1}
    assert differences(then, now) == [
        Difference("winner", "attacker", None),
        Difference("sides[1].hits", 2, 3),
        Difference("steps[1]", "b", MISSING),
    ]  # "new", a field gained since, is no difference
    assert differences(then, then) == []


def test_a_journaled_command_cannot_print_a_ruling_it_did_not_record() -> None:
    """The safety net for commands wired in later: forgetting `record` is a bug
    caught the first time the command runs, not in a dispute."""
    import click
    from click.testing import CliRunner

    from referee.cli.journaling import journaled
    from referee.cli.options import emit

    @click.command()
    @journaled
    def careless() -> None:
        emit(False, {}, lambda: "a ruling")

    result = CliRunner().invoke(careless, [])
    assert isinstance(result.exception, AssertionError)
    assert result.stdout == ""


@pytest.mark.parametrize(
    "command, message",
    [
        ("replay 99999999999999999999999999", "must be from 1 to 9223372036854775807"),
        ("log show 0", "must be from 1 to 9223372036854775807, not 0"),
        (f"log --journal {'x' * 300}", "a name in it is 300 bytes long; at most 255"),
    ],
)
def test_absurd_journal_arguments_are_refused(command: str, message: str) -> None:
    assert message in fails(command)


def test_json_given_to_the_group_reaches_the_subcommand() -> None:
    run(TYPED)
    assert json.loads(run("log --json verify").stdout)["intact"] is True


@pytest.mark.parametrize(
    "command, code",
    [
        ("log", 0),
        ("game", 0),
        ("log export --format csv", 0),
        ("log export", 0),
        ("log show 1", 2),
        ("replay 1", 2),
        ("play board", 2),
        ("play hint", 2),
        ("play replay", 2),
        ("log verify", 2),
        ("log verify --checkpoint 1:0000-0000-0000", 2),
    ],
)
def test_reading_a_journal_that_is_not_there_leaves_no_file(tmp_path: Path, command: str, code: int) -> None:
    path = tmp_path / "none-yet.sqlite3"
    run(f"{command} --journal {path}", code=code)
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_verify_refuses_a_journal_that_is_not_there(tmp_path: Path) -> None:
    """ "ok: 0 entries" would vouch for a file nobody has: a path mistyped, a journal moved."""
    path = tmp_path / "moved.sqlite3"
    assert fails(f"log verify --journal {path}") == (
        f"error: there is no journal {path} to verify: name the file with --journal PATH or REFEREE_JOURNAL"
    )
    path.touch()  # an empty file is a journal nothing was written to yet
    assert run_json(f"log verify --journal {path}")["entries"] == 0


@pytest.mark.parametrize(
    "command",
    [
        "log --limit 1010101010101010101010101010101010101010",
        "battle groundforce --attacker trooper --defender trooper --seed 1010101010101010101010101010101010",
    ],
)
def test_forty_digit_numbers_are_refused_before_the_journal(command: str) -> None:
    assert "to 9223372036854775807, not a number of" in fails(command)


def test_show_prints_a_battle_as_the_battle_printed_it() -> None:
    printed = run(TYPED).stdout
    report = printed[: printed.index("\nJournal entry 1")]
    assert "GF-B5" in report and "The attacker wins by 1." in report
    shown = run("log show 1").stdout
    assert shown.startswith("Entry 1  ")
    assert "command:  referee battle groundforce --attacker '2 trooper'" in shown
    assert "\n\n" + report + "\n" in shown  # the table, the summary and the Why lines, as printed
    assert "hash:" not in shown and "attacker.hits:" not in shown
    assert run_json("log show 1")["ruling"]["winner"] == "attacker"  # --json is the entry as stored


def test_show_rebuilds_the_report_from_the_ruleset_kept_in_the_journal(edited: Callable[..., Path]) -> None:
    path = _edited_rules(edited)
    original = path.read_text()
    printed = run(TYPED.replace("groundforce", str(path), 1)).stdout
    path.write_text(original.replace("explosion: [hit], sword: [hit]}}", "explosion: [hit]}}"))
    assert printed[: printed.index("\nJournal entry 1")] in run("log show 1").stdout


def test_show_keeps_the_card_for_an_entry_without_a_situation() -> None:
    run("game start friday --ruleset groundforce")
    shown = run("log show 1").stdout
    assert "hash:" in shown and "Ruling:" in shown
