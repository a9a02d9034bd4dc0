"""The ruling pages and odds reports in the language asked (issue 16, point 2):
the four rulings of the issue's bar, read through the CLI in Dutch, German and
Traditional Chinese. Each page's tables, summary, "Why:" heading and dice line
are checked whole; the explanation's steps are another part's concern. Tables
holding Chinese keep their columns lined up by display width."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import run

from referee.outcomes.pips import POLICY
from referee.render.widths import columns

WIDE = {"COLUMNS": "200"}  # every summary on one line
GROUNDFORCE = (
    "battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' "
    "--attacker-roll sword,explosion --defender-roll shield,sword"
)


def _words(lines: list[str]) -> list[list[str]]:
    """Each line's cells, split where two spaces or more part them."""
    return [[cell for cell in line.split("  ") if cell.strip()] for line in lines]


def _cells(lines: list[str], header: str) -> list[list[str]]:
    """The table whose header line starts with `header`: its header and rows, as cells."""
    at = next(i for i, line in enumerate(lines) if line.startswith(header))
    end = lines.index("", at) if "" in lines[at:] else len(lines)
    table = [lines[at], *lines[at + 2 : end]]
    _assert_lined_up(lines[at + 1], table)
    return [[cell.strip() for cell in row] for row in _words(table)]


def _assert_lined_up(rule: str, table: list[str]) -> None:
    """Each column's text starts at the display column its dashes start at
    (a wide character takes two), never inside a cell."""
    starts = [i for i in range(1, len(rule)) if rule[i - 1 : i + 1] == " -"]
    for line in table:
        at = {columns(line[:i]): c for i, c in enumerate(line)}  # display column -> the character starting there
        for start in starts:
            assert at.get(start - 1, " ") == " ", (line, start)  # a column's start is never inside a cell
        cells = {columns(line[:i]) for i in range(2, len(line)) if line[i - 2 : i] == "  " and line[i] != " "}
        assert cells <= set(starts), (line, starts)  # nor does a cell start between columns


