"""Ruleset authoring: the JSON Schema agrees with the loader, `new` writes a
file that validates, and user rulesets are found but never shadow shipped ones."""

from __future__ import annotations

import json
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
    ("tie: nothing\n    move_in: true", "tie: draw\n    move_in: true"),
    ("procedure: symbol-hits\n    label: normal", "procedure: symbol-hit\n    label: normal"),
    ("title: Ground Force\n", ""),
    ("name: groundforce", "name: Ground Force"),
    ("faces: [sword, sword,", "faces: [no, sword,"),
    ("alone: true", "alone: 'yes'"),
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
    guide = (DOCS / "rulesets.md").read_text()
    generated = run("schema --markdown").stdout
    start = guide.index("<!-- key reference: generated by `referee schema --markdown` -->\n")
    end = guide.index("<!-- end of key reference -->")
    assert guide[start:end].split("\n", 1)[1] == generated, "run: python docs/update_reference.py"


def test_guide_shows_the_example_file() -> None:
    assert BOARDING.read_text() in (DOCS / "rulesets.md").read_text()


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
