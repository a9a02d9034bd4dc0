"""`referee play`: a whole game held by the referee on the board, move by
move, from the dealt map to the winner. Each action is one journal entry of
the game that is going; the board is read from the latest one.

The verbs sit under one group because they act on a game the journal holds,
not on a ruling told in full on the command line as `battle` or `map` are:
`referee play attack B3 C4` needs the board, and the board needs the game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from referee.cli import completion
from referee.cli.helptext import SeveralLinesCommand, described, helped
from referee.cli.inplay import last_game_note, named_first, rules_of_last_game
from referee.cli.journaling import OFF, journal_option, journaled, opened, record, stop_if_won, write_file, written_to
from referee.cli.map import map_options
from referee.cli.options import (
    ROLLED,
    Named,
    emit,
    extra_options,
    json_option,
    load_rules,
    seed_option,
    typed_roll,
)
from referee.cli.players import no_ruleset, not_on_board, player_options
from referee.core.errors import RefereeError
from referee.journal.games import START
from referee.procedures.told import pips as numbers
from referee.rulings.ruling import say, series, step
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.board.snapshot import BoardMove
    from referee.board.state import Board
    from referee.journal.rows import Entry
    from referee.journal.store import Journal
    from referee.ruleset.model import Ruleset


def _board_entry(game: str | None, reading: bool) -> tuple[Ruleset, Entry, BoardMove]:
    """The ruleset, latest board entry and its board action, of the named game
    or of the game going; an entry whose board cannot be read is refused."""
    from referee.board import COMMAND

    with opened(reading=reading) as journal:
        if game is None:
            going = journal.current_game()
            if going is None:
                raise RefereeError(
                    say(
                        "error.play.none_going",
                        "no game is going; start one with 'referee play start NAME RULESET --tiles N'",
                    )
                )
            game = str(going["name"])
        entry = journal.last_entry(game, COMMAND)
        if entry is None:
            names = [g["name"] for g in journal.games()]
            if game not in names:
                from referee.core.errors import did_you_mean

                raise did_you_mean(pgettext("kind", "game"), game, names)
            raise RefereeError(
                say(
                    "error.play.no_board",
                    "game '{game}' has no board; start one with 'referee play start NAME RULESET --tiles N'",
                    game=game,
                )
            )
    path = Path(entry.ruleset_path or "")
    return load_rules(str(path) if path.is_file() else entry.ruleset or ""), entry, _move(entry)


def _move(entry: Entry) -> BoardMove:
    """The entry's board action; one edited or damaged out of its shape is refused."""
    if entry.move is None:
        raise RefereeError(
            say(
                "error.play.unreadable",
                "the board of entry {n} cannot be read ('referee log verify' says more)",
                n=entry.id,
            )
        )
    return entry.move


def _player(rules: Ruleset, given: str | None, board: Board) -> str:
    """The player acting: the one named with --player (checked), else the one to move."""
    if given is None:
        return board.to_move
    from referee.board.deployment import players_of

    return players_of(rules)(given)


def player_option(f: Any) -> Any:
    return click.option(
        "--player",
        help=helped("help.player", "Who acts (refused when it is not their turn); default: the player to move."),
    )(f)


def _held() -> None:
    """A game held on the board lives in the journal: an action left out of it
    would be a board no later command can see, so --no-journal is refused."""
    if click.get_current_context().meta.get(OFF):
        raise RefereeError(
            say(
                "error.play.journal",
                "a game held on the board lives in the journal: play it without --no-journal "
                "('referee play hint' gives an attack's odds without playing it)",
            )
        )


def _act(kind: str, as_json: bool, given: str | None, seed: int | None = None, **fields: Any) -> None:
    """Apply one action to the going game's board, record it, print the new board."""
    _held()
    from referee.board.combat import pairing
    from referee.board.history import apply, document
    from referee.board.state import Board
    from referee.render import board as render

    rules, entry, move = _board_entry(None, reading=False)
    if fields.get("choose"):  # a pick as typed, ROLLED:FIELD, read as the file's procedure reads it
        fields["choose"] = pairing(rules, fields["choose"])
    board = Board.from_dict(move.board.stored)
    action = {"kind": kind, "player": _player(rules, given, board), **fields}
    new, steps, done, drawn = apply(rules, board, action, seed)
    rolled = {"rolled": {"attacker": done["throw"]}} if kind == "attack" else None
    out = document(new, done, entry.id, steps)
    _record_on(rules, out, entry, seed=drawn, dice=rolled)
    emit(as_json, out, lambda: render.report(rules, out, drawn=drawn))


