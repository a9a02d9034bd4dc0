"""Ruleset authoring: the JSON Schema agrees with the loader, `new` writes a
file that validates, and user rulesets are found but never shadow shipped ones."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
import yaml
from conftest import fails, run, run_json

from referee.core.errors import RefereeError
from referee.ruleset.load import load_file, shipped
from referee.ruleset.schema import SCHEMA_FILE, generate

Edit = Callable[[str, Callable[[str], str]], Path]


def test_shipped_schema_is_the_generated_one() -> None:
    assert json.loads(SCHEMA_FILE.read_text()) == generate(), (
        "regenerate it: python -m referee schema > referee/ruleset/ruleset.schema.json"
    )
    assert json.loads(run("schema").stdout) == generate()


@pytest.mark.parametrize("name", sorted(shipped()))
def test_shipped_rulesets_validate_against_the_schema(name: str) -> None:
    text = shipped()[name].read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../referee/ruleset/ruleset.schema.json")
    jsonschema.validate(yaml.safe_load(text), generate())


BAD_EDITS = [
    ("cost: 2\n", "cost: -2\n"),
    ("    cost: 1\n", "    cots: 1\n"),
    ("format: 1", "format: 2"),
    ("start: 8", "start: eight"),
    ("tie: nothing, attacker_wins: remove-surplus", "tie: draw, attacker_wins: remove-surplus"),
    ("procedure: staged\n    label: normal", "procedure: stagd\n    label: normal"),
    ("title: Ground Force\n", ""),
    ("name: groundforce", "name: Ground Force"),
    ("faces: [sword, sword,", "faces: [no, sword,"),
    ("alone: {rule: GF-H4}", "alone: 'yes'"),
]


@pytest.mark.parametrize("old, new", BAD_EDITS)
def test_loader_and_schema_agree_on_bad_files(edited: Edit, old: str, new: str) -> None:
    path = edited("groundforce", lambda text: text.replace(old, new, 1))
    with pytest.raises(RefereeError):
        load_file(path)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(yaml.safe_load(path.read_text()), generate())


def test_new_writes_a_valid_starting_ruleset(tmp_path: Path) -> None:
    made = run_json(f"--rules-dir {tmp_path} new friday --from groundforce")
    path = Path(made["path"])
    assert path == tmp_path / "friday.yaml"
    text = path.read_text()
    assert text.startswith(f"# yaml-language-server: $schema={SCHEMA_FILE.resolve().as_uri()}")
    assert "name: friday\n" in text
    assert load_file(path).name == "friday"
    # found by name from then on
    ruling = run_json(
        f"--rules-dir {tmp_path} battle friday --attacker trooper --defender trooper "
        "--attacker-roll sword --defender-roll blank"
    )
    assert ruling["ruleset"] == "friday"


@pytest.mark.parametrize(
    "command, message",
    [
        ("new groundforce", "exists already"),
        ("new 'Bad Name'", "lower-case letters"),
        ("new x --from nothing-like-it", "unknown ruleset"),
    ],
)
def test_new_refusals(tmp_path: Path, command: str, message: str) -> None:
    assert message in fails(f"--rules-dir {tmp_path} {command}")


def test_new_does_not_overwrite(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("keep me")
    assert "exists already" in fails(f"new mine --out {target}")
    assert target.read_text() == "keep me"


def test_new_leaves_nothing_behind_when_the_write_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills while the file is written (said at the sync, as a quota
    or a network disk says it): one line, and no empty file left to take the name."""
    target = tmp_path / "full.yaml"

    def full(handle: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        assert fails(f"new full --out {target}") == f"error: cannot write {target}: No space left on device"
    assert list(tmp_path.iterdir()) == []
    assert run_json(f"new full --out {target}")["path"] == str(target)  # the name is free: nothing blocks it


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.geteuid() != 0, reason="mounts a tmpfs: Linux, as root")
def test_new_on_a_full_disk_leaves_nothing_behind(tmp_path: Path) -> None:
    """A real full disk: a tmpfs of two pages, smaller than the starting ruleset."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8k", "tmpfs", str(disk)], check=False).returncode:
        pytest.skip("no tmpfs could be mounted here")
    try:
        target = disk / "full.yaml"
        assert fails(f"new full --out {target}") == f"error: cannot write {target}: No space left on device"
        assert list(disk.iterdir()) == []
        subprocess.run(["mount", "-o", "remount,size=64k", str(disk)], check=True)
        assert load_file(Path(run_json(f"new full --out {target}")["path"])).name == "full"
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_new_never_replaces_a_file_written_meanwhile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another `new` writes the name after this one looked and before it writes:
    this one is refused, and the other's file stays as it wrote it."""
    from referee.cli import new

    target, starter = tmp_path / "mine.yaml", new._starter

    def meanwhile(source: str, name: str, schema_path: Path) -> str:
        target.write_text("the other's")
        return starter(source, name, schema_path)

    monkeypatch.setattr(new, "_starter", meanwhile)
    assert fails(f"new mine --out {target}") == f"error: {target} exists already; choose another --out"
    assert target.read_text() == "the other's"


