"""The one door from the board to the attack procedure: an attack told by
tiles becomes the procedure's situation, told in the words the procedure's
`board` module says, and its ruling comes back as what happens on the board.
Only this module reads the procedure's records, so re-pointing the board at
a reshaped procedure touches this file alone."""

from __future__ import annotations

import importlib
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from referee.core.errors import RefereeError
from referee.core.records import record
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Step, say

if TYPE_CHECKING:
    from referee.outcomes.pips import PipOutcome
    from referee.rulings.procedure import Cited


@record
class Told:
    """An attack as the board sees it: the attacking dice's pips (the first
    die first), the defender's pips, named situations, variants in play, and
    the pairing picked (rolled, field) if any."""

    attackers: tuple[int, ...]
    defender: int
    when: tuple[tuple[str, str], ...]
    variants: frozenset[str]
    choose: tuple[int, int] | None = None


@record
class Result:
    """What the ruling does on the board; `decided` is False while the
    attacker still has to pick a pairing."""

    decided: bool
    throw: tuple[int, ...]
    field: int  # the pips of the field die that made the attack
    rolled: int  # the rolled die that made it
    attacker_after: int
    defender_after: int
    moves_in: bool
    defender_moves_in: bool
    outcome: str
    ruling: dict[str, Any]
    steps: tuple[Step, ...]


def _played(rules: Ruleset) -> ModuleType:
    """The module of the file's procedure that says how the board tells it an
    attack (its `Procedure.board`); a procedure with none is not played on a board."""
    from referee.procedures.door import procedure_for

    module = procedure_for(rules).board
    if module is None:
        raise RefereeError(
            say(
                "error.board.not_played",
                "{game} is not held on the board: its attacks cannot be told by the dice on a board",
                game=rules.spoken_title,
            )
        )
    return importlib.import_module(module)


def _situation(rules: Ruleset, told: Told, policy: bool = False) -> object:
    """The attack as the procedure reads players' words, told in them as its
    `board` module says: the same reader `battle` uses, so the board and the
    command can never read it apart."""
    from referee.procedures.door import before_roll, procedure_for

    words = _played(rules).words(told.attackers, told.defender, told.when, told.variants, told.choose)
    situation = procedure_for(rules).read(rules, words)
    return before_roll(rules, situation) if policy else situation


def pairing(rules: Ruleset, text: str) -> list[int | str]:
    """A pick typed at the board, read as the procedure reads a pairing, the
    field die also named by its tile (5:C3): [rolled, the field die's pips or tile]."""
    pair = _played(rules).pairing(text, say("error.play.pairing", "the pairing"), "", named=True)
    if pair is None:
        raise RefereeError(
            say(
                "error.play.pairing_form",
                "a pairing is ROLLED:FIELD, the field die by its pips or its tile, e.g. 5:6 or 5:C3, not '{text}'",
                text=text,
            )
        )
    return list(pair)


def rule(rules: Ruleset, told: Told, throw: tuple[int, ...] | None, seed: int | None) -> tuple[Result, int | None]:
    """Rule the attack on the typed throw, or on one drawn (from `seed`, a fresh one when None)."""
    from referee.settle.rolling import settle

    typed = {} if throw is None else {"attacker": ",".join(map(str, throw))}
    settled = settle(rules, _situation(rules, told), typed, seed)
    outcome = cast("PipOutcome", settled.ruling.outcome)  # a board's procedure rules of the kind "pips"
    rolled = tuple(int(f) for f in settled.throw["attacker"])
    chosen = outcome.chosen
    return (
        Result(
            decided=settled.ruling.awaits is None,  # the door says whether the ruling waits for a pick
            throw=rolled,
            field=int(chosen["field"]) if chosen else 0,
            rolled=int(chosen["rolled"]) if chosen else 0,
            attacker_after=outcome.attacker_after or 0,
            defender_after=outcome.defender_after or 0,
            moves_in=bool(outcome.moves_in),
            defender_moves_in=bool(outcome.defender_moves_in),
            outcome=outcome.outcome or "",
            ruling=settled.ruling.as_dict(),
            steps=settled.ruling.steps,
        ),
        settled.seed,
    )


def chances(rules: Ruleset, told: Told) -> tuple[Fraction, Fraction]:
    """The exact chance of taking the tile and the expected pips the attacker
    loses, summed over every throw by the same resolver (a combined attack
    picks by the procedure's best-pairing policy)."""
    from referee.outcomes.pips import taken
    from referee.settle.odds import battle_odds

    return taken((o.key, o.probability) for o in battle_odds(rules, _situation(rules, told, policy=True)))


def refusal(rules: Ruleset, told: Told) -> str | None:
    """Why the procedure refuses this attack before any roll (too many dice, a
    terrain that refuses a combined attack), as 'message (rule)'; None if allowed."""
    from referee.procedures.door import dice_needed

    try:
        dice_needed(rules, _situation(rules, told))
    except RefereeError as exc:
        return str(exc)
    return None


def _params(rules: Ruleset) -> Cited:
    from referee.procedures.door import procedure_for

    found: Cited = next(p for p in rules.attacks.values() if procedure_for(rules).grammar is type(p))
    return found


def combined_rule(rules: Ruleset) -> str:
    """The rule that says which dice may attack together."""
    rule: str = _played(rules).combined(_params(rules))
    return rule


def picked_step(rules: Ruleset) -> str:
    """The message of the ruling's step that says the pairing picked."""
    message: str = _played(rules).PICKED
    return message


def roll_rule(rules: Ruleset) -> str:
    """The rule that has the attacker roll, which a draw by the referee stands in for."""
    return _params(rules).rule