def _record_on(rules: Ruleset, out: dict[str, Any], entry: Entry, **given: Any) -> None:
    """Record an action only while the board entry it was read from is still
    its game's last: of two terminals acting on one board at once, the one
    that writes second is refused with what changed, and writes nothing."""
    from referee.board import COMMAND
    from referee.journal.store import Builds, Moved
    from referee.render.outcome import outcome
    from referee.rulings.ruling import listed

    try:
        record(rules, out, "board", builds=Builds(entry.game or "", COMMAND, entry.id), **given)
    except Moved as moved:
        changes = [
            say(
                "play.changed",
                "{outcome} (entry {entry})",
                outcome=outcome(e, lambda word: rules.said(word).spoken),
                entry=e.id,
            )
            for e in moved.since
        ]
        raise RefereeError(
            say(
                "error.play.moved",
                "the board changed: {changes}; look again with 'referee play board'",
                changes=listed(changes),
            )
        ) from None


@click.group()
@described("help.play")
def play() -> None:
    """A DiceLand-style game held by the referee on the board, move by move:
    start deals and sets up, then place, attack, move and end turns; board
    and hint show it; undo takes an action back; replay checks the board
    against the journal. Every action is a journal entry of the game.

    \b
    Example:
      referee play start friday diceland --tiles 8 --seed 3
      referee play place B1 6
      referee play board
    """


