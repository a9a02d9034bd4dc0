"""The start of a game on the board: the map dealt, the armies rolled or
typed, who places first, each die placed in turn, and who starts."""

from __future__ import annotations

from typing import Any

from referee.board.deployment import Armies, deployment_of, placing_order, roll_armies, typed_rolls, who_starts
from referee.board.hexmap import deal
from referee.board.state import Board, play_of
from referee.board.turns import begin_turn
from referee.chance.dice import pips
from referee.core.errors import RefereeError, setting
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Step, either, listed, say, series, step
from referee.words.language import pgettext

Action = dict[str, Any]


def _armies(rules: Ruleset, action: Action, dice: int) -> tuple[dict[str, list[int]], str, list[Step]]:
    """The armies as typed (checked), or rolled from the game's seed; with why one player places first."""
    setup = deployment_of(rules)
    typed = action.get("armies")
    if not typed:
        rolled = roll_armies(rules, dice, action["seed"])
        return {p: list(v) for p, v in rolled.rolls.items()}, rolled.first, list(rolled.steps)
    faces = set(pips(rules.dice[setup.die].faces))
    for player in setup.players:
        values = typed.get(player)
        if values is None:
            raise RefereeError(
                say(
                    "error.setup.both_rolled",
                    "give {player}'s rolled dice too, or let the referee roll both",
                    player=rules.said(player),
                ),
                rule=setup.roll_rule,
            )
        if len(values) != dice or not set(values) <= faces:
            raise RefereeError(
                say(
                    "error.setup.rolled_dice",
                    "{player} rolls {dice} dice, each {low} to {high}, not {given}",
                    player=rules.said(player),
                    dice=dice,
                    low=min(faces),
                    high=max(faces),
                    given=listed(map(str, values)),
                ),
                rule=setup.roll_rule,
            )
    armies = {p: sorted(typed[p], reverse=True) for p in setup.players}
    first, why = placing_order(rules, {p: tuple(v) for p, v in armies.items()})
    if first is None:
        raise RefereeError(why.text, rule=setup.order_rule)
    told = series(
        say("armies.rolled_faces", "{player} rolled {faces}", player=rules.said(p), faces=listed(map(str, armies[p])))
        for p in setup.players
    )
    return armies, first, [typed_rolls(setup, told), why]


def start(rules: Ruleset, action: Action) -> tuple[Board, list[Step]]:
    """A new board: the map dealt from the seed, the options checked, the armies ready to place."""
    play = play_of(rules)
    options = list(action["options"])
    for option in options:
        if option not in rules.variants:
            from referee.core.errors import did_you_mean

            raise did_you_mean(pgettext("kind", "special rule"), option, list(rules.variants))
    if play.capital_variant in options and not action["capitals"]:
        variant = rules.variants[play.capital_variant]
        raise RefereeError(
            say(
                "error.board.variant_capitals",
                "the {variant} rule needs capitals on the map: add {option}",
                variant=rules.said(play.capital_variant),
                option=setting("capitals"),
            ),
            rule=variant.rule,
        )
    landmap = deal(rules, action["tiles"], action["seed"], action["shape"], action["capitals"])
    armies, placer, steps = _armies(rules, action, landmap.dice_per_player)
    board = Board(
        ruleset=rules.name,
        game=action["game"],
        seed=landmap.seed,
        shape=landmap.shape,
        options=sorted(options),
        growth=action.get("growth") or play.growth,
        players=list(deployment_of(rules).players),
        tiles={t.coord: {"q": t.q, "r": t.r, "terrain": t.terrain} for t in landmap.tiles},
        capitals=dict.fromkeys(landmap.capitals),
        to_move=placer,
        first_placer=placer,
        unplaced=armies,
        hand={p: [] for p in armies},
        out=dict.fromkeys(armies, 0),
    )
    opted = [
        step(rules.variants[o].rule, "variant", "special rule in play: {text}", text=rules.variants[o].said)
        for o in board.options
    ]
    return board, [*landmap.steps, *steps, *opted]


