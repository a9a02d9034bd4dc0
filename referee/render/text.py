"""Human output: tables, wrapped paragraphs, explanations, and the words they share."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.render import tables
from referee.render.widths import closed_up, columns, has_wide, unbroken, wide, wrap
from referee.rulings.ruling import SIDES, Said, Side, Step, listed
from referee.rulings.ruling import side_word as bare_side
from referee.words.language import Grouped, _, current
from referee.words.names import counted as counted_units

View = tuple[dict[str, Any], Callable[[], str]]  # a JSON document, and the report for people

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.ruleset.model import Ruleset


def styled(text: str, **style: Any) -> str:
    """Bold or coloured text, unless NO_COLOR is set (click strips it off a non-terminal)."""
    text = closed_up(text)
    if os.environ.get("NO_COLOR"):
        return text
    import click

    return click.style(text, **style)


def spoken(value: Any) -> Any:
    """A value as a player reads it: yes, no, and '-' for nothing, never
    Python's True/False/None; a phrase of an outcome in the language spoken."""
    if value is None:
        return "-"
    if isinstance(value, Said):
        return value.spoken
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return value


def side_word(side: str | None) -> str:
    """'attacker' or 'defender' as a table cell reads it in the language
    spoken ('-' for no side); --json keeps the English key."""
    if side is None:
        return "-"
    return bare_side(Side(side)) if side in SIDES else side


def leading(word: str) -> str:
    """A word that opens a sentence ('Red wins.'), its first letter capital; a
    script without capitals (Chinese) is left as it is."""
    return word[:1].upper() + word[1:]


def sentences(parts: Iterable[str]) -> str:
    """Sentences one after another, a space between them, none after a
    full-width stop (Chinese writes 。 and goes on)."""
    out = ""
    for part in parts:
        out += " " + part if out and not wide(out[-1]) else part
    return out


def faces(rules: Ruleset, rolled: Iterable[object]) -> str:
    """Faces as rolled, each in the language spoken where the ruleset words it
    (a face has one word on every die that carries it); numbers stay numbers."""
    said = rules.translations.get(current())
    words = {face: word for die in said.faces.values() for face, word in die.items()} if said else {}
    return listed(words.get(str(face), str(face)) for face in rolled)


def ruling_title(rules: Ruleset, attack: str) -> str:
    """'Ground Force: normal attack': the game and the attack's label, in the language spoken."""
    return _("{title}: {attack}").format(title=rules.spoken_title, attack=rules.attack_said(attack))


def by_side(side: str, attacker: str, defender: str) -> str:
    """The sentence said of this side: each side's sentence is a message of its
    own, as languages that inflect 'the attacker' need."""
    return attacker if side == "attacker" else defender


def width() -> int:
    """The terminal's width ($COLUMNS first), or 100 columns when the output is
    piped (os, not shutil: shutil imports three compression modules)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size().columns
    except (ValueError, OSError):
        columns = 100
    return max(40, columns)


def at_a_terminal() -> bool:
    """Whether stderr is a terminal: an error message wraps only there, and
    stays one line for a script or a file that reads it ($COLUMNS, which a
    shell sets for its children whatever they write to, says nothing about it)."""
    import sys

    return sys.stderr.isatty()


def wrapped(text: str, indent: str = "", hanging: str = "", whole_words: bool = False) -> list[str]:
    """A line wrapped to the terminal, later lines hanging under the first's
    text; text with wide characters by the columns it takes. `whole_words`
    breaks neither a long word nor at its hyphens (an option's name)."""
    if has_wide(text):
        return wrap(closed_up(text), width(), indent, hanging or indent, whole_words)
    import textwrap

    return textwrap.wrap(
        text,
        width(),
        initial_indent=indent,
        subsequent_indent=hanging or indent,
        break_long_words=not whole_words,
        break_on_hyphens=not whole_words,
    ) or [indent]


def path_lines(text: str, indent: str = "", hanging: str = "  ") -> list[str]:
    """A line that names a file or a folder, wrapped to the terminal: at spaces,
    a path kept whole where it fits on a line of its own; one too long for
    that breaks just after a '/', the rest on the next line under `hanging`,
    so a long checkout's path fits and every character is kept (a folder's
    name longer than a line is left whole)."""
    whole = wrap(closed_up(text), width(), indent, hanging, whole_words=True)
    if max(map(columns, whole)) <= width():
        return whole
    return wrap(closed_up(text), width(), indent, hanging, whole_words=True, after="/")


def typed(words: Sequence[str], indent: str = "  ", placeholder: str = "") -> str:
    """A command line to type, as the shell reads it, laid out to fit the
    terminal: a line too long goes on after a backslash, each word whole. A
    `placeholder` the player replaces ends it as written, never quoted
    ('GEWÜRFELT:FELD' in quotes would read as a value to type)."""
    import shlex

    lines = [indent]
    for word in [*map(shlex.quote, words), *([placeholder] if placeholder else [])]:
        line = lines[-1]
        if line.strip() and columns(f"{line} {word} \\") > width():
            lines[-1] = f"{line} \\"
            lines.append(f"{indent}    {word}")
        else:
            lines[-1] = f"{line} {word}" if line.strip() else f"{line}{word}"
    return "\n".join(lines)


def paragraph(text: str, whole_words: bool = False) -> str:
    """A sentence or a few, wrapped to the terminal (`whole_words` where it
    quotes a command line, whose options must not break at a hyphen)."""
    return "\n".join(wrapped(text, whole_words=whole_words))


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], indented: bool = False) -> str:
    """`indented` keeps the leading spaces of cells, for rows that are parts of
    the row above. Wide characters are measured by referee.render.widths, on
    every machine alike. A table wider than the terminal wraps its widest
    columns, or stacks its rows when even that is too wide."""
    cells = [[closed_up(str(spoken(cell))) for cell in row] for row in rows]
    drawn = tables.drawn(cells, headers, indented)
    if not cells or _widest(drawn) <= width():
        return drawn
    drawn = tables.drawn(cells, headers, indented, _fitted(cells, headers))
    return drawn if _widest(drawn) <= width() else _stacked(cells, headers)


