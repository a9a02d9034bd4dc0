"""`referee odds … --until conquest` and `--table N`: whole fights, kept apart
from the one-round odds so the shared `odds` command only gains options.
Every option given is read here or refused with one line, never dropped."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

import click

from referee.cli.helptext import helped
from referee.cli.options import F, Named, Told, emit, refuse_unread, stop_at_option, whole
from referee.core.errors import RefereeError
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import SIDES, Side, listed, say
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.cli.told import OddsTold
    from referee.rulings.battle import Battle

T = TypeVar("T", bound=Told)


def fight_options(f: F) -> F:
    f = click.option(
        "--exact",
        "exact",
        is_flag=True,
        help=helped("help.exact", "Show whole-fight chances as exact fractions too (--json always has them)."),
    )(f)
    f = click.option(
        "--float",
        "floats",
        is_flag=True,
        help=helped("help.float", "Use floating point instead of exact fractions (faster for big charts)."),
    )(f)
    f = stop_at_option(f)
    f = click.option(
        "--table",
        "table",
        type=whole(1, 500),
        metavar="N",
        help=helped(
            "help.table",
            "Chart the chance to conquer for 1..N attacking units (as --attacker counts them) against 1..N defending.",
        ),
    )(f)
    return click.option(
        "-u",
        "--until",
        type=Named(["conquest"]),
        help=helped(
            "help.until",
            "Play whole fights: the exact chance to conquer, with the between-round policy of the ruleset. "
            '--defender "3,5,2" attacks territories in turn.',
        ),
    )(f)


def territories(text: str | None) -> list[str]:
    """`3,5,2` (counts) or `2 infantry; infantry, armour` (units): one defender per territory."""
    if text is None:
        return []
    parts = [part.strip() for part in text.split(";" if ";" in text else ",")]
    if ";" not in text and not (len(parts) > 1 and all(part.isdecimal() or not part for part in parts)):
        return [text]
    empty = next((n for n, part in enumerate(parts, 1) if not part), 0)
    if empty:  # '3,,5': a territory left out, not a count of '3' units
        raise RefereeError(say("error.fight.empty_territory", "territory {n} of the chain is empty", n=empty))
    return parts


WORDS = ("until", "table", "floats", "stop_at", "exact")  # the options only whole fights read


def asked(told: OddsTold) -> bool:
    """Whether the odds asked are of whole fights: an option of theirs, or territories in turn."""
    named = told.given(*WORDS)
    return any(v not in (None, False) for v in named.values()) or len(territories(told.defender)) > 1


def answer(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    from referee.procedures.door import fought_by
    from referee.render import fight as render

    door = fought_by(rules)
    if not door:
        given = [name for name, value in told.given(*WORDS).items() if value not in (None, False)]
        what = listed(given) or say("error.fight.in_turn", "territories in turn")
        raise RefereeError(
            say(
                "error.fight.not_in_rounds",
                "{game} is not fought in rounds: leave out {what} and ask for the odds of one attack",
                game=rules.spoken_title,
                what=what,
            )
        )
    if not getattr(importlib.import_module(door), "AT_RANGE", False):  # a fight that may read the distance told
        refuse_unread(
            told.given("reach"),
            pgettext("error.fight.range", "{options}: whole fights are fought in rounds, not at a range"),
        )
    if told.exact and told.floats:
        raise RefereeError(
            say("error.fight.arithmetic", "--exact and --float ask for different arithmetic: choose one")
        )
    if told.table is not None:  # a chart plays whole fights: --until conquest is what it is, said or not
        from referee.fights.answers import chartable
        from referee.procedures.told import situations

        chartable(rules, situations(rules, told.when), _values(rules, told))
        refuse_unread(
            told.given("attacker", "defender", "attacker_rear", "defender_rear", "stop_at"),
            pgettext(
                "error.fight.chart_counts",
                "--table charts every count against every count: leave out {options}; "
                "or, for one whole fight, leave out --table and give --until conquest",
            ),
        )
        return _chart(rules, told, as_json)
    if told.until is None:
        given = [name for name, value in told.given("floats", "exact", "stop_at").items() if value not in (None, False)]
        what = listed(given) or say("error.fight.in_turn_example", "territories in turn (--defender 3,5,2)")
        counted = any(told.given("attacker", "defender", "attacker_rear", "defender_rear", "stop_at").values())
        raise RefereeError(
            say(
                "error.fight.whole_or_chart",
                "{what}: whole fights only; add --until conquest (or --table N for a chart)",
                what=what,
            )
            if given and not counted and _charts(rules)
            else say("error.fight.whole_only", "{what}: whole fights only; add --until conquest", what=what)
        )
    from referee.fights.answers import solve

    battles = told_battles(rules, told, lambda each: each.battle(rules))
    odds = solve(rules, battles, exact=not told.floats, stop_at=told.stop_at)
    emit(
        as_json,
        render.document(rules, battles, odds, told.stop_at),
        lambda: render.report(rules, battles, odds, told.exact),
    )


def told_battles(rules: Ruleset, told: T, read: Callable[[T], Battle]) -> list[Battle]:
    """The fight told: a battle for each territory attacked in turn (--defender
    3,5,2), each read by `read`, its fronts checked as one round checks them."""
    defenders = territories(told.defender)
    if len(defenders) > 1 and told.defender_rear:
        raise RefereeError(
            say(
                "error.fight.rear_one",
                "--defender-rear is for one territory: give each territory's units with --defender, separated by ;",
            )
        )
    battles = [read(replace(told, defender=text)) for text in defenders or [""]]
    for battle in battles:
        _front_fits(rules, battle, told)
    return battles


def _charts(rules: Ruleset) -> bool:
    """Whether --table would chart this ruleset, so an error may suggest it."""
    from referee.fights.answers import chartable

    try:
        chartable(rules)
    except RefereeError:
        return False
    return True


def _values(rules: Ruleset, told: Told) -> tuple[tuple[str, str, int], ...]:
    """The numbers the table stated, for a chart, which counts the units itself."""
    from referee.procedures.told import told_values

    return told_values(rules, {side: told.said(f"{side}_value") for side in SIDES})


def _chart(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    from referee.fights.answers import chart
    from referee.render import fight as render

    assert told.table is not None
    from referee.procedures.told import situations

    when = situations(rules, told.when)
    made = chart(rules, told.table, exact=not told.floats, when=when, values=_values(rules, told))
    named = [f"{side}:{name}" for side, name in when]
    emit(as_json, render.chart_document(rules, made, named), lambda: render.chart_report(rules, made, told.exact, when))


def _front_fits(rules: Ruleset, battle: Battle, told: Told) -> None:
    """Where a whole fight is told by its front (--attacker) and rear
    (--attacker-rear), the checks of one round run first; a front larger than
    may stand is refused with a split that works when typed: the first units
    told stand on the front, the rest wait behind it."""
    from referee.procedures.door import dice_needed, fronts

    limits = fronts(rules, battle)
    if not limits:
        return
    fronts_alone = replace(
        battle, attacker_rear=(), defender_rear=(), states=tuple(x for x in battle.states if x[0] in SIDES)
    )
    try:
        dice_needed(rules, fronts_alone)  # the first round's checks, on the fronts alone
    except RefereeError as refused:
        for side, (limit, rule) in limits.items():
            front = _one_by_one(battle, side)
            if len(front) > limit and refused.rule == rule:  # refused for the front's size, not a state or situation
                _refuse_front(rules, told, side, limit, front, _one_by_one(battle, f"{side}_rear"), rule)
        raise


def _refuse_front(
    rules: Ruleset,
    told: Told,
    side: str,
    limit: int,
    front: list[tuple[str, str]],
    rear: list[tuple[str, str]],
    rule: str,
) -> None:
    counted = f"{getattr(told, side)}{getattr(told, f'{side}_rear') or ''}".isdecimal()
    behind = front[limit:] + rear
    shown_front = str(limit) if counted else _said(rules, front[:limit])
    shown_rear = str(len(behind)) if counted else _said(rules, behind)
    split = f"--{side} {_typed(shown_front)} --{side}-rear {_typed(shown_rear)}"
    raise RefereeError(
        say(
            "error.fight.front",
            "the {who} has {units} on the front, where at most {limit} stand: "
            "--{flag} counts the units on the front, --{flag}-rear those behind it that fill it "
            "between rounds; e.g. {split}",
            who=Side(side),
            flag=str(side),  # the option as typed: options are never translated
            units=_said(rules, front),
            limit=limit,
            split=split,
        ),
        rule=rule,
    )


def _one_by_one(battle: Battle, group: str) -> list[tuple[str, str]]:
    """The units of a group one by one, as (unit, state; '' when fresh), in the order told."""
    out: list[tuple[str, str]] = []
    for unit, count in battle.groups()[group]:
        worn = [(state, n) for g, u, state, n in battle.states if (g, u) == (group, unit)]
        out += [(unit, "")] * (count - sum(n for _, n in worn)) + [(unit, state) for state, n in worn for _ in range(n)]
    return out


def _said(rules: Ruleset, items: list[tuple[str, str]]) -> str:
    return ", ".join(rules.units[unit].counted(n, state) for (unit, state), n in Counter(items).items())


def _typed(units: str) -> str:
    """Units as a player types them after an option: in quotes when they hold a space."""
    return f'"{units}"' if " " in units else units
