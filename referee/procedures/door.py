"""The one door to the procedures a ruleset selects: `dice_needed` says what
a battle rolls, `ruler` and `resolve` rule on a throw, whatever the procedure.

Checks every procedure shares (which attack the units make, whether a named
situation refuses it) happen here, once.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, cast

from referee.core.errors import RefereeError
from referee.ruleset import registry
from referee.ruleset.model import Ruleset
from referee.ruleset.reading import situations_read
from referee.rulings.battle import Battle, Situated, Throw
from referee.rulings.procedure import DiceNeed, Procedure
from referee.rulings.ruling import Ruling, Side, listed, say, side_word
from referee.words.inputs import shown
from referee.words.language import pgettext
from referee.words.names import article, situation_called

UNTYPED: Mapping[tuple[str, str], str] = MappingProxyType({})  # situations named by a board or a journal


def procedure(params: Any) -> Procedure:
    """The procedure that rules an attack, by the `procedure:` key of its
    parameters, or the door of its own a stage gives it (`door`: its module)."""
    own = getattr(params, "door", "")
    if own:
        return cast(Procedure, importlib.import_module(own).PROCEDURE)
    return cast(Procedure, registry.entry(params.procedure))


def procedure_for(rules: Ruleset) -> Procedure:
    """The procedure that reads what players say of an attack in this game:
    its first attack's (attacks of one game are told the same way)."""
    return procedure(next(iter(rules.attacks.values())))


def fought_by(rules: Ruleset) -> str | None:
    """The module of the game's whole fights, or None where it is not fought
    in rounds: its procedure fights none, or no attack of the file may be
    (an attack that says so with `fought`: one told as an exchange)."""
    door = procedure_for(rules).fight
    return door if any(getattr(attack, "fought", True) for attack in rules.attacks.values()) else None


def typed_by(rules: Ruleset) -> dict[str, str]:
    """The words that type dice in this game, each with its group: its
    procedure's, but for a group no attack of the file rolls (an attack's
    grammar says which it rolls with `rolls(group)`, where it may roll
    fewer than its procedure types)."""
    typed = procedure_for(rules).typed
    attacks = rules.attacks.values()
    return {word: group for word, group in typed.items() if any(_rolls(attack, group) for attack in attacks)}


def _rolls(attack: Any, group: str) -> bool:
    rolls = getattr(attack, "rolls", None)
    return True if rolls is None else bool(rolls(group))


def report_of(rules: Ruleset, situation: object) -> str:
    """The kind of outcome a ruling on this situation is (the report that
    reads it): the attack's own, where its file chooses how it is told
    (`report`), else its procedure's."""
    params = attack_of(rules, situation)[1]
    return getattr(params, "report", "") or procedure(params).report


def attack_of(rules: Ruleset, situation: object) -> tuple[str, Any]:
    """The attack told (`--attack`, where the attacking units can make
    several) or the one the attacking units make, or the file's first where
    no units are told; an attack that must be made alone refuses company."""
    if not isinstance(situation, Battle):
        name = next(iter(rules.attacks))
        return name, rules.attacks[name]
    battle = situation
    kinds = _kinds_told(rules, battle)
    total = sum(count for _, count in battle.attacker)
    for kind in sorted(kinds):
        params = rules.attacks[kind]
        made_alone = procedure(params).alone
        rule = made_alone(params) if made_alone else None
        if rule and (len(kinds) > 1 or total > 1):
            alone = say(
                "attack.alone",
                "{an_attack} is made alone: no other unit may join it",
                an_attack=article(params.label),
                attack=rules.attack_said(kind),
            )
            raise RefereeError(alone, rule=rule)
    if len(kinds) > 1:
        ways = say(
            "attack.different_ways", "these units attack in different ways: {attacks}", attacks=listed(sorted(kinds))
        )
        raise RefereeError(ways)
    kind = kinds.pop()
    return kind, _told(rules, rules.attacks[kind], battle)


def _told(rules: Ruleset, params: Any, battle: Battle) -> Any:
    """The attack with the numbers the table stated for this battle in place
    of the values its stages name (`referee.ruleset.values`)."""
    if not rules.values:
        return params
    from referee.ruleset.stated import instantiated

    return instantiated(rules, params, battle)


