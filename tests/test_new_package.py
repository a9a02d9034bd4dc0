"""A new procedure or stage is one package and nothing else: written here
into a folder outside the referee, with its module, its grammar key, its
messages in every language, its key's word and an option players type, it
is registered, rules and speaks Dutch, German and Traditional Chinese,
`battle` and `odds` take its option, it passes the catalogue check on its
own, and not one byte of the referee (its shared catalogues, the CLI's
options, any module) changed for it."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import run, run_json
from test_step_messages import _catalogues

from referee.ruleset import registry

REFEREE = Path(__file__).resolve().parent.parent / "referee"
NAME = "house-duel"

# The package a contributor writes: the whole of it.
PACKAGE = {
    "__init__.py": '''\
"""House duel: each side's highest die; the attacker wins by a margin the file states.
Its own messages are in `locale/<lang>.po` beside this file."""

from house_duel.grammar import HouseDuel as GRAMMAR
from referee.words.language import own_catalogue

own_catalogue(__file__)

__all__ = ["GRAMMAR"]
''',
    "grammar.py": '''\
"""What an attack of the house duel may say in a file: its grammar key `margin`."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, Text, field
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.crosscheck import Fail
    from referee.ruleset.model import Ruleset


@section
class HouseDuel:
    """A duel of highest dice, won by the attacker only by a margin."""

    procedure: str = field(Text(choices=("house-duel",)), "house-duel")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die both sides roll (a key of 'dice'); its faces are numbers")
    margin: int = field(Integer(minimum=1), "how much higher the attacker's best die must be to win")

    units_refused: ClassVar[str] = ""
    reads_situation: ClassVar[frozenset[str]] = frozenset()

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Nothing to check beyond the grammar."""


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {"die": pgettext("show.param", "die"), "margin": pgettext("show.param", "margin")}
''',
    "resolver.py": '''\
"""The house duel's ruling: the highest dice compared, the margin said."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.chance.dice import pips
from referee.outcomes import Exchange, ExchangeSide
from referee.rulings.procedure import DiceNeed, size
from referee.rulings.battle import Battle, Throw
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import SIDES, Ruling, Side, step

ODDS_KEYS = ("winner", "attacker_loses", "defender_loses")


def dice_needed(rules: Ruleset, params: Any, battle: Battle) -> dict[str, DiceNeed]:
    return {side: DiceNeed(rules.dice[params.die].die, size(battle.side(side)), params.rule) for side in SIDES}


def prepare(rules: Ruleset, name: str, params: Any, battle: Battle) -> Callable[[Throw], Ruling]:
    def rule_on(throw: Throw) -> Ruling:
        best = {side: max(pips(throw[side])) for side in SIDES}
        margin = params.margin + (battle.range or 0)  # each pace apart adds one
        won = best[Side.ATTACKER] >= best[Side.DEFENDER] + margin
        winner = Side.ATTACKER if won else Side.DEFENDER
        loses = {side: int(side != winner) for side in SIDES}
        sides = {
            side: ExchangeSide(
                units=dict(battle.side(side)),
                rolled=list(throw[side]),
                hits=int(side == winner),
                loses=loses[side],
                removal_options=[{battle.side(side)[0][0]: 1}] if loses[side] else [],
            )
            for side in SIDES
        }
        steps = (
            step(params.rule, "house.best", "highest dice {attacker} against {defender}", **best),
            step(params.rule, "house.margin", "the attacker needs {margin} more: the {winner} wins",
                 margin=margin, winner=winner),
        )
        outcome = Exchange(
            ruleset=rules.name,
            attack=name,
            winner=winner,
            attacker=sides[Side.ATTACKER],
            defender=sides[Side.DEFENDER],
            attacker_loses=loses[Side.ATTACKER],
            defender_loses=loses[Side.DEFENDER],
        )
        return Ruling(outcome, steps)

    return rule_on
''',
    "record.py": '''\
"""The house duel as the door reaches it (`PROCEDURE`)."""

from dataclasses import replace

