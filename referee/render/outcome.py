"""A journal entry's outcome in a few words, for `referee log`: read, by the
entry's kind of outcome, from the fields that kind of ruling carries (who won,
hit or miss, what was bought or recruited, what a board action did, the map
dealt), else the conclusion its last step states when that is short, else a
neutral word.

Each phrase is a message with a stable id, said whole in the language spoken;
a side is said as the language's noun for it. Players, units and other words
of a ruleset stay as the journal stored them unless the caller has the
ruleset at hand and gives `word` and `counted`, as the list does from the
ruleset the journal kept, loaded only for the entries that name such words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.journal.summaries import (
    Bought,
    Built,
    Fought,
    GameTold,
    Grouped,
    Held,
    Mapped,
    Recruits,
    Rolled,
    Scored,
    SetUp,
    Struck,
    Summary,
)
from referee.render.widths import closed_up, columns
from referee.rulings.ruling import Side, listed, say, say_n, series
from referee.words.language import ENGLISH, current

if TYPE_CHECKING:
    from referee.board.snapshot import BoardMove
    from referee.journal.rows import Entry

SHORT = 32  # longest conclusion taken from an explanation as the outcome

Word = Callable[[str], str]  # a ruleset's word (a player) as the language spoken writes it
Counted = Callable[[str, int, str], str]  # a count of a unit in a state ('' for none), as the language spoken says it


def stored(unit: str, count: int, state: str = "") -> str:
    """'3 trooper': a count of a unit as the journal stored its word."""
    return say("outcome.counted", "{n} {unit}", n=str(count), unit=(state + " " + unit).strip())


def outcome(entry: Entry, word: Word = str, counted: Counted = stored) -> str:
    """The entry's outcome, its Chinese words closed up once the words given are in."""
    return closed_up(_outcome(entry, word, counted))


def _outcome(entry: Entry, word: Word, counted: Counted) -> str:
    told = entry.summary
    if entry.move is not None:
        return _board(entry.move, word)
    if isinstance(told, GameTold):
        return _game(entry.command.removeprefix("game "), told.game)
    if entry.kind == "refused":  # with the rule that refused it, where the entry names one
        rule = entry.ruling.get("rule") if isinstance(entry.ruling, dict) else None
        return (
            say("outcome.refused.rule", "refused ({rule})", rule=rule)
            if isinstance(rule, str)
            else say("outcome.refused", "refused")
        )
    said: str
    if entry.awaits:  # a ruling through the door that waits for a pick on the same throw
        said = say("outcome.awaits", "waits for --{option}", option=entry.awaits)
    elif told is None:  # a kind told by its steps, or a ruling out of its kind's shape
        return _concluded(entry.explanation)
    else:
        said = _said(told, counted)
    if entry.dice.rolled_before:
        return say("outcome.rolled_before", "{outcome} (rolled before)", outcome=said)
    return said


def _said(told: Summary, counted: Counted) -> str:
    """What a ruling of its kind ruled, from its summary."""
    if isinstance(told, Scored):
        return _score(told)
    if isinstance(told, Fought):
        return _battle(told)
    if isinstance(told, Struck):
        return _struck(told)
    if isinstance(told, Rolled):
        return say("outcome.total", "total {total}", total=told.total)
    if isinstance(told, Recruits):
        return say_n(
            "outcome.ways.take", "{n} way to take {units}", "{n} ways to take {units}", told.ways, units=told.units
        )
    if isinstance(told, Held):
        said = listed(counted(unit, count, state) for unit, count, state in told.after)
        return say("outcome.now", "now {units}", units=said or say("outcome.nothing", "nothing"))
    if isinstance(told, Built):
        return say("outcome.built", "built {things}, {left} left", things=listed(told.built), left=told.left)
    if isinstance(told, Bought):
        return _bought(told, counted)
    if isinstance(told, Mapped):
        dice = say_n("outcome.dice_each", "{n} die each", "{n} dice each", told.dice_per_player)
        return say_n("outcome.tiles", "{n} tile, {dice}", "{n} tiles, {dice}", told.tiles, dice=dice)
    if isinstance(told, SetUp):
        return _dealt(told.tiles, told.places_first)
    if isinstance(told, Grouped):
        return say("outcome.grouped", "worth {value}, {lost} lost", value=told.value, lost=told.lost)
    return say("outcome.ruled", "ruled")


def _game(done: str, game: str) -> str:
    if done == "start":
        return say("outcome.game.start", "game {game} started", game=game)
    if done == "stop":
        return say("outcome.game.stop", "game {game} stopped", game=game)
    return say("outcome.game.kept", "game {game} kept", game=game)


def _concluded(steps: list[Any]) -> str:
    """The last step's conclusion (after its last colon) when it is short, else 'ruled'."""
    if steps and isinstance(steps[-1], dict):
        conclusion = re.split(r": |：", str(steps[-1].get("text", "")))[-1]  # Chinese writes a wide colon
        if 0 < columns(conclusion) <= SHORT:
            return conclusion
    return say("outcome.ruled", "ruled")


def _battle(told: Fought) -> str:
    if told.winner:
        return say("outcome.side_wins", "{winner} wins", winner=Side(told.winner))
    if told.effect is not None:  # a pairing's effect ('failed'), known before its winner
        return say("outcome.attack", "{outcome} attack", outcome=_named(told.effect))
    return say("outcome.no_winner", "no winner")


