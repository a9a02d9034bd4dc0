"""A ruling on real dice: faces the players typed, or faces the referee draws
from a seeded stream. Either way the same resolver rules."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from referee.chance.dice import Die, Face, Rng, new_seed
from referee.core.errors import RefereeError, setting
from referee.core.records import record
from referee.procedures.door import dice_needed, ruler
from referee.ruleset.model import Ruleset
from referee.rulings.procedure import DiceNeed
from referee.rulings.ruling import SIDES, Ruling, Side, both, listed, say, say_n, side_word
from referee.words.inputs import typed_list
from referee.words.language import pgettext
from referee.words.names import Lexicon, article, dice_of, lexicon

COMBAT_STREAM = "combat"

FaceWords = Callable[[str], Lexicon[Face]]  # a die's faces by every word for them, by the die's name


@record
class Settled:
    """A ruling with the dice behind it: which groups the players typed, and
    the seed the referee drew the others from (None when nothing was drawn);
    `again` holds the typed dice as the options that, with the seed, repeat
    the roll (the caller knows their names)."""

    ruling: Ruling
    throw: Mapping[str, tuple[Face, ...]]
    typed: tuple[str, ...]
    seed: int | None
    again: tuple[str, ...] = ()


def face_lexicon(rules: Ruleset, die_name: str) -> Lexicon[Face]:
    """A die's faces by their own word, aliases and words in every language the
    file translates; the language spoken's first, so a suggestion is written as it writes it."""
    die = rules.dice[die_name]
    faces = lexicon(
        rules,
        pgettext("kind", "face"),
        {face: die.aliases.get(str(face), ()) for face in die.faces},
        {face: rules.face_said(die_name, face) for face in die.faces},
        {
            lang: {face: [said] for face in die.faces if (said := t.faces.get(die_name, {}).get(str(face)))}
            for lang, t in rules.translations.items()
        },
    )
    faces.by_start = True
    return faces


def read_faces(rules: Ruleset, group: str, need: DiceNeed, text: str, words: FaceWords) -> tuple[Face, ...]:
    """The faces typed for a group; a pool's rounds each after a '/' (the first
    roll, then each roll again as `stages.pool` says), a round of no dice
    left out. Each round as many faces as it rolls, each a face of its die,
    read by `words` (each die's `face_lexicon`, built once for every group)."""
    first, *typed = text.split("/")
    rounds = [_read_round(rules, group, need, first, words)]
    expected = [need.count]
    while need.pool and (count := need.pool.next_count(rounds)) is not None:
        faces: tuple[Face, ...] = ()
        if count:
            expected.append(count)
            items = typed_list(typed.pop(0)) if typed else []
            faces = tuple(_face(rules, words, group, need, need.die, item) for item in items)
            if len(faces) != count:
                break
        rounds.append(faces)
    else:
        if not typed:
            return tuple(face for faces in rounds for face in faces)
    if typed and need.untold and len(rounds) == 1:
        situation, rule = need.untold[0]
        waits = say(
            "roll.rounds_untold",
            "the {group} rolls {rounds} here: its dice roll again only with {when}, but {given} were typed",
            group=_said(group, need),
            rounds=say_n("roll.dice", "{n} die", "{n} dice", need.count),
            when=f"{setting('when')} {group}:{situation}",
            given=" / ".join(str(len(typed_list(part))) for part in text.split("/")),
        )
        raise RefereeError(waits, rule=rule)
    miscount = say(
        "roll.rounds_given",
        "the {group} rolls {rounds} here, each roll after the first typed after a '/', but {given} were typed",
        group=_said(group, need),
        rounds=" / ".join(say_n("roll.dice", "{n} die", "{n} dice", n) for n in expected),
        given=" / ".join(str(len(typed_list(part))) for part in text.split("/")),
    )
    raise RefereeError(miscount, rule=need.rule)


