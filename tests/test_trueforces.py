"""True Forces through the command line: the worked example of RULES §4, the
ruling on typed and drawn dice, the chart, table-made modifiers, and every
refusal the issue names."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

EXAMPLE = "hit trueforces --attacker 4 --target 5 --attack ranged"
Edit = Callable[[str, Callable[[str], str]], Path]

COVER = """    modifiers:
      cover:
        label: target in cover
        aliases: [Deckung, in cover]
        types: [ranged, astral]
        to_hit: 1
        rule: HR-1
      blessed:
        label: blessed blade
        types: [melee]
        to_wound: 2
        rule: HR-2
      veteran:
        label: veteran
        attacker: 1
        rule: HR-2
"""


def with_modifiers(text: str) -> str:
    text = text.replace("      modifiers: {}\n", textwrap.indent(COVER, "  "))  # under the agreed stage
    return text.replace(
        "\ndice:\n", '\n  HR-1: "A target in cover is harder to hit."\n  HR-2: "House rules of our table."\n\ndice:\n'
    )


def test_worked_example_chances() -> None:
    """RULES §4: quality 4 shoots quality 5: 5+, P(hit) 1/3, out of action 1/9, wound 2/9."""
    found = run_json(f"{EXAMPLE} --no-roll")
    assert found["needed"] == 5
    assert (found["p_hit"], found["p_out_of_action"], found["p_wound"]) == ("1/3", "1/9", "2/9")
    assert found["percent"] == {"hit": 33.3333, "out_of_action": 11.1111, "wound": 22.2222}
    assert [s["rule"] for s in found["explanation"]] == ["TF-C1", "TF-C2", "TF-C3"]
    out = run(f"{EXAMPLE} --no-roll").stdout
    for text in ("Needs 5+ to hit", "1/3", "33.33%", "1/9", "11.11%", "2/9", "22.22%"):
        assert text in out


def test_worked_example_ruled_on_typed_dice() -> None:
    ruling = run_json(f"{EXAMPLE} --roll 5 --wound-roll 3")
    assert ruling["needed"] == 5
    assert ruling["hit"] is True
    assert ruling["out_of_action"] is False
    assert ruling["wounds"] == 1
    assert ruling["seed"] is None
    assert [s["rule"] for s in ruling["explanation"]] == [f"TF-C{i}" for i in range(1, 7)]
    assert ruling["p_hit"] == "1/3"  # the chances come with the ruling


@pytest.mark.parametrize(
    "dice, hit, out, wounds",
    [
        ("--roll 4 --wound-roll 6", False, False, 0),
        ("--roll 5 --wound-roll 5", True, True, 0),
        ("--roll 6 --wound-roll 4", True, False, 1),
        ("--roll 5 --wound-roll 3 --wounds 2", True, True, 2),
        ("--roll 5 --wound-roll 2 --wounds 2", True, False, 3),
        ("--roll 1 --wound-roll 6 --wounds 2", False, False, 2),
    ],
)
def test_hit_then_wound_or_out_of_action(dice: str, hit: bool, out: bool, wounds: int) -> None:
    ruling = run_json(f"{EXAMPLE} {dice}")
    assert (ruling["hit"], ruling["out_of_action"], ruling["wounds"]) == (hit, out, wounds)
    if not hit:
        assert ruling["wound_roll"] is None


def test_text_ruling_cites_every_step() -> None:
    out = run(f"{EXAMPLE} --roll 5 --wound-roll 3").stdout
    assert "a hit. Wound roll 3: the target takes a wound (1 in all)" in out
    for rule in ("TF-C1", "TF-C2", "TF-C3", "TF-C4", "TF-C5", "TF-C6"):
        assert rule in out
    assert "Dice typed by the players." in out


def test_the_referee_rolls_what_was_not_typed_and_the_seed_repeats_it() -> None:
    first = run_json(f"{EXAMPLE} --seed 11")
    assert first["seed"] == 11 and first["typed"] == []
    first.pop("journal_entry")
    first.pop("journal_checkpoint")
    assert ruling_of(f"{EXAMPLE} --seed 11") == first
    drawn = run_json(f"{EXAMPLE}")
    assert isinstance(drawn["seed"], int) and isinstance(drawn["hit"], bool)
    partly = run_json(f"{EXAMPLE} --roll 6 --seed 4")
    assert partly["roll"] == 6 and partly["typed"] == ["hit"] and partly["wound_roll"] in range(1, 7)
    assert "repeat this roll with --seed 4" in run(f"{EXAMPLE} --roll 6 --seed 4").stdout


def test_difference_beyond_the_table_uses_its_nearest_row() -> None:
    assert run_json("hit trueforces --attacker 1 --target 6 --attack melee --no-roll")["needed"] == 6
    assert run_json("hit trueforces --attacker 6 --target 1 --attack melee --no-roll")["needed"] == 2


def test_actions_and_german_names() -> None:
    ruling = run_json(
        "hit trueforces --attacker 3 --target 3 --attack Nahkampf --action Rennen --roll 4 --wound-roll 3"
    )
    assert ruling["attack"] == "melee" and ruling["action"] == "run"
    assert [s["rule"] for s in ruling["explanation"]][:2] == ["TF-A1", "TF-A2"]
    assert "moves up to 12 inches" in ruling["explanation"][0]["text"]
    assert ruling["out_of_action"] is True
    assert (
        run_json("hit trueforces --attacker 3 --target 3 --attack Fernkampf --action Halten --no-roll")["needed"] == 4
    )


def test_chart_for_melee() -> None:
    chart = run_json("odds trueforces --attack melee")
    cells = {(c["attacker"], c["target"]): c for c in chart["chart"]}
    assert len(cells) == 36
    assert cells[(4, 5)]["needed"] == 5 and cells[(4, 5)]["p_out_of_action"] == "1/9"
    assert cells[(1, 6)]["needed"] == 6 and cells[(6, 1)]["needed"] == 2
    out = run("odds trueforces --attack melee").stdout
    assert "5+  1/9" in out and "attacker quality" in out


def test_chart_changes_with_wounds() -> None:
    cells = {(c["attacker"], c["target"]): c for c in run_json("odds trueforces --attack melee --wounds 2")["chart"]}
    assert cells[(4, 5)]["p_out_of_action"] == "2/9"  # 1/3 to hit, then 3+ on the wound roll
    assert "target has 2 wounds" in run("odds trueforces --attack melee --wounds 2").stdout


def test_a_modifier_added_to_a_copy_is_offered_and_applied(edited: Edit) -> None:
    path = edited("trueforces", with_modifiers)
    plain = f"hit {path} --attacker 4 --target 5 --attack ranged --no-roll"
    assert "target in cover (cover)" in run(plain).stdout
    covered = run_json(f"{plain} --modifier Deckung")
    assert covered["modifiers"] == ["cover"]
    assert covered["needed"] == 6 and covered["p_hit"] == "1/6"
    assert "target in cover +1" in covered["explanation"][2]["text"]
    chart = run_json(f"odds {path} --attack ranged --modifier cover")
    assert {(c["attacker"], c["target"]): c["needed"] for c in chart["chart"]}[(4, 5)] == 6
    assert "target in cover" in run(f"odds {path} --attack ranged --modifier cover").stdout


def test_a_wound_modifier_and_a_quality_modifier(edited: Edit) -> None:
    path = edited("trueforces", with_modifiers)
    blessed = run_json(f"hit {path} --attacker 4 --target 5 --attack melee --modifier blessed --roll 5 --wound-roll 3")
    assert blessed["wound_total"] == 5 and blessed["out_of_action"] is True
    assert blessed["p_out_of_action"] == "2/9"  # 1/3 to hit, then 3+ (2/3) with the +2
    veteran = run_json(f"hit {path} --attacker 4 --target 5 --attack melee --modifier veteran --no-roll")
    assert veteran["needed"] == 4
    assert "veteran +1" in veteran["explanation"][0]["text"]


def test_a_modifier_refuses_an_attack_type_it_does_not_apply_to(edited: Edit) -> None:
    path = edited("trueforces", with_modifiers)
    line = fails(f"hit {path} --attacker 4 --target 5 --attack melee --modifier cover")
    assert "applies to a ranged attack or an astral attack, not a melee attack" in line and "(HR-1)" in line
    assert "did you mean 'cover'" in fails(f"hit {path} --attacker 4 --target 5 --attack ranged --modifier covr")


def test_extend_continues_the_table_beyond_its_rows(edited: Edit) -> None:
    def easier(text: str) -> str:
        return with_modifiers(text).replace("to_hit: 1\n", "to_hit: -1\n")

    command = "--attacker 1 --target 5 --attack ranged --modifier cover --no-roll"
    nearest = edited("trueforces", easier)
    assert run_json(f"hit {nearest} {command}")["needed"] == 5  # the +2 row (6), then -1
    path = edited("trueforces", lambda t: easier(t).replace("beyond: nearest", "beyond: extend"))
    extended = run_json(f"hit {path} {command}")
    assert extended["needed"] == 6  # 8 by the table's step, -1, then held to 6
    assert "held to 2..6" in extended["explanation"][-1]["text"]


@pytest.mark.parametrize(
    "command, message",
    [
        (f"{EXAMPLE} --action run", "after Run a unit may make a melee attack, not a ranged attack (TF-A2)"),
        (f"{EXAMPLE} --action Sammeln", "after Rally a unit may make no attack"),
        ("hit trueforces --attacker 7 --target 5 --attack ranged", "the attacker's quality must be 1 to 6, not 7"),
        ("hit trueforces --attacker 4 --target 0 --attack ranged", "the target's quality must be 1 to 6, not 0"),
        (f"{EXAMPLE} --roll 7", "a hit roll of 7 is impossible: the d6 shows 1 to 6 (TF-C4)"),
        (f"{EXAMPLE} --roll 5 --wound-roll 0", "a wound roll of 0 is impossible: the d6 shows 1 to 6 (TF-C5)"),
        (
            f"{EXAMPLE} --modifier cover",
            "unknown modifier 'cover': this ruleset names no modifiers; say a change on the spot",
        ),
        (
            "hit trueforces --attacker 4 --target 5 --attack rangd",
            "unknown attack type 'rangd'; did you mean 'ranged'?",
        ),
        (f"{EXAMPLE} --action wlak", "unknown action 'wlak'; did you mean 'walk'?"),
        ("hit trueforces --attacker 4 --target 5", "say which attack it is: melee, ranged, astral"),
        (f"{EXAMPLE} --wounds -1", "--wounds"),
        (f"{EXAMPLE} --no-roll --roll 3", "--no-roll rolls nothing"),
        # `hit` rules hit checks only: a battle of units is not ruled as one (test_hit_checks_alone.py)
        ("hit groundforce --attacker 4 --target 5 --attack ranged", "Ground Force has none"),
        ("odds trueforces", "say which attack it is"),
        ("odds trueforces --attack melee --attacker 4", "the chart covers every pair of values: leave out --attacker"),
        (
            "odds groundforce --attacker trooper --defender trooper --attack melee",
            "unknown attack 'melee'; known: heavy-weapon attack, normal attack",
        ),
        ("battle trueforces --attacker 4 --defender 5", "say which attack it is"),
    ],
)
def test_bad_input_gets_one_line(command: str, message: str) -> None:
    assert message in fails(command)


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda t: t.replace("allows: [melee]}", "allows: [mele]}"), "did you mean 'melee'"),
        (lambda t: t.replace("faces: [1, 2, 3, 4, 5, 6]", "faces: [one, two]"), "needs numbered faces"),
        (lambda t: t.replace("difference: -2, needed: 2", "difference: -1, needed: 2"), "difference -1 has two rows"),
        (lambda t: t.replace("clamp: {min: 2, max: 6,", "clamp: {min: 6, max: 2,"), "min 6 is above max 2"),
        (lambda t: t.replace("aliases: [Gehen, move]", "aliases: [Gehen, Halten]"), "'Halten' also names 'hold'"),
        (lambda t: with_modifiers(t).replace("types: [melee]", "types: [sword]"), "unknown attack type 'sword'"),
        (lambda t: with_modifiers(t).replace("rule: HR-1", "rule: HR-9"), "cites rule HR-9"),
        (lambda t: t.replace("\ndice:", "\nunits:\n  knight: {}\n\ndice:"), "units cannot make it"),
    ],
)
def test_the_loader_checks_a_target_number_attack(edited: Edit, edit: Callable[[str], str], message: str) -> None:
    assert message in fails(f"validate {edited('trueforces', edit)}")


def test_show_and_validate_the_shipped_file() -> None:
    assert "valid ruleset" in run("validate rulesets/trueforces.yaml").stdout
    out = run("show trueforces").stdout
    for word in ("strike", "by difference", "Nahkampf", "TF-C6"):
        assert word in out


def test_names_complete_in_the_shell(edited: Edit) -> None:
    from click.shell_completion import ShellComplete

    from referee.cli import cli

    def complete(args: str, incomplete: str) -> list[str]:
        found = ShellComplete(cli, {}, "referee", "_REFEREE_COMPLETE").get_completions(args.split(), incomplete)
        return [item.value for item in found]

    assert complete("hit trueforces --attack", "") == ["melee", "ranged", "astral"]
    assert complete("hit trueforces --action", "r") == ["rally", "run"]
    assert complete(f"odds {edited('trueforces', with_modifiers)} --attack ranged --modifier", "c") == ["cover"]
    assert complete("battle groundforce --attacker", "tr") == ["trooper"]


def test_a_chart_bounds_the_throws_of_all_its_cells_together(
    edited: Callable[[str, Callable[[str], str]], Path],
) -> None:
    """A hundred-face die is 10,000 throws for one attack, but 360,000 for the chart of 6 × 6 values."""
    faces = ", ".join(str(i) for i in range(1, 101))
    path = edited("trueforces", lambda t: t.replace("faces: [1, 2, 3, 4, 5, 6]", f"faces: [{faces}]"))
    assert "at most 2,777" in fails(f"odds {path} --attack melee")
    one = "--attacker 4 --target 5 --attack melee --no-roll"
    assert run_json(f"hit {path} {one}")["needed"] == run_json(f"hit trueforces {one}")["needed"]


def test_a_miss_says_the_wound_roll_drawn_for_it_was_not_needed() -> None:
    """TF-C5: after a miss no wound roll is made; a wound die the referee drew is not said to have been rolled."""
    ruling = run("battle trueforces 4 vs 5 --attack ranged : 1 --seed 3").output
    assert "TF-C4   rolled 1 against 5+: a miss" in ruling
    assert "no wound roll: it only follows a hit (a wound roll of 2 is not needed)" in ruling
    assert "rolled does not count" not in ruling
