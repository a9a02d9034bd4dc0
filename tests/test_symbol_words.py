"""A ruling says the symbols its faces carry in the language asked, where the
file's `words` give one (Blood Bowl's 'target-down' is 'doelwit neer'): in
the table, in every step that names them and in the odds; `--json` keeps the
file's symbols, the same in every language. And `show` lists what each
section reads, no more."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run, run_json

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
BLOCK = (
    f"battle {EXAMPLES / 'bloodbowl.yaml'} --attacker player --attacker-value strength=5 "
    "--defender player --defender-value strength=2 --attacker-roll skull,push,pow"
)


@pytest.mark.parametrize(
    ("lang", "read", "english"),
    [
        ("nl", "doelwit neer 1, duw 1", "target-down"),
        ("de", "Ziel liegt 1, Stoß 1", "target-down"),
        ("zh-Hant", "目標倒地 1、推開 1", "target-down"),
    ],
)
def test_a_ruling_says_its_symbols_in_the_language_asked(lang: str, read: str, english: str) -> None:
    out = run(f"--lang {lang} {BLOCK}").stdout
    rolled = next(line for line in out.splitlines() if "BB-3" in line)
    assert rolled.endswith(read), rolled
    assert english not in out
    assert "push 1" not in out


def test_json_keeps_the_files_symbols_in_every_language() -> None:
    english = run_json(BLOCK)
    for lang in ("nl", "de", "zh-Hant"):
        said = run_json(f"--lang {lang} {BLOCK}")
        assert said["attacker_scores"] == english["attacker_scores"] == "target-down 1, push 1"
        assert said["attacker"]["symbols"] == {"target-down": 1, "push": 1}
        rolled = next(s for s in said["explanation"] if s["message"] == "read.rolled")
        assert rolled["values"]["symbols"] == "target-down 1, push 1"


@pytest.fixture
def xwing(tmp_path: Path) -> Path:
    """The X-Wing example with Dutch words for its symbols."""
    path = tmp_path / "xwing.yaml"
    words = "translations:\n  nl:\n    words: {hit: treffer, crit: voltreffer, evade: ontwijking}\n"
    path.write_text((EXAMPLES / "xwing.yaml").read_text(encoding="utf-8") + words, encoding="utf-8")
    return path


def test_a_cancel_and_the_odds_say_the_symbols_in_the_language_asked(xwing: Path) -> None:
    ruled = run(
        f"--lang nl battle {xwing} --attacker x-wing --defender tie --when attacker:focus"
        " --attacker-roll hit,crit,focus --defender-roll evade,focus,blank"
    ).stdout
    assert "focus: focus telt als treffer" in ruled
    assert "de verdediger heft treffer 1 op met ontwijking 1" in ruled
    odds = run(f"--lang nl odds {xwing} --attacker tie --defender x-wing").stdout
    assert "treffer 1, voltreffer 1" in odds
    assert "crit" not in odds
    document = run_json(f"--lang nl odds {xwing} --attacker tie --defender x-wing")
    assert "hit 1, crit 1" in {row["attacker_scores"] for row in document["outcomes"]}


def test_show_lists_only_what_a_section_reads() -> None:
    """A roll by value or fixed reads no 'compare'; a table's row at 0 is listed with its 0."""
    shown = run(f"show {EXAMPLES / 'shadowrun.yaml'}").stdout
    assert "compare difference" not in shown and "roll by value" in shown
    assert "by difference" in shown  # the comparison itself is by difference
    fifth = run(f"show {EXAMPLES / 'fifth.yaml'}").stdout
    assert "by difference: rows (difference 0, needed 0)/(difference 1, needed 1)" in fifth
    assert "()" not in fifth


def test_show_says_a_faces_reading_as_symbols_and_a_symbol_never_as_a_face_of_its_name() -> None:
    """Blood Bowl's face 'push' (teruggeduwd) carries the symbol 'push' (duw)."""
    page = run(f"--lang nl show {EXAMPLES / 'bloodbowl.yaml'}").stdout
    shown = " ".join(page[page.index("Aanvallen") : page.index("Situaties")].split())  # the attack, unwrapped
    assert "teruggeduwd duw" in shown and "aanvaller neer blokkeerder neer" in shown
    assert "terugtochten duw" in shown
    assert "terugtochten teruggeduwd" not in shown and "attacker-down" not in shown
