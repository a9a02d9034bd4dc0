"""The board tells its attacks to the file's procedure in the words the
procedure's own `board` module says (`Procedure.board`), and reads a pick
typed at the board with the procedure's reader: the board names no procedure
and knows none of its words."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import fails

from referee.board import combat
from referee.core.errors import RefereeError
from referee.outcomes.pips import taken
from referee.procedures import door
from referee.ruleset.load import load
from referee.settle.odds import battle_odds

DICELAND = load("diceland")


def test_an_attack_on_the_board_is_told_as_its_procedure_reads_it() -> None:
    told = combat.Told((6, 2), 3, (), frozenset(), (5, 6))
    result, _ = combat.rule(DICELAND, told, (5, 1), None)
    assert result.decided and (result.rolled, result.field) == (5, 6)
    assert result.steps == door.resolve(DICELAND, combat._situation(DICELAND, told), {"attacker": (5, 1)}).steps


@pytest.mark.parametrize(("typed", "read"), [("5:6", [5, 6]), ("5:C3", [5, "C3"]), (" 5 : c3", [5, "c3"])])
def test_a_pick_at_the_board_is_read_by_the_procedures_reader(typed: str, read: list[int | str]) -> None:
    assert combat.pairing(DICELAND, typed) == read


@pytest.mark.parametrize("typed", ["5", "5,6", "5,4:C3", "5:6,1"])
def test_a_pick_that_is_not_one_die_and_one_die_is_refused_as_the_board_says(typed: str) -> None:
    with pytest.raises(RefereeError, match="the field die by its pips or its tile"):
        combat.pairing(DICELAND, typed)


def test_a_procedure_that_declares_no_board_is_not_played_on_one(monkeypatch: pytest.MonkeyPatch) -> None:
    unplayed = replace(door.procedure_for(DICELAND), board=None)
    monkeypatch.setattr(door, "procedure_for", lambda rules: unplayed)
    with pytest.raises(RefereeError, match="its attacks cannot be told by the dice on a board"):
        combat.pairing(DICELAND, "5:6")


def test_a_pick_is_read_once_the_game_going_says_whose_procedure_reads_it() -> None:
    """With no game going there is no procedure to read a pick: that is said first."""
    assert fails("play pick 3").startswith("error: no game is going")


def test_a_boards_odds_are_read_from_the_pips_outcome() -> None:
    """The chance to take the tile and the pips the attacker expects to lose
    are the pips kind's to add up, from its own fields, not the board's."""
    weighted = [
        ({"defender_removed": True, "attacker_loses": 0}, Fraction(1, 3)),
        ({"defender_removed": False, "attacker_loses": 2}, Fraction(1, 2)),
        ({"defender_removed": False, "attacker_loses": 1}, Fraction(1, 6)),
    ]
    assert taken(weighted) == (Fraction(1, 3), Fraction(7, 6))
    told = combat.Told((6,), 3, (), frozenset())
    odds = [(o.key, o.probability) for o in battle_odds(DICELAND, combat._situation(DICELAND, told, policy=True))]
    assert combat.chances(DICELAND, told) == taken(odds)
