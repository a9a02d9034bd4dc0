"""Odds for people and for programs: every outcome with its exact chance."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from referee.render import json as json_render
from referee.render.text import decimal, fraction, percent, side_word, spoken, styled, table
from referee.settle.odds import Column, Outcome, columns, counted
from referee.words.language import _, pgettext

EMPTY: Mapping[str, str] = MappingProxyType({})


def report(title: str, outcomes: list[Outcome], headers: Mapping[str, str] = EMPTY) -> str:
    """Each outcome led by its percent and a bar (players would rather look than
    read), the exact fraction last; `--json` has it too. `headers` words a
    column in the game's own word ('defender: wounds')."""
    from referee.render.fight import bar

    keys = list(outcomes[0].key) if outcomes else []
    rows = [
        [percent(o.probability), bar(o.probability, 10)]
        + [_cell(k, o.key[k]) for k in keys]
        + [fraction(o.probability)]
        for o in outcomes
    ]
    heads = [_("percent"), "", *(headers.get(k) or header(k) for k in keys), _("probability")]
    alone = columns(outcomes)
    return "\n".join(
        [styled(title, bold=True), table(rows, heads), *(["", _each_alone(alone, headers)] if alone else [])]
    )


def _each_alone(found: list[Column], headers: Mapping[str, str] = EMPTY) -> str:
    """Each number on its own, whatever the others are: a row for each value
    any of them takes, two cells for each (the chance of that value, and of
    at least it), and their expectations last, exact and as a decimal."""
    values = sorted({value for column in found for value in column.chances})
    labels = [*values, pgettext("odds.expected", "expected")]
    cells = [_cells(column, values) for column in found]
    rows = [[label, *(cell for pairs in cells for cell in pairs[row])] for row, label in enumerate(labels)]
    heads = [_("each on its own"), *(head for c in found for head in (_column_header(c, headers), _("at least")))]
    return table(rows, heads)


def _cells(column: Column, values: list[int]) -> list[tuple[str, str]]:
    """A column's two cells in each row: blank for a value it never takes, and
    'at least' blank where it is certain (its lowest value), so the eye finds the chances that decide."""
    tails = column.at_least()
    pairs = [
        (percent(column.chances[v]), percent(tails[v]) if tails[v] < 1 else "") if v in column.chances else ("", "")
        for v in values
    ]
    return [*pairs, (_expectation(column), "")]


def _expectation(column: Column) -> str:
    expected = column.expected()
    return f"{fraction(expected)} ({decimal(f'{float(expected):.2f}')})"


def _column_header(column: Column, headers: Mapping[str, str]) -> str:
    """A column's header: its key's, with the symbol a score counts in the language spoken ('attacker scores: hit')."""
    head = headers.get(column.of) or header(column.of)
    return head if column.symbol is None else _("{column}: {symbol}").format(column=head, symbol=spoken(column.symbol))


def outcome_word(outcome: str) -> str:
    """'perfect', 'valid', 'failed' as a table cell reads it in the language spoken."""
    return {"perfect": _("perfect"), "valid": _("valid"), "failed": _("failed")}.get(outcome, outcome)


def header(key: str) -> str:
    """An outcome's key as a column header in the language spoken; a key no report names reads as written."""
    headers = {
        "winner": _("winner"),
        "attacker_loses": _("attacker loses"),
        "defender_loses": _("defender loses"),
        "attacker_suffers": _("attacker suffers"),
        "defender_suffers": _("defender suffers"),
        "outcome": _("outcome"),
        "defender_removed": _("defender removed"),
        "attacker_removed": _("attacker removed"),
        "attacker_scores": _("attacker scores"),
        "defender_scores": _("defender scores"),
        "attacker_retreats": _("attacker retreats"),
        "defender_retreats": _("defender retreats"),
        "attacker_criticals": _("attacker criticals"),
        "defender_criticals": _("defender criticals"),
    }
    return headers.get(key) or key.replace("_", " ")


def _cell(key: str, value: Any) -> Any:
    """An outcome's value as a cell: sides and kinds of attack in the language spoken, nothing as '-'."""
    if value is None:
        return "-"
    if key == "winner":
        return side_word(value)
    return outcome_word(value) if key == "outcome" else spoken(value)


def document(outcomes: list[Outcome]) -> dict[str, Any]:
    """The outcomes, each with the count of each symbol a side scores beside
    the score's phrase ('attacker_scores_hit': 1); and each number on its own
    (`columns`), by the key the outcomes hold it under."""
    found = columns(outcomes)
    scored = [column for column in found if column.symbol is not None]
    return {
        "outcomes": [
            {
                **o.key,
                **{column.key: counted(o.key, column.of, column.symbol) for column in scored},
                **_chance(o.probability),
            }
            for o in outcomes
        ],
        "columns": {column.key: _column_document(column) for column in found},
    }


def _column_document(column: Column) -> dict[str, Any]:
    expected, tails = column.expected(), column.at_least()
    return {
        "expected": expected,
        "expected_float": round(float(expected), 4),
        "values": [
            {
                "value": value,
                **_chance(p),
                "at_least": tails[value],
                "at_least_percent": json_render.percent(tails[value]),
            }
            for value, p in column.chances.items()
        ],
    }


def _chance(p: Fraction) -> dict[str, Any]:
    return {"probability": p, "percent": json_render.percent(p)}
