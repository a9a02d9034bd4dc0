"""Whole-fight odds and charts, for people and as JSON. Text leads with the
percent and a bar for each outcome, keeps every line within the terminal
(100 columns when piped), and shows exact fractions only when asked; JSON
always carries them. The arithmetic used is always said."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from referee.fights.answers import Chart, FightOdds
from referee.fights.solver import Number
from referee.render.json import percent as json_percent
from referee.render.text import by_side, decimal, fraction, grouped, paragraph, side_word, styled, width, wrapped
from referee.render.widths import columns
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle
from referee.rulings.ruling import SIDES, Step, listed
from referee.words.language import _, ngettext
from referee.words.names import some_units

BAR = 30  # characters for 100%
SHORTEST_BAR = 3  # characters for 100% where the terminal leaves less than BAR: 24 steps still tell rows apart
_EIGHTHS = " ▏▎▍▌▋▊▉"
SHOWN = 12  # "at least k" rows in text; JSON lists every k
INDENT = "  "  # a row that is part of the row above


def bar(p: Number, width: int = BAR) -> str:
    eighths = round(float(p) * width * 8)
    return "█" * (eighths // 8) + (_EIGHTHS[eighths % 8].strip() if eighths % 8 else "")


def _pct(p: Number) -> str:
    return decimal(f"{float(p) * 100:6.2f}%")


def _exact(p: Number) -> str:
    return fraction(p) if isinstance(p, Fraction) else f"{p:.12g}"


def _rows(rows: Sequence[tuple[str, Number]], exact: bool) -> list[str]:
    """One line per outcome: label, percent, bar; exact fractions below when asked.
    Labels are measured in terminal columns, so Chinese ones line up too. The
    bars are scaled to the room left, so they stay proportional (a bar cut to
    fit would draw 62% and 38% alike), and left out where too little is left."""
    label_width = min(max(columns(label) for label, _ in rows), width() - 10)
    room = min(BAR, max(0, width() - label_width - 11))
    lines = []
    for label, p in rows:
        fitted = _fit(label, label_width)
        padding = " " * (label_width - columns(fitted))
        drawn = bar(p, room) if room >= SHORTEST_BAR else ""
        lines.append(f"{fitted}{padding}  {_pct(p)}  {drawn}".rstrip())
        if exact:
            lines += wrapped(f"= {_exact(p)}", " " * (label_width + 2))
    return lines


def _fit(label: str, room: int) -> str:
    """The label cut to the columns it may take."""
    while columns(label) > room:
        label = label[:-1]
    return label


def _arithmetic(exact: bool) -> str:
    return "exact" if exact else "float"


def forces_told(battle: Battle, side: str) -> dict[str, Any]:
    return {
        "units": dict(battle.side(side)),
        "rear": dict(battle.rear(side)),
        "states": [
            {"group": g, "unit": u, "state": s, "count": n} for g, u, s, n in battle.states if g.startswith(side)
        ],
    }


def _at_least(chances: Sequence[Number]) -> list[dict[str, Any]]:
    return [{"at_least": k, "probability": p, "percent": json_percent(p)} for k, p in enumerate(chances, 1)]


def document(rules: Ruleset, battles: Sequence[Battle], odds: FightOdds, stop_at: int | None) -> dict[str, Any]:
    from referee.procedures.door import attack_of

    first = battles[0]
    return {
        "ruleset": rules.name,
        "attack": attack_of(rules, first)[0],
        "until": "conquest",
        "arithmetic": _arithmetic(odds.exact),
        "attacker": forces_told(first, "attacker"),
        "defender": forces_told(first, "defender"),
        "territories": [forces_told(b, "defender") for b in battles],
        "when": [f"{side}:{name}" for side, name in first.when],
        "stop_at": stop_at,
        "kept_behind": odds.kept_behind,
        "p_attacker_wins": odds.p_attacker_wins,
        "p_defender_holds": odds.p_defender_holds,
        "p_attack_stops": {
            "attacker_out_of_units": odds.p_attacker_runs_out,
            "attack_failed": odds.p_attack_fails,
            "attacker_stopped": odds.p_attacker_stops,
            "attacker_driven_back": odds.p_attacker_driven_back,
        },
        "p_taken_at_least": _at_least(odds.taken),
        "p_conquer_with_at_least": _at_least(odds.conquer_with),
        "p_defender_keeps_at_least": _at_least(odds.defender_keeps),
        "expected_left": {
            side: {f"{state} {unit}" if state else unit: n for (unit, state), n in kinds.items()}
            for side, kinds in odds.expected_left.items()
        },
        "expected_losses": odds.expected_losses,
        "percent": {
            "attacker_wins": json_percent(odds.p_attacker_wins),
            "defender_holds": json_percent(odds.p_defender_holds),
        },
        "policy": [s.as_dict() for s in odds.policy],
        "states": odds.states,
        "distinct_rounds": odds.rounds,
    }


def told_line(rules: Ruleset, battles: Sequence[Battle], kept: int, kept_rule: str) -> str:
    """'10 armies attacking 5 armies; 1 more stays behind (RK-B1)': what was told, every count said."""

    def units(battle: Battle, side: str) -> str:
        said = _stated(rules, battle, side) or _("nothing")
        rear = _stated(rules, battle, f"{side}_rear")
        return _("{units} (rear {rear})").format(units=said, rear=rear) if rear else said

    attacker = units(battles[0], "attacker")
    defender = _("; then ").join(units(b, "defender") for b in battles)
    told = _("{attacker} attacking {defender}").format(attacker=attacker, defender=defender)
    return told + _behind(kept, kept_rule)


def _stated(rules: Ruleset, battle: Battle, group: str) -> str:
    """'1 infantry, 1 damaged armour': a group's units with every count said
    and each in the state it was told in (the odds count the damaged unit,
    so the line above them says it)."""
    said = []
    for unit, count in battle.groups()[group]:
        stated = [(state, n) for g, u, state, n in battle.states if g == group and u == unit]
        fresh = count - sum(n for _state, n in stated)
        said += [rules.units[unit].counted(n, state, numbered=True) for state, n in [("", fresh), *stated] if n]
    return listed(said)


def _behind(kept: int, rule: str) -> str:
    """'; 1 more stays behind (RK-B1)': the attacker's units besides those told, or nothing."""
    if not kept:
        return ""
    return ngettext("; {n} more stays behind ({rule})", "; {n} more stay behind ({rule})", kept).format(
        n=kept, rule=rule
    )


