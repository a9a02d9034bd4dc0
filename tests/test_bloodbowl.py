"""Blood Bowl's block (docs/examples/bloodbowl.yaml) through the command line:
strengths compared by ratio give 1, 2 or 3 block dice and name the stronger
coach as the chooser; one pool is rolled, by the blocker's coach, and the
chooser keeps one die by its own order of preference. Exact odds against a
brute force written here (itertools and Fraction, never the resolver);
rulings on typed and drawn dice; the bands a file may not write."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

BLOODBOWL = Path(__file__).resolve().parent.parent / "docs" / "examples" / "bloodbowl.yaml"

BLOCK_DIE = ("attacker-down", "both-down", "push", "push", "stumbles", "defender-down")
ATTACKER_PREFERS = ("defender-down", "stumbles", "push", "both-down", "attacker-down")


def strength(told: str) -> int:
    """'3, 2 assist' -> 5: the player's Strength plus its assists."""
    player, _, assists = told.partition(",")
    helpers = assists.split()
    return int(player) + (int(helpers[0]) if len(helpers) == 2 else len(helpers))


def block(blocker: str, target: str) -> str:
    """'3, 2 assist' against '2': each side's player, its assists, and its
    Strength stated as a number (--attacker-value strength=3)."""
    said = []
    for side, told in (("attacker", blocker), ("defender", target)):
        player, _, assists = told.partition(",")
        units = f"player,{assists}" if assists else "player"
        said.append(f"--{side} '{units}' --{side}-value strength={player.strip()}")
    return " ".join(said)


def block_dice(blocker: int, target: int) -> tuple[int, str | None]:
    """The block dice and the coach who chooses, as the rulebook states them."""
    if blocker == target:
        return 1, None
    stronger, weaker, side = (blocker, target, "attacker") if blocker > target else (target, blocker, "defender")
    return (3 if stronger > 2 * weaker else 2), side


def effect(face: str, skills: set[str]) -> tuple[int, int, int]:
    """What the die kept does: (target knocked down, squares pushed, blocker knocked down)."""
    if face == "attacker-down":
        return 0, 0, 1
    if face == "both-down":
        both = {"attacker-block", "defender-block"} <= skills
        return int(not both and "defender-block" not in skills), 0, int(not both and "attacker-block" not in skills)
    if face == "push" or (face == "stumbles" and "dodge" in skills):
        return 0, 1, 0
    return 1, 1, 0


def brute(blocker: str, target: str, skills: set[str]) -> dict[tuple[int, int, int], Fraction]:
    """Every throw of the block dice, the chooser keeping its best face."""
    dice, chooser = block_dice(strength(blocker), strength(target))
    prefers = ATTACKER_PREFERS if chooser in ("attacker", None) else ATTACKER_PREFERS[::-1]
    out: Counter[tuple[int, int, int]] = Counter()
    for faces in itertools.product(BLOCK_DIE, repeat=dice):
        kept = min(faces, key=prefers.index)
        out[effect(kept, skills)] += 1
    return {key: Fraction(n, 6**dice) for key, n in out.items()}


def odds(blocker: str, target: str, skills: set[str]) -> dict[tuple[int, int, int], Fraction]:
    """The referee's exact odds by (defender loses, defender retreats, attacker loses)."""
    when = "".join(
        f" --when {'defender' if s in ('defender-block', 'dodge') else 'attacker'}:{s}" for s in sorted(skills)
    )
    found = run_json(f"odds {BLOODBOWL} {block(blocker, target)}{when}")["outcomes"]
    return {
        (o["defender_loses"], o["defender_retreats"], o["attacker_loses"]): Fraction(o["probability"]) for o in found
    }


