"""`referee game`: name an evening, so its rulings can be read back together."""

from __future__ import annotations

import shlex

import click

from referee.cli.journaling import journal_option, opened
from referee.cli.options import emit, json_option, load_rules
from referee.errors import RefereeError
from referee.render.text import table


@click.group(invoke_without_command=True)
@journal_option
@json_option
@click.pass_context
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
    emit(
        as_json,
        {"games": games},
        lambda: (
            table(
                [(g["name"], g["ruleset"], g["started"], g["stopped"] or "going", g["entries"]) for g in games],
                ["game", "ruleset", "started", "stopped", "entries"],
            )
            if games
            else "No games yet."
        ),
    )


@game.command()
@click.argument("name")
@click.option("--ruleset", required=True, help="The ruleset the game is played with.")
@journal_option
@json_option
def start(name: str, ruleset: str, as_json: bool) -> None:
    """Start a game: later rulings, from any terminal using this journal,
    belong to it until 'referee game stop'. A name may be played again.

    \b
    Example:
      referee game start friday --ruleset groundforce
    """
    name = name.strip()
    if not name:
        raise RefereeError("name the game, e.g. referee game start friday --ruleset groundforce")
    rules = load_rules(ruleset)
    with opened() as journal:
        journal.start_game(name, rules.name)
    emit(
        as_json,
        {"game": name, "ruleset": rules.name},
        lambda: f"Game '{name}' started ({rules.title}); rulings now belong to it until 'referee game stop'.",
    )


@game.command()
@journal_option
@json_option
def stop(as_json: bool) -> None:
    """Stop the game that is going; later rulings belong to no game.

    \b
    Example:
      referee game stop
    """
    with opened() as journal:
        stopped = journal.stop_game()
    emit(
        as_json,
        stopped,
        lambda: (
            f"Game '{stopped['name']}' stopped ({stopped['entries']} "
            f"ruling{'' if stopped['entries'] == 1 else 's'} in all); "
            f"'referee log --game {shlex.quote(stopped['name'])}' reads it back."
        ),
    )
