"""`referee battle … --until conquest`: a whole fight played round after
round, on dice typed for each round (rounds apart by ';') or drawn from one
seed, journaled as one entry that `replay` rules again from its command line."""

from __future__ import annotations

from referee.cli.battle import retyped
from referee.cli.journaling import record
from referee.cli.options import emit, not_read_by, refuse_unread
from referee.cli.told import BattleTold
from referee.core.errors import RefereeError, setting
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import say


def rule_fight(rules: Ruleset, told: BattleTold, as_json: bool) -> None:
    from referee.fights.played import play
    from referee.procedures.door import procedure_for
    from referee.render import fought

    procedure = procedure_for(rules)
    if not procedure.fight:
        raise RefereeError(
            say(
                "error.fight.battle_not_in_rounds",
                "{game} is not fought in rounds: leave out {until} and rule one attack",
                game=rules.title,
                until=setting("until"),
            )
        )
    refuse_unread(told.unread({*procedure.reads, *procedure.typed, "seed", "until"}), not_read_by(rules))
    words = told.words()
    battle = procedure.read(rules, words)
    typed = {group: str(words[word]) for word, group in procedure.typed.items() if words[word] is not None}
    played = play(rules, battle, typed, told.seed)
    document, report = fought.view(rules, battle, played, retyped(told.given(*procedure.typed)))
    # the journal's dice: each group's faces over every round in turn, and the rounds apart
    rounds = [{group: list(faces) for group, faces in settled.throw.items()} for settled in played.rounds]
    rolled = {group: [face for r in rounds for face in r.get(group, [])] for group in procedure.typed.values()}
    dice = {"rolled": rolled, "typed": list(played.typed), "rounds": rounds}
    record(rules, document, "fight", seed=played.seed, dice=dice)
    emit(as_json, document, report)
