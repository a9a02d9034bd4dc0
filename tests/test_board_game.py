"""A DiceLand game held by the referee through the CLI, from the deal to the
winner, with every refusal a table meets on the way; then undo, the journal
read back and the board rebuilt from it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from conftest import fails, run, run_json
from test_board_languages import TO_THE_END

START = "play start friday diceland --tiles 8 --seed 3 --rule terrain --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1"
# the map of seed 3 (rows 2 and 4 half a tile to the right):
#           B1 G
#       A2 M   B2 H
#   A3 G   B3 G
#       A4 F   B4 G   C4 F
PLACEMENTS = ["B1 6", "A2 1", "B2 6", "A3 3", "B3 5", "A4 4", "B4 3", "C4 4"]


def dice(document: dict[str, Any]) -> dict[str, tuple[str, int]]:
    return {t["coord"]: (t["owner"], t["pips"]) for t in document["board"]["tiles"] if t["owner"]}


def placed() -> None:
    run(START)
    for placement in PLACEMENTS:
        run(f"play place {placement}")


def test_a_whole_game_from_the_deal_to_the_winner() -> None:
    started = run_json(START)
    assert started["board"]["phase"] == "place" and started["board"]["to_move"] == "red"
    assert "6s: red 2, blue 1: red places first" in json.dumps(started["explanation"])
    assert fails("play place A2 1 --player blue") == "error: it is red's turn to place, not blue's (DL-S3)"
    assert fails("play place B1 4") == "error: red has no 4 left to place; left: 6, 6, 5, 3, 2, 1 (DL-S1)"
    run("play place B1 6")
    assert fails("play place B1 1") == "error: B1 already holds red's die (DL-S3)"
    for placement in PLACEMENTS[1:-1]:
        run(f"play place {placement}")
    ready = run_json("play place C4 4")["board"]
    assert ready["hand"] == {"red": [2, 1], "blue": [6, 5]}
    assert (ready["phase"], ready["to_move"], ready["starter"], ready["turn"]) == ("attack", "blue", "blue", 1)

    # turn 1, blue: conquers B4, whose die may not move again this turn
    assert fails("play attack B4 B3") == "error: B4 holds red's die: attack from a tile of blue's (DL-A1)"
    assert fails("play attack A4 B1") == "error: B1 is not next to A4 (DL-A1)"
    assert (
        fails("play move C4 B4")
        == "error: blue must attack first (A2 on B1 is possible): attacking is compulsory (DL-A1)"
    )
    taken = run_json("play attack A4 B4 --roll 3")
    assert dice(taken)["B4"] == ("blue", 3) and "A4" not in dice(taken)
    assert taken["board"]["hand"]["blue"] == [5, 4]  # the 3 went to the field, the 4 came back
    assert fails("play attack C4 B4") == "error: blue has attacked this turn: one attack per turn (DL-A1)"
    assert fails("play move B4 A4") == "error: the die on B4 conquered this turn: it stays (DL-V2)"
    run("play end")

    # turn 2, red: the compulsory attack
    assert fails("play end") == "error: red has not attacked, and B1 on A2 is possible: attacking is compulsory (DL-A1)"
    run("play attack B3 A3 --roll 3")
    run("play end")

    # turn 3, blue: a failed attack costs the attacking die; its attacker may not take its tile
    lost = run_json("play attack A2 B1 --roll 2")
    assert "A2" not in dice(lost) and lost["board"]["out"]["blue"] == 2
    assert lost["board"]["void"] == {"tile": "A2", "die": "B1", "player": "red"}
    run("play move B4 B3")
    assert fails("play move C4 B4") == "error: blue has moved this turn: at most 1 a turn (DL-V1)"
    run("play end")

    # turn 4, red
    run("play attack B2 B3 --roll 3")
    assert fails("play move B1 A2") == "error: the die on B1 may not move into A2, where its attacker fell (DL-A4)"
    assert fails("play move A3 A5").startswith("error: unknown tile 'A5'")
    run("play end")

    # turn 5, blue: no attack is possible, so blue may move
    assert run_json("play hint")["hints"] == []
    assert run("play hint").stdout.startswith("No attack for blue now. Turn 5: blue to attack")
    run("play move C4 B4")
    run("play end")

    # turn 6, red; then an undo, and the same end again
    run("play attack B3 B4 --roll 3")
    ended = run_json("play end")["board"]
    undone = run_json("play undo")
    assert undone["action"]["kind"] == "undo" and undone["board"]["phase"] == "move"
    assert run_json("play end")["board"] == ended

    # turn 7, blue, and turn 8, red takes blue's last die
    run("play attack B4 B3 --roll 1")
    run("play end")
    over = run_json("play attack B3 B4 --roll 1")["board"]
    assert over["phase"] == "over"
    assert over["winner"]["player"] == "red" and over["winner"]["decided_by"] == "dice"
    assert over["dice_on_map"] == {"red": 3, "blue": 0}
    assert fails("play end") == "error: the game is over (DL-A1)"

    # the journal holds it all, and rebuilds the same board
    rebuilt = run_json("play replay")
    assert rebuilt["same"] and rebuilt["board"] == over
    assert "every stored board is the same" in run("play replay --game friday").stdout
    log = run_json("log --game friday --limit 100")["entries"]
    assert [e["command"] for e in log].count("play end") == 8 and log[-1]["command"] == "play attack"


def test_a_combined_attack_picks_its_pairing_on_the_same_throw() -> None:
    placed()
    # blue: A3 and A2 stand side by side, both next to B3 (grassland)
    waiting = run_json("play attack A3 B3 --with A2 --roll 3,1")
    assert waiting["board"]["phase"] == "pick" and waiting["board"]["pending"]["throw"] == [3, 1]
    assert fails("play move A3 A4").startswith("error: pick a pairing")
    assert fails("play pick 6:1") == "error: no pairing 6:1; the pairings are 3:3, 3:1, 1:3, 1:1 (DL-A5)"
    assert fails("play pick 3:1") == (
        "error: 3 on 1 fails, and a pairing that does not fail exists: it may not be picked (DL-A5)"
    )
    picked = run_json("play pick 3:3")
    assert dice(picked)["B3"] == ("red", 2) and dice(picked)["A3"] == ("blue", 3) and dice(picked)["A2"] == ("blue", 1)
    assert picked["board"]["hand"]["blue"] == [3, 1] and picked["board"]["phase"] == "move"
    assert run_json("play replay")["same"]


def test_no_combined_attack_on_mountains() -> None:
    placed()
    run("play attack A4 B4 --roll 3")
    run("play end")
    assert fails("play attack B1 A2 --with B2 --roll 6,5") == (
        "error: no combined attack: the defending die stands on mountains (DL-T4)"
    )
    assert not any(h["with"] for h in run_json("play hint")["hints"] if h["to"] == "A2")


def test_the_board_is_shown_with_coordinates_owners_and_an_svg(tmp_path: Path) -> None:
    placed()
    out = run("play board").stdout
    assert "(G B1 r6)" in out and "(F C4 b4)" in out
    assert "Turn 1: blue to attack" in out
    picture = tmp_path / "board.svg"
    shown = run_json(f"play board --svg {picture}")
    assert shown["svg"] == str(picture)
    text = picture.read_text()
    assert text.count("<circle") == 8 and "#1565c0" in text


def test_the_json_board_keys_are_stable() -> None:
    board = run_json(START)["board"]
    assert list(board) == [
        "format", "ruleset", "game", "seed", "shape", "options", "growth", "players", "tiles", "phase", "turn",
        "to_move", "first_placer", "starter", "unplaced", "hand", "out", "dice_on_map", "pip_totals",
        "acted", "moves", "attacked", "conqueror", "pending", "void", "closed", "attraction", "forgot",
        "quiet", "winner",
    ]  # fmt: skip
    assert list(board["tiles"][0]) == ["coord", "q", "r", "terrain", "capital", "owner", "pips"]


def test_hints_come_from_the_same_resolver_as_the_odds() -> None:
    placed()
    hints = run_json("play hint")["hints"]
    assert "A4       B4    1/3 (33.33%)      4/3 (1.33)" in run("play hint").stdout
    best = hints[0]
    assert (best["from"], best["to"], best["take"]) == ("A4", "B4", "1/3")
    odds = run_json("odds diceland --attacker 4 --defender 3")
    assert odds["totals"]["defender_removed"]["probability"] == "1/3"
    assert [h["take_float"] for h in hints] == sorted((h["take_float"] for h in hints), reverse=True)


def test_refusals_without_a_game() -> None:
    assert fails("play board") == "error: no game is going; start one with 'referee play start NAME RULESET --tiles N'"
    assert fails("play start g groundforce --tiles 8").startswith("error: Ground Force is not held on the board")
    run(START)
    assert fails("play undo") == (
        "error: nothing to undo: the game starts with the deal (stop it with 'referee game stop')"
    )
    assert fails(START).startswith("error: game 'friday' is still going")
    assert fails("play board --game fridy").startswith("error: unknown game 'fridy'")


CAPITAL_GAME = "--tiles 8 --seed 2 --capitals --rule capital --red 6,6,5,4,3,2,1 --blue 6,5,5,4,3,2,1"


def test_several_placements_in_one_command_and_a_capital_taken() -> None:
    run(f"play start sunday diceland {CAPITAL_GAME}")
    assert fails("play place A1 6") == "error: red's first die goes on a capital: A3 or C1 (DL-M3)"
    assert fails("play place C1 6 C1 2") == "error: C1 already holds red's die (DL-S3)"
    ready = run_json("play place C1 6 A3 2 A2 6 B3 5 B1 5 A4 4 B2 4 C3 5 C2 3 A1 1")["board"]
    assert ready["phase"] == "attack" and ready["to_move"] == "blue"
    assert {t["coord"]: t["capital"] for t in ready["tiles"] if t["capital"]} == {"A3": "blue", "C1": "red"}
    run("play attack C3 C2 --roll 3")
    run("play end")
    won = run_json("play attack A2 A3 --roll 2")["board"]
    assert won["winner"]["player"] == "red" and won["winner"]["decided_by"] == "capital"
    # the finished game makes way for the next one
    run(f"play start monday diceland {CAPITAL_GAME}")
    games = run_json("game")["games"]
    assert [(g["name"], g["stopped"] is None) for g in games] == [("sunday", False), ("monday", True)]
    assert run_json("play board --game sunday")["board"] == won


def test_replay_finds_a_board_altered_by_hand(journal: Path) -> None:
    import sqlite3

    placed()
    last = run_json("play attack A4 B4 --roll 3")["journal_entry"]
    with sqlite3.connect(journal) as db:
        db.execute("UPDATE entries SET ruling = replace(ruling, '\"pips\":6', '\"pips\":5') WHERE id = ?", (last,))
    result = run("play replay", code=1)
    assert f"entry {last}: tiles" in result.stdout


def test_a_table_chooses_how_cities_grow() -> None:
    assert run_json(f"{START} --growth apply")["board"]["growth"] == "apply"
    assert fails("play start other diceland --tiles 8 --growth always") == (
        "error: unknown --growth value 'always'; known: apply, offer"
    )


def test_a_game_on_the_board_is_not_played_without_the_journal() -> None:
    said = "error: a game held on the board lives in the journal: play it without --no-journal"
    assert fails(f"{START} --no-journal").startswith(said)
    assert fails("play board") == "error: no game is going; start one with 'referee play start NAME RULESET --tiles N'"
    placed()
    before = run_json("play board")
    for command in ("play place B1 6", "play attack A4 B4 --roll 3", "play end", "play undo", "play claim B1"):
        assert fails(f"{command} --no-journal").startswith(said), command
    assert run_json("play board") == before


def test_replay_of_one_board_action_points_to_the_game_replay() -> None:
    """A board action is ruled on the board the entries before it built: replaying
    it alone would say it 'differs'; the game's own replay rebuilds the board."""
    run(START)
    message = fails("replay 2")
    assert "an action of a game held on the board" in message
    assert "'referee play replay --game friday'" in message
    assert "every stored board is the same" in run("play replay --game friday").stdout


