"""The referee draws its tables itself, character for character as tabulate's
"simple" style draws them (tabulate is installed for the tests only): any
cells, Chinese among them, indented parts of rows, cells of several lines,
and columns wrapped to widths."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.render.tables import drawn
from referee.render.widths import columns, has_wide

tabulating = pytest.importorskip("tabulate")

WORDS = st.sampled_from(
    [
        "a",
        "bb",
        "ccc dd",
        "  of which",
        "x\ny",
        "步兵師",
        "劍、爆炸",
        "",
        " ",
        "2",
        "-1.5",
        "heavy-weapon",
        "1/36",
        "3\n",
    ]
)
HEADERS = st.sampled_from(["side", "units", "", "rolled", "陣營", "單位", "x y"])
FIRSTS = st.sampled_from(["attacker", "  of which", "進攻方", "1", "a\nb"])  # a row names what it is
PHRASES = st.sampled_from(
    [
        "a",
        "bb",
        "ccc dd",
        "2",
        "heavy-weapon",
        "1/36",
        "of which: the attacker ran out",
        "x y z w",
        "the defender holds",
    ]
)


class _Measure:
    """What tabulate asks of wcwidth, answered by our own measure, as the referee measures."""

    wcswidth = staticmethod(columns)


def _theirs(rows: list[list[str]], headers: list[str], indented: bool, widths: list[int] | None = None) -> str:
    tabulating.wcwidth = _Measure
    tabulating.WIDE_CHARS_MODE = any(has_wide(cell) for cell in [*headers, *(c for row in rows for c in row)])
    wrapped = {"maxcolwidths": widths, "maxheadercolwidths": widths} if widths else {}
    return str(
        tabulating.tabulate(
            rows,
            headers=headers,
            tablefmt="simple",
            disable_numparse=True,
            preserve_whitespace=indented,
            **wrapped,
        )
    )


def _tables(cells: st.SearchStrategy[str]) -> st.SearchStrategy[tuple[list[str], list[list[str]]]]:
    return st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            st.lists(HEADERS, min_size=n, max_size=n),
            st.lists(st.tuples(FIRSTS, st.lists(cells, min_size=n - 1, max_size=n - 1)), max_size=4).map(
                lambda rows: [[first, *rest] for first, rest in rows]
            ),
        )
    )


@settings(max_examples=400)
@given(_tables(WORDS), st.booleans())
def test_a_table_is_drawn_as_tabulate_draws_it(table: tuple[list[str], list[list[str]]], indented: bool) -> None:
    headers, rows = table
    assert drawn(rows, headers, indented) == _theirs(rows, headers, indented)


@settings(max_examples=200)
@given(_tables(PHRASES), st.booleans(), st.lists(st.integers(12, 30), min_size=4, max_size=4))
def test_a_table_wrapped_to_widths_is_drawn_as_tabulate_wraps_it(
    table: tuple[list[str], list[list[str]]], indented: bool, widths: list[int]
) -> None:
    headers, rows = table
    widths = widths[: len(headers)]
    assert drawn(rows, headers, indented, widths) == _theirs(rows, headers, indented, widths)


def test_a_battle_table_reads_as_players_see_it() -> None:
    rows = [["attacker", "2 troopers", "sword, explosion", "2"], ["defender", "trooper, heavy weapon", "shield", "1"]]
    assert drawn(rows, ["side", "units", "rolled", "hits"]).splitlines() == [
        "side      units                  rolled            hits",
        "--------  ---------------------  ----------------  ------",
        "attacker  2 troopers             sword, explosion  2",
        "defender  trooper, heavy weapon  shield            1",
    ]