def _widest(drawn: str) -> int:
    return max(map(columns, drawn.splitlines()))


def _stacked(cells: list[list[Any]], headers: Sequence[str]) -> str:
    """A table too wide for the terminal even with its columns wrapped: each
    row a block, led by its first cell and the cells without a header (a bar),
    then every other cell under its header's name."""
    blocks = []
    for row in cells:
        named = list(zip(headers, row, strict=False))
        lead = [str(row[0]).strip()] + [str(cell).strip() for header, cell in named[1:] if not header]
        lines = wrapped("  ".join(part for part in lead if part))
        for header, cell in named[1:]:
            value = str(cell).strip()
            if header and value:  # a file's path breaks after a '/', never at a hyphen of a name
                said = f"{header}: {value}"
                lines += path_lines(said, "  ", "    ") if "/" in value else wrapped(said, "  ", "    ", True)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _fitted(cells: list[list[Any]], headers: Sequence[str]) -> list[int]:
    """Column widths that fit the terminal where they can: the widest column
    that can still wrap gives up a character at a time, never breaking a word."""
    cells_by_column = [[str(v) for v in column] for column in zip(headers, *cells, strict=False)]
    widths = [max(map(columns, column)) for column in cells_by_column]
    floors = [max(map(_floor, column)) for column in cells_by_column]
    room = width() - 4 * len(widths) + 2  # a column is up to 2 wider than its cells, and 2 apart from the next
    while sum(widths) > room:
        shrinkable = [i for i, w in enumerate(widths) if w > floors[i]]
        if not shrinkable:
            break
        widths[max(shrinkable, key=lambda i: widths[i])] -= 1
    return widths


READABLE = 8  # columns: four Chinese characters


def _floor(cell: str) -> int:
    """The narrowest a cell may wrap to: its longest word; Chinese, which may
    break between any two characters, no narrower than four of them (or the
    whole cell), as a column one character wide reads as a list of
    characters, not of words, and the table is better stacked."""
    if not has_wide(cell):
        return unbroken(cell)
    return max(unbroken(cell), min(max(map(columns, cell.splitlines())), READABLE))


def explanation(steps: Iterable[Step]) -> str:
    """Each step under the rule that decides it, in the current language."""
    return _why((step.rule, step.text) for step in steps)


def kept_explanation(kept: Iterable[Mapping[str, Any]]) -> str:
    """The steps a document kept (a journal entry, a game's board), each as it
    was said; older ones hold only a rule and a text, newer ones also their
    message and values, which this does not need."""
    return _why((s.get("rule", ""), s.get("text", "")) for s in kept)


def _why(said: Iterable[tuple[str, str]]) -> str:
    """A step no rule decides (an undo) stands at the margin rather than
    behind an empty rule column."""
    lines = [styled(_("Why:"), bold=True)]
    lines += [
        line
        for rule, text in said
        for line in (wrapped(text, f"  {rule:<7} ", " " * 10) if rule else wrapped(text, "  ", "  "))
    ]
    return "\n".join(lines)


def fraction(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def percent(p: Fraction) -> str:
    return decimal(f"{float(p) * 100:.2f}%")


def decimal(written: str) -> str:
    """A number as written in Python ('33.33%') with the decimal mark of the
    language spoken: a comma in Dutch and German ('33,33%')."""
    whole, point, part = written.partition(".")
    return _("{whole}.{part}").format(whole=whole, part=part) if point else written


def grouped(number: int) -> str:
    """A whole number in groups of thousands as the language spoken separates
    them: 3,438 in English, 3.438 in Dutch and German (where a comma is the
    decimal mark)."""
    return f"{Grouped(number):,}"


def units(rules: Ruleset, counted: Mapping[str, int]) -> str:
    return counted_units(rules, counted.items()) or "-"


def seed_line(seed: int | None, typed: Sequence[str], again: Sequence[str] = ()) -> str:
    """Where the drawn dice came from, and the whole command tail that draws
    them again: the seed alone draws other dice once some were typed."""
    if seed is None:
        return _("Dice typed by the players.")
    kept = f"--seed{_JOINED}{seed}"  # an option and its number never part at a line's end
    again_line = " ".join((kept, *again))
    if typed:
        said = _("Seed: {seed} (typed: {typed}); repeat this roll with {again}.").format(
            seed=seed, typed=listed(map(side_word, typed)), again=again_line
        )
    else:
        said = _("Seed: {seed}; repeat this roll with {again}.").format(seed=seed, again=again_line)
    return "\n".join(wrapped(said, whole_words=True)).replace(_JOINED, " ")


_JOINED = "\x00"  # holds two words together through wrapping


def ruling_page(title: str, tables: Sequence[str], summary: str, steps: Iterable[Step], seed_text: str) -> str:
    """A ruling for people, as every battle report lays it out: the title, each
    table followed by a blank line, the summary in bold, why, and where the dice came from."""
    return "\n".join(
        [
            styled(title, bold=True),
            *(line for part in tables for line in (part, "")),
            styled(paragraph(summary), bold=True),
            "",
            explanation(steps),
            "",
            seed_text,
        ]
    )