@pytest.mark.parametrize(
    ("blocker", "target", "skills"),
    [
        ("1", "1", set()),  # equal: 1 die, nobody chooses
        ("3", "3", {"attacker-block", "defender-block"}),
        ("3", "2", set()),  # stronger: 2 dice, the blocker chooses
        ("3", "2", {"dodge", "defender-block"}),
        ("2", "3", set()),  # weaker: 2 dice, the target chooses
        ("2", "3", {"attacker-block", "dodge"}),
        ("5", "2", set()),  # more than twice: 3 dice, the blocker chooses
        ("5", "2", {"dodge"}),
        ("2", "5", set()),  # 3 dice, the target chooses
        ("2", "5", {"defender-block"}),
        ("4", "2", set()),  # exactly twice is not more than twice: 2 dice
        ("3, 2 assist", "2", {"attacker-block"}),  # assists count: 5 against 2
        ("2", "4, assist", {"attacker-block", "defender-block", "dodge"}),  # 2 against 5
    ],
)
def test_block_odds_are_the_brute_force(blocker: str, target: str, skills: set[str]) -> None:
    assert odds(blocker, target, skills) == brute(blocker, target, skills)


def test_the_stronger_blocker_chooses_its_best_die_typed() -> None:
    ruling = run_json(f"battle {BLOODBOWL} {block('5', '2')} --attacker-roll skull,push,pow")
    assert ruling["chooser"] == "attacker" and ruling["attacker"]["dice"] == 3
    assert ruling["defender"]["dice"] == 0 and ruling["defender"]["rolled"] == []
    assert ruling["attacker"]["rolled"] == ["defender-down"]
    assert (ruling["defender_loses"], ruling["defender_retreats"], ruling["attacker_loses"]) == (1, 1, 0)
    said = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert said[:5] == [
        ("BB-1", "the attacker's strength: 5"),  # the numbers stated come first
        ("BB-1", "the defender's strength: 2"),
        ("BB-1", "5 against 2: the attacker rolls 3 dice"),
        ("BB-1", "the attacker is stronger and chooses"),
        (
            "BB-5",
            "the attacker chooses defender-down from attacker-down, push, defender-down, by its order: "
            "defender-down, stumbles, push, both-down, attacker-down",
        ),
    ]


def test_the_stronger_target_chooses_the_blockers_worst_die_typed() -> None:
    command = f"battle {BLOODBOWL} {block('2', '2, assist')} --when defender:dodge"
    out = run(f"{command} --attacker-roll 'pow, stumbles'").stdout
    assert "The defender chooses. The defender retreats 1 square." in out
    assert "the defender chooses stumbles from defender-down, stumbles, by its order:" in out
    assert "dodge: stumbles reads push" in out
    ruling = run_json(f"{command} --attacker-roll 'both down, skull'")
    assert ruling["chooser"] == "defender"
    assert ruling["attacker"]["rolled"] == ["attacker-down"] and ruling["attacker_loses"] == 1
    assert ruling["explanation"][-1] == {
        "rule": "BB-4",
        "text": "the attacker loses 1 player knocked down",
        "message": "costs.loses",
        "values": ruling["explanation"][-1]["values"],
    }


def test_equal_strength_rolls_one_die_and_nobody_chooses() -> None:
    ruling = run_json(f"battle {BLOODBOWL} {block('3', '3')} --attacker-roll bd")
    assert ruling["chooser"] is None and ruling["attacker"]["dice"] == 1
    assert (ruling["defender_loses"], ruling["attacker_loses"]) == (1, 1)
    texts = [s["text"] for s in ruling["explanation"]]
    assert "3 against 3: the attacker rolls 1 die" in texts
    assert not any("chooses" in text for text in texts)
    out = run(f"battle {BLOODBOWL} {block('3', '3')} --attacker-roll bd").stdout
    assert "chooses." not in out


def test_block_skills_spare_a_player_from_both_down() -> None:
    command = f"battle {BLOODBOWL} {block('3', '3')} --attacker-roll bd"
    blocker = run_json(f"{command} --when attacker:attacker-block")
    target = run_json(f"{command} --when defender:defender-block")
    both = run_json(f"{command} --when attacker:attacker-block --when defender:defender-block")
    assert (blocker["defender_loses"], blocker["attacker_loses"]) == (1, 0)
    assert (target["defender_loses"], target["attacker_loses"]) == (0, 1)
    assert (both["defender_loses"], both["attacker_loses"]) == (0, 0)


