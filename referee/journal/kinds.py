"""The kind of outcome each journal entry holds, stored with it (the `kind`
column) so that the readers dispatch on it instead of guessing from the keys
a ruling happens to hold.

A ruling through the door is of its procedure's `report` kind ("exchange",
"pairs", "pips", "strike", "chain", "tally"; a new report kind joins KINDS);
every other command names its own kind.
An entry written before kinds were stored has its kind inferred here, once,
where its row is decoded: by the command for games and board actions, else
by the keys only that kind of ruling holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# every kind an entry may be of, and what its ruling is
KINDS = {
    "exchange": "a battle of hits against hits",
    "pairs": "a battle of dice compared pair by pair",
    "pips": "a battle of a die against a die",
    "strike": "a hit check",
    "chain": "a roll chain",
    "tally": "symbols counted and cancelled, losses and retreats in the game's words",
    "fight": "a whole fight played round after round",
    "board": "an action on a game held on the board",
    "game": "a game started, stopped or kept",
    "roll": "dice rolled from an expression",
    "faces": "a ruleset's dice rolled",
    "score": "a game's end scored",
    "recruit": "the ways to take recruits",
    "territory": "a territory's holding changed",
    "build": "what a builder built",
    "reinforce": "a purchase of reinforcements",
    "group": "a group of dice valued",
    "map": "a map dealt",
    "setup": "a game set up",
    "refused": "a ruling refused, with the rule that refused it (`referee.cli.journaling.kept_refused`)",
    "unknown": "an entry whose kind cannot be told (damaged, or unlike any kind)",
}

# for older entries: the keys that only rulings of a kind hold, the first match counting
_BY_KEYS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("error",), "refused"),
    (("players", "winner"), "score"),
    (("pairs", "winner"), "pairs"),
    (("pairings", "winner"), "pips"),
    (("winner",), "exchange"),
    (("hit",), "strike"),
    (("needed",), "strike"),
    (("steps", "stopped_at"), "chain"),
    (("attacker_scores", "defender_scores"), "tally"),
    (("total", "expression"), "roll"),
    (("die", "faces"), "faces"),
    (("units", "ways"), "recruit"),
    (("before", "after"), "territory"),
    (("built", "left"), "build"),
    (("purchases", "spend"), "reinforce"),
    (("places_first", "tiles"), "setup"),
    (("dice_per_player", "tiles"), "map"),
    (("value", "lost"), "group"),
)


def inferred(command: str, ruling: Any) -> str:
    """The kind of an entry written before kinds were stored."""
    if command.startswith("game"):  # 'game start', 'game stop', 'games kept'
        return "game"
    held: Mapping[str, Any] = ruling if isinstance(ruling, Mapping) else {}
    if command.startswith("play ") and "board" in held and "action" in held:
        return "board"
    return next((kind for keys, kind in _BY_KEYS if all(key in held for key in keys)), "unknown")


def kind_of(stored: Any, command: str, ruling: Any) -> str:
    """The entry's kind: as stored, else (an older entry, or a value no kind
    names) inferred from its command and ruling."""
    return stored if isinstance(stored, str) and stored in KINDS else inferred(command, ruling)
