"""The words of a pip-compare attack: the pips of the attacking field dice
and of the defending die, situations, the variants in play, and the pairing
picked after the roll (ROLLED:FIELD)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, overload

from referee.core.errors import RefereeError
from referee.procedures.door import check_situations
from referee.procedures.pip_compare.grammar import PipCompare
from referee.procedures.pip_compare.resolver import BEST, PipFight
from referee.procedures.told import named_situations, pips
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Words
from referee.rulings.procedure import cite
from referee.rulings.ruling import say
from referee.words.language import pgettext
from referee.words.names import variants_of

READS = frozenset({"attacker", "defender", "when", "variants", "choose"})
TYPED = {"roll": "attacker"}
PICKED = "pips.as_chosen"  # the step that says the pairing picked, which a board follows with the die's tile


def read(rules: Ruleset, words: Words) -> PipFight:
    params = next(p for p in rules.attacks.values() if isinstance(p, PipCompare))
    attacker, defender = words.get("attacker"), words.get("defender")
    if not attacker or not defender:
        raise RefereeError(
            say("pips.give", "give the pips of the attacking die (or two) and of the defending die, e.g. 6 against 3"),
            rule=params.rule,
        )
    defending = pips(defender, pgettext("pips.what", "the defending die"), params.rule)
    if len(defending) != 1:
        raise RefereeError(say("pips.one_defends", "one die defends, not {n}", n=len(defending)), rule=params.rule)
    named = variants_of(rules)
    told = named_situations(rules, words.get("when") or ())
    fight = PipFight(
        attacker=pips(attacker, pgettext("pips.what", "the attacking die"), params.rule),
        defender=defending[0],
        when=tuple(told),
        variants=frozenset(named(v) for v in words.get("variants") or ()),
        choose=_pairing(words.get("choose"), params.rule),
    )
    check_situations(rules, fight, told)
    return fight


def _pairing(choose: str | None, rule: str) -> tuple[int, int] | None:
    if choose is None:
        return None
    pair = pairing(choose, pgettext("pips.what", "a pairing"), rule)
    if pair is None:
        raise RefereeError(
            say("pairing.form", "a pairing is ROLLED:FIELD, e.g. 5:6, not '{given}'", given=choose), rule=rule
        )
    return pair


@overload
def pairing(text: str, what: str, rule: str) -> tuple[int, int] | None: ...


@overload
def pairing(text: str, what: str, rule: str, named: Literal[True]) -> tuple[int, int | str] | None: ...


def pairing(text: str, what: str, rule: str, named: bool = False) -> tuple[int, int | str] | None:
    """A pick typed as ROLLED:FIELD: the rolled die's pips, then the field
    die's, or, where `named`, a word that names the field die (a board's
    tile: 5:C3), kept as typed for the caller to find; None unless it is one
    die and one die. Pips that are no number are refused as `what`'s."""
    rolled, sep, field_die = text.partition(":")
    if not sep:
        return None
    called = field_die.strip()
    if named and called[:1].isalpha():
        dice = pips(rolled, what, rule)
        return (dice[0], called) if len(dice) == 1 else None
    pair = pips(f"{rolled},{field_die}", what, rule)
    return (pair[0], pair[1]) if len(pair) == 2 else None


def combined(params: PipCompare) -> str:
    """The rule that says which dice may attack together, as a board cites it."""
    return cite(params, "combined")


def words(
    attackers: Sequence[int],
    defender: int,
    when: Iterable[tuple[str, str]],
    variants: Iterable[str],
    choose: tuple[int, int] | None,
) -> dict[str, Any]:
    """The words `read` reads, for an attack told by its parts rather than
    typed (a board's): as a player types them, so both are read alike."""
    return {
        "attacker": ",".join(map(str, attackers)),
        "defender": str(defender),
        "when": tuple(f"{side}:{name}" for side, name in when),
        "variants": tuple(sorted(variants)),
        "choose": f"{choose[0]}:{choose[1]}" if choose else None,
    }


def for_odds(fight: PipFight) -> PipFight:
    """Odds are for before the roll: a combined attack picks by the best-pairing policy."""
    if fight.choose not in (None, BEST):
        raise RefereeError(say("pairing.odds", "odds are for before the roll: a pairing cannot be chosen yet"))
    return PipFight(fight.attacker, fight.defender, fight.when, fight.variants, BEST)