PAGES = yaml.safe_load((Path(__file__).parent / "report_pages.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("name", "code"), [(name, code) for name, page in PAGES.items() for code in page if code != "command"]
)
def test_a_ruling_page_reads_in_the_language_asked(name: str, code: str) -> None:
    """Each table whole and lined up, and the lines a player reads aloud, as report_pages.yaml writes them."""
    expected = PAGES[name][code]
    page = run(f"--lang {code} {PAGES[name]['command']}", env=WIDE).stdout.splitlines()
    for table in expected.get("tables", []):
        assert _cells(page, table[0][0])[: len(table)] == table
    missing = [line for line in expected["lines"] if line not in page]
    assert not missing, "\n".join(page)


@pytest.mark.parametrize(
    ("code", "footer"),
    [
        ("nl", "Logboekitem 1, controlepunt 1:"),
        ("de", "Journaleintrag 1, Prüfpunkt 1:"),
        ("zh-Hant", "日誌第 1 條，檢查點 1:"),
    ],
)
def test_the_journal_footer_is_one_line_in_the_language_asked(code: str, footer: str) -> None:
    page = run(f"--lang {code} {GROUNDFORCE}", env=WIDE).stdout.splitlines()
    assert page[-1].startswith(footer) and "referee log verify" not in "\n".join(page)
    assert not page[-2].startswith(footer[:4])


def test_a_seed_line_reads_in_the_language_asked() -> None:
    page = run("--lang de battle groundforce --attacker trooper --defender trooper --seed 7 --no-journal").stdout
    assert page.splitlines()[-1] == "Startwert: 7; diesen Wurf wiederholen mit --seed 7."
    typed = "--lang nl battle groundforce --attacker trooper --defender trooper --seed 7 --attacker-roll sword"
    assert run(f"{typed} --no-journal").stdout.splitlines()[-1] == (
        "Startwaarde: 7 (ingetypt: aanvaller); herhaal deze worp met --seed 7 --attacker-roll sword."
    )


ODDS = {
    "nl": ("Ground Force: kansen van één aanval", ["procent", "winnaar", "aanvaller verliest", "verdediger verliest",
                                                   "kans"], "aanvaller"),
    "de": ("Ground Force: Chancen eines Angriffs", ["Prozent", "Gewinner", "Angreifer verliert", "Verteidiger verliert",
                                                    "Chance"], "Angreifer"),
    "zh-Hant": ("Ground Force：一次進攻的機率", ["百分比", "勝方", "進攻方損失", "防守方損失", "機率"], "進攻方"),
}  # fmt: skip


@pytest.mark.parametrize("code", sorted(ODDS))
def test_the_odds_of_one_attack_read_in_the_language_asked(code: str) -> None:
    title, headers, winner = ODDS[code]
    lines = run(f"--lang {code} odds groundforce --attacker '2 trooper' --defender 'trooper, heavy'").stdout
    lines_ = lines.splitlines()
    assert lines_[0] == title
    table = _cells(lines_, headers[0])
    assert table[0] == headers
    assert winner in table[2]


def test_the_odds_of_a_diceland_attack_read_in_the_language_asked() -> None:
    page = run("--lang zh-Hant odds diceland --attacker 6,2 --defender 3", env=WIDE).stdout.splitlines()
    assert page[0] == "DiceLand：6 和 2 進攻 3 的機率"
    assert _cells(page, "合計")[:3] == [
        ["合計", "機率", "百分比"],
        ["完美", "7/18", "38.89%"],
        ["有效", "11/18", "61.11%"],
    ]
    assert page[-1].startswith("策略：對進攻方最有利的組合：")
    single = run("--lang nl odds diceland --attacker 6 --defender 3").stdout.splitlines()
    assert single[-1] == "Strategie: één aanval, niets te kiezen."


def test_the_report_says_the_policy_the_json_names() -> None:
    """The text's policy is its own message (the JSON keeps POLICY): in English they say the same."""
    english = run("odds diceland --attacker 6,2 --defender 3", env=WIDE).stdout.splitlines()
    assert english[-1] == f"Policy: {POLICY}."


def test_a_whole_fight_reads_in_the_language_asked_and_lines_up_in_chinese() -> None:
    fight = "odds risk --attacker 10 --defender 5,3 --until conquest"
    german = run(f"--lang de {fight}", env=WIDE).stdout.splitlines()
    assert german[:2] == [
        "Risk: ein ganzer Kampf bis zur Eroberung (exakte Brüche)",
        "10 Armeen gegen 5 Armeen; dann 3 Armeen; 1 weitere bleibt zurück (RK-B1)",
    ]
    assert "Nacheinander eingenommene Gebiete:" in german
    assert german[3].split()[-2] == "67,37%"  # the decimal mark German writes
    chinese = run(f"--lang zh-Hant {fight}", env=WIDE).stdout.splitlines()
    rows = [line for line in chinese[3:6]]
    assert [row.split()[0] for row in rows] == ["進攻方攻下每塊領土", "防守方守住其中一塊", "其中：進攻方單位耗盡"]
    percent_at = {columns(row[: row.index("%")]) for row in rows}
    assert len(percent_at) == 1, rows  # the percents line up by display width
    assert "進攻方預期剩餘：" in "\n".join(chinese)


def test_a_chart_of_whole_fights_reads_in_the_language_asked_and_lines_up_in_chinese() -> None:
    chart = "odds risk --until conquest --table 3"
    chinese = run(f"--lang zh-Hant {chart}").stdout.splitlines()
    corner = next(line for line in chinese if line.startswith("攻\\守"))
    rows = chinese[chinese.index(corner) + 1 : chinese.index(corner) + 4]
    assert [columns(line) for line in rows] == [columns(corner)] * 3  # the columns line up under the heading
    assert "A \\ V     1     2     3" in run(f"--lang de {chart}").stdout
    assert "1      41,7  10,6   2,7" in run(f"--lang nl {chart}").stdout


@pytest.mark.parametrize(
    ("code", "said"), [("en", "1,234,567"), ("de", "1.234.567"), ("nl", "1.234.567"), ("zh-Hant", "1,234,567")]
)
def test_thousands_are_grouped_as_the_language_writes_them(code: str, said: str) -> None:
    """Where a comma is the decimal mark, 3,438 states would read as three and a bit."""
    from referee.render.text import grouped
    from referee.words import language

    language.use(code)
    try:
        assert grouped(1234567) == said and grouped(12) == "12"
    finally:
        language.use(language.ENGLISH)