@pytest.mark.parametrize("seed", [1, 2, 3, 7, 11, 19])
def test_drawn_block_dice_are_kept_by_the_choosers_order(seed: int) -> None:
    command = f"battle {BLOODBOWL} {block('2', '5')} --seed {seed}"
    ruling = ruling_of(command)
    assert ruling == ruling_of(command)  # the seed repeats the ruling
    chosen = next(s for s in ruling["explanation"] if s["message"] == "pool.choose")
    standing = chosen["values"]["standing"]["items"]
    assert len(standing) == 3 and set(standing) <= set(BLOCK_DIE)
    assert chosen["values"]["chooser"] == "defender" and chosen["rule"] == "BB-5"
    kept = min(standing, key=ATTACKER_PREFERS[::-1].index)
    assert ruling["attacker"]["rolled"] == [kept]
    down, pushed, own = effect(kept, set())
    assert (ruling["defender_loses"], ruling["defender_retreats"], ruling["attacker_loses"]) == (down, pushed, own)


def flat(text: str) -> str:
    """A report with its wrapped lines joined, for sentences that the terminal width breaks."""
    return " ".join(text.split())


def test_a_block_is_ruled_in_the_language_asked() -> None:
    out = flat(run(f"--lang nl battle {BLOODBOWL} {block('4', '1')} --attacker-roll push,push,pow").stdout)
    assert "de aanvaller is sterker en kiest" in out
    assert "de aanvaller kiest verdediger neer uit teruggeduwd, teruggeduwd, verdediger neer, in zijn volgorde:" in out
    assert "De verdediger verliest 1 neergeslagen speler. De verdediger trekt 1 vak terug." in out
    out = flat(run(f"--lang de battle {BLOODBOWL} {block('1', '4')} --attacker-roll push,push,skull").stdout)
    assert "der Verteidiger ist stärker und wählt" in out
    assert "Der Angreifer verliert 1 niedergeschlagenen Spieler." in out
    both = "--when attacker:attacker-block --when defender:defender-block"
    out = run(f"--lang zh-Hant battle {BLOODBOWL} {block('3', '3')} {both} --seed 2")
    assert "3 對 3：進攻方擲 1 粒骰" in out.stdout


def test_the_wrong_number_of_block_dice_is_refused() -> None:
    refused = fails(f"battle {BLOODBOWL} {block('4', '2')} --attacker-roll push,skull,pow")
    assert "the attacker rolls 2 dice here, but 3 faces were given" in refused and "(BB-1)" in refused
    refused = fails(f"battle {BLOODBOWL} {block('4', '2')} --defender-roll push")
    assert "this battle has no 'defender' roll; it rolls for: attacker" in refused


BANDS = """\
          - {more_than: 2, dice: 3, chooser: stronger}
          - {more_than: 1, dice: 2, chooser: stronger}
          - {dice: 1}"""


def written(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the example with one piece of text changed."""
    text = BLOODBOWL.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bloodbowl.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    """The line of the file that holds `text`, counted from 1."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("bands", "at", "refusal"),  # at: the band whose line and path the refusal names
    [
        (
            "- {dice: 1}\n          - {more_than: 1, dice: 2, chooser: stronger}",
            0,
            "every band but the last has at_least or more_than; the last has neither: it takes any comparison",
        ),
        (
            "- {more_than: 1, dice: 2, chooser: stronger}\n          - {more_than: 2, dice: 3, chooser: stronger}"
            "\n          - {dice: 1}",
            1,
            "band 2 can never be reached: its threshold must be below the one of the band before it",
        ),
        (
            "- {more_than: 2, dice: 3}\n          - {at_least: 3, dice: 2}\n          - {dice: 1}",
            1,
            "band 2 can never be reached",
        ),
        (
            "- {more_than: 2, dice: 3}\n          - {at_least: 1, dice: 2}\n          - {dice: 1}",
            1,
            "band 2 takes every ratio (the stronger side is always at least as strong): "
            "the bands after it can never be reached",
        ),
        (
            "- {more_than: 2, at_least: 2, dice: 3}\n          - {dice: 1}",
            0,
            "a band has at_least or more_than, not both",
        ),
        ("- {more_than: 2, dice: 3, chooser: bigger}\n          - {dice: 1}", 0, "bigger"),
    ],
)
def test_bands_that_cannot_all_be_reached_are_refused_where_written(
    tmp_path: Path, bands: str, at: int, refusal: str
) -> None:
    path = written(tmp_path, BANDS.strip(), bands)
    said = fails(f"validate {path}")
    assert refusal in said and f"attacks.block.attacker.roll.bands[{at}]" in said
    assert f"bloodbowl.yaml:{line_of(path, bands.split(chr(10))[at].strip())}:" in said