def test_once_the_turn_s_move_is_made_the_status_says_to_end_the_turn_and_undo_cites_no_blank_rule() -> None:
    placed()
    for action in ("attack A4 B4 --roll 3", "end", "attack B3 A3 --roll 3", "end", "attack A2 B1 --roll 2"):
        run(f"play {action}")
    assert "Turn 3: blue to move, then end the turn." in run("play board").stdout
    moved = run("play move B4 B3").stdout
    assert "Turn 3: blue to end the turn (play end)." in moved and "to move" not in moved
    assert fails("play move C4 B4") == "error: blue has moved this turn: at most 1 a turn (DL-V1)"
    assert "blue to end the turn" in run("play hint").stdout
    undone = run("play undo").stdout
    assert re.search(r"^Why:\n  entry \d+ \(play move\) taken back$", undone, re.MULTILINE), undone
    assert "Turn 3: blue to move, then end the turn." in undone


def test_an_attack_on_drawn_dice_prints_its_seed_and_one_on_typed_dice_does_not() -> None:
    placed()
    drawn = run("play attack A4 B4 --seed 3").stdout
    assert "Seed: 3; repeat this roll with --seed 3." in drawn
    run("play undo")
    assert "Seed:" not in run("play attack A4 B4 --roll 3").stdout