@play.command(cls=SeveralLinesCommand, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("name")
@click.argument("ruleset", metavar="[RULESET]", required=False, shell_complete=completion.rulesets)
@map_options
@click.option(
    "--rule",
    "options",
    multiple=True,
    metavar="NAME",
    help=helped("help.play.start.rule", "A special rule the table opts into (repeatable)."),
)
@player_options(board=True)
@click.option(
    "--growth",
    type=Named(["offer", "apply"]),
    help=helped(
        "help.play.start.growth",
        "When several dice could grow at the end of a turn: offer (the player names one) "
        "or apply (the weakest grows); default: as the ruleset says.",
    ),
)
@seed_option
@journaled
@json_option
@click.pass_context
@described("help.play.start")
def start(
    ctx: click.Context,
    name: str,
    ruleset: str | None,
    tiles: int,
    shape: str,
    capitals: bool,
    options: tuple[str, ...],
    growth: str | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Start a game: deal the map, take each player's rolled dice (--red 6,5,…)
    or roll both armies, and say who places first. The game is the journal's
    game going until 'referee game stop', or until a game is started after
    its winner was declared. Left out, RULESET is the one the game started
    last played.

    \b
    Example:
      referee play start friday diceland --tiles 8 --seed 3 \\
          --rule terrain
    """
    from referee.board.deployment import deployment_of, players_of
    from referee.board.history import apply, document
    from referee.board.state import play_of
    from referee.chance.dice import new_seed
    from referee.render import board as render
    from referee.words.names import variants_of

    _held()
    name = name.strip()
    if not name:
        raise RefereeError(
            say("error.play.name", "name the game; start one with 'referee play start NAME RULESET --tiles N'")
        )
    rules, last = rules_of_last_game(named_first(ctx, ruleset), no_ruleset)
    if last and rules.play is None:  # one named is refused by play_of; this one with the game it came from
        raise not_on_board(last, rules)
    play_of(rules)
    players = players_of(rules)
    rule = deployment_of(rules).roll_rule
    armies = {
        players(k): list(numbers(typed_roll(v, f"--{k}"), f"--{k}", rule)) for k, v in extra_options(ctx.args).items()
    }
    variants = variants_of(rules)
    action = {
        "kind": "start",
        "game": name,
        "tiles": tiles,
        "shape": shape,
        "capitals": capitals,
        "options": sorted({variants(o) for o in options}),
        "seed": new_seed() if seed is None else seed,
        "armies": armies,
        "growth": growth,
    }
    board, steps, _, _ = apply(rules, None, action)
    stop_if_won()
    record(rules, {"game": name, "ruleset": rules.name}, "game", starts=name, command=START)
    out = document(board, action, None, steps)
    record(rules, out, "board", seed=board.seed)
    emit(as_json, out, lambda: render.report(rules, out))
    if last:
        click.echo(last_game_note(rules, last), err=True)


@play.command()
@click.argument("placements", nargs=-1, required=True, metavar="TILE PIPS [TILE PIPS]...")
@player_option
@journaled
@json_option
@described("help.play.place")
def place(placements: tuple[str, ...], player: str | None, as_json: bool) -> None:
    """Place a die from the player's rolled dice on an empty tile; players
    alternate, the first placer first. Several placements in the order made
    at the table may follow one another (red's, blue's, red's, …).

    \b
    Example:
      referee play place B3 6
      referee play place B3 6 C4 5 A2 3
    """
    if len(placements) % 2:
        raise RefereeError(
            say(
                "error.play.pairs",
                "placements come in pairs, a tile and the pips placed on it, e.g. 'play place B3 6'",
            )
        )
    pairs = [
        (tile, numbers(pips, say("error.play.pips_on", "the pips on {tile}", tile=tile), ""))
        for tile, pips in zip(placements[::2], placements[1::2])
    ]
    for tile, value in pairs:
        if len(value) != 1:
            raise RefereeError(say("error.play.one_die", "one die on {tile}, e.g. 'play place {tile} 6'", tile=tile))
    _act("place", as_json, player, placements=[[tile, value[0]] for tile, value in pairs])


@play.command()
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
@click.option(
    "--with",
    "second",
    metavar="TILE",
    help=helped("help.play.attack.with", "A second own die next to both joins the attack."),
)
@click.option(
    "--roll",
    type=ROLLED,
    help=helped("help.play.attack.roll", "The hand dice as rolled at the table (one, or two for a combined attack)."),
)
@click.option(
    "--choose",
    metavar="ROLLED:FIELD",
    help=helped(
        "help.play.attack.choose",
        "The pairing picked, for a combined attack, e.g. 5:6 (or 5:C3, the field die by its tile).",
    ),
)
@player_option
@seed_option
@journaled
@json_option
@described("help.play.attack")
def attack(
    source: str,
    target: str,
    second: str | None,
    roll: str | None,
    choose: str | None,
    player: str | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Attack an enemy die from an own die next to it (and a second own die
    with --with), on the hand dice typed with --roll or drawn; the same
    attack on the same board draws the same dice, after an undo too.

    \b
    Example:
      referee play attack B3 C4 --roll 4
    """
    _act(
        "attack",
        as_json,
        player,
        seed,
        **{"from": source, "to": target, "with": second},
        throw=None if roll is None else list(numbers(roll, "--roll", "")),
        choose=choose,
    )


@play.command()
@click.argument("pairing", metavar="ROLLED:FIELD")
@player_option
@journaled
@json_option
@described("help.play.pick")
def pick(pairing: str, player: str | None, as_json: bool) -> None:
    """Pick the pairing of a combined attack on the throw already made; where
    both attacking dice show the same pips, name the field die by its tile.

    \b
    Example:
      referee play pick 5:6
      referee play pick 5:C3
    """
    _act("pick", as_json, player, choose=pairing)


@play.command()
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
@player_option
@journaled
@json_option
@described("help.play.move")
def move(source: str, target: str, player: str | None, as_json: bool) -> None:
    """The turn's one optional move, to an adjacent empty tile (or onto an own
    die, merging, when grouping is in play).

    \b
    Example:
      referee play move C4 D4
    """
    _act("move", as_json, player, None, **{"from": source, "to": target})


@play.command()
@click.argument("tile")
@player_option
@journaled
@json_option
@described("help.play.claim")
def claim(tile: str, player: str | None, as_json: bool) -> None:
    """Take the pip a forgotten compulsory move costs, off one of the dice that could have moved.

    \b
    Example:
      referee play claim C4
    """
    _act("claim", as_json, player, tile=tile)


@play.command()
@click.option("--grow", metavar="TILE", help=helped("help.play.end.grow", "The die that grows, when several could."))
@player_option
@journaled
@json_option
@described("help.play.end")
def end(grow: str | None, player: str | None, as_json: bool) -> None:
    """End the turn: growth, the end of the game, or the next player's turn.

    \b
    Example:
      referee play end --grow C2
    """
    _act("end", as_json, player, grow=grow)


def _acted(journal: Journal, entry: Entry) -> Entry:
    """The entry whose action left the board an entry shows: the entry itself,
    or for an undo the entry it went back to (and so on, undo after undo), so
    a second undo names the action it really takes back, not the first undo."""
    while entry.move is not None and entry.move.act.kind == "undo" and entry.move.act.back_to is not None:
        entry = journal.entry(entry.move.act.back_to)
    return entry


@play.command()
@journaled
@json_option
@described("help.play.undo")
def undo(as_json: bool) -> None:
    """Take back the last action: a new journal entry returns the board to
    where it was; nothing is deleted.

    \b
    Example:
      referee play undo
    """
    from referee.render import board as render

    _held()
    rules, entry, move = _board_entry(None, reading=False)
    if move.previous is None:
        raise RefereeError(
            say("error.play.undo", "nothing to undo: the game starts with the deal (stop it with 'referee game stop')")
        )

    with opened() as journal:
        kept = journal.entry(move.previous)
        taken = _acted(journal, entry)
    if kept.damage or kept.move is None:
        raise RefereeError(
            say(
                "error.play.undo_damaged",
                "cannot undo: the board before it, entry {n}, cannot be read: {why}",
                n=move.previous,
                why=series(kept.damage or [say("error.play.not_board", "it holds no board")]),
            )
        )
    before = kept.move
    action = {"kind": "undo", "undone": taken.id, "back_to": move.previous, "built_on": entry.id}
    steps = [step("", "board.undo", "entry {entry} ({command}) taken back", entry=taken.id, command=taken.command)]
    out = {
        "game": move.game,
        "action": action,
        "previous": before.previous,
        "board": before.board.stored,
        "explanation": [s.as_dict() for s in steps],
    }
    _record_on(rules, out, entry)
    emit(as_json, out, lambda: render.report(rules, out))


@play.command()
@click.option("--game", help=helped("help.play.board.game", "The game to show (default: the game going)."))
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, writable=True, allow_dash=True),
    help=helped("help.play.board.svg", "Also write an SVG picture ('-': to stdout, and the report to stderr)."),
)
@journal_option
@json_option
@described("help.play.board")
def board(game: str | None, svg_path: str | None, as_json: bool) -> None:
    """The board now: every tile with its terrain and die, whose turn and
    phase, each player's dice on the map, pips, hand.

    \b
    Example:
      referee play board --svg board.svg
    """
    from referee.render import board as render

    rules, entry, move = _board_entry(game, reading=True)
    out = {"game": move.game, "entry": entry.id, "board": move.board.stored}
    if svg_path:
        write_file(svg_path, render.svg(rules, move.board), pgettext("file.what", "the board"))
        out["svg"] = svg_path
    emit(
        as_json,
        out,
        lambda: render.report(rules, out) + ("\n\n" + _written(svg_path) if svg_path else ""),
    )


@play.command()
@click.option("--game", help=helped("help.play.hint.game", "The game to advise on (default: the game going)."))
@journal_option
@json_option
@described("help.play.hint")
def hint(game: str | None, as_json: bool) -> None:
    """Every attack the player to move may make, with the exact chance of
    taking the tile and the pips it is expected to cost, best first.

    \b
    Example:
      referee play hint
    """
    from referee.board.hints import hints
    from referee.board.state import Board
    from referee.render import board as render

    rules, _, move = _board_entry(game, reading=True)
    found = hints(rules, Board.from_dict(move.board.stored))
    out = {"game": move.game, "board": move.board.stored, "hints": [h.as_dict() for h in found]}
    emit(as_json, out, lambda: render.hints(rules, out, found))


@play.command()
@click.option("--game", help=helped("help.play.replay.game", "The game to rebuild (default: the game going)."))
@journal_option
@json_option
@described("help.play.replay")
def replay(game: str | None, as_json: bool) -> None:
    """Rebuild the board from the game's journal entries, from the deal on,
    and check every stored board against it, and that no two actions were
    built on the same board. Exit code 1 when one differs or the history forks.

    \b
    Example:
      referee play replay --game friday
    """
    from referee.board.history import forks, rebuild
    from referee.render import board as render

    rules, entry, move = _board_entry(game, reading=True)
    with opened(reading=True) as journal:
        entries = journal.entries(game=entry.game)
    rebuilt, differences = rebuild(rules, entries)
    forked = forks(entries)
    same = rebuilt is not None and rebuilt.as_dict() == move.board.stored and not differences and not forked
    out = {
        "game": move.game,
        "same": same,
        "differences": differences,
        "forks": forked,
        "board": rebuilt.as_dict() if rebuilt else None,
    }
    emit(as_json, out, lambda: render.replayed(out))
    if not same:
        click.get_current_context().exit(1)


def _written(path: str) -> str:
    return pgettext("svg.saved", "SVG picture written to {path}.").format(path=written_to(path))
