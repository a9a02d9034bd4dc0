"""Reading what players tell, for the procedures whose situations name units,
situations and pips: each side's units (a bare number counts the file's
first unit) with their states, the named situations, and pips. Messages
speak of the game; the command line turns its options into these words."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from referee.core.errors import RefereeError, setting
from referee.procedures.door import attack_named, check_side, check_situations
from referee.ruleset.model import Ruleset
from referee.rulings.battle import GROUP_NAMES, Battle, Units, Words
from referee.rulings.procedure import Procedure
from referee.rulings.ruling import SIDES, Side, listed, say
from referee.words.inputs import MAX_COUNT, shown, typed_list, whole_number
from referee.words.language import pgettext
from referee.words.names import Lexicon, article, lexicon, side_of, situations_of, states_of, units_of


def _force(
    rules: Ruleset, text: str, group: str, default: str, words: Callable[[], tuple[Lexicon[str], Lexicon[str]]]
) -> tuple[list[tuple[str, int]], list[tuple[str, str, str, int]]]:
    """Units (a bare number counts `default`) and the states typed before
    them, by the units' and states' `words` (built once for all groups: each
    reads every language's words)."""
    if text.strip().isdecimal():  # not isdigit: "²" is a digit int() cannot read
        side, _, rear = group.partition("_")
        if rear:
            where = say("count.in_rear", "a count of units in the {side}'s rear", side=Side(side))
        else:
            where = say("count.in_side", "a count of units in the {side}'s side", side=Side(side))
        count = whole_number(text, where, 0, MAX_COUNT)
        return [(default, count)] if count else [], []
    units, states = words()
    found = units.counted_in_states(text, states)
    counts: dict[str, int] = {}
    for unit, _, count in found:
        counts[unit] = counts.get(unit, 0) + count
    return list(counts.items()), [(group, unit, state, count) for unit, state, count in found if state]


def read_battle(rules: Ruleset, words: Words) -> Battle:
    """The units of each side and rear, with their states and the situations
    named, which are checked here, where the names typed are known, so that a
    refusal repeats them."""
    if not rules.units:
        raise RefereeError(
            say(
                "battle.no_units",
                "{title} names no units to battle with; 'referee show {name}' says how its attacks are ruled",
                title=rules.spoken_title,
                name=rules.name,
            )
        )
    if not words.get(Side.ATTACKER):
        raise _say_units(rules, Side.ATTACKER)
    groups: dict[str, Units] = {}
    states: list[tuple[str, str, str, int]] = []
    default = next(iter(rules.units))
    lexicons = functools.cache(lambda: (units_of(rules), states_of(rules)))
    for group in GROUP_NAMES:
        units, typed_states = _force(rules, words.get(group) or "0", group, default, lexicons)
        groups[group] = tuple(units)
        states += typed_states
    for side in SIDES:
        if not groups[side] and (side == Side.ATTACKER or words.get(side)):
            raise RefereeError(say("battle.one_unit", "the {side} needs at least one unit in the battle", side=side))
    attack = _told_attack(rules, words["kind"], groups["attacker"]) if words.get("kind") else ""
    made = attack or rules.attack_of(groups["attacker"][0][0])
    if not words.get(Side.DEFENDER) and not getattr(rules.attacks[made], "unopposed", False):
        raise _say_units(rules, Side.DEFENDER)  # a roll with no opponent (`unopposed`) needs none
    named = named_situations(rules, words.get("when") or ())
    values = told_values(rules, {side: words.get(f"{side}_value") or () for side in SIDES})
    battle = Battle.of_groups(
        groups, when=tuple(named), states=tuple(states), range=words.get("reach"), attack=attack, values=values
    )
    check_situations(rules, battle, named)
    if values:
        check_values_read(rules, battle)
    return battle


def _say_units(rules: Ruleset, side: Side) -> RefereeError:
    example = next(iter(rules.units.values())).counted(2)
    return RefereeError(
        say("battle.say_units", 'say which units the {side} fights with, e.g. "{example}"', side=side, example=example)
    )


def told_values(rules: Ruleset, told: Mapping[str, tuple[str, ...]]) -> tuple[tuple[str, str, int], ...]:
    """Each number stated for a side (`strength=4`), as (side, value, number):
    a value of the file's, for that side, within its bounds, stated once."""
    if not any(told.values()):
        return ()
    if not rules.values:
        none = say(
            "values.none",
            "{title} names no values the table states: leave out {options}",
            title=rules.spoken_title,
            options=listed(setting(f"{side}-value") for side, items in told.items() if items),
        )
        raise RefereeError(none)
    from referee.ruleset.stated import said as value_said

    named = lexicon(rules, pgettext("kind", "value"), {name: [name, *v.aliases] for name, v in rules.values.items()})
    found: dict[tuple[str, str], int] = {}
    for side, items in told.items():
        for item in items:
            word, sep, number = item.partition("=")
            if not sep:
                stated = say(
                    "values.told_as", "a value is stated as NAME=N (strength=4), not '{given}'", given=shown(item)
                )
                raise RefereeError(stated)
            name = named(word.strip())
            spec = rules.values[name]
            n = whole_number(number.strip(), name)
            if side not in spec.sides():
                other = say(
                    "values.other_side",
                    "'{name}' is the {for_side}'s to state: {option} {name}={n}",
                    name=name,
                    for_side=Side(spec.side),
                    option=setting(f"{spec.side}-value"),
                    n=n,
                )
                raise RefereeError(other, rule=spec.rule)
            if not spec.at_least <= n <= spec.at_most:
                outside = say(
                    "values.outside",
                    "the {side}'s {value} is {least} to {most}, not {n}",
                    side=Side(side),
                    value=value_said(rules, name),
                    least=spec.at_least,
                    most=spec.at_most,
                    n=n,
                )
                raise RefereeError(outside, rule=spec.rule)
            if found.setdefault((side, name), n) != n:
                twice = say(
                    "values.twice",
                    "the {side}'s {value} is stated twice",
                    side=Side(side),
                    value=value_said(rules, name),
                )
                raise RefereeError(twice, rule=spec.rule)
    return tuple((side, name, n) for (side, name), n in found.items())


def check_values_read(rules: Ruleset, battle: Battle) -> None:
    """A number stated for a value the attack never reads is refused, naming
    those it reads, never silently ignored."""
    from referee.ruleset.stated import read_by
    from referee.ruleset.stated import said as value_said

    name = attack_named(rules, battle)
    if name is None:
        return
    params = rules.attacks[name]
    reads = read_by(params)
    for side, value, _ in battle.values:
        if value in reads:
            continue
        said = (
            say("values.reads", "it reads {values}", values=listed(sorted(reads)))
            if reads
            else say("values.reads_none", "it reads no value the table states")
        )
        unread = say(
            "values.unread",
            "the {side}'s {value} changes nothing in {an_attack}: {reads}",
            side=Side(side),
            value=value_said(rules, value),
            an_attack=article(params.label),
            attack=rules.attack_said(name),
            reads=said,
        )
        raise RefereeError(unread, rule=params.rule)


def _told_attack(rules: Ruleset, told: str, attackers: Units) -> str:
    """`--attack` told to a battle of units chooses among the attacks every
    attacking unit can make (its `attack`, and those its file gives it
    `also`): the attack told where it is not the one they make untold, else
    "". An attack some attacking unit cannot make is refused naming the
    units that can."""
    attacks = lexicon(
        rules,
        pgettext("kind", "attack"),
        {name: [attack.label] for name, attack in rules.attacks.items()},
        printed={lang: {n: [w] for n, w in t.attacks.items()} for lang, t in rules.translations.items()},
    )
    attack = attacks(told)
    if any(attack not in rules.attacks_of(unit) for unit, _ in attackers):
        made_by = [unit.title for name, unit in rules.units.items() if attack in rules.attacks_of(name)]
        others = say(
            "attack.made_by",
            "{option} {given}: the attacking units choose the attack, each making one its file gives it; "
            "the units that make {attack}: {units}",
            option=setting("attack"),
            given=shown(told),
            attack=rules.attack_said(attack),
            units=listed(made_by) if made_by else say("attack.made_by_none", "no unit"),
        )
        raise RefereeError(others, rule=rules.attacks[attack].rule)
    return "" if all(rules.attack_of(unit) == attack for unit, _ in attackers) else attack


def situations(rules: Ruleset, when: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """`defender:hills` → ("defender", "hills"), through the ruleset's aliases
    and the words printed for each side and situation in every language
    (`verdediger:stealth`); a repeat counts once."""
    return tuple(named_situations(rules, when))


def named_situations(rules: Ruleset, when: tuple[str, ...]) -> dict[tuple[str, str], str]:
    """Each situation told, as (side, key), with the name the player typed
    for it, which a refusal repeats; a repeat counts once, as first typed.
    Their words are gathered only when one is told: a battle in no situation
    never reads them."""
    if not when:
        return {}
    named_as = situations_of(rules)
    named: dict[tuple[str, str], str] = {}
    for item in when:
        side, sep, name = item.partition(":")
        if not sep:
            raise RefereeError(
                say(
                    "situation.told_as",
                    "a situation is told as SIDE:NAME with SIDE attacker or defender, not '{given}'",
                    given=item,
                )
            )
        said, key = str(side_of(side)), named_as(name)
        check_side(rules, said, key, name.strip())
        named.setdefault((said, key), name.strip())
    return named


def pips(text: str, what: str, rule: str = "") -> tuple[int, ...]:
    """'6,2', '6 2' or '6、2' → (6, 2); whether each is a face is the rules' to say."""
    try:
        return tuple(whole_number(item, what) for item in typed_list(text.replace(" ", ",")))
    except RefereeError:
        takes = say("pips.takes", "{what} takes pips such as 6 or 6,2, not '{given}'", what=what, given=shown(text))
        raise RefereeError(takes, rule=rule) from None


# kind: --attack, checked against the units; a side's value: the numbers it states
UNIT_WORDS = frozenset({*GROUP_NAMES, "reach", "when", "kind", "attacker_value", "defender_value"})
ROLLS = {"attacker_roll": "attacker", "defender_roll": "defender"}  # the faces each side rolled, typed


def procedure(
    name: str, grammar: type[Any], report: str, module: Any, typed: Mapping[str, str] = ROLLS, **more: Any
) -> Procedure:
    """The door's record of a procedure whose players name units and situations
    (read here) and type each side's faces (and, where `typed` says, more
    groups): its grammar, the kind of its rulings, and `dice_needed`,
    `prepare` and `ODDS_KEYS` from its resolver module."""
    return Procedure(
        name=name,
        situation=Battle,
        grammar=grammar,
        read=read_battle,
        reads=UNIT_WORDS,
        typed=typed,
        dice_needed=module.dice_needed,
        prepare=module.prepare,
        odds_keys=module.ODDS_KEYS,
        report=report,
        **more,
    )
