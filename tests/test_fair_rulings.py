"""Rulings that must not decide for a player or let one fish: a combined
DiceLand attack whose pairings leave different boards waits for the
attacker's pick (by pips, or by tile where two field dice are equal)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import fails, run, run_json

# the map of seed 3 (rows 2 and 4 half a tile to the right):
#           B1 G
#       A2 M   B2 H
#   A3 G   B3 G
#       A4 F   B4 G   C4 F
START = "play start fair diceland --tiles 8 --seed 3 --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1"


def dice(document: dict[str, Any]) -> dict[str, tuple[str, int]]:
    return {t["coord"]: (t["owner"], t["pips"]) for t in document["board"]["tiles"] if t["owner"]}


def placed(*placements: str) -> None:
    """The game started and placed, red first; blue keeps 6, 5 and starts."""
    run(START)
    for placement in placements:
        run(f"play place {placement}")


def test_battle_does_not_pick_for_the_attacker_when_the_pairings_leave_different_dice() -> None:
    out = run_json("battle diceland --attacker 6,5 --defender 1 --roll 1,1")
    assert out["awaits"] == "choose" and out["chosen"] is None
    why = run("battle diceland --attacker 6,5 --defender 1 --roll 1,1").stdout
    assert "only choice" not in why and "only legal pairing" not in why
    said = " ".join(why.split())
    assert (
        "the ruling depends on the attacker's choice (rolled:field): "
        "1:6 leaves the field 5, 1, the hand 6, 1 and the defender at 0; "
        "1:5 leaves the field 6, 1, the hand 5, 1 and the defender at 0"
    ) in said
    assert "--choose ROLLED:FIELD" in why
    picked = run_json("battle diceland --attacker 6,5 --defender 1 --roll 1,1 --choose 1:5")
    assert picked["attacker"]["field_after"] == [6, 1]


def test_battle_rules_at_once_when_only_one_pairing_is_legal() -> None:
    out = run("battle diceland --attacker 6,5 --defender 6 --roll 6,6").stdout
    assert "6 on 6: the only legal pairing" in out
    # equal field dice off the board are alike: one pairing, one result
    assert "1 on 6: the only legal pairing" in run("battle diceland --attacker 6,6 --defender 4 --roll 1,1").stdout


def test_a_held_combined_attack_awaits_the_pick_that_changes_the_board() -> None:
    placed("B1 6", "A3 6", "B2 6", "A4 5", "B3 1", "A2 1", "B4 3", "C4 3")
    waiting = run_json("play attack A3 B3 --with A4 --roll 1,1")
    assert waiting["board"]["phase"] == "pick" and dice(waiting)["B3"] == ("red", 1)
    picked = run_json("play pick 1:5")
    assert dice(picked)["B3"] == ("blue", 1) and dice(picked)["A3"] == ("blue", 6) and "A4" not in dice(picked)
    assert picked["board"]["hand"]["blue"] == [5, 1]
    assert run_json("play replay")["same"]


def test_two_equal_field_dice_are_picked_by_their_tile() -> None:
    placed("B1 6", "A3 4", "B2 6", "A4 4", "B3 5", "A2 1", "B4 3", "C4 3")
    waiting = run("play attack A3 B3 --with A4 --roll 1,1").stdout
    said = " ".join(waiting.split())
    assert "A3 and A4 both show 4 and leave different boards: the attacker picks the die by its tile" in said
    assert "(play pick 1:A3 or 1:A4)" in said
    assert fails("play pick 1:4") == (
        "error: A3 and A4 both show 4 and leave different boards: name the field die by its tile, 1:A3 or 1:A4 (DL-A5)"
    )
    assert fails("play pick 1:B1") == "error: B1 holds none of the attacking dice: name A3 or A4 (DL-A5)"
    picked = run_json("play pick 1:a4")
    assert picked["action"]["choose"] == [1, "A4"]
    assert dice(picked)["A4"] == ("blue", 1) and dice(picked)["A3"] == ("blue", 4) and dice(picked)["B3"] == ("red", 4)
    assert "the die on A4 makes the attack, as chosen" in json_steps(picked)
    assert run_json("play replay")["same"]


def test_a_pick_by_pips_still_works_where_one_die_answers_it() -> None:
    placed("B1 6", "A3 4", "B2 6", "A4 4", "B3 5", "A2 1", "B4 3", "C4 3")
    # 2:4 and 1:4 differ, so the attack waits; 2 on either 4 still leaves different boards
    run("play attack A3 B3 --with A4 --roll 2,1")
    assert fails("play pick 2:4").startswith("error: A3 and A4 both show 4 and leave different boards")
    assert dice(run_json("play pick 2:A3"))["A3"] == ("blue", 2)
    run("play undo")
    # typed on the attack itself, by tile
    run("play undo")
    done = run_json("play attack A3 B3 --with A4 --roll 2,1 --choose 2:A4")
    assert dice(done)["A4"] == ("blue", 2) and done["action"]["choose"] == [2, "A4"]


def json_steps(document: dict[str, Any]) -> str:
    return " ".join(s["text"] for s in document["explanation"])


PLACED = ("B1 6", "A3 6", "B2 6", "A4 5", "B3 1", "A2 1", "B4 3", "C4 3")


def test_an_attack_made_again_after_an_undo_draws_the_same_dice() -> None:
    placed(*PLACED)
    first = run_json("play attack A4 B4")
    assert "the same attack on the same board draws the same dice, after an undo too" in json_steps(first)
    run("play undo")
    again = run_json("play attack A4 B4")
    assert again["action"]["throw"] == first["action"]["throw"] and again["board"] == first["board"]
    run("play undo")
    # a combined attack is the same attack whichever of its dice is named first
    together = run_json("play attack A3 B3 --with A4")
    run("play undo")
    assert run_json("play attack A4 B3 --with A3")["action"]["throw"] == together["action"]["throw"]
    # the journal holds the seed the draw came from, the same each time
    seeds = [
        e["dice"]["seed"] for e in run_json("log --game fair --limit 100")["entries"] if e["command"] == "play attack"
    ]
    assert len(seeds) == 4 and seeds[0] == seeds[1] and seeds[2] == seeds[3]


def test_the_draw_is_the_same_on_any_machine() -> None:
    """The seed is a digest of the game, the board and the attack: this value is the same everywhere."""
    placed(*PLACED)
    out = run("play attack A4 B4").stdout
    assert "Seed: 317396042; repeat this roll with --seed 317396042." in out
    assert "the referee draws 1 from the game's seed" in " ".join(out.split())


def test_typed_dice_and_a_typed_seed_are_the_tables_own_roll() -> None:
    placed(*PLACED)
    typed = run_json("play attack A4 B4 --roll 6")
    assert typed["action"]["throw"] == [6] and "the referee draws" not in json_steps(typed)
    run("play undo")
    seeded = run_json("play attack A4 B4 --seed 1")
    assert "the referee draws" not in json_steps(seeded)
    run("play undo")
    assert run_json("play attack A4 B4 --seed 1")["action"]["throw"] == seeded["action"]["throw"]


CAPITALS = "play start saturday diceland --tiles 8 --seed 2 --capitals --rule capital"
ARMIES = "--red 6,6,5,4,3,2,1 --blue 6,5,5,4,3,2,1"


def capital_game(*options: str) -> None:
    """The README's game: red to attack on turn 2, blue's capital A3 within reach of A2."""
    run(" ".join([CAPITALS, *options, ARMIES]))
    run("play place C1 6 A3 2 A2 6 B3 5 B1 5 A4 4 B2 4 C3 5 C2 3 A1 1")
    run("play attack C3 C2 --roll 3")
    run("play end")


def test_an_attack_that_takes_the_enemy_capital_ranks_first_and_says_so() -> None:
    capital_game()
    hints = run_json("play hint")["hints"]
    first = hints[0]
    assert (first["from"], first["to"], first["with"], first["ends_game"]) == ("A2", "A3", None, "capital")
    assert first["note"] == "taking A3, blue's capital, wins the game at once for red (DL-X4)"
    assert all(h["ends_game"] is None and h["note"] is None for h in hints[1:])
    # a likelier attack that wins nothing comes after it
    assert hints[1]["take"] == "1" and first["take"] == "5/6"
    out = run("play hint").stdout
    assert out.splitlines()[4].startswith("A2       A3")
    assert out.rstrip().endswith("A2 → A3: taking A3, blue's capital, wins the game at once for red (DL-X4)")
    assert run_json("play attack A2 A3 --roll 2")["board"]["winner"]["decided_by"] == "capital"


def test_without_the_capital_rule_a_capital_is_a_tile_like_any_other() -> None:
    run(" ".join(["play start saturday diceland --tiles 8 --seed 2 --capitals", ARMIES]))
    run("play place C1 6 A3 2 A2 6 B3 5 B1 5 A4 4 B2 4 C3 5 C2 3 A1 1")
    run("play attack C3 C2 --roll 3")
    run("play end")
    hints = run_json("play hint")["hints"]
    assert not any(h["ends_game"] for h in hints)
    assert hints[0]["take"] == "1"


def test_an_attack_on_the_enemys_last_die_ranks_first_and_says_so() -> None:
    from referee.board.hints import hints
    from referee.board.state import Board
    from referee.ruleset.load import load_file, shipped

    run(" ".join(["play start saturday diceland --tiles 8 --seed 2 --capitals", ARMIES]))
    run("play place C1 6 A3 2 A2 6 B3 5 B1 5 A4 4 B2 4 C3 5 C2 3 A1 1")
    board = Board.from_dict(run_json("play board")["board"])
    for coord in [c for c, (owner, _) in board.dice.items() if owner == "red" and c != "C2"]:
        del board.dice[coord]  # blue to move, red down to its die on C2
    found = hints(load_file(shipped()["diceland"]), board)
    assert found[0].target == "C2" and found[0].ends == "last_die"
    assert found[0].note == "taking C2, red's last die, ends the game (DL-E1)"
    assert all(h.target == "C2" for h in found) and found[0].take > 0


def test_an_empty_roll_is_refused_never_drawn() -> None:
    placed(*PLACED)
    empty = "is empty: type the dice rolled, or leave {0} out for the referee to draw them"
    assert fails("play attack A4 B4 --roll ''") == "error: --roll " + empty.format("--roll")
    assert fails("play attack A4 B4 --roll ' '") == "error: --roll " + empty.format("--roll")
    for commas in (",", ", ,", " / "):  # separators alone are no dice either
        assert fails(f"play attack A4 B4 --roll '{commas}'") == "error: --roll " + empty.format("--roll")
        assert fails(f"battle diceland --attacker 6,5 --defender 1 --roll '{commas}'") == (
            "error: --roll " + empty.format("--roll")
        )
        assert fails(f"play start other diceland --tiles 8 --red '{commas}' --seed 1") == (
            "error: --red " + empty.format("--red")
        )
    assert run_json("play board")["board"]["attacked"] is False  # nothing was drawn or played
    assert fails("battle diceland --attacker 6,5 --defender 1 --roll ''") == "error: --roll " + empty.format("--roll")
    for option in ("--attacker-roll", "--defender-roll"):
        assert fails(f"battle groundforce --attacker trooper --defender trooper {option} ''") == (
            f"error: {option} " + empty.format(option)
        )
    assert fails("battle trueforces --attacker 3 --defender 4 --attack ranged --roll 6 --wound-roll ''") == (
        "error: --wound-roll " + empty.format("--wound-roll")
    )
    assert fails("play start other diceland --tiles 8 --red '' --seed 1") == "error: --red " + empty.format("--red")
    assert fails("hit trueforces --attacker 3 --target 4 --attack ranged --roll ''") == (
        "error: --roll needs a whole number, not ''"
    )
    fifth = Path(__file__).resolve().parent.parent / "docs" / "examples" / "fifth.yaml"
    for option in ("--damage-roll", "--critical-roll"):
        typed = f"hit {fifth} --attacker 5 --target 15 --attack longsword --roll 20 --damage-roll 6 {option} ','"
        assert fails(typed) == f"error: {option} " + empty.format(option)


def test_a_waiting_battle_is_picked_on_its_own_throw_by_entry() -> None:
    waiting = run_json("battle diceland --attacker 6,5 --defender 1 --roll 1,1")
    picked = run_json(f"battle --entry {waiting['journal_entry']} --choose 1:6")
    assert picked["chosen"] == {"rolled": 1, "field": 6} and picked["attacker"]["field_after"] == [1, 5]


def test_a_second_undo_names_the_action_it_takes_back() -> None:
    """Attack, pick, undo, undo: the first undo takes back the pick, the
    second the attack, and each says so (never 'the undo taken back')."""
    placed("B1 6", "A3 6", "B2 6", "A4 5", "B3 1", "A2 1", "B4 3", "C4 3")
    before = run_json("play board")
    attack = run_json("play attack A3 B3 --with A4 --roll 1,1")["journal_entry"]
    pick = run_json("play pick 1:5")["journal_entry"]
    first = run_json("play undo")
    assert first["action"]["undone"] == pick and first["action"]["built_on"] == pick
    second = run("play undo").stdout
    assert f"entry {attack} (play attack) taken back" in second, second
    board = run_json("play board")
    assert dice(board) == dice(before) and board["board"]["phase"] == before["board"]["phase"]
    told = {e["id"]: e["outcome"] for e in run_json("log")["entries"]}
    assert told[pick + 2] == f"entry {attack} taken back"
    assert run_json("play replay")["same"] and run_json("log verify")["intact"]