def place(rules: Ruleset, board: Board, action: Action) -> tuple[Board, list[Step]]:
    """Dice placed one per empty tile in turn, the first by the player named;
    the placements come in the order the table made them."""
    setup = deployment_of(rules)
    if board.phase != "place":
        raise RefereeError(
            say("error.board.all_placed", "every die is placed; the game is under way"), rule=setup.start_rule
        )
    player = action["player"]
    if player != board.to_move:
        raise RefereeError(
            say(
                "error.board.not_placing",
                "it is {player}'s turn to place, not {other}'s",
                player=rules.said(board.to_move),
                other=rules.said(player),
            ),
            rule=setup.start_rule,
        )
    steps: list[Step] = []
    for tile, value in action["placements"]:
        if board.phase != "place":
            raise RefereeError(
                say("error.board.filled", "every tile is filled before {tile} {value}", tile=tile, value=value),
                rule=setup.start_rule,
            )
        board = _place_one(rules, board, board.tile(tile), value, steps)
    return board, steps


def _place_one(rules: Ruleset, board: Board, coord: str, value: int, steps: list[Step]) -> Board:
    setup = deployment_of(rules)
    player = board.to_move
    if coord in board.dice:
        raise RefereeError(
            say(
                "error.board.held",
                "{tile} already holds {player}'s die",
                tile=coord,
                player=rules.said(board.owner(coord) or ""),
            ),
            rule=setup.start_rule,
        )
    left = board.unplaced[player]
    if value not in left:
        raise RefereeError(
            say(
                "error.board.none_left",
                "{player} has no {value} left to place; left: {left}",
                player=rules.said(player),
                value=value,
                left=listed(map(str, left)),
            ),
            rule=setup.roll_rule,
        )
    _check_capital(rules, board, player, coord)
    board = board.copy()
    board.unplaced[player].remove(value)
    board.dice[coord] = [player, value]
    who = rules.said(player)
    steps.append(
        step(setup.start_rule, "place", "{player} places a {value} on {tile}", player=who, value=value, tile=coord)
    )
    if coord in board.capitals:
        board.capitals[coord] = player
        steps.append(
            step(
                _capital_rule(rules),
                "place.capital",
                "{tile} is {player}'s capital",
                tile=coord,
                player=rules.said(player),
            )
        )
    if len(board.dice) < len(board.tiles):
        board.to_move = board.other(player)
        return board
    return _begin_play(rules, board, steps)


def _capital_rule(rules: Ruleset) -> str:
    land = rules.landscape
    return land.capitals.rule if land and land.capitals else deployment_of(rules).start_rule


def _check_capital(rules: Ruleset, board: Board, player: str, coord: str) -> None:
    """A player's first die goes on a free capital, and only a first die does."""
    if not board.capitals:
        return
    first = player not in board.capitals.values()
    free = [c for c, owner in board.capitals.items() if owner is None]
    if first and coord not in free:
        raise RefereeError(
            say(
                "error.board.capital_first",
                "{player}'s first die goes on a capital: {free}",
                player=rules.said(player),
                free=either(free),
            ),
            rule=_capital_rule(rules),
        )
    if not first and coord in board.capitals:
        raise RefereeError(
            say("error.board.capital_kept", "{tile} is a capital, kept for the other player's first die", tile=coord),
            rule=_capital_rule(rules),
        )


def _begin_play(rules: Ruleset, board: Board, steps: list[Step]) -> Board:
    """Every tile is filled: the dice left are the hands, and their sums say who starts."""
    board.hand = {p: sorted(board.unplaced[p], reverse=True) for p in board.players}
    board.unplaced = {p: [] for p in board.players}
    armies = Armies({p: tuple(board.hand[p]) for p in board.players}, 0, board.first_placer, ())
    starter, why = who_starts(rules, armies, {p: tuple(board.hand[p]) for p in board.players})
    board.starter = starter
    board.to_move = starter
    board.turn = 1
    steps += why
    return begin_turn(rules, board, steps)[0]
