"""`referee game`: name an evening, so its rulings can be read back together.
Starting and stopping a game are entries of the journal's chain."""

from __future__ import annotations

import shlex
from typing import Any

import click

from referee.cli import completion
from referee.cli.helptext import described, helped
from referee.cli.inplay import last_game_note, rules_of_last_game
from referee.cli.journaling import journal_option, opened, quiet_option, record, report_damage
from referee.cli.options import emit, json_option, load_rules
from referee.core.errors import RefereeError
from referee.render.text import paragraph, table
from referee.rulings.ruling import say, say_n
from referee.words.language import pgettext


@click.group(invoke_without_command=True)
@journal_option
@json_option
@click.pass_context
@described("help.game")
def game(ctx: click.Context, as_json: bool) -> None:
    """Games in the journal: start one and every ruling after it belongs to
    it until it is stopped. Without a subcommand, list the games.

    \b
    Example:
      referee game start friday --ruleset groundforce
      referee log --game friday
      referee game stop
    """
    if ctx.invoked_subcommand:
        return
    with opened(reading=True) as journal:
        games = journal.games()
        _listing(as_json, games)
        report_damage(journal, [])


def _entries_said(game: dict[str, Any]) -> str:
    """The journal entries a game spans: '4-9', or 'from 18' while it goes on."""
    if not game["in_chain"]:
        return say("game.outside", "outside the chain")
    if game["stop_entry"] is None:
        return say("game.entries_from", "from {start}", start=game["start_entry"])
    return f"{game['start_entry']}-{game['stop_entry']}"


def _listing(as_json: bool, games: list[dict[str, Any]]) -> None:
    emit(
        as_json,
        {"games": games},
        lambda: (
            table(
                [
                    (
                        g["name"],
                        g["ruleset"],
                        g["started"],
                        g["stopped"] or say("game.still_going", "not yet, still going"),
                        g["entries"],
                        _entries_said(g),
                    )
                    for g in games
                ],
                [
                    pgettext("game.header", "game"),
                    pgettext("game.header", "ruleset"),
                    pgettext("game.header", "started"),
                    pgettext("game.header", "stopped"),
                    pgettext("game.header", "rulings"),
                    pgettext("game.header", "journal entries"),
                ],
            )
            if games
            else say("game.none", "No games yet.")
        ),
    )


@game.command()
@click.argument("name")
@click.argument("ruleset_named", metavar="[RULESET]", required=False, shell_complete=completion.rulesets)
@click.option(
    "--ruleset",
    help=helped("help.game.start.ruleset", "The ruleset the game is played with (or give it after the name)."),
)
@journal_option
@quiet_option
@json_option
@described("help.game.start")
def start(name: str, ruleset_named: str | None, ruleset: str | None, as_json: bool) -> None:
    """Start a game: later rulings, from any terminal using this journal,
    belong to it until 'referee game stop', and a command that takes a
    RULESET may leave it out: the game's is used. Each evening is its own
    game: a name played before is refused, with a free one to use instead.
    The ruleset comes after the name, as in 'play start', or with --ruleset;
    left out, the game plays the ruleset of the game started last.

    \b
    Example:
      referee game start friday groundforce
    """
    name = name.strip()
    if not name:
        raise RefereeError(say("error.game.name", "name the game, e.g. referee game start friday groundforce"))
    rules, last = rules_of_last_game(ruleset_named or ruleset, _which_ruleset)
    if ruleset_named and ruleset and load_rules(ruleset).name != rules.name:  # two names of one game are one
        raise RefereeError(
            say(
                "error.game.two_rulesets",
                "two rulesets for one game: '{named}' and --ruleset {option}; give one",
                named=ruleset_named,
                option=ruleset,
            )
        )
    document = {"game": name, "ruleset": rules.name}
    record(rules, document, "game", starts=name)
    emit(
        as_json,
        document,
        lambda: paragraph(
            say(
                "game.started",
                "Game '{name}' started ({title}); rulings now belong to it until 'referee game stop'.",
                name=name,
                title=rules.spoken_title,
            ),
            whole_words=True,
        ),
    )
    if last:
        click.echo(last_game_note(rules, last), err=True)


def _which_ruleset() -> RefereeError:
    """No ruleset named, and no game before this one to repeat."""
    return RefereeError(
        say(
            "error.game.ruleset",
            "say which ruleset the game is played with, e.g. referee game start friday groundforce",
        )
    )


@game.command()
@journal_option
@quiet_option
@json_option
@described("help.game.stop")
def stop(as_json: bool) -> None:
    """Stop the game that is going; later rulings belong to no game.

    \b
    Example:
      referee game stop
    """
    with opened() as journal:
        going = journal.current_game()
        held = [g for g in journal.games() if going and g["name"] == going["name"]]
    if going is None:
        raise RefereeError(
            say("error.game.none_going", "no game is going; start one with 'referee game start NAME RULESET'")
        )

    rulings = held[-1]["entries"] if held else 0
    document = {"game": going["name"], "ruleset": going["ruleset"], "entries": rulings}
    record(None, document, "game", stops=going["name"])
    emit(
        as_json,
        document,
        lambda: paragraph(
            say_n(
                "game.stopped",
                "Game '{name}' stopped ({n} ruling in all); 'referee log --game {quoted}' reads it back.",
                "Game '{name}' stopped ({n} rulings in all); 'referee log --game {quoted}' reads it back.",
                rulings,
                name=going["name"],
                quoted=shlex.quote(going["name"]),
            ),
            whole_words=True,
        ),
    )
