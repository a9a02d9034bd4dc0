"""The players a ruleset names, where no one ruleset is in hand: which
rulesets hold games on the board (`play start` with RULESET left out is
refused with their names), and each player's option in the help of `play
start` and `setup`, ruleset by ruleset, the game in play's first: a
ruleset names its players (DiceLand's --red and --blue), so help that
cannot know the ruleset lists them all."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from referee.cli.helptext import SeveralLines
from referee.cli.journaling import ruleset_in_play
from referee.cli.options import load_rules
from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError
from referee.rulings.ruling import say

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


def with_players(board: bool) -> list[Ruleset]:
    """Every ruleset that deals players their armies (with `board`: that
    holds games on the board too), shipped and your own, by name; a file
    that does not load is left out, as it would be refused when named."""
    from referee.ruleset.load import catalogue, load_file

    found = []
    for entry in catalogue(user_dirs()):
        if entry.hidden:
            continue
        try:
            rules = load_file(entry.path)
        except RefereeError:
            continue
        if rules.deployment and (rules.play or not board):
            found.append(rules)
    return sorted(found, key=lambda rules: rules.name)


def _in_play() -> Ruleset | None:
    """The game in play's ruleset, for help: none where the journal or its
    file cannot be read (help is never refused for that)."""
    try:
        word = ruleset_in_play()
        return load_rules(word) if word else None
    except RefereeError:
        return None


def player_rows(board: bool) -> list[tuple[str, str]]:
    """A help line for each player's option of each ruleset that has players,
    the game in play's ruleset first and said to be in play."""
    from referee.words.language import pgettext

    playing = _in_play()
    listed = [r for r in with_players(board) if playing is None or r.path != playing.path]
    if playing is not None and playing.deployment and (playing.play or not board):
        listed.insert(0, playing)
    rows: list[tuple[str, str]] = []
    for rules in listed:
        assert rules.deployment is not None  # with_players keeps only rulesets that deal players
        for player in rules.deployment.players:
            rolled = pgettext("show.option.rolled", "the dice {player} rolled").format(player=rules.said(player).spoken)
            said = (
                say("help.player.in_play", "{game}, the game in play: {rolled}", game=rules.spoken_title, rolled=rolled)
                if rules is playing
                else say("help.player.of", "{game}: {rolled}", game=rules.spoken_title, rolled=rolled)
            )
            rows.append((f"--{player} DICE", said))
    return rows


def not_on_board(game: str, rules: Ruleset) -> RefereeError:
    """The game started last plays a ruleset not held on the board."""
    return RefereeError(
        say(
            "error.play.last_not_held",
            "game '{game}' played {title}, which is not held on the board: name a ruleset that is ({names})",
            game=game,
            title=rules.spoken_title,
            names=_names(),
        )
    )


def no_ruleset() -> RefereeError:
    """No ruleset named and no game before to repeat."""
    return RefereeError(
        say(
            "error.play.which_ruleset",
            "name the ruleset after the game's name, one held on the board ({names}): "
            "referee play start NAME RULESET --tiles N",
            names=_names(),
        )
    )


def _names() -> str:
    from referee.words.language import pgettext

    return pgettext("list", ", ").join(rules.name for rules in with_players(board=True))


class PlayerLines(SeveralLines):
    """Each player's option of each ruleset, one help line each."""

    def __init__(self, *args: Any, board: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.board = board

    def lines(self, ctx: click.Context) -> list[tuple[str, str]]:
        with ctx.scope(cleanup=False):  # the journal and folders of this command line, whoever formats its help
            return player_rows(self.board)


def player_options(board: bool) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Each player's option in --help (--red DICE), as each ruleset that
    deals players their armies names them (with `board`: each that holds
    games on the board); the command reads them from its extra arguments."""
    return click.option("--PLAYER", cls=PlayerLines, board=board, expose_value=False)
