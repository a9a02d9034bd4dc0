"""Chinese on a terminal: a wide character takes two columns, so tables line
up and rule texts, which have no spaces, break at the terminal's width by the
columns they take."""

from __future__ import annotations

from conftest import run
from hypothesis import given
from hypothesis import strategies as st

from referee.render import widths
from referee.render.widths import columns, shortened, wrap

NARROW_60 = {"COLUMNS": "60"}
BATTLE = (
    "--lang zh-Hant battle frontline-risk --attacker '裝甲師, 步兵師' --defender '2 步兵師' "
    "--when defender:守城 --attacker-roll 6,3 --defender-roll 5,2,1 --no-journal"
)


def test_a_wide_character_takes_two_columns() -> None:
    assert columns("步兵師") == 6
    assert columns("2 步兵師，") == 10
    assert columns("e\u0301") == 1


def test_a_table_with_chinese_unit_words_lines_up() -> None:
    lines = run(BATTLE, env=NARROW_60).stdout.splitlines()
    header, rule, attacker, defender = lines[1:5]
    assert attacker.startswith("進攻方  步兵師、裝甲師  6、3")
    assert defender.startswith("防守方  2 個步兵師      5、2、1")
    starts = [i for i in range(1, len(rule)) if rule[i - 1 : i + 1] == " -"]  # where each later column begins
    for line in (header, attacker, defender):
        for start in starts:
            at = _at_column(line, start)
            assert at is not None and line[at - 1] == " " != line[at], (line, start)


def _at_column(line: str, column: int) -> int | None:
    """The index of the character at a display column, None past the line's end."""
    for i in range(len(line)):
        if columns(line[:i]) == column:
            return i
    return None


def test_a_chinese_rule_text_breaks_at_the_terminal_width() -> None:
    shown = run("--lang zh-Hant show frontline-risk", env=NARROW_60).stdout.splitlines()
    assert max(map(columns, shown)) <= 60
    at = shown.index("  FR-B13  從後突襲：入侵之後，對該領土其他邊界或後方的攻擊都")
    assert shown[at + 1 : at + 3] == [
        "          是從後突襲：防守方的裝甲師失去轟炸，後方受損的裝甲",
        "          師不能撤退修復。",
    ]


def test_a_line_never_starts_with_a_closing_mark() -> None:
    assert wrap("甲乙丙丁，戊己", 9, "", "", whole_words=False) == ["甲乙丙", "丁，戊己"]
    assert wrap("甲乙丙「丁戊」", 8, "", "", whole_words=False) == ["甲乙丙", "「丁戊」"]
    assert wrap("步兵師, 城市, 首都", 7, "", "", whole_words=False) == ["步兵師,", "城市,", "首都"]


def test_words_between_chinese_stay_whole_and_spaces_break() -> None:
    assert wrap("守城 +1 粒骰 FR-B3 規則", 12, "> ", "  ", whole_words=False) == [
        "> 守城 +1 粒",
        "  骰 FR-B3",
        "  規則",
    ]


@given(st.text(alphabet="步兵師裝甲 ab，。「」", max_size=60), st.integers(min_value=6, max_value=30))
def test_wrapping_keeps_every_character_and_fits(text: str, width: int) -> None:
    lines = wrap(text, width, "", "", whole_words=False)
    assert all(columns(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_cell_is_shortened_by_the_columns_it_takes() -> None:
    assert shortened("命中：失去戰鬥力", 9) == "命中：失…"  # 4 wide characters and the ellipsis: 9 columns
    assert shortened("a hit: out of action", 9) == "a hit: o…"
    assert shortened("命中", 4) == "命中"


@given(st.text(alphabet="步兵師裝甲 ab，。", max_size=40), st.integers(min_value=2, max_value=30))
def test_a_shortened_cell_fits_and_keeps_its_beginning(text: str, width: int) -> None:
    cut = shortened(text, width)
    assert columns(cut) <= width
    assert cut == text or (cut.endswith("…") and text.startswith(cut[:-1]))


@given(
    st.text(alphabet=st.characters(max_codepoint=127), max_size=60),
    st.sampled_from(["", "/", "-", "/]^"]),
)
def test_ascii_text_breaks_where_the_character_walk_breaks_it(text: str, after: str) -> None:
    """The pattern that cuts ASCII text (a thousand-digit fraction at C's
    speed) finds the same unbreakable pieces as the walk over each character."""
    assert widths._narrow_pieces(after).findall(text) == widths._by_character(text, after)
