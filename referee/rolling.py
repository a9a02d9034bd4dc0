"""A ruling on real dice: faces the players typed, or faces the referee draws
from a seeded stream. Either way the same resolver rules."""

from __future__ import annotations

from collections.abc import Mapping

from referee.dice import Die, Face, Rng, new_seed
from referee.errors import RefereeError
from referee.names import Lexicon, plural
from referee.procedures.base import DiceNeed
from referee.procedures.door import dice_needed, ruler
from referee.records import record
from referee.ruleset.model import Ruleset
from referee.ruling import Ruling

COMBAT_STREAM = "combat"


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
    die = rules.dice[die_name]
    return Lexicon("face", {face: die.aliases.get(str(face), ()) for face in die.faces})


def read_faces(rules: Ruleset, group: str, need: DiceNeed, text: str) -> tuple[Face, ...]:
    """The faces typed for a group: as many as it rolls, each a face of its die
    (a number off a numbered die is impossible, said so). Where a group rolls
    dice of more than one kind, a face of any kind but its own die is typed
    with its die's name: `d8:7`."""
    items = [item.strip() for item in (text.split(",") if "," in text else text.split()) if item.strip()]
    kinds = need.kinds()
    by_kind: dict[str, list[Face]] = {die.name: [] for die, _ in kinds}
    for item in items:
        name, _, face = item.rpartition(":")
        if name not in rules.dice:  # a face of the group's own die, whatever it holds
            name, face = "", item
        if name and name not in by_kind:
            raise RefereeError(f"the {group} rolls no {name} here; it rolls {_mix(kinds)}", rule=need.rule)
        die = next(die for die, _ in kinds if die.name == (name or need.die.name))
        by_kind[die.name].append(_face(rules, group, need, die, face))
    if len(items) != need.count:
        raise RefereeError(
            f"the {group} rolls {plural(need.count, 'die', 'dice')} here, "
            f"but {len(items)} face{'s were' if len(items) != 1 else ' was'} given",
            rule=need.rule,
        )
    for die, count in kinds:  # the counts add up, so a kind typed with its name is off if any is
        if die.name != need.die.name and len(by_kind[die.name]) != count:
            raise RefereeError(
                f"the {group} rolls {_mix(kinds)} here, but {len(by_kind[die.name])} {die.name} "
                f"face{'s were' if len(by_kind[die.name]) != 1 else ' was'} given: type each {die.name} face "
                f"after its name, as in {die.name}:{die.faces[-1]}",
                rule=need.rule,
            )
    return tuple(face for die, _ in kinds for face in by_kind[die.name])


def _mix(kinds: tuple[tuple[Die, int], ...]) -> str:
    """'2 d6 and 1 d8': each kind of die with its count."""
    return " and ".join(f"{count} {die.name}" for die, count in kinds)


def _face(rules: Ruleset, group: str, need: DiceNeed, die: Die, item: str) -> Face:
    faces = die.faces
    numbered = all(isinstance(face, int) for face in faces)
    if numbered and item.lstrip("-").isdecimal() and int(item) not in faces:
        a = "an" if group[:1] in "aeiou" else "a"
        other = [d.name for d, _ in need.kinds() if int(item) in d.faces]
        raise RefereeError(
            f"{a} {group} roll of {int(item)} is impossible: the {die.name} shows {min(faces)} to {max(faces)}"
            + (f" (a {other[0]} face is typed {other[0]}:{int(item)})" if other else ""),
            rule=need.rule,
        )
    try:
        return face_lexicon(rules, die.name)(item)
    except RefereeError as error:
        raise RefereeError(error.message, rule=need.rule) from None


def draw(
    needs: Mapping[str, DiceNeed], typed: Mapping[str, tuple[Face, ...]], seed: int
) -> dict[str, tuple[Face, ...]]:
    """Fill in the groups nobody typed, in the needs' order, from the combat stream."""
    rng = Rng(seed, COMBAT_STREAM)
    return {
        group: typed[group] if group in typed else tuple(f for die, n in need.kinds() for f in die.roll(n, rng))
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
    for group in typed_text:
        if group not in needs:
            raise RefereeError(f"this battle has no '{group}' roll; it rolls for: {', '.join(needs)}")
    typed = {group: read_faces(rules, group, needs[group], text) for group, text in typed_text.items()}
    throw, seed = complete(needs, typed, seed)
    return Settled(ruler(rules, situation)(throw), throw, tuple(typed), seed)
