"""A round of a whole fight played, on one line: each side's dice and what
the round cost each side, with its units before and after ('round 3: 6, 4, 1
against 5, 2 — defender loses 2 (5 → 3)'). A Risk blitz runs to dozens
of rounds: each round's full ruling would bury the fight, and --json and the
journal keep every ruling whole."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from referee.render.text import by_side, wrapped
from referee.rulings.ruling import SIDES, listed, series
from referee.words.language import _

if TYPE_CHECKING:
    from referee.fights.played import Forces, Left
    from referee.ruleset.model import Ruleset


def line(number: int, dice: tuple[str, str], costs: list[str]) -> list[str]:
    """The round as one paragraph (a single item, wrapped under its start)."""
    said = _("round {n}: {attacker} against {defender} — {costs}").format(
        n=number, attacker=dice[0] or "-", defender=dice[1] or "-", costs=series(costs) or _("nothing happens")
    )
    return ["\n".join(wrapped(said, hanging="    "))]


def cost(
    rules: Ruleset, side: str, loses: int, before: Forces, after: Forces, suffers: str | None = None
) -> str | None:
    """What a round cost a side, its units counted before and after:
    'defender loses 2 (5 → 3)', and which units where the side had several
    kinds ('attacker loses 1 damaged armour (5 → 4)': the players must know
    which figure to take off); where a loss did not remove a unit whole (a
    unit worn, an attack failed), what it suffers instead. None when it lost nothing."""
    if not loses:
        return None
    role = SIDES.index(side)
    was, now = (sum(n for kind, n in forces[role]) for forces in (before, after))
    if suffers is None and len(before[role]) > 1:
        said = by_side(side, _("attacker loses {units} ({was} → {now})"), _("defender loses {units} ({was} → {now})"))
        return said.format(units=_lost(rules, before[role], after[role]), was=was, now=now)
    if suffers is None:
        said = by_side(side, _("attacker loses {n} ({was} → {now})"), _("defender loses {n} ({was} → {now})"))
        return said.format(n=loses, was=was, now=now)
    if was == now:
        return by_side(side, _("attacker: {suffers}"), _("defender: {suffers}")).format(suffers=suffers)
    said = by_side(side, _("attacker: {suffers} ({was} → {now})"), _("defender: {suffers} ({was} → {now})"))
    return said.format(suffers=suffers, was=was, now=now)


def _lost(rules: Ruleset, before: Left, after: Left) -> str:
    """'1 infantry, 1 damaged armour': the units a side had before a round and not after it."""
    gone = Counter(dict(before)) - Counter(dict(after))
    return listed(rules.units[unit].counted(n, state, numbered=True) for (unit, state), n in gone.items())
