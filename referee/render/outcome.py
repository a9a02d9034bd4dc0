"""A journal entry's outcome in a few words, for `referee log`: read from the
typed keys its kind of ruling carries (who won, hit or miss, what was bought
or recruited, what a board action did, the map dealt), else the conclusion
its last step states when that is short, else a neutral word."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from referee.render.widths import columns

SHORT = 32  # longest conclusion taken from an explanation as the outcome

Ruling = dict[str, Any]


def outcome(entry: dict[str, Any]) -> str:
    ruling = entry["ruling"] if isinstance(entry["ruling"], dict) else {}
    flagged = " (rolled before)" if (entry["dice"] or {}).get("rolled_before") else ""
    if "board" in ruling and "action" in ruling:
        return _board(ruling["action"], ruling["board"])
    for keys, said in _TYPED:
        if all(key in ruling for key in keys):
            return said(ruling) + flagged
    if entry["command"].startswith("game "):
        done = {"start": "started", "stop": "stopped"}.get(entry["command"].removeprefix("game "), "kept")
        return f"game {ruling.get('game', '')} {done}"
    return _concluded(ruling)


def _concluded(ruling: Ruling) -> str:
    """The last step's conclusion (after its last colon) when it is short, else 'ruled'."""
    steps = ruling.get("explanation")
    if isinstance(steps, list) and steps and isinstance(steps[-1], dict):
        conclusion = re.split(r": |：", str(steps[-1].get("text", "")))[-1]  # Chinese writes a wide colon
        if 0 < columns(conclusion) <= SHORT:
            return conclusion
    return "ruled"


def _battle(ruling: Ruling) -> str:
    if ruling["winner"]:
        return f"{ruling['winner']} wins"
    return f"{ruling['outcome']} attack" if isinstance(ruling.get("outcome"), str) else "no winner"


def _score(ruling: Ruling) -> str:
    if ruling["winner"]:
        return f"{ruling['winner']} wins ({ruling['decided_by']})"
    return "tied (see why)" if ruling.get("decided_by") else "no winner"


def _hit(ruling: Ruling) -> str:
    if not ruling["hit"]:
        return "a miss"
    if ruling.get("out_of_action"):
        return "a hit: out of action"
    return "a hit: wounded" if ruling.get("wounds", 0) > ruling.get("wounds_before", 0) else "a hit, no wound"


def _units(counted: list[dict[str, Any]]) -> str:
    return ", ".join(f"{u['count']} {(u['state'] + ' ' + u['unit']).strip()}" for u in counted) or "nothing"


def _bought(ruling: Ruling) -> str:
    bought = ruling["bought"]
    if isinstance(bought, dict) and bought:
        return "bought " + ", ".join(f"{count} {unit}" for unit, count in bought.items())
    if bought:
        return f"bought {bought}"
    return f"{_ways(len(ruling['purchases']))} to spend {ruling['spend']}"


def _ways(count: int) -> str:
    return "1 way" if count == 1 else f"{count} ways"


_TYPED: list[tuple[tuple[str, ...], Callable[[Ruling], str]]] = [
    (("error",), lambda r: "refused"),
    (("awaits",), lambda r: f"waits for --{r['awaits']}"),
    (("players", "winner"), _score),
    (("winner",), _battle),
    (("hit",), _hit),
    (("needed",), lambda r: f"needs {r['needed']}+ to hit"),
    (("total", "expression"), lambda r: f"total {r['total']}"),
    (("units", "ways"), lambda r: f"{_ways(len(r['ways']))} to take {r['units']}"),
    (("before", "after"), lambda r: f"now {_units(r['after'])}"),
    (("built", "left"), lambda r: f"built {', '.join(r['built'])}, {r['left']} left"),
    (("purchases", "spend"), _bought),
    (("places_first", "tiles"), lambda r: f"{len(r['tiles'])} tiles dealt, {r['places_first']} first"),
    (("dice_per_player", "tiles"), lambda r: f"{len(r['tiles'])} tiles, {r['dice_per_player']} dice each"),
    (("value", "lost"), lambda r: f"worth {r['value']}, {r['lost']} lost"),
]


def _board(action: dict[str, Any], board: dict[str, Any]) -> str:
    """What an action on the board did, read from the board it left."""
    player, kind = action.get("player"), action["kind"]
    at = {tile["coord"]: tile for tile in board["tiles"]}
    if board["phase"] == "over" and board.get("winner"):
        return f"{board['winner']['player']} wins"
    if kind == "start":
        return f"{len(board['tiles'])} tiles dealt, {board['to_move']} first"
    if kind == "place":  # placements alternate between the players: each tile now names its placer
        by: dict[str, list[str]] = {}
        for coord, pips in action["placements"]:
            by.setdefault(at[coord]["owner"], []).append(f"a {pips} on {coord}")
        return "; ".join(f"{placer}: {', '.join(placed)}" for placer, placed in by.items())
    if board.get("pending"):
        return "waits for a pick"
    if kind in ("attack", "pick") and action.get("to") in at:
        held = at[action["to"]]
        if held["owner"] == player:
            return f"{player} takes {action['to']}"
        return f"{action['to']} holds ({held['pips']} left)" if held["owner"] else f"{action['to']} emptied"
    if kind == "move":
        return f"{player} moves {action['from']} to {action['to']}"
    if kind == "undo":
        return f"entry {action['undone']} taken back"
    if kind == "end":
        return f"turn {board['turn']}: {board['to_move']} to move"
    return f"{player} {kind}s"