def attack_named(rules: Ruleset, situation: object) -> str | None:
    """The attack a battle is, by its key; None where its attacking units
    make several (which `attack_of` refuses later, as it always has)."""
    if not isinstance(situation, Battle):
        return next(iter(rules.attacks))
    kinds = _kinds_told(rules, situation)
    return kinds.pop() if len(kinds) == 1 else None


def _kinds_told(rules: Ruleset, battle: Battle) -> set[str]:
    """The attacks a battle may be: the one told with `--attack`, else those
    its attacking units make; a unit that only defends makes none, refused."""
    idle = next((unit for unit, _ in battle.attacker if rules.units[unit].defends_only), None)
    if idle is not None:
        only = say("attack.defends_only", "the {unit} only defends: it makes no attack", unit=rules.units[idle].title)
        raise RefereeError(only)
    return {battle.attack} if battle.attack else {rules.attack_of(unit) for unit, _ in battle.attacker}


def check_side(rules: Ruleset, side: str, name: str, typed: str) -> None:
    """A situation named for a side it is not for is refused, naming it as
    the player typed it (`typed`), not by the file's key."""
    situation = rules.situations[name]
    if situation.side not in (side, "either"):
        wrong = say(
            "situation.other_side",
            "'{name}' is for the {for_side}, not the {side}",
            name=shown(typed),
            for_side=Side(situation.side),
            side=Side(side),
        )
        raise RefereeError(wrong, rule=situation.rule)


def check_situations(rules: Ruleset, battle: Situated, typed: Mapping[tuple[str, str], str] = UNTYPED) -> None:
    """Each named situation on a side it may apply to, with the unit it needs, in
    allowed company; a situation the file refuses outright says why. A refusal
    names a situation as the player typed it (`typed`, by side and key), else
    as the language spoken prints it (a journal's, a board's)."""

    def called(name: str, side: str | None = None) -> str:
        said = [word for (told, key), word in typed.items() if key == name and side in (None, told)]
        return shown(said[0]) if said else situation_called(rules, name)

    names = {name for _, name in battle.when}
    for side, name in battle.when:
        situation = rules.situations[name]
        if situation.range:
            held = say(
                "situation.by_range",
                "'{name}' holds by itself at distance {distances}: state the distance, not the situation",
                name=called(name, side),
                distances=listed(str(d) for d in situation.range),
            )
            raise RefereeError(held, rule=situation.rule)
        check_side(rules, side, name, called(name, side))
        required = situation.required_units()
        present = {*dict(battle.side(side)), *dict(battle.rear(side))}
        if required and not present.intersection(required):
            needs = say(
                "situation.needs_unit",
                "'{name}' needs at least one {unit} among the {side}'s units",
                name=called(name, side),
                unit=pgettext("list", " or ").join(rules.units[unit].title for unit in required),
                side=Side(side),
            )
            raise RefereeError(needs, rule=situation.rule)
        for other in situation.excludes:
            if other in names:
                apart = say(
                    "situation.excludes",
                    "'{name}' cannot be combined with '{other}'",
                    name=called(name, side),
                    other=called(other),
                )
                raise RefereeError(apart, rule=situation.rule)
        if situation.refuse:
            raise RefereeError(
                say("situation.refused", "refused: {why}", why=rules.said(situation.refuse)), rule=situation.rule
            )
    if names:
        check_read(rules, battle, called)


def check_read(rules: Ruleset, battle: Situated, called: Callable[[str, str], str]) -> None:
    """A situation the attack never reads is refused, naming those it does:
    ruled, it would change nothing, and the plain answer would pass for the
    situation's. Where the attacking units make several attacks, the door
    refuses them later, as it always has."""
    name = attack_named(rules, battle)
    if name is None:
        return
    params = rules.attacks[name]
    read = situations_read(rules, params)
    for side, told in battle.when:
        if told in read:
            continue
        if read:
            reads = say(
                "situation.reads", "it reads {situations}", situations=listed(situation_called(rules, n) for n in read)
            )
        else:
            reads = say("situation.reads_none", "it reads no named situation")
        unread = say(
            "situation.unread",
            "'{name}' changes nothing in {an_attack}: {reads}",
            name=called(told, side),
            an_attack=article(params.label),
            attack=rules.attack_said(name),
            reads=reads,
        )
        raise RefereeError(unread, rule=params.rule)