def test_difference_bands_must_descend_too(tmp_path: Path) -> None:
    path = written(
        tmp_path,
        "compare: ratio\n",
        "compare: difference\n",
    )
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            BANDS, "          - {at_least: 0, dice: 2}\n          - {more_than: 0, dice: 3}\n          - {dice: 1}"
        ),
        encoding="utf-8",
    )
    assert "band 2 can never be reached" in fails(f"validate {path}")


def test_difference_bands_read_more_than_and_a_weaker_chooser(tmp_path: Path) -> None:
    path = written(tmp_path, "compare: ratio\n", "compare: difference\n")
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            BANDS, "          - {more_than: 1, dice: 3, chooser: weaker}\n          - {dice: 1, chooser: weaker}"
        ),
        encoding="utf-8",
    )
    two_up = run_json(f"battle {path} {block('4', '2')} --seed 1")
    one_up = run_json(f"battle {path} {block('3', '2')} --seed 1")
    level = run_json(f"battle {path} {block('3', '3')} --seed 1")
    assert (two_up["attacker"]["dice"], two_up["chooser"]) == (3, "defender")
    assert (one_up["attacker"]["dice"], one_up["chooser"]) == (1, "defender")
    assert (level["attacker"]["dice"], level["chooser"]) == (1, None)  # nobody is weaker


def test_a_keep_by_side_names_both_sides(tmp_path: Path) -> None:
    path = written(tmp_path, "            defender: [attacker-down, both-down, push, stumbles, defender-down]\n", "")
    said = fails(f"validate {path}")
    assert "a keep by side gives the order of both attacker and defender" in said and "keep.best" in said
    path = written(tmp_path, "defender: [attacker-down, both-down,", "defender: [skulls, both-down,")
    assert "'skulls' is not a face of die 'block'" in fails(f"validate {path}")


def test_own_losses_name_a_symbol_a_face_carries(tmp_path: Path) -> None:
    path = written(tmp_path, "own_losses: [blocker-down]", "own_losses: [blocker-falls]")
    assert "blocker-falls" in fails(f"validate {path}")


@pytest.mark.parametrize(
    ("band", "ours", "theirs", "ratio", "difference"),
    [
        ({"more_than": 2}, 5, 2, True, True),
        ({"more_than": 2}, 4, 2, False, False),  # exactly twice; a difference of 2 is not more than 2
        ({"more_than": 2}, 2, 5, True, False),  # the ratio reads whichever side is stronger
        ({"at_least": 2}, 4, 2, True, True),
        ({"more_than": 1}, 3, 3, False, False),
        ({"more_than": 1}, 1, 0, True, False),  # anything is more than any times nothing
        ({"more_than": 1}, 0, 0, False, False),  # nothing against nothing is equal
        ({"at_least": 1}, 0, 0, True, False),
        ({"at_least": -1}, 2, 3, True, True),  # a file may not write it for a ratio: every ratio reaches it
    ],
)
def test_a_band_reads_a_difference_or_a_ratio(
    band: dict[str, int], ours: int, theirs: int, ratio: bool, difference: bool
) -> None:
    from referee.stages.roll import Band

    written = Band(dice=1, at_least=band.get("at_least"), more_than=band.get("more_than"))
    assert (written.takes("ratio", ours, theirs), written.takes("difference", ours, theirs)) == (ratio, difference)


def test_a_keep_by_side_orders_the_die_for_the_chooser() -> None:
    from referee.chance.dice import Die
    from referee.stages.pool_rules import KeepRule

    keep = KeepRule(dice=1, best={"attacker": ("pow", "push"), "defender": ("skull",)}, rule="BB-5")
    die = Die(name="block", faces=("skull", "push", "pow"))
    assert keep.order(die, "attacker") == ("pow", "push", "skull")
    assert keep.order(die, "defender") == ("skull", "push", "pow")