from house_duel import resolver
from house_duel.grammar import HouseDuel
from referee.procedures import told
from referee.rulings.battle import Battle, Words
from referee.ruleset.model import Ruleset
from referee.ruleset.registry import Option
from referee.words.helps import helped

# The word players type for it: `battle` and `odds` take it from here.
PACES = Option("paces", helped("help.house.paces", "Paces apart: each adds one to the margin."), value="count")


def _read(rules: Ruleset, words: Words) -> Battle:
    """The duellists as told, and how many paces apart they stand."""
    return replace(told.read_battle(rules, words), range=words["paces"])


PROCEDURE = replace(
    told.procedure("house-duel", HouseDuel, "exchange", resolver, options=(PACES,)),
    read=_read,
    reads=told.UNIT_WORDS | {"paces"},
)
''',
}

TRANSLATED = {  # each language's catalogue of the package, as its author writes it
    "nl": (
        "hoogste dobbelstenen {attacker} tegen {defender}",
        "de aanvaller heeft {margin} meer nodig: de {winner} wint",
        "dobbelsteen",
        "marge",
        "Passen uit elkaar: elke pas telt één bij de marge op.",
    ),
    "de": (
        "höchste Würfel {attacker} gegen {defender}",
        "der Angreifer braucht {margin} mehr: der {winner} gewinnt",
        "Würfel",
        "Vorsprung",
        "Schritte Abstand: jeder erhöht den Vorsprung um eins.",
    ),
    "zh_Hant": (
        "最高點數 {attacker} 對 {defender}",
        "攻擊方需要多 {margin} 點：{winner}獲勝",
        "骰子",
        "差距",
        "相隔步數：每一步使差距加一。",
    ),
}
PLURALS = {
    "nl": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "zh_Hant": "nplurals=1; plural=0;",
}

RULESET = f"""\
format: 1
name: house
title: House duel
source: a test of a package that is all a new procedure needs
rules:
  HD-1: Each side rolls one die per unit; the attacker's highest die must beat the defender's by the margin.
dice:
  d6: {{faces: [1, 2, 3, 4, 5, 6]}}
units:
  fighter: {{}}
attacks:
  duel: {{procedure: {NAME}, rule: HD-1, label: duel, die: d6, margin: 2}}
"""


def _po(code: str) -> str:
    best, margin, die, word, paces = TRANSLATED[code]
    return (
        f'msgid ""\nmsgstr ""\n"Language: {code}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {PLURALS[code]}\\n"\n\n'
        f'msgctxt "house.best"\nmsgid "highest dice {{attacker}} against {{defender}}"\nmsgstr "{best}"\n\n'
        f'msgctxt "house.margin"\nmsgid "the attacker needs {{margin}} more: the {{winner}} wins"\n'
        f'msgstr "{margin}"\n\n'
        f'msgctxt "show.param"\nmsgid "die"\nmsgstr "{die}"\n\n'
        f'msgctxt "show.param"\nmsgid "margin"\nmsgstr "{word}"\n\n'
        f'msgctxt "help.house.paces"\nmsgid "Paces apart: each adds one to the margin."\nmsgstr "{paces}"\n'
    )


def _referee() -> str:
    """Every file of the referee, by its bytes (compiled caches aside)."""
    digest = hashlib.sha256()
    for path in sorted(REFEREE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(REFEREE)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def written(tmp_path: Path, name: str, files: dict[str, str], po: Callable[[str], str]) -> Path:
    """A package written into a folder outside the referee as its author
    would (its files, its catalogues in every language by `po`), compiled
    and checked as strictly as a shipped package: the package's folder."""
    tools = _catalogues()
    plugins = tmp_path / "plugins"
    folder = plugins / name
    (folder / "locale").mkdir(parents=True)
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    for code in PLURALS:
        (folder / "locale" / f"{code}.po").write_text(po(code), encoding="utf-8")
        shared = tmp_path / "locale" / code / "LC_MESSAGES" / "referee.po"  # no shared message of its own
        shared.parent.mkdir(parents=True)
        shared.write_text(f'msgid ""\nmsgstr ""\n"Plural-Forms: {PLURALS[code]}\\n"\n', encoding="utf-8")
    tools.compiled(plugins, tmp_path / "locale")
    assert tools.problems(plugins, tmp_path / "locale") == []  # strict as for a shipped package
    return folder


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, str]]:
    """The package written and compiled, importable, and its procedure
    registered: the ruleset's path, and the referee's files as they were before."""
    before = _referee()
    monkeypatch.syspath_prepend(str(written(tmp_path, "house_duel", PACKAGE, _po).parent))
    from house_duel.record import PROCEDURE

    registry.register(PROCEDURE)
    path = tmp_path / "house.yaml"
    path.write_text(RULESET, encoding="utf-8")
    yield path, before
    registry.unregister(NAME)
    for module in [m for m in sys.modules if m.split(".")[0] == "house_duel"]:
        del sys.modules[module]


@pytest.mark.parametrize(
    ("code", "said", "word"),
    [
        ("en", ["highest dice 6 against 5", "the attacker needs 2 more: the defender wins"], "    margin: 2"),
        (
            "nl",
            ["hoogste dobbelstenen 6 tegen 5", "de aanvaller heeft 2 meer nodig: de verdediger wint"],
            "    marge: 2",
        ),
        (
            "de",
            ["höchste Würfel 6 gegen 5", "der Angreifer braucht 2 mehr: der Verteidiger gewinnt"],
            "    Vorsprung: 2",
        ),
        ("zh-Hant", ["最高點數 6 對 5", "攻擊方需要多 2 點：防守方獲勝"], "    差距：2"),
    ],
)
def test_a_new_package_rules_and_speaks_every_language_with_nothing_outside_it_changed(
    house: tuple[Path, str], code: str, said: list[str], word: str
) -> None:
    ruleset, before = house
    rolled = "--attacker-roll 2,6 --defender-roll 5"
    ruling = run_json(f"--lang {code} battle {ruleset} --attacker '2 fighter' --defender fighter {rolled}")
    assert ruling["winner"] == "defender"
    assert [step["text"] for step in ruling["explanation"]] == said
    assert [step["message"] for step in ruling["explanation"]] == ["house.best", "house.margin"]
    assert word in run(f"--lang {code} show {ruleset}").stdout.splitlines()
    assert run_json(f"--lang {code} odds {ruleset} --attacker fighter --defender fighter")["outcomes"]
    assert _referee() == before


@pytest.mark.parametrize(
    ("code", "helped", "said"),
    [
        ("en", "Paces apart: each adds one to the margin.", "the attacker needs 3 more: the defender wins"),
        (
            "nl",
            "Passen uit elkaar: elke pas telt één bij de marge op.",
            "de aanvaller heeft 3 meer nodig: de verdediger wint",
        ),
        (
            "de",
            "Schritte Abstand: jeder erhöht den Vorsprung um eins.",
            "der Angreifer braucht 3 mehr: der Verteidiger gewinnt",
        ),
        ("zh-Hant", "相隔步數：每一步使差距加一。", "攻擊方需要多 3 點：防守方獲勝"),
    ],
)
def test_its_option_is_battle_s_and_odds_in_every_language(
    house: tuple[Path, str], code: str, helped: str, said: str
) -> None:
    ruleset, before = house
    for command in ("battle", "odds"):
        shown = run(f"--lang {code} {command} --help").stdout
        flowed = ("" if code == "zh-Hant" else " ").join(shown.split())  # as help wraps it: CJK with no spaces
        assert "--paces" in shown and helped in flowed
    rolled = "--attacker-roll 6 --defender-roll 4"  # by 2: the margin, but not a pace more
    assert run_json(f"battle {ruleset} --attacker fighter --defender fighter {rolled}")["winner"] == "attacker"
    paced = run_json(f"--lang {code} battle {ruleset} --attacker fighter --defender fighter {rolled} --paces 1")
    assert (paced["winner"], paced["explanation"][-1]["text"]) == ("defender", said)
    odds = run_json(f"odds {ruleset} --attacker fighter --defender fighter --paces 1")["outcomes"]
    assert odds and _referee() == before