def test_a_hint_writes_every_decimal_with_the_mark_of_the_language_asked() -> None:
    run("play start friday diceland --tiles 8 --seed 3 --rule terrain --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1")
    run("play place B1 6 A2 1 B2 6 A3 3 B3 5 A4 4 B4 3 C4 4")
    assert re.search(r"1/3 \(33\.33%\) +4/3 \(1\.33\)", run("play hint").stdout)
    assert re.search(r"1/3 \(33,33%\) +4/3 \(1,33\)", run("--lang de play hint").stdout)


def test_the_log_says_what_the_board_says_the_next_player_does() -> None:
    """After an end the log's outcome is the board's status without its 'then end the turn'."""
    placed()
    run("play attack A4 B4 --roll 3")
    ended = run_json("play end")["journal_entry"]
    status = " ".join(run("play board", env={"COLUMNS": "", "NO_COLOR": "1"}).stdout.split("\n\n")[0].split())
    told = {e["id"]: e["outcome"] for e in run_json("log")["entries"]}[ended]
    assert told == "turn 2: red to attack (or move, if no attack is possible)"
    assert status.endswith(f"T{told[1:]}, then end the turn.")


def test_a_map_dealt_after_the_win_is_not_filed_under_the_game_won() -> None:
    """The won game makes way for the next: a map dealt for it stops the
    game first (as `play start` does), so the map is no entry of the game won."""
    run(START)
    for command in [*(f"play place {p}" for p in PLACEMENTS[:-1]), *TO_THE_END[:-1]]:
        run(command)
    assert run_json("play attack B3 B4 --roll 1")["board"]["phase"] == "over"
    assert run_json("play board")["board"]["phase"] == "over"  # still the game in play until what comes next
    run("map diceland --tiles 8 --seed 5")
    log = run_json("log --limit 3")["entries"]
    assert [(e["command"], e["game"]) for e in log][-2:] == [("game stop", "friday"), ("map", None)]
    assert run_json("log --game friday --limit 100")["entries"][-1]["command"] == "game stop"
