"""The loader is strict: every mistake in a ruleset file is one clear error
with file:line and key path, never a traceback, and no file runs code."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import fails, run

from referee.core.errors import RefereeError
from referee.ruleset.load import load, load_file, shipped

Edit = Callable[[str, Callable[[str], str]], Path]


def test_every_shipped_ruleset_loads() -> None:
    assert "groundforce" in shipped()
    for name in shipped():
        assert load(name).name == name


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("cost: 2\n", "cost: -2\n", "units.saboteur.cost: expected a whole number of at least 0, got -2"),
        ("    cost: 1\n", "    cots: 1\n", "unknown key 'cots'; did you mean 'cost'?"),
        ("format: 1", "format: 2", "format: expected 1, got 2"),
        ("start: 8", "start: eight", "units.trooper.start: expected a whole number"),
        ("start: 8", "start: 010", "write '010' as a plain decimal number"),
        ("faces: [sword, sword,", "faces: [no, sword,", "YAML reads 'no' as a true/false value; quote it: 'no'"),
        (
            "read: {faces: {sword: [hit], explosion: [hit]}}",
            "read: {faces: {sword: [hit], laser: [hit]}}",
            "'laser' is not a face of die 'symbol'",
        ),
        (
            "tie: nothing, attacker_wins: remove-surplus",
            "tie: draw, attacker_wins: remove-surplus",
            "unknown value 'draw'",
        ),
        ("procedure: staged\n    label: normal", "procedure: stagd\n    label: normal", "did you mean 'staged'?"),
        ("    rule: GF-B1\n", "    rule: GF-B9\n", "cites rule GF-B9, which is not in 'rules'"),
        ("  income: {base: 2,", "  income: {bass: 2,", "did you mean 'base'?"),
        ("    attack: heavy\n", "    attack: hevy\n", "did you mean 'heavy'?"),
        ("aliases: [saboteurs, sab]", "aliases: [saboteurs, soldaat]", "'soldaat' also names 'trooper'"),
        ("title: Ground Force\n", "", "missing required key 'title'"),
        ("units:\n", "units: [1, 2]\nunused:\n", "units: expected a mapping"),
    ],
)
def test_bad_files_are_refused_with_place(edited: Edit, old: str, new: str, message: str) -> None:
    path = edited("groundforce", lambda text: text.replace(old, new, 1))
    with pytest.raises(RefereeError) as caught:
        load_file(path)
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"{path}:")


def test_duplicate_keys_name_both_lines(edited: Edit) -> None:
    again = "  trooper:\n    cost: 1\n  saboteur:\n"
    path = edited("groundforce", lambda t: t.replace("  saboteur:\n", again, 1))
    with pytest.raises(RefereeError) as caught:
        load_file(path)
    first, second = [i for i, line in enumerate(path.read_text().splitlines(), 1) if line == "  trooper:"]
    assert f"'trooper' defined twice, at lines {first} and {second}" in str(caught.value)


def test_yaml_syntax_error_has_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("format: 1\nname: [unclosed\n")
    line = fails(f"validate {path}")
    assert f"{path}:" in line and "not valid YAML" in line


@pytest.mark.parametrize(
    "content, message",
    [
        ("!!python/object/apply:os.system ['echo hacked']", "unsupported YAML tag"),
        ("format: !!python/name:os.system 1\n", "unsupported YAML tag"),
        ("", "the file is empty"),
        ("- just\n- a list\n", "expected a mapping"),
    ],
)
def test_hostile_or_empty_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(content)
    assert message in fails(f"validate {path}")


def test_python_tags_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "x.yaml"
    path.write_text(f"format: !!python/object/apply:pathlib.Path.touch ['{marker}']\n")
    fails(f"validate {path}")
    assert not marker.exists()


def test_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\nformat: 1\n")
    assert "unknown key 'a'" in fails(f"validate {path}")


def test_node_budget_stops_expansion(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.ruleset import spec
    from referee.ruleset.yamlnodes import compose_text

    monkeypatch.setattr(spec, "MAX_NODES", 50)
    root = compose_text("a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n", "bomb")
    with pytest.raises(RefereeError, match="alias bomb"):
        grammar = spec.Table(spec.Either(spec.Seq(spec.Text()), spec.Seq(spec.Seq(spec.Text()))))
        grammar.read(root, "", spec.Reader("bomb"))


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("title: caf\xe9\n".encode("latin-1"))
    assert "not UTF-8" in fails(f"validate {path}")


def test_missing_file_and_directory(tmp_path: Path) -> None:
    assert "no such ruleset file" in fails(f"validate {tmp_path / 'nope.yaml'}")
    assert "is a directory" in fails(f"validate {tmp_path}")


def test_validate_reports_ok() -> None:
    path = shipped()["groundforce"]
    said = " ".join(run(f"validate {path}").stdout.split())  # a long checkout path wraps the line
    assert f"ok: {path} is a valid ruleset (Ground Force:" in said


def test_validate_command_reports_the_place(edited: Edit) -> None:
    path = edited("groundforce", lambda t: t.replace("cost: 2\n", "cost: -2\n"))
    line = fails(f"validate {path}")
    number = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "cost: -2" in text)
    assert line.startswith(f"error: {path}:{number}:")


def test_a_key_no_procedure_of_the_file_reads_is_refused(edited: Edit) -> None:
    path = edited(
        "groundforce",
        lambda t: t.replace("    requires_unit: saboteur\n", "    requires_unit: saboteur\n    extra_dice: 2\n"),
    )
    with pytest.raises(RefereeError) as caught:
        load_file(path)
    assert "situations.stealth.extra_dice: only ranked-pairs attacks read it" in str(caught.value)
