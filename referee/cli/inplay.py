"""The ruleset a command rules with: the one named on the command line, else
the one of the game in play. After `referee game start friday groundforce`
every command may leave RULESET out (`referee reinforce --mines 2`); naming
another ruleset still works, and the journal notes it.

RULESET is an optional first word, so in a command that reads more words
after it (`referee group 1 2`, `referee build … city`) the first word is
RULESET only when it names a ruleset: a shipped or user ruleset's name or
alias, or a file's path. A word close to a ruleset's name is refused as a
mistyped one; any other word (or an option, `--mines`) belongs to the words
after it, and the game in play supplies the ruleset.

A command that starts a game (`game start NAME [RULESET]`, `play start`)
has no game in play to ask: left out, its RULESET is the one the game
started last played, and a note says so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from referee.cli.journaling import (
    SUPPLIED,
    SUPPLIED_AT,
    SUPPLIED_BY,
    game_in_play,
    ruleset_last_played,
    ruleset_override,
)
from referee.cli.options import load_rules
from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError
from referee.rulings.ruling import say
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


def rules_in_play(named: str | None, refusal: Callable[[], RefereeError] | None = None) -> Ruleset:
    """The ruleset of a command whose only word is RULESET; with none named
    and no game in play, `refusal` says why (by default: name a ruleset)."""
    return load_rules(named) if named is not None else _of_the_game(refusal)


def rules_of_last_game(named: str | None, refusal: Callable[[], RefereeError]) -> tuple[Ruleset, str | None]:
    """The ruleset of a command that starts a game (`game start NAME
    [RULESET]`, `play start`), and the game it came from: the one named
    (and None), else the one the game started last played, going or
    stopped: the next evening most often plays the same (`last_game_note`
    says so once the game is started); with no game in the journal,
    `refusal` says why."""
    if named is not None:
        return load_rules(named), None
    last = ruleset_last_played()
    if last is None:
        raise refusal()
    game, word = last
    ctx = click.get_current_context()
    ctx.meta[SUPPLIED], ctx.meta[SUPPLIED_AT] = word, 1  # the replay line names it after NAME
    ctx.params["ruleset"] = word
    return load_rules(word), game


def last_game_note(rules: Ruleset, game: str) -> str:
    """The note on stderr that a game plays the ruleset of the one before,
    wrapped to the terminal as the ruling above it is."""
    from referee.render.text import paragraph

    said = say(
        "note.ruleset.last_game",
        "note: {title}, as game '{game}' played; to play another, name its ruleset after the game's name",
        title=rules.spoken_title,
        game=game,
    )
    return paragraph(said)


def named_first(ctx: click.Context, word: str | None) -> str | None:
    """RULESET where an optional RULESET may be followed by options the
    ruleset names (`play start friday --red 6,5`): the word when it names a
    ruleset, else None, the word going back to the extra arguments."""
    if word is None or ruleset_override() is not None or _names_a_ruleset(word):
        return word
    ctx.args = [word, *ctx.args]
    return None


def rules_and_words(named: str | None, words: list[str]) -> tuple[Ruleset, list[str]]:
    """The ruleset, and the command's other words, of a command that reads
    words after RULESET: a first word that names no ruleset is the first of them."""
    if named is not None and (ruleset_override() is not None or _names_a_ruleset(named)):
        return load_rules(named), words
    return _of_the_game(), [named, *words] if named is not None else words


def rules_and_extra(ctx: click.Context, named: str | None) -> Ruleset:
    """`rules_and_words` for a command that reads the options a ruleset names
    (`--mines 2`) from its extra arguments, which it then reads in ctx.args."""
    rules, ctx.args = rules_and_words(named, list(ctx.args))
    return rules


def _names_a_ruleset(word: str) -> bool:
    """Whether a first word is RULESET: a path or a name a ruleset answers to
    is; one close to such a name is refused (a typo, not a count or a die)."""
    if word.startswith("-"):
        return False  # an option the ruleset names, as in `reinforce --mines 2`
    from referee.ruleset.load import SUFFIX, catalogue, find
    from referee.ruleset.lookup import every_name

    if Path(word).suffix in (SUFFIX, ".yml") or "/" in word or "\\" in word:
        return True
    names = every_name(catalogue(user_dirs()))
    if word.lower() in {name.lower() for name in names}:
        return True
    import difflib

    if difflib.get_close_matches(word.lower(), [name.lower() for name in names], n=1, cutoff=0.6):
        find(word, user_dirs())  # refused, with the name it is close to (unless a declared name finds it)
        return True
    return False


def _of_the_game(refusal: Callable[[], RefereeError] | None = None) -> Ruleset:
    """The ruleset of the game in play, from the file its start read where
    that is still there; the command line a replay runs names it."""
    override = ruleset_override()
    if override is not None:  # a replay: the file it rules with
        return load_rules(str(override))
    going, word = game_in_play()
    if word is None:
        raise (refusal or _none_in_play)()
    ctx = click.get_current_context()
    ctx.meta[SUPPLIED], ctx.meta[SUPPLIED_BY] = word, going  # the ruling is filed under that game, or refused
    ctx.params["ruleset"] = word
    return load_rules(word)


def _none_in_play() -> RefereeError:
    """No ruleset named and no game in play: one line with the way out."""
    from referee.ruleset.load import catalogue

    names = sorted({entry.name for entry in catalogue(user_dirs()) if not entry.hidden})
    return RefereeError(
        say(
            "error.ruleset.none",
            "name a ruleset ({names}) or start a game that plays one: referee game start NAME RULESET",
            names=pgettext("list", ", ").join(names),
        )
    )
