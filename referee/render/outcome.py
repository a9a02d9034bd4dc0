"""A journal entry's outcome in a few words, for `referee log`: read from the
typed keys its kind of ruling carries (who won, hit or miss, what was bought
or recruited, what a board action did, the map dealt), else the conclusion
its last step states when that is short, else a neutral word.

Each phrase is a message with a stable id, said whole in the language spoken;
a side is said as the language's noun for it. Players, units and other words
of a ruleset stay as the journal stored them unless the caller has the
ruleset at hand and gives `word` and `counted`, as the list does from the
ruleset the journal kept, loaded only for the entries that name such words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from referee.language import ENGLISH, current
from referee.render.widths import closed_up, columns
from referee.ruling import Side, listed, say, say_n, series

SHORT = 32  # longest conclusion taken from an explanation as the outcome

Ruling = dict[str, Any]
Word = Callable[[str], str]  # a ruleset's word (a player) as the language spoken writes it
Counted = Callable[[str, int, str], str]  # a count of a unit in a state ('' for none), as the language spoken says it


def stored(unit: str, count: int, state: str = "") -> str:
    """'3 trooper': a count of a unit as the journal stored its word."""
    return say("outcome.counted", "{n} {unit}", n=str(count), unit=(state + " " + unit).strip())


def outcome(entry: dict[str, Any], word: Word = str, counted: Counted = stored) -> str:
    """The entry's outcome, its Chinese words closed up once the words given are in."""
    return closed_up(_outcome(entry, word, counted))


def _outcome(entry: dict[str, Any], word: Word, counted: Counted) -> str:
    ruling = entry["ruling"] if isinstance(entry["ruling"], dict) else {}
    if "board" in ruling and "action" in ruling:
        return _board(ruling["action"], ruling["board"], word)
    for keys, said in _TYPED:
        if all(key in ruling for key in keys):
            if (entry["dice"] or {}).get("rolled_before"):
                return say("outcome.rolled_before", "{outcome} (rolled before)", outcome=said(ruling, counted))
            return said(ruling, counted)
    if entry["command"].startswith("game "):
        return _game(entry["command"].removeprefix("game "), str(ruling.get("game", "")))
    return _concluded(ruling)


def _game(done: str, game: str) -> str:
    if done == "start":
        return say("outcome.game.start", "game {game} started", game=game)
    if done == "stop":
        return say("outcome.game.stop", "game {game} stopped", game=game)
    return say("outcome.game.kept", "game {game} kept", game=game)


def _concluded(ruling: Ruling) -> str:
    """The last step's conclusion (after its last colon) when it is short, else 'ruled'."""
    steps = ruling.get("explanation")
    if isinstance(steps, list) and steps and isinstance(steps[-1], dict):
        conclusion = re.split(r": |：", str(steps[-1].get("text", "")))[-1]  # Chinese writes a wide colon
        if 0 < columns(conclusion) <= SHORT:
            return conclusion
    return say("outcome.ruled", "ruled")


def _battle(ruling: Ruling) -> str:
    if ruling["winner"]:
        return say("outcome.side_wins", "{winner} wins", winner=Side(ruling["winner"]))
    if isinstance(ruling.get("outcome"), str):  # a pairing's effect ('failed'), known before its winner
        return say("outcome.attack", "{outcome} attack", outcome=_named(ruling["outcome"]))
    return say("outcome.no_winner", "no winner")


def _score(ruling: Ruling) -> str:
    if ruling["winner"]:
        by = _named(ruling["decided_by"])
        return say("outcome.player_wins.by", "{winner} wins ({decided_by})", winner=ruling["winner"], decided_by=by)
    if ruling.get("decided_by"):
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


def _hit(ruling: Ruling) -> str:
    if not ruling["hit"]:
        return say("outcome.miss", "a miss")
    if ruling.get("damage") is not None:
        if ruling.get("critical"):
            return say("outcome.critical.damage", "a critical hit: {n} damage", n=ruling["damage"])
        return say("outcome.hit.damage", "a hit: {n} damage", n=ruling["damage"])
    if "wound_roll" not in ruling:
        return say("outcome.critical", "a critical hit") if ruling.get("critical") else say("outcome.hit", "a hit")
    if ruling.get("out_of_action"):
        return say("outcome.hit.out", "a hit: out of action")
    if ruling.get("wounds", 0) > ruling.get("wounds_before", 0):
        return say("outcome.hit.wounded", "a hit: wounded")
    return say("outcome.hit.unwounded", "a hit, no wound")


def _units(held: list[dict[str, Any]], counted: Counted) -> str:
    said = listed(counted(u["unit"], u["count"], u["state"]) for u in held)
    return said or say("outcome.nothing", "nothing")


def _bought(ruling: Ruling, counted: Counted) -> str:
    bought = ruling["bought"]
    if isinstance(bought, dict) and bought:
        return say("outcome.bought", "bought {units}", units=listed(counted(unit, n, "") for unit, n in bought.items()))
    if bought:
        return say("outcome.bought", "bought {units}", units=str(bought))
    ways = len(ruling["purchases"])
    return say_n(
        "outcome.ways.spend", "{n} way to spend {spend}", "{n} ways to spend {spend}", ways, spend=ruling["spend"]
    )