GATE = "import os, sys, time\ngate = sys.argv.pop(1)\nwhile not os.path.exists(gate): time.sleep(0.001)\n"


def test_new_racing_for_one_name_writes_once(tmp_path: Path) -> None:
    """Eight `new` of one name at once, each started (imports paid) and waiting
    at one gate: exactly one says it wrote, the others that the name is taken,
    and the file is the one written, whole."""
    folder, gate = tmp_path / "mine", tmp_path / "gate"
    folder.mkdir()
    racer = ["--rules-dir", str(folder), "new", "racer", "--from", "groundforce", "--json"]
    racing = [
        subprocess.Popen(
            [sys.executable, "-c", GATE + "from referee.cli import main; main()", str(gate), *racer],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(8)
    ]
    time.sleep(1.0)  # each has imported the referee and waits
    gate.touch()
    done = [(p.wait(timeout=120), *p.communicate()) for p in racing]
    written = [out for code, out, _ in done if code == 0]
    assert len(written) == 1, done
    refused = [err for code, _, err in done if code == 2]
    assert len(refused) == 7 and all(len(err.splitlines()) == 1 and "exists already" in err for err in refused)
    assert json.loads(written[0])["path"] == str(folder / "racer.yaml")
    assert [p.name for p in folder.iterdir()] == ["racer.yaml"] and load_file(folder / "racer.yaml").name == "racer"


def test_user_rulesets_are_listed_with_their_origin(tmp_path: Path) -> None:
    run(f"--rules-dir {tmp_path} new house --from groundforce")
    (tmp_path / "broken.yaml").write_text("format: 1\n")
    listed = {r["name"]: r for r in run_json(f"--rules-dir {tmp_path} rulesets")["rulesets"]}
    assert listed["groundforce"]["origin"] == "shipped"
    assert listed["house"]["origin"] == str(tmp_path) and listed["house"]["status"] == "ok"
    assert listed["broken"]["status"] == "invalid" and "missing required key" in listed["broken"]["problem"]


def test_a_user_file_with_a_shipped_name_is_reported_not_preferred(tmp_path: Path) -> None:
    copy = tmp_path / "groundforce.yaml"
    copy.write_text(shipped()["groundforce"].read_text().replace("cost: 3", "cost: 9"))
    everything = run_json(f"--rules-dir {tmp_path} rulesets")["rulesets"]
    listed = [r for r in everything if r["name"] == "groundforce"]
    assert [r["status"] for r in listed] == ["ok", "unused: name taken"]
    result = run(f"--rules-dir {tmp_path} show groundforce --json")
    assert json.loads(result.stdout)["units"]["heavy"]["cost"] == 3
    assert f"note: {copy} is not used" in result.stderr


def test_rules_dir_from_the_environment(tmp_path: Path) -> None:
    run(f"--rules-dir {tmp_path} new envgame")
    listed = run("rulesets --json", env={"REFEREE_RULES_DIR": str(tmp_path)}).stdout
    assert "envgame" in listed


DOCS = Path(__file__).resolve().parent.parent / "docs"
BOARDING = DOCS / "examples" / "boarding.yaml"


def test_guide_key_reference_is_current() -> None:
    guide = (DOCS / "reference.md").read_text()
    generated = run("schema --markdown").stdout
    start = guide.index("<!-- key reference: generated by `referee schema --markdown` -->\n")
    end = guide.index("<!-- end of key reference -->")
    assert guide[start:end].split("\n", 1)[1] == generated, "run: python docs/update_reference.py"


def test_guide_shows_the_example_file() -> None:
    assert BOARDING.read_text() in (DOCS / "walkthroughs" / "boarding.md").read_text()


def test_command_reference_is_the_commands_own_help() -> None:
    import runpy

    written = runpy.run_path(str(DOCS / "update_commands.py"))["page"]()
    assert (DOCS / "command-reference.md").read_text(encoding="utf-8") == written, "run: python docs/update_commands.py"


def test_command_reference_names_every_command_and_subcommand() -> None:
    """Read from the help itself, not the generator's walk: each command `referee --help`
    lists, and each subcommand its group's help lists, has its section."""
    page = (DOCS / "command-reference.md").read_text(encoding="utf-8")

    def listed(help_text: str) -> list[str]:
        block = help_text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
        return [line.split()[0] for line in block.splitlines() if line.startswith("  ") and line.split()]

    commands = listed(run("--help").stdout)
    assert {"battle", "odds", "log", "play", "table"} <= set(commands)
    assert "\n## referee\n" in page
    for name in commands:
        assert f"\n## referee {name}\n" in page
        shown = run(f"{name} --help").stdout
        for sub in listed(shown) if "Commands:\n" in shown else []:
            assert f"\n## referee {name} {sub}\n" in page
    assert "\n## referee play pick\n" in page and "\n## referee log verify\n" in page


def test_example_game_is_played() -> None:
    boarding = run_json(
        f"battle {BOARDING} --attacker '2 deckhand, gunner' --defender '2 hands' "
        "--attacker-roll cutlass,pistol,splash --defender-roll parry,splash"
    )
    assert boarding["winner"] == "attacker" and boarding["defender"]["loses"] == 1
    assert [s["rule"] for s in boarding["explanation"]] == ["BP-1", "BP-2", "BP-3", "BP-4"]
    tie = run_json(f"battle {BOARDING} --attacker hand --defender hand --attacker-roll sword --defender-roll parry")
    assert tie["winner"] == "defender" and tie["attacker"]["loses"] == 1
    shot = run_json(
        f"battle {BOARDING} --attacker captain --defender '2 hands' --range 2 "
        "--attacker-roll pistol --defender-roll cutlass"
    )
    assert shot["defender"]["loses"] == 2 and shot["moves_in"] is False
    assert "(BP-6)" in fails(f"battle {BOARDING} --attacker captain --defender hand --range 3")
    assert "(BP-7)" in fails(f"battle {BOARDING} --attacker hand --defender hand --when defender:aloft")
    gold = run_json(f"reinforce {BOARDING} --ports 1")
    assert gold["points"] == 3 and {"deckhand": 1, "gunner": 1} in gold["purchases"]
    odds = run_json(f"odds {BOARDING} --attacker '3 hands' --defender '2 hands'")["outcomes"]
    assert sum(Fraction(o["probability"]) for o in odds) == 1


def test_an_unreadable_rulesets_folder_is_one_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.ruleset import load

    folder = tmp_path / "locked"
    folder.mkdir()  # there, so --rules-dir takes it; listing it is refused below

    listing = load.Path.glob

    def refuse(self: Path, pattern: str) -> object:
        if self.name == "locked":
            raise PermissionError(13, "Permission denied")
        return listing(self, pattern)

    monkeypatch.setattr(load.Path, "glob", refuse)
    assert f"cannot read the rulesets folder {folder}: Permission denied" in fails(f"--rules-dir {folder} rulesets")


def test_ruleset_names_match_in_any_case() -> None:
    assert run_json("show GroundForce")["name"] == "groundforce"


@pytest.mark.parametrize(
    "command, message",
    [
        ("new " + "x" * 300, "up to 64 lower-case letters"),
        ("new fine --out /proc/nowhere/fine.yaml", "cannot write /proc/nowhere/fine.yaml"),
    ],
)
def test_new_refuses_what_it_cannot_write(command: str, message: str) -> None:
    assert message in fails(command)