def _read_round(rules: Ruleset, group: str, need: DiceNeed, text: str, words: FaceWords) -> tuple[Face, ...]:
    """The faces typed for one roll of a group: as many as it rolls, each a face of its die
    (a number off a numbered die is impossible, said so). Where a group rolls
    dice of more than one kind, a face of any kind but its own die is typed
    with its die's name: `d8:7`."""
    items = typed_list(text)
    kinds = need.kinds()
    by_kind: dict[str, list[Face]] = {die.name: [] for die, _ in kinds}
    dice_named = dice_of(rules)
    for item in items:
        name, _, face = item.rpartition(":")
        if name in dice_named:  # by its key or its word in any language
            name = dice_named(name)
        else:  # a face of the group's own die, whatever it holds
            name, face = "", item
        if name and name not in by_kind:
            no_such = say(
                "roll.no_such_die",
                "the {group} rolls no {die} here; it rolls {mix}",
                group=_said(group, need),
                die=name,
                mix=_mix(kinds),
            )
            raise RefereeError(no_such, rule=need.rule)
        die = next(die for die, _ in kinds if die.name == (name or need.die.name))
        by_kind[die.name].append(_face(rules, words, group, need, die, face))
    if len(items) != need.count and not need.after:  # a group after others: checked against the ruling
        dice = say_n("roll.dice", "{n} die", "{n} dice", need.count)
        miscount = say_n(
            "roll.faces_given",
            "the {group} rolls {dice} here, but {n} face was given",
            "the {group} rolls {dice} here, but {n} faces were given",
            len(items),
            group=_said(group, need),
            dice=dice,
        )
        raise RefereeError(miscount, rule=need.rule)
    for die, count in kinds:  # the counts add up, so a kind typed with its name is off if any is
        if die.name != need.die.name and len(by_kind[die.name]) != count:
            miscount = say_n(
                "roll.kind_faces_given",
                "the {group} rolls {mix} here, but {n} {die} face was given: "
                "type each {die} face after its name, as in {die}:{face}",
                "the {group} rolls {mix} here, but {n} {die} faces were given: "
                "type each {die} face after its name, as in {die}:{face}",
                len(by_kind[die.name]),
                group=_said(group, need),
                mix=_mix(kinds),
                die=die.name,
                face=str(die.faces[-1]),
            )
            raise RefereeError(miscount, rule=need.rule)
    return tuple(face for die, _ in kinds for face in by_kind[die.name])


def _mix(kinds: tuple[tuple[Die, int], ...]) -> str:
    """'2 d6 and 1 d8': each kind of die with its count."""
    return pgettext("list", " and ").join(f"{count} {die.name}" for die, count in kinds)


def _said(group: str, need: DiceNeed) -> str:
    """A group of dice as a message names it: as its need says, in the words
    of the procedure that rolls it ('hit', 'to wound'), else a side by its
    noun in the language spoken, else by its key."""
    if need.said:
        return need.said
    if group in SIDES:
        return side_word(Side(group))
    return group


def _face(rules: Ruleset, words: FaceWords, group: str, need: DiceNeed, die: Die, item: str) -> Face:
    """A face typed: its number, its word or an alias (a d10's 10 typed 0),
    refused naming the die's rule where the die has one, else the attack's."""
    faces = die.faces
    rule = rules.dice[die.name].rule or need.rule
    known = words(die.name)
    numbered = all(isinstance(face, int) for face in faces)
    if numbered and item.lstrip("-").isdecimal() and int(item) not in faces and item not in known:
        other = [d.name for d, _ in need.kinds() if int(item) in d.faces]
        impossible = say(
            "roll.impossible",
            "{a_group} roll of {value} is impossible: the {die} shows {low} to {high}",
            a_group=article(need.said or group),
            group=_said(group, need),
            value=int(item),
            die=die.name,
            low=min(faces),
            high=max(faces),
        )
        if other:
            impossible += say(
                "roll.typed_with_name", " (a {other} face is typed {other}:{value})", other=other[0], value=int(item)
            )
        raise RefereeError(impossible, rule=rule)
    try:
        return known(item)
    except RefereeError as error:
        raise RefereeError(error.message, rule=rule) from None