def check_states(rules: Ruleset, battle: Battle) -> None:
    """A unit can only be in a state its file lists (no damaged infantry)."""
    groups = battle.groups()
    for group, unit, state, count in battle.states:
        kind = rules.units[unit]
        if state not in kind.states:
            if kind.states:
                said = say(
                    "state.never",
                    "{unit} is never {state}: its states are {states}",
                    unit=kind.title,
                    state=state,
                    states=listed(kind.states),
                )
            else:
                said = say(
                    "state.never_lost", "{unit} is never {state}: a loss destroys it", unit=kind.title, state=state
                )
            raise RefereeError(said, rule=rules.states[state].rule)
        if count > dict(groups[group]).get(unit, 0):
            side, _, rear = group.partition("_")
            if rear:
                more = pgettext("state.more_rear", "more {state} {unit} than {unit} in the {side} rear")
            else:
                more = pgettext("state.more", "more {state} {unit} than {unit} in the {side}")
            raise RefereeError(more.format(state=state, unit=kind.title, side=side_word(Side(side))))


def dice_needed(rules: Ruleset, situation: object) -> dict[str, DiceNeed]:
    """What each group rolls; refuses a situation the rules do not allow."""
    name, params = attack_of(rules, situation)
    module = procedure(params)
    if isinstance(situation, Battle):
        check_situations(rules, situation)
        if situation.states and not registry.reads_states(params):
            _, unit, state, _ = situation.states[0]
            unread = say(
                "state.unread",
                "{an_attack} does not read states, so '{state} {unit}' cannot be told "
                "(only {procedures} attacks read them)",
                an_attack=article(params.label),
                attack=rules.attack_said(name),
                state=rules.units[unit].state_said(state),
                unit=rules.units[unit].title,
                procedures=pgettext("list", " or ").join(registry.reading_states()),
            )
            raise RefereeError(unread, rule=params.rule)
        check_states(rules, situation)
        if (situation.attacker_rear or situation.defender_rear) and not module.rear:
            no_rear = say(
                "attack.no_rear",
                "{an_attack} has no rear: no units wait behind its front",
                an_attack=article(params.label),
                attack=rules.attack_said(name),
            )
            raise RefereeError(no_rear, rule=params.rule)
    return module.dice_needed(rules, params, situation)


def fronts(rules: Ruleset, battle: Battle) -> dict[str, tuple[int, str]]:
    """Each side's front, where it stands on one with units waiting behind it:
    the most units it holds and the rule that refuses more (none where the
    units told are the units that fight)."""
    _, params = attack_of(rules, battle)
    front = procedure(params).front
    limits = {side: front(params, side) for side in Side} if front else {}
    return {side: limit for side, limit in limits.items() if limit}


def before_roll(rules: Ruleset, situation: object) -> object:
    """The situation odds are summed for: a choice made after the roll becomes
    the procedure's stated policy (or is refused, said why)."""
    _, params = attack_of(rules, situation)
    policy = procedure(params).for_odds
    return policy(situation) if policy else situation


def ruler(rules: Ruleset, battle: object) -> Callable[[Throw], Ruling]:
    """The ruling on a battle as a function of the faces showing; what every
    throw shares is worked out once, so odds and whole fights reuse it."""
    name, params = attack_of(rules, battle)
    rule_on: Callable[[Throw], Ruling] = procedure(params).prepare(rules, name, params, battle)
    if not (isinstance(battle, Battle) and battle.values):
        return rule_on
    from referee.ruleset.stated import stated_steps

    said = stated_steps(rules, battle)  # every ruling on numbers the table stated says them first

    def ruled(throw: Throw) -> Ruling:
        ruling = rule_on(throw)
        return dataclasses.replace(ruling, steps=(*said, *ruling.steps))

    return ruled


def resolve(rules: Ruleset, battle: object, throw: Throw) -> Ruling:
    """The ruling on a battle for the faces showing: the one function behind
    rolling, typed dice, odds and replays."""
    return ruler(rules, battle)(throw)


def counted(rules: Ruleset, battle: object) -> list[tuple[dict[str, Any], Any]] | None:
    """The outcomes of an attack with their exact chances, counted die by die
    where its procedure can (`Procedure.counted`); None where every throw is ruled."""
    _, params = attack_of(rules, battle)
    count = procedure(params).counted
    return count(rules, params, battle) if count else None


def odds_keys(rules: Ruleset, battle: object) -> tuple[str, ...]:
    """The outcome fields that tell one result of this battle from another."""
    _, params = attack_of(rules, battle)
    keys = procedure(params).odds_keys
    return keys if isinstance(keys, tuple) else keys(params)
