"""`referee battle`: rule on one attack, on typed or rolled dice, whatever
procedure the game's file selects: its reader turns the words into the
situation, one settle rules, and the report of its kind of outcome prints."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import click

from referee.cli import completion, shortform
from referee.cli.helptext import described, helped
from referee.cli.inplay import rules_and_words, rules_in_play
from referee.cli.journaling import journaled, printed_entry, record, replayed_by, writing
from referee.cli.options import (
    ROLLED,
    Named,
    declare,
    declared_options,
    emit,
    force_options,
    json_option,
    not_read_by,
    rear_options,
    refuse_unread,
    ruleset_argument,
    seed_option,
    short_form,
    situation_options,
    stop_at_option,
    variant_option,
    whole,
)
from referee.cli.picks import how_to_pick, on_this_throw, rolled_before
from referee.cli.told import BattleTold
from referee.core.errors import RefereeError, setting
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import say


@declare  # the options the procedures declare, already in place for whoever imports the command
@click.command()
@ruleset_argument
@short_form
@force_options
@rear_options
@click.option(
    "-A",
    "--attacker-roll",
    type=ROLLED,
    shell_complete=completion.faces,
    help=helped("help.battle.attacker-roll", "The faces the attacker rolled, e.g. sword,explosion."),
)
@click.option(
    "-D",
    "--defender-roll",
    type=ROLLED,
    shell_complete=completion.faces,
    help=helped("help.battle.defender-roll", "The faces the defender rolled."),
)
@variant_option
@click.option(
    "-r",
    "--roll",
    type=ROLLED,
    help=helped(
        "help.battle.roll", "The one roll a game types alone: DiceLand's hand dice (5 or 5,1), a hit check's hit die."
    ),
)
@declared_options("battle")
@click.option(
    "--entry",
    type=whole(1),
    metavar="N",
    help=helped(
        "help.battle.entry",
        "Give what journal entry N waits for (a pick) on its own throw, e.g. --entry 4 --choose 5:6.",
    ),
)
@situation_options
@click.option(
    "-u",
    "--until",
    type=Named(["conquest"]),
    help=helped(
        "help.battle.until",
        "Play a whole fight, round after round, where the ruleset's attack has a 'fight': "
        "type each round's faces apart by ';' (6,5,1;4,2), or let the referee draw them. "
        '--defender "3,5,2" attacks territories in turn.',
    ),
)
@stop_at_option
@seed_option
@journaled
@json_option
@described("help.battle")
def battle(ruleset: str | None, said: tuple[str, ...], entry: int | None, as_json: bool, **options: Any) -> None:
    """Rule on one attack. Type the faces that were rolled, or leave a roll out
    and the referee rolls it (print the seed to repeat it). In DiceLand,
    --attacker and --defender take pips and --roll the hand dice rolled; in a
    game of hit checks, values (see also `referee hit`).

    \b
    Example:
      referee battle groundforce --attacker "2 trooper" \\
          --defender "trooper, heavy" \\
          --attacker-roll sword,explosion \\
          --defender-roll shield,sword
      referee battle groundforce 2 trooper vs trooper, heavy \\
          : sword explosion / shield sword
      referee battle risk 3 vs 2 : 6 5 1 / 4 3
      referee battle diceland --attacker 6,2 --defender 3 \\
          --roll 5,1 --choose 5:6
      referee battle --entry 4 --choose 5:6
      referee battle frontline-risk \\
          --attacker "infantry, armour" --attacker-rear 1 \\
          --defender "infantry, damaged armour" \\
          --when defender:city --attacker-roll 6,5,2 \\
          --defender-roll 6,3,1
      referee battle risk --attacker 5 --defender 3 \\
          --until conquest
    """
    rules = None
    if said:
        if entry is not None:
            raise RefereeError(
                say("error.short.entry", "--entry gives what an entry waits for on its own throw: tell no attack")
            )
        rules, words = rules_and_words(ruleset, list(said))
        options = shortform.told(words, options, _rolls_typed(rules))
    told = BattleTold.of(**options)
    if told.stop_at is not None and told.until is None:
        raise RefereeError(
            say("error.fight.whole_only", "{what}: whole fights only; add --until conquest", what=setting("stop-at"))
        )
    if entry is not None:
        from referee.cli.picks import asked

        rules, told, line = asked(entry, ruleset, told)
        replayed_by(line)
        rule(rules, told, as_json, replay=line)
    elif told.until is not None:
        rule_fight(rules or rules_in_play(ruleset), told, as_json)
    else:
        rule(rules or rules_in_play(ruleset), told, as_json)


def _rolls_typed(rules: Ruleset) -> dict[str, str]:
    """The words the game's rolls fill, in the order the short form types them, with their flags."""
    from referee.procedures.door import procedure_for

    flags = BattleTold().flags()
    return {word: flags[word] for word in procedure_for(rules).typed}