def _shown(chances: Sequence[Number]) -> list[tuple[int, Number]]:
    """The "at least k" rows worth reading: from 1, while the chance is 0.5% or more."""
    return [(k, p) for k, p in enumerate(chances, 1) if float(p) >= 0.005][:SHOWN]


def report(rules: Ruleset, battles: Sequence[Battle], odds: FightOdds, exact: bool) -> str:
    chain = len(battles) > 1
    rows: list[tuple[str, Number]] = [
        (_("the attacker takes every territory") if chain else _("the attacker conquers"), odds.p_attacker_wins),
        (_("the defender holds one of them") if chain else _("the defender holds"), odds.p_defender_holds),
        (INDENT + _("of which: the attacker ran out of units"), odds.p_attacker_runs_out),
    ]
    if odds.failing:
        why = listed(s.text for s in odds.failing)
        rows.append((INDENT + _("of which: the attack failed ({why})").format(why=why), odds.p_attack_fails))
    if odds.p_attacker_stops:
        rows.append((INDENT + _("of which: the attacker stopped as told"), odds.p_attacker_stops))
    if odds.p_attacker_driven_back:
        rows.append((INDENT + _("of which: the attacker was driven back"), odds.p_attacker_driven_back))
    title = (
        _("{title}: a whole fight until conquest (exact fractions)")
        if odds.exact
        else _("{title}: a whole fight until conquest (floating point, not exact)")
    )
    lines = [styled(paragraph(title.format(title=rules.spoken_title)), bold=True)]
    lines += wrapped(told_line(rules, battles, odds.kept_behind, odds.kept_rule))
    lines += ["", *_rows(rows, exact)]
    if chain:
        lines += ["", styled(_("Territories taken in turn:"), bold=True)]
        lines += _rows(
            [
                (INDENT + (_("at least the first territory") if k == 1 else _("at least the first {k}").format(k=k)), p)
                for k, p in enumerate(odds.taken[:-1], 1)
            ]
            + [(INDENT + _("all {n}").format(n=len(battles)), odds.taken[-1])],
            exact,
        )
    for heading, chances in (
        (_conquers_title(rules, odds, chain), odds.conquer_with),
        (_("The defender holds with units left:"), odds.defender_keeps),
    ):
        shown = _shown(chances)
        if shown:
            more = [(INDENT + _("{k} or more").format(k=k), p) for k, p in shown]
            lines += ["", styled(paragraph(heading), bold=True), *_rows(more, exact)]
    lines += [""]
    for side in SIDES:
        left = listed(
            rules.units[unit].amount(decimal(f"{float(n):.2f}"), rules.units[unit].titles, state)
            for (unit, state), n in odds.expected_left[side].items()
            if n
        )
        said = by_side(
            side,
            _("Expected left to the attacker: {left} (units lost: {lost})."),
            _("Expected left to the defender: {left} (units lost: {lost})."),
        )
        lost = float(odds.expected_losses[side])
        lines += wrapped(said.format(left=left or _("nothing"), lost=decimal(f"{lost:.2f}")))
    solved = ngettext(
        "Solved over {states} fight states from {rounds} distinct round.",
        "Solved over {states} fight states from {rounds} distinct rounds.",
        odds.rounds,
    )
    lines += wrapped(solved.format(states=grouped(odds.states), rounds=odds.rounds))
    lines += situation_lines(rules, battles[0].when)
    between = _("Between rounds (edit 'fight' in the ruleset to change):")
    lines += ["", *(styled(line, bold=True) for line in wrapped(between)), *policy_lines(odds.policy)]
    return "\n".join(lines)


