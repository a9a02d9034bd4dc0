"""The shared refusal of options a game does not read, and the attack as typed."""

from __future__ import annotations

import pytest

from referee.cli.options import Told, refuse_unread
from referee.cli.told import OddsTold
from referee.core.errors import RefereeError


def test_only_options_given_are_named_in_the_order_passed() -> None:
    with pytest.raises(RefereeError) as refused:
        refuse_unread(
            {"--range": 0, "--rule": (), "--until": None, "--float": False, "--table": 3}, "{options}: not read here"
        )
    assert str(refused.value) == "--range, --table: not read here"


def test_nothing_given_is_nothing_refused() -> None:
    refuse_unread({"--rule": (), "--until": None, "--float": False}, "{options}: never")


def test_unread_names_by_flag_the_options_a_reader_does_not_read() -> None:
    told = OddsTold(attacker="6", reach=2, floats=True)
    unread = told.unread(
        {"attacker", "defender", "kind", "wounds", "modifiers", "until", "table", "stop_at", "exact"}
        | {"attacker_bonus", "target_bonus", "to_hit", "to_wound"}
    )
    assert unread == {
        "--attacker-value": (),
        "--defender-value": (),
        "--attacker-rear": None,
        "--defender-rear": None,
        "--range": 2,
        "--when": (),
        "--rule": (),
        "--float": True,
    }
    nothing_read = Told().unread(())
    assert list(nothing_read) == [
        "--attacker",
        "--defender",
        "--attacker-rear",
        "--defender-rear",
        "--range",
        "--when",
        "--attacker-value",
        "--defender-value",
        "--rule",
    ]
