"""The shared refusal of options a game does not read, and the attack as typed."""

from __future__ import annotations

import pytest

from referee.cli.odds import OddsTold
from referee.cli.options import Told, refuse_unread
from referee.errors import RefereeError


def test_only_options_given_are_named_in_the_order_passed() -> None:
    with pytest.raises(RefereeError) as refused:
        refuse_unread(
            {"--range": 0, "--rule": (), "--until": None, "--float": False, "--table": 3}, "{options}: not read here"
        )
    assert str(refused.value) == "--range, --table: not read here"


def test_nothing_given_is_nothing_refused() -> None:
    refuse_unread({"--rule": (), "--until": None, "--float": False}, "{options}: never")


def test_flags_name_a_told_attacks_options_as_typed() -> None:
    told = OddsTold(attacker="6", reach=2, floats=True)
    assert told.flags("--float", "--range", "--attacker", "--rule") == {
        "--float": True,
        "--range": 2,
        "--attacker": "6",
        "--rule": (),
    }
    with pytest.raises(KeyError):
        Told().flags("--seed")
