"""A ruling on real dice: faces the players typed, or faces the referee draws
from a seeded stream. Either way the same resolver rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.dice import Face, Rng, new_seed
from referee.errors import RefereeError
from referee.names import Lexicon, plural
from referee.procedures.base import DiceNeed
from referee.procedures.door import dice_needed, ruler
from referee.ruleset.model import Ruleset
from referee.ruling import Ruling

COMBAT_STREAM = "combat"


@dataclass(frozen=True)
class Settled:
    """A ruling with the dice behind it: which groups the players typed, and
    the seed the referee drew the others from (None when nothing was drawn)."""

    ruling: Ruling
    throw: Mapping[str, tuple[Face, ...]]
    typed: tuple[str, ...]
    seed: int | None


def face_lexicon(rules: Ruleset, die_name: str) -> Lexicon[Face]:
    die = rules.dice[die_name]
    return Lexicon("face", {face: die.aliases.get(str(face), ()) for face in die.faces})


def read_faces(rules: Ruleset, group: str, need: DiceNeed, text: str) -> tuple[Face, ...]:
    """The faces typed for a group: as many as it rolls, each a face of its die
    (a number off a numbered die is impossible, said so)."""
    items = text.split(",") if "," in text else text.split()
    faces = tuple(_face(rules, group, need, item) for item in items if item.strip())
    if len(faces) != need.count:
        raise RefereeError(
            f"the {group} rolls {plural(need.count, 'die', 'dice')} here, "
            f"but {len(faces)} face{'s were' if len(faces) != 1 else ' was'} given",
            rule=need.rule,
        )
    return faces


def _face(rules: Ruleset, group: str, need: DiceNeed, item: str) -> Face:
    faces = need.die.faces
    numbered = all(isinstance(face, int) for face in faces)
    if numbered and item.strip().lstrip("-").isdecimal() and int(item) not in faces:
        a = "an" if group[:1] in "aeiou" else "a"
        raise RefereeError(
            f"{a} {group} roll of {int(item)} is impossible: the {need.die.name} shows {min(faces)} to {max(faces)}",
            rule=need.rule,
        )
    try:
        return face_lexicon(rules, need.die.name)(item)
    except RefereeError as error:
        raise RefereeError(error.message, rule=need.rule) from None


def draw(
    needs: Mapping[str, DiceNeed], typed: Mapping[str, tuple[Face, ...]], seed: int
) -> dict[str, tuple[Face, ...]]:
    """Fill in the groups nobody typed, in the needs' order, from the combat stream."""
    rng = Rng(seed, COMBAT_STREAM)
    return {group: typed[group] if group in typed else need.die.roll(need.count, rng) for group, need in needs.items()}


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
