"""Issue 15.13: a version flag players expect, and shell completion that
knows the ruleset in play: situations, die faces, continents, and units after
a count."""

from __future__ import annotations

from click.shell_completion import ShellComplete
from conftest import run

from referee import __version__
from referee.cli import cli


def complete(args: str, incomplete: str) -> list[str]:
    found = ShellComplete(cli, {}, "referee", "_REFEREE_COMPLETE").get_completions(args.split(), incomplete)
    return [item.value for item in found]


def test_dash_v_prints_the_version() -> None:
    assert run("-V").stdout == run("--version").stdout == f"referee, version {__version__}\n"


def test_the_groups_help_says_how_to_turn_completion_on() -> None:
    helped = run("--help").stdout
    assert "_REFEREE_COMPLETE=bash_source referee" in helped
    assert "zsh_source" in helped and "fish_source" in helped


def test_situation_names_complete_after_their_side() -> None:
    assert complete("battle frontline-risk --when", "defender:c") == ["defender:city"]
    assert complete("battle frontline-risk --when", "attacker:l") == ["attacker:landing"]
    assert "defender:airfield" in complete("odds frontline-risk --when", "")  # either side
    assert "attacker:airfield" in complete("odds frontline-risk --when", "")
    assert complete("battle groundforce --when", "") == ["defender:stealth"]


def test_die_faces_complete_after_the_commas_typed() -> None:
    assert complete("battle groundforce --attacker-roll", "sword,ex") == ["sword,explosion"]
    assert complete("battle groundforce --defender-roll", "s") == ["shield", "sword"]


def test_continents_and_rewards_complete() -> None:
    assert complete("recruit frontline-risk --continent", "a") == ["africa", "asia"]
    assert complete("recruit risk --continent", "north") == ["north-america"]
    assert complete("recruit frontline-risk --reward", "") == ["two-armies"]


def test_units_complete_after_a_count() -> None:
    assert complete("battle groundforce --attacker", "2 tr") == ["2 trooper"]
    assert complete("battle groundforce --defender", "trooper, 2 he") == ["trooper, 2 heavy"]
    assert complete("battle groundforce --attacker", "tr") == ["trooper"]


def test_names_complete_from_the_game_in_play_when_no_ruleset_is_named() -> None:
    assert complete("battle --attacker-roll", "sword,ex") == []  # no game in play: nothing to complete from
    run("game start friday groundforce")
    assert complete("battle --attacker-roll", "sword,ex") == ["sword,explosion"]
    assert complete("odds --when", "") == ["defender:stealth"]
    assert complete("battle diceland --attacker-roll", "sword,ex") == []  # the ruleset named, not the game's