def situation_lines(rules: Ruleset, when: Sequence[tuple[str, str]]) -> list[str]:
    """The situations told (--when), which hold in every round: each with its
    rule, side and meaning, so a whole fight says what it was solved with."""
    if not when:
        return []
    said = _("{side}: {situation}")
    rows = [
        (rules.situations[name].rule, said.format(side=side_word(side), situation=rules.situations[name].said))
        for side, name in when
    ]
    return ["", styled(_("Situations, in every round:"), bold=True), *_cited(rows)]


def _conquers_title(rules: Ruleset, odds: FightOdds, chain: bool) -> str:
    """The heading of the attacker's chances to win with units left, each wording whole."""
    if not odds.kept_behind:
        return (
            _("The attacker takes the last territory with units left:")
            if chain
            else _("The attacker conquers with units left:")
        )
    kept = some_units(rules, odds.kept_behind)
    said = (
        _("The attacker takes the last territory with units left, besides {kept} kept behind:")
        if chain
        else _("The attacker conquers with units left, besides {kept} kept behind:")
    )
    return said.format(kept=kept)


def policy_lines(steps: Sequence[Step]) -> list[str]:
    return _cited((s.rule, s.text) for s in steps)


def _cited(rows: Iterable[tuple[str, str]]) -> list[str]:
    """Lines each led by the rule that says them, as the steps of a ruling are."""
    return [line for rule, text in rows for line in wrapped(f"{rule:<7} {text}", "  ", " " * 10)]


def chart_document(rules: Ruleset, made: Chart, when: Sequence[str]) -> dict[str, Any]:
    return {
        "ruleset": rules.name,
        "attack": made.attack,
        "until": "conquest",
        "arithmetic": _arithmetic(made.exact),
        "when": list(when),
        "attackers": made.attackers,
        "defenders": made.defenders,
        # written here, not by the JSON encoder's hook: ten thousand long fractions at once
        "p_attacker_wins": [[_exact(p) if made.exact else p for p in row] for row in made.rows],
        "policy": [s.as_dict() for s in made.policy],
        "states": made.states,
    }


def chart_report(rules: Ruleset, made: Chart, exact: bool, when: Sequence[tuple[str, str]]) -> str:
    """The chart in blocks of columns that fit the terminal; --exact lists each cell's fraction after it."""
    cell = 6
    per_block = max(1, (width() - cell) // cell)
    unit = next(iter(rules.units.values()))  # a chart's fight has one kind of unit
    title = (
        _(
            "{title}: percent chance the attacker conquers (exact, shown rounded); "
            "rows: attacking {units}, columns: defending ones"
        )
        if made.exact
        else _(
            "{title}: percent chance the attacker conquers (floating point, not exact); "
            "rows: attacking {units}, columns: defending ones"
        )
    )
    lines = wrapped(
        title.format(title=rules.spoken_title, units=unit.titles) + _behind(made.kept_behind, made.kept_rule)
    )
    lines[0] = styled(lines[0], bold=True)
    label = 5  # columns of a row's attacker count
    corner = _("A \\ D")  # attackers down, defenders across
    corner += " " * (label - columns(corner))
    for start in range(0, len(made.defenders), per_block):
        shown = range(start, min(start + per_block, len(made.defenders)))
        lines += ["", corner + "".join(f"{made.defenders[c]:>{cell}}" for c in shown)]
        lines += [
            f"{a:<{label}}" + "".join(decimal(f"{float(row[c]) * 100:>{cell}.1f}") for c in shown)
            for a, row in zip(made.attackers, made.rows)
        ]
    if exact:
        lines += ["", styled(_("Exact:"), bold=True)]
        for a, row in zip(made.attackers, made.rows):
            for d, p in zip(made.defenders, row):
                lines += wrapped(_("{a} against {d}: {p}").format(a=a, d=d, p=_exact(p)), hanging="    ")
    lines += [*situation_lines(rules, when), "", *policy_lines(made.policy)]
    return "\n".join(lines)
