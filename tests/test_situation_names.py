"""A refusal of a named situation repeats the name the player typed for it,
in whatever language or case, and names one the player did not type (a
board's, a journal's) by the short name the language prints for it, never
by its whole sentence: a situation that needs a unit, one combined with a
situation it excludes, and one the distance brings by itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import fails

from referee.core.errors import RefereeError
from referee.procedures.door import check_situations
from referee.ruleset.load import load_file
from referee.rulings.battle import Battle
from referee.words.language import speaking

ANCIENTS = Path(__file__).parent.parent / "docs" / "examples" / "ancients.yaml"
GROUNDFORCE = "battle groundforce --attacker '2 trooper' --defender trooper"


@pytest.fixture
def apart(edited: Callable[[str, Callable[[str], str]], Path]) -> Path:
    """Frontline Risk where a landing cannot also take the reward of an extra attack die."""
    return edited(
        "frontline-risk",
        lambda text: text.replace(
            "    requires_unit: armour\n", "    requires_unit: armour\n    excludes: [extra-attack-die]\n", 1
        ),
    )


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("en", "defender:Stealth Card", "error: 'Stealth Card' needs at least one saboteur among the defender's units"),
        ("nl", "verdediger:sneaky", "fout: 'sneaky' vraagt minstens één saboteur onder de eenheden van de verdediger"),
        (
            "de",
            "Verteidiger:stealthed saboteur",
            "Fehler: 'stealthed saboteur' braucht mindestens eine Einheit Saboteur unter den Einheiten",
        ),
        ("zh-Hant", "防守方:stealthed", "錯誤：「stealthed」需要防守方的單位中至少有一個破壞者"),
    ],
)
def test_a_situation_without_its_unit_is_refused_by_the_name_typed(lang: str, typed: str, said: str) -> None:
    assert fails(f"--lang {lang} {GROUNDFORCE} --when '{typed}'").startswith(said)


@pytest.mark.parametrize(
    ("lang", "landing", "extra", "said"),
    [
        (
            "en",
            "attacker:sea landing",
            "attacker:extra attack",
            "error: 'sea landing' cannot be combined with 'extra attack'",
        ),
        (
            "nl",
            "aanvaller:een landing over zee",
            "aanvaller:extra aanvalsdobbelsteen",
            "fout: 'een landing over zee' kan niet samen met 'extra aanvalsdobbelsteen'",
        ),
        (
            "de",
            "Angreifer:eine Landung über See",
            "Angreifer:Extra-Angriffswürfel",
            "Fehler: 'eine Landung über See' lässt sich nicht mit 'Extra-Angriffswürfel' kombinieren",
        ),
        ("zh-Hant", "進攻方:登陸", "進攻方:額外進攻骰仔", "錯誤：「登陸」不能與「額外進攻骰仔」同時使用"),
    ],
)
def test_situations_that_exclude_each_other_are_refused_by_the_names_typed(
    apart: Path, lang: str, landing: str, extra: str, said: str
) -> None:
    line = fails(f"--lang {lang} battle {apart} --attacker armour --defender 1 --when '{landing}' --when '{extra}'")
    assert line.startswith(said), line
    assert "FR-B14" in line


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: 'Close-Combat' holds by itself at distance 1"),
        ("nl", "fout: 'Close-Combat' geldt vanzelf op afstand 1"),
        ("de", "Fehler: 'Close-Combat' gilt von selbst auf Entfernung 1"),
        ("zh-Hant", "錯誤：「Close-Combat」在距離 1 時自動成立"),
    ],
)
def test_a_situation_the_distance_brings_is_refused_by_the_name_typed(lang: str, said: str) -> None:
    line = fails(
        f"--lang {lang} battle {ANCIENTS} --attacker light-infantry --defender light-infantry --range 1"
        " --when attacker:Close-Combat"
    )
    assert line.startswith(said), line


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "'landing' cannot be combined with 'extra attack die'"),
        ("nl", "'landing' kan niet samen met 'extra aanvalsdobbelsteen'"),
        ("de", "'landing' lässt sich nicht mit 'Extra-Angriffswürfel' kombinieren"),
        ("zh-Hant", "「landing」不能與「額外進攻骰仔」同時使用"),
    ],
)
def test_a_situation_not_typed_is_named_as_its_language_prints_it_never_by_its_sentence(
    apart: Path, lang: str, said: str
) -> None:
    """The reward's sentence quotes its name, which is said; a landing's
    sentence holds no shorter name, so the key `show` lists is said."""
    rules = load_file(apart)
    battle = Battle(attacker=(("armour", 1),), defender=(("infantry", 1),), when=_landing_with_extra())
    with speaking(lang), pytest.raises(RefereeError) as refused:
        check_situations(rules, battle)
    assert str(refused.value).startswith(said)


def test_a_situation_not_typed_is_named_by_the_words_before_its_aside() -> None:
    """Frontline Risk's city defence without a name typed: 'stadsverdediging', not its whole sentence."""
    rules = load_file(Path(__file__).parent.parent / "rulesets" / "frontline-risk.yaml")
    battle = Battle(attacker=(("infantry", 1),), defender=(("infantry", 1),), when=(("attacker", "city"),))
    expected = {"en": "city defence", "nl": "stadsverdediging", "de": "Stadtverteidigung", "zh-Hant": "守城"}
    for lang, name in expected.items():
        with speaking(lang), pytest.raises(RefereeError) as refused:
            check_situations(rules, battle)
        assert name in str(refused.value), (lang, str(refused.value))
        assert "(" not in str(refused.value).replace("(FR-B3)", "")


def _landing_with_extra() -> tuple[tuple[str, str], ...]:
    return (("attacker", "landing"), ("attacker", "extra-attack-die"))