def _score(told: Scored) -> str:
    if told.winner:
        by = _named(told.decided_by or "")
        return say("outcome.player_wins.by", "{winner} wins ({decided_by})", winner=told.winner, decided_by=by)
    if told.decided_by:
        return say("outcome.tied", "tied (see why)")
    return say("outcome.no_winner", "no winner")


def _named(stored: str) -> str:
    """An enumerated word of a ruling (what decided a game, what a pairing
    did) as the language spoken names it; an unknown word as stored."""
    named = {
        "dice": lambda: say("outcome.criterion.dice", "dice"),
        "pips": lambda: say("outcome.criterion.pips", "pips"),
        "first": lambda: say("outcome.criterion.first", "first"),
        "capital": lambda: say("outcome.criterion.capital", "capital"),
        "failed": lambda: say("pairing.failed", "failed"),
        "perfect": lambda: say("pairing.perfect", "perfect"),
        "valid": lambda: say("pairing.valid", "valid"),
    }
    return named[stored]() if stored in named else stored


def _struck(told: Struck) -> str:
    if told.hit is None:  # an older check that only gave the number needed
        return say("outcome.needs", "needs {needed}+ to hit", needed=told.needed)
    if not told.hit:
        return say("outcome.miss", "a miss")
    if told.damage is not None:
        if told.critical:
            return say("outcome.critical.damage", "a critical hit: {n} damage", n=told.damage)
        return say("outcome.hit.damage", "a hit: {n} damage", n=told.damage)
    if not told.wound_rolled:
        return say("outcome.critical", "a critical hit") if told.critical else say("outcome.hit", "a hit")
    if told.out_of_action:
        return say("outcome.hit.out", "a hit: out of action")
    if told.wounded:
        return say("outcome.hit.wounded", "a hit: wounded")
    return say("outcome.hit.unwounded", "a hit, no wound")


def _bought(told: Bought, counted: Counted) -> str:
    if told.bought:
        return say("outcome.bought", "bought {units}", units=listed(counted(unit, n, "") for unit, n in told.bought))
    if told.told:
        return say("outcome.bought", "bought {units}", units=told.told)
    return say_n(
        "outcome.ways.spend", "{n} way to spend {spend}", "{n} ways to spend {spend}", told.ways, spend=told.spend
    )


def _dealt(tiles: int, first: str) -> str:
    return say_n("outcome.dealt", "{n} tile dealt, {first} first", "{n} tiles dealt, {first} first", tiles, first=first)


def names_words(entry: Entry) -> bool:
    """Whether the entry's outcome names a ruleset's words the language spoken
    may write otherwise (units; a board's players, where it is not English):
    only for these does the list load a ruleset."""
    if entry.move is not None:
        return current() != ENGLISH
    return isinstance(entry.summary, (Held, Bought))


def _board(move: BoardMove, word: Word) -> str:
    """What an action on the board did, read from the board it left."""
    act, board = move.act, move.board
    player = word(act.player) if act.player else str(act.player)
    at = board.at()
    if board.phase == "over" and board.winner:
        return say("outcome.player_wins", "{winner} wins", winner=word(board.winner.player))
    if act.kind == "start":
        return _dealt(len(board.tiles), word(board.to_move))
    if act.kind == "place":  # placements alternate between the players: each tile now names its placer
        by: dict[str | None, list[str]] = {}
        for coord, pips in act.placements:
            by.setdefault(at[coord].owner, []).append(
                say("outcome.placed", "a {pips} on {coord}", pips=pips, coord=coord)
            )
        return series(
            say("outcome.placed_by", "{player}: {placed}", player=word(str(p)), placed=listed(placed))
            for p, placed in by.items()
        )
    if board.pending:
        return say("outcome.pick_awaited", "waits for a pick")
    if act.kind in ("attack", "pick") and act.to in at:
        held = at[act.to]
        if held.owner == act.player:
            return say("outcome.takes", "{player} takes {tile}", player=player, tile=act.to)
        if held.owner:
            return say("outcome.holds", "{tile} holds ({pips} left)", tile=act.to, pips=held.pips)
        return say("outcome.emptied", "{tile} emptied", tile=act.to)
    if act.kind == "pick" and act.choose:
        rolled, field = act.choose
        return say("outcome.picked", "{player} picks {rolled}:{field}", player=player, rolled=rolled, field=field)
    if act.kind == "move":
        return say("outcome.moves", "{player} moves {start} to {tile}", player=player, start=act.start, tile=act.to)
    if act.kind == "undo":
        return say("outcome.undone", "entry {entry} taken back", entry=act.undone)
    if act.kind == "end":  # what the board's status says the next player does, without its "then end the turn"
        to_move = word(board.to_move)
        if board.phase == "attack":
            return say(
                "outcome.turn.attack",
                "turn {turn}: {player} to attack (or move, if no attack is possible)",
                turn=board.turn,
                player=to_move,
            )
        return say("outcome.turn", "turn {turn}: {player} to move", turn=board.turn, player=to_move)
    return say("outcome.acts", "{player} {kind}s", player=player, kind=act.kind)
