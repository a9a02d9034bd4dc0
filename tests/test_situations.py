"""Every procedure's situation and every throw survive a trip through JSON,
so a journal can store (situation, dice) and replay `resolve` on them: the
ruling on the stored form is the ruling on the original."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.procedures.door import procedure_for, resolve
from referee.ruleset.load import load
from referee.rulings.battle import Battle
from referee.rulings.procedure import throw_from_dict
from referee.settle.rolling import settle

NAME = st.text(alphabet="abcdefgh-", min_size=1, max_size=8)
UNITS = st.lists(st.tuples(NAME, st.integers(0, 1000)), max_size=3).map(tuple)
SIDE = st.sampled_from(["attacker", "defender"])
GROUP = st.sampled_from(["attacker", "defender", "attacker_rear", "defender_rear"])
BATTLES = st.builds(
    Battle,
    attacker=UNITS,
    defender=UNITS,
    range=st.none() | st.integers(0, 9),
    when=st.lists(st.tuples(SIDE, NAME), max_size=2).map(tuple),
    attacker_rear=UNITS,
    defender_rear=UNITS,
    states=st.lists(st.tuples(GROUP, NAME, NAME, st.integers(1, 9)), max_size=2).map(tuple),
)


def _trip(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


@given(BATTLES)
def test_a_battle_survives_json(battle: Battle) -> None:
    assert Battle.from_dict(_trip(battle.as_dict())) == battle


# one attack as players tell it in each shipped game, with dice typed for a repeatable ruling
TOLD = {
    "groundforce": {"attacker": "2 trooper", "defender": "trooper, heavy", "reach": 1},
    "frontline-risk": {"attacker": "infantry, armour", "attacker_rear": "1", "defender": "damaged armour"},
    "risk": {"attacker": "3", "defender": "2", "when": ()},
    "diceland": {"attacker": "6,2", "defender": "3", "variants": ("fill-the-void",), "choose": "5:6", "roll": "5,1"},
    "trueforces": {"kind": "ranged", "attacker": 4, "defender": 5, "modifiers": (), "action": "walk", "wounds": 1},
}


@pytest.mark.parametrize("name", sorted(TOLD))
def test_a_situation_and_its_throw_replay_to_the_same_ruling(name: str) -> None:
    rules = load(name)
    procedure = procedure_for(rules)
    words = {word: None for word in (*procedure.reads, *procedure.typed)} | TOLD[name]
    situation = procedure.read(rules, words)
    typed = {group: words[word] for word, group in procedure.typed.items() if words[word] is not None}
    settled = settle(rules, situation, typed, seed=7)
    stored = _trip({"situation": situation.as_dict(), "throw": dict(settled.throw)})
    again = procedure.situation.from_dict(stored["situation"])
    assert again == situation
    assert resolve(rules, again, throw_from_dict(stored["throw"])).as_dict() == settled.ruling.as_dict()
