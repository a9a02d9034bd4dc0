"""Ruling again on a journal entry made through the door: the stored
situation and throw go back through `resolve`, and the typed ruling it gives
is compared with the one stored. No command line is parsed again, so
renaming an option never breaks the replay of an older entry.

An entry's `situation` column holds `stored(...)`: the procedure's name, its
situation's `as_dict` and the typed ruling's `as_dict`, and the language the
ruling was said in when not English (its steps' text is compared in it); the
throw is the entry's `dice.rolled`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.chance.dice import Face
from referee.core.errors import RefereeError
from referee.rulings.procedure import Procedure, throw_from_dict
from referee.rulings.ruling import Ruling, listed, say

if TYPE_CHECKING:
    from referee.journal.rows import Entry
    from referee.ruleset.model import Ruleset


def stored(procedure: str, situation: Any, ruling: Ruling) -> dict[str, Any]:
    """What an entry keeps to be ruled on again, JSON-ready."""
    from referee.words import language

    plain: dict[str, Any] = json.loads(json.dumps(ruling.as_dict()))
    said = {} if language.current() == language.ENGLISH else {"language": language.current()}
    return {"procedure": procedure, "situation": situation.as_dict(), "ruling": plain, **said}


def reread(entry: Entry, ruleset_file: Path) -> tuple[Ruleset, Procedure, Any, dict[str, tuple[Face, ...]]]:
    """The entry's ruleset (from `ruleset_file`), its procedure, its situation
    and its throw, read back; a RefereeError says in the game's words why the
    stored situation cannot be ruled on with this ruleset."""
    from referee.procedures.door import procedure_for
    from referee.ruleset import registry
    from referee.ruleset.load import load_file

    kept = entry.situation
    assert kept is not None, "reread is asked only of an entry that holds a situation"
    rules = load_file(ruleset_file)
    today = procedure_for(rules)
    if registry.ruled_by(today.name) != registry.ruled_by(kept.procedure):
        raise RefereeError(
            say(
                "error.replay.procedure",
                "{game} is now ruled by {today}, not {then} as in this entry",
                game=rules.spoken_title,
                today=today.name,
                then=kept.procedure,
            )
        )
    procedure = today  # the entry's procedure, as the file rules it today (a template's stages, a stage's door)
    try:
        situation = procedure.situation.from_dict(kept.situation)
        throw = throw_from_dict(entry.dice.rolled)
    except (KeyError, TypeError, ValueError) as exc:
        raise RefereeError(
            say(
                "error.replay.situation",
                "the stored situation cannot be read ({kind}: {why})",
                kind=type(exc).__name__,
                why=str(exc),
            )
        ) from None
    _check_dice(rules, situation, throw)
    return rules, procedure, situation, throw


def _check_dice(rules: Ruleset, situation: Any, throw: Mapping[str, tuple[Face, ...]]) -> None:
    """The stored dice fall in the groups the situation rolls today: an entry
    rolled in other groups (an older way of grouping them, an edited ruleset)
    says so instead of being read wrongly. How many dice each holds is the
    ruling's to compare: a changed count shows as a different ruling."""
    from referee.procedures.door import dice_needed

    today = {group: need.count for group, need in dice_needed(rules, situation).items()}
    if set(throw) != set(today):
        then = {group: len(faces) for group, faces in throw.items()}
        raise RefereeError(
            say(
                "error.replay.dice",
                "the entry's dice were rolled as {then}, but this battle rolls {today} today: "
                "it cannot be ruled again on them",
                then=_counts(then),
                today=_counts(today),
            )
        )


def _counts(groups: Mapping[str, int]) -> str:
    """'attacker 3, attacker d8 2': each group of dice with its count."""
    return listed(f"{group} {count}" for group, count in groups.items()) or say("error.replay.no_dice", "no dice")


def rule_again(entry: Entry, ruleset_file: Path) -> dict[str, Any]:
    """The typed ruling (JSON-ready) the door gives today on the entry's
    situation and throw, under the ruleset in `ruleset_file`; a RefereeError
    says in the game's words why it cannot rule."""
    from referee.procedures.door import resolve
    from referee.words import language

    rules, _, situation, throw = reread(entry, ruleset_file)
    speaking = language.current()
    assert entry.situation is not None, "ruled again only where the entry holds a situation"
    language.use(entry.situation.language)  # its steps said as they were recorded
    try:
        ruling: dict[str, Any] = json.loads(json.dumps(resolve(rules, situation, throw).as_dict()))
    finally:
        language.use(speaking)
    return ruling