def draw(
    needs: Mapping[str, DiceNeed], typed: Mapping[str, tuple[Face, ...]], seed: int
) -> dict[str, tuple[Face, ...]]:
    """Fill in the groups nobody typed, in the needs' order, from the combat stream."""
    rng = Rng(seed, COMBAT_STREAM)
    return {
        group: typed[group]
        if group in typed
        else need.pool.roll(need.die, need.count, rng)
        if need.pool
        else tuple(f for die, n in need.kinds() for f in die.roll(n, rng))
        for group, need in needs.items()
    }


def complete(
    needs: Mapping[str, DiceNeed], typed: Mapping[str, tuple[Face, ...]], seed: int | None
) -> tuple[dict[str, tuple[Face, ...]], int | None]:
    """The typed groups with the rest drawn, and the seed used (None when nothing was drawn)."""
    if len(typed) == len(needs):
        return dict(typed), None
    seed = new_seed() if seed is None else seed
    return draw(needs, typed, seed), seed


def settle(rules: Ruleset, situation: object, typed_text: Mapping[str, str], seed: int | None) -> Settled:
    """The ruling on an attack as told, whatever its procedure: on the faces
    typed for some groups, the referee drawing the rest from the seeded stream."""
    needs = dice_needed(rules, situation)
    split = {group: text for word, said in typed_text.items() for group, text in _in_turn(needs, word, said).items()}
    for group in split:
        if group not in needs:
            rolls = say(
                "roll.no_group",
                "this battle has no '{group}' roll; it rolls for: {groups}",
                group=group,
                groups=listed(needs),
            )
            raise RefereeError(rolls)
    words = functools.cache(functools.partial(face_lexicon, rules))
    typed = {group: read_faces(rules, group, needs[group], text, words) for group, text in split.items()}
    throw, seed = complete(needs, typed, seed)
    ruling = ruler(rules, situation)(throw)
    _read_as_typed(needs, typed, ruling)
    return Settled(ruling, throw, tuple(typed_text), seed)


def _in_turn(needs: Mapping[str, DiceNeed], word: str, text: str) -> dict[str, str]:
    """The text typed for a word's group, or for each group typed in turn under
    it, apart by '/' (a step left out typed as no dice); more parts than
    groups are refused."""
    turn = [group for group, need in needs.items() if need.typed_with == word]
    if not turn:
        return {word: text}
    parts = text.split("/")
    if len(parts) > len(turn):
        many = say(
            "roll.in_turn",
            "{groups} are typed in turn, each after a '/', but {n} were typed",
            groups=both(_said(group, needs[group]) for group in turn),
            n=len(parts),
        )
        raise RefereeError(many, rule=needs[turn[0]].rule)
    return {group: part for group, part in zip(turn, [*parts, *[""] * len(turn)], strict=False)}


def _read_as_typed(needs: Mapping[str, DiceNeed], typed: Mapping[str, tuple[Face, ...]], ruling: Ruling) -> None:
    """A typed group that rolls as many dice as the dice before it decide
    holds exactly as many faces as the ruling read of it."""
    read = dict(ruling.read)
    for group, faces in typed.items():
        need = needs[group]
        if need.after and len(faces) != read.get(group, 0):
            miscount = say_n(
                "roll.after_given",
                "{group}: {dice} here, as the dice before it decide, but {n} face was given",
                "{group}: {dice} here, as the dice before it decide, but {n} faces were given",
                len(faces),
                group=_said(group, need),
                dice=say_n("roll.dice", "{n} die", "{n} dice", read.get(group, 0)),
            )
            raise RefereeError(miscount, rule=need.rule)