def _dealt(tiles: int, first: str) -> str:
    return say_n("outcome.dealt", "{n} tile dealt, {first} first", "{n} tiles dealt, {first} first", tiles, first=first)


def _set_up(ruling: Ruling) -> str:
    dice = say_n("outcome.dice_each", "{n} dice each", "{n} dice each", ruling["dice_per_player"])
    return say_n("outcome.tiles", "{n} tile, {dice}", "{n} tiles, {dice}", len(ruling["tiles"]), dice=dice)


def _alone(said: Callable[[Ruling], str]) -> Callable[[Ruling, Counted], str]:
    """An outcome that names no unit."""
    return lambda ruling, counted: said(ruling)


_TYPED: list[tuple[tuple[str, ...], Callable[[Ruling, Counted], str]]] = [
    (("error",), _alone(lambda r: say("outcome.refused", "refused"))),
    (("awaits",), _alone(lambda r: say("outcome.awaits", "waits for --{option}", option=r["awaits"]))),
    (("players", "winner"), _alone(_score)),
    (("winner",), _alone(_battle)),
    (("hit",), _alone(_hit)),
    (("needed",), _alone(lambda r: say("outcome.needs", "needs {needed}+ to hit", needed=r["needed"]))),
    (("total", "expression"), _alone(lambda r: say("outcome.total", "total {total}", total=r["total"]))),
    (
        ("units", "ways"),
        lambda r, c: say_n(
            "outcome.ways.take", "{n} way to take {units}", "{n} ways to take {units}", len(r["ways"]), units=r["units"]
        ),
    ),
    (("before", "after"), lambda r, c: say("outcome.now", "now {units}", units=_units(r["after"], c))),
    (
        ("built", "left"),
        _alone(
            lambda r: say("outcome.built", "built {things}, {left} left", things=listed(r["built"]), left=r["left"])
        ),
    ),
    (("purchases", "spend"), _bought),
    (("places_first", "tiles"), _alone(lambda r: _dealt(len(r["tiles"]), r["places_first"]))),
    (("dice_per_player", "tiles"), _alone(_set_up)),
    (
        ("value", "lost"),
        _alone(lambda r: say("outcome.grouped", "worth {value}, {lost} lost", value=r["value"], lost=r["lost"])),
    ),
]

_NAMING_UNITS = (("before", "after"), ("purchases", "spend"))  # the outcomes that ask `counted`


def names_words(entry: dict[str, Any]) -> bool:
    """Whether the entry's outcome names a ruleset's words the language spoken
    may write otherwise (units; a board's players, where it is not English):
    only for these does the list load a ruleset."""
    ruling = entry["ruling"] if isinstance(entry["ruling"], dict) else {}
    if "board" in ruling and "action" in ruling:
        return current() != ENGLISH
    return next((keys for keys, _ in _TYPED if all(key in ruling for key in keys)), None) in _NAMING_UNITS


def _board(action: dict[str, Any], board: dict[str, Any], word: Word) -> str:
    """What an action on the board did, read from the board it left."""
    kind = action["kind"]
    player = word(action["player"]) if action.get("player") else str(action.get("player"))
    at = {tile["coord"]: tile for tile in board["tiles"]}
    if board["phase"] == "over" and board.get("winner"):
        return say("outcome.player_wins", "{winner} wins", winner=word(board["winner"]["player"]))
    if kind == "start":
        return _dealt(len(board["tiles"]), word(board["to_move"]))
    if kind == "place":  # placements alternate between the players: each tile now names its placer
        by: dict[str, list[str]] = {}
        for coord, pips in action["placements"]:
            by.setdefault(at[coord]["owner"], []).append(
                say("outcome.placed", "a {pips} on {coord}", pips=pips, coord=coord)
            )
        return series(
            say("outcome.placed_by", "{player}: {placed}", player=word(p), placed=listed(placed))
            for p, placed in by.items()
        )
    if board.get("pending"):
        return say("outcome.pick_awaited", "waits for a pick")
    if kind in ("attack", "pick") and action.get("to") in at:
        to, held = action["to"], at[action["to"]]
        if held["owner"] == action.get("player"):
            return say("outcome.takes", "{player} takes {tile}", player=player, tile=to)
        if held["owner"]:
            return say("outcome.holds", "{tile} holds ({pips} left)", tile=to, pips=held["pips"])
        return say("outcome.emptied", "{tile} emptied", tile=to)
    if kind == "pick" and "choose" in action:
        rolled, field = action["choose"]
        return say("outcome.picked", "{player} picks {rolled}:{field}", player=player, rolled=rolled, field=field)
    if kind == "move":
        return say(
            "outcome.moves", "{player} moves {start} to {tile}", player=player, start=action["from"], tile=action["to"]
        )
    if kind == "undo":
        return say("outcome.undone", "entry {entry} taken back", entry=action["undone"])
    if kind == "end":
        return say("outcome.turn", "turn {turn}: {player} to move", turn=board["turn"], player=word(board["to_move"]))
    return say("outcome.acts", "{player} {kind}s", player=player, kind=kind)