def retyped(given: Mapping[str, object]) -> tuple[str, ...]:
    """The typed dice as the options that typed them, ready to paste after --seed."""
    return tuple(part for flag, text in given.items() if text is not None for part in (flag, shlex.quote(str(text))))


def rule(rules: Ruleset, told: BattleTold, as_json: bool, roll: bool = True, replay: list[str] | None = None) -> None:
    """The one door of every ruling command: words → situation → settle → report
    of its kind; `roll=False` reports the situation before any dice."""
    from referee.journal.rerule import stored
    from referee.procedures.door import procedure_for, report_of, typed_by
    from referee.render import kinds
    from referee.settle.rolling import settle

    procedure = procedure_for(rules)
    refuse_unread(told.unread({*procedure.reads, *typed_by(rules), "seed"}), not_read_by(rules))
    if procedure.fight and told.defender and told_in_turn(told.defender):  # one attack has one defender
        in_turn = say("error.fight.in_turn_example", "territories in turn (--defender 3,5,2)")
        raise RefereeError(
            say("error.fight.whole_only", "{what}: whole fights only; add --until conquest", what=in_turn)
        )
    words = told.words()
    situation = procedure.read(rules, words)
    typed = {group: str(words[word]) for word, group in procedure.typed.items() if words[word] is not None}
    settled = settle(rules, situation, typed, told.seed) if roll else None
    if settled is not None:  # the seed alone draws other dice once some were typed: repeat with them
        settled = replace(settled, again=retyped(told.given(*procedure.typed)))
    kind = report_of(rules, situation)
    document, report = kinds.report(kind).ruled(rules, situation, settled)
    picking = replay is not None  # a pick rules again on the throw it was asked on: no second roll
    flagged = rolled_before(rules) if settled and settled.seed is not None and writing() and not picking else []
    record(
        rules,
        document,
        kind,
        seed=settled.seed if settled else None,
        dice={"rolled": settled.throw, "typed": settled.typed, **({"rolled_before": flagged} if flagged else {})}
        if settled
        else None,
        replay=replay,
        situation=stored(procedure.name, situation, settled.ruling) if settled else None,
    )
    awaits = settled.ruling.awaits if settled else None
    if settled is None or awaits is None or as_json:
        emit(as_json, document, report)
        return
    line = on_this_throw(procedure, settled) if replay is None else replay[:-2]
    emit(as_json, document, lambda: report() + "\n\n" + how_to_pick(awaits, printed_entry()[1], line))


def told_in_turn(defender: str) -> bool:
    """Whether --defender names territories in turn (`3,5,2`); their reader is
    loaded only where the words could be a list."""
    if "," not in defender and ";" not in defender:
        return False
    from referee.cli.fights import territories

    return len(territories(defender)) > 1


def rule_fight(rules: Ruleset, told: BattleTold, as_json: bool) -> None:
    """`battle … --until conquest`: a whole fight played round after round, on
    dice typed for each round (apart by ';') or drawn from one seed, over the
    territories told in turn, journaled as one entry that `replay` rules again
    from its command line."""
    from referee.cli.fights import told_battles
    from referee.fights.played import play
    from referee.procedures.door import fought_by, procedure_for, report_of
    from referee.render import fought

    procedure = procedure_for(rules)
    if not fought_by(rules):
        raise RefereeError(
            say(
                "error.fight.battle_not_in_rounds",
                "{game} is not fought in rounds: leave out {until} and rule one attack",
                game=rules.spoken_title,
                until=setting("until"),
            )
        )
    refuse_unread(told.unread({*procedure.reads, *procedure.typed, "seed", "until", "stop_at"}), not_read_by(rules))
    battles = told_battles(rules, told, lambda each: procedure.read(rules, each.words()))
    words = told.words()
    typed = {group: str(words[word]) for word, group in procedure.typed.items() if words[word] is not None}
    played = play(rules, battles, typed, told.seed, told.stop_at)
    document, report = fought.view(
        rules, report_of(rules, battles[0]), battles, played, retyped(told.given(*procedure.typed))
    )
    # the journal's dice: each group's faces over every round in turn, and the rounds apart
    rounds = [{group: list(faces) for group, faces in settled.throw.items()} for settled in played.rounds]
    rolled = {group: [face for r in rounds for face in r.get(group, [])] for group in procedure.typed.values()}
    dice = {"rolled": rolled, "typed": list(played.typed), "rounds": rounds}
    record(rules, document, "fight", seed=played.seed, dice=dice)
    emit(as_json, document, report)
