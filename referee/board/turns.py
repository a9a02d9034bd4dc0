"""A turn on the board: one attack (compulsory when possible), the pick of a
pairing on the same throw, at most one move, the opponent's claim for a
forgotten compulsory move, and the end of the turn with growth, the end of the
game and its winner. Each action checks the rules the `play` section names
and returns a new board with the steps that explain it."""

from __future__ import annotations

import json
from typing import Any

from referee.board import combat
from referee.board.deployment import deployment_of
from referee.board.state import Board, effect, opted, play_of, terrain_on
from referee.chance.dice import pips, seed_of
from referee.core.errors import RefereeError, setting
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Step, Value, either, listed, say, step, step_n

Action = dict[str, Any]
Attack = tuple[str, str, str | None]  # from, target, second attacking tile


def _top(rules: Ruleset) -> int:
    return max(pips(rules.dice[deployment_of(rules).die].faces))


def _situations(rules: Ruleset, board: Board, target: str) -> tuple[tuple[str, str], ...]:
    """The target's terrain as a named situation, when terrain effects are in play and the file names it."""
    terrain = board.terrain_of(target)
    return (("defender", terrain),) if terrain_on(rules, board) and terrain in rules.situations else ()


def told(rules: Ruleset, board: Board, attack: Attack, choose: tuple[int, int] | None = None) -> combat.Told:
    first, target, second = attack
    attackers = (board.pips(first),) + ((board.pips(second),) if second else ())
    return combat.Told(
        attackers, board.pips(target), _situations(rules, board, target), frozenset(board.options), choose
    )


def legal_attacks(rules: Ruleset, board: Board, player: str) -> list[Attack]:
    """Every attack the player could make now: one die, or two side by side, on an enemy die next to both."""
    found: list[Attack] = []
    mine = sorted(c for c, (owner, _) in board.dice.items() if owner == player)
    for first in mine:
        for target in sorted(board.near(first)):
            if board.owner(target) not in (None, player):
                found.append((first, target, None))
                for second in sorted(board.near(first)):
                    pair = (first, target, second)
                    if (
                        second > first
                        and board.owner(second) == player
                        and target in board.near(second)
                        and combat.refusal(rules, told(rules, board, pair)) is None
                    ):
                        found.append(pair)
    return found


def _must_act(rules: Ruleset, board: Board, player: str, rule: str) -> None:
    if board.phase == "over":
        raise RefereeError(say("error.board.over", "the game is over"), rule=rule)
    if board.phase == "place":
        raise RefereeError(
            say(
                "error.board.placing",
                "the dice are still being placed; {player} places next",
                player=rules.said(board.to_move),
            ),
            rule=rule,
        )
    if player != board.to_move:
        raise RefereeError(
            say(
                "error.board.not_turn",
                "it is {player}'s turn, not {other}'s",
                player=rules.said(board.to_move),
                other=rules.said(player),
            ),
            rule=rule,
        )
    if board.phase == "pick":
        raise RefereeError(
            say("error.board.pick_first", "pick a pairing for the attack first (play pick ROLLED:FIELD)"), rule=rule
        )


def attack(
    rules: Ruleset, board: Board, action: Action, seed: int | None = None
) -> tuple[Board, list[Step], Action, int | None]:
    """Rule an attack on the typed or drawn throw and apply it; the action comes back with the throw in it."""
    play = play_of(rules)
    player = action["player"]
    _must_act(rules, board, player, play.attack_rule)
    first, target = board.tile(action["from"]), board.tile(action["to"])
    second = board.tile(action["with"]) if action.get("with") else None
    if board.attacked:
        raise RefereeError(
            say(
                "error.board.attacked",
                "{player} has attacked this turn: one attack per turn",
                player=rules.said(player),
            ),
            rule=play.attack_rule,
        )
    if board.moves:
        raise RefereeError(
            say("error.board.moved", "{player} has moved: the attack comes before the move", player=rules.said(player)),
            rule=play.attack_rule,
        )
    for coord in (first, second):
        if coord and board.owner(coord) != player:
            held = board.owner(coord)
            said = (
                say(
                    "error.board.from_empty",
                    "{tile} is empty: attack from a tile of {player}'s",
                    tile=coord,
                    player=rules.said(player),
                )
                if held is None
                else say(
                    "error.board.from_enemy",
                    "{tile} holds {held}'s die: attack from a tile of {player}'s",
                    tile=coord,
                    held=rules.said(held),
                    player=rules.said(player),
                )
            )
            raise RefereeError(said, rule=play.attack_rule)
    if board.owner(target) in (None, player):
        raise RefereeError(
            say("error.board.no_enemy", "{tile} holds no enemy die to attack", tile=target), rule=play.attack_rule
        )
    if target not in set(board.near(first)):
        raise RefereeError(
            say("error.board.not_next", "{tile} is not next to {start}", tile=target, start=first),
            rule=play.attack_rule,
        )
    if second and (second == first or first not in set(board.near(second)) or target not in set(board.near(second))):
        raise RefereeError(
            say(
                "error.board.not_joining",
                "{second} must be next to both {first} and {target} to join the attack",
                second=second,
                first=first,
                target=target,
            ),
            rule=combat.combined_rule(rules),
        )
    choose, named = _choice(rules, board, (first, target, second), action.get("choose"))
    situation = told(rules, board, (first, target, second), choose)
    throw = tuple(action["throw"]) if action.get("throw") else None
    fixed = throw is None and seed is None
    if fixed:
        seed = draw_seed(board, (first, target, second))
    result, seed = combat.rule(rules, situation, throw, seed)
    done = {**action, "from": first, "to": target, "with": second, "throw": list(result.throw)}
    if named and choose:  # the field die as named, by its tile
        done["choose"] = [choose[0], named]
    board = board.copy()
    board.attraction = None
    board.attacked = True
    board.acted += [c for c in (first, second) if c]
    steps = [
        step(
            play.attack_rule,
            "attack.with",
            "{player} attacks {target} from {first} with {second}",
            player=rules.said(player),
            target=target,
            first=first,
            second=second,
        )
        if second
        else step(
            play.attack_rule,
            "attack",
            "{player} attacks {target} from {first}",
            player=rules.said(player),
            target=target,
            first=first,
        )
    ]
    if fixed:
        steps.append(
            step(
                combat.roll_rule(rules),
                "attack.drawn",
                "the referee draws {throw} from the game's seed, this board and this attack: "
                "the same attack on the same board draws the same dice, after an undo too",
                throw=listed(map(str, result.throw)),
            )
        )
    steps += _picked(rules, list(result.steps), named)
    field = _field_tile(rules, board, (first, target, second), result, named) if result.decided else None
    if field is None:
        if result.decided:
            if choose is not None:
                raise _which_die(rules, board, (first, target, second), result)
            steps.append(_tile_choice(rules, board, (first, target, second), result))
        board.phase = "pick"
        board.pending = {"from": first, "to": target, "with": second, "throw": list(result.throw)}
        return board, steps, done, seed
    return (*_settle(rules, board, (first, target, second), field, result, steps), done, seed)


def draw_seed(board: Board, attack_: Attack) -> int:
    """The seed of the referee's draw for an attack: a function of the game
    (its seed), the board the attack is made on and the attack (its dice by
    tile, in any order, and its target), so that taking an attack back and
    making it again draws the same dice: a player cannot fish for a better
    throw. The pairing picked is no part of it: it comes after the throw."""
    first, target, second = attack_
    said = {
        "game": board.seed,
        "board": board.as_dict(),
        "attack": {"dice": sorted(c for c in (first, second) if c), "target": target},
    }
    return seed_of(json.dumps(said, sort_keys=True).encode())


def _choice(
    rules: Ruleset, board: Board, attack_: Attack, given: list[Any] | None
) -> tuple[tuple[int, int] | None, str | None]:
    """A pick as the resolver reads it (rolled, the field die's pips), and the
    tile it names when the field die is named by its tile (ROLLED:TILE)."""
    if not given:
        return None, None
    rolled, field = int(given[0]), given[1]
    if not isinstance(field, str):
        return (rolled, int(field)), None
    first, _, second = attack_
    tile = board.tile(field)
    if tile not in (first, second):
        raise RefereeError(
            say(
                "error.board.not_attacking",
                "{tile} holds none of the attacking dice: name {tiles}",
                tile=tile,
                tiles=either(c for c in (first, second) if c),
            ),
            rule=combat.combined_rule(rules),
        )
    return (rolled, board.pips(tile)), tile


def _picked(rules: Ruleset, steps: list[Step], named: str | None) -> list[Step]:
    """The resolver's steps, with the field die named by its tile said right
    after the pairing the resolver names as chosen."""
    if named:
        picked = combat.picked_step(rules)
        at = next((i + 1 for i, s in enumerate(steps) if s.message == picked), len(steps))
        chosen = step(
            combat.combined_rule(rules),
            "attack.die_picked",
            "the die on {tile} makes the attack, as chosen",
            tile=named,
        )
        steps.insert(at, chosen)
    return steps


def _field_tile(rules: Ruleset, board: Board, attack_: Attack, result: combat.Result, named: str | None) -> str | None:
    """The tile of the field die that made the attack: the one named, the only
    one showing the chosen pips, or either of two equal dice when both leave
    the same board; None when the two leave different boards, a choice that
    is the attacker's (DL-A5)."""
    first, _, second = attack_
    tiles = [named] if named else [c for c in (first, second) if c and board.pips(c) == result.field]
    if len(tiles) == 1:
        return tiles[0]
    after = {
        json.dumps(_settle(rules, board.copy(), attack_, c, result, [])[0].as_dict(), sort_keys=True) for c in tiles
    }
    return tiles[0] if len(after) == 1 else None


def _tile_choices(board: Board, attack_: Attack, result: combat.Result) -> Value:
    first, _, second = attack_
    return either(f"{result.rolled}:{c}" for c in (first, second) if c and board.pips(c) == result.field)


def _tile_choice(rules: Ruleset, board: Board, attack_: Attack, result: combat.Result) -> Step:
    """The step that hands the attacker the choice between two equal field dice."""
    first, _, second = attack_
    return step(
        combat.combined_rule(rules),
        "attack.which_die",
        "{first} and {second} both show {pips} and leave different boards: the attacker picks the die "
        "by its tile (play pick {choices})",
        first=first,
        second=second,
        pips=result.field,
        choices=_tile_choices(board, attack_, result),
    )


def _which_die(rules: Ruleset, board: Board, attack_: Attack, result: combat.Result) -> RefereeError:
    """A pick by pips that two equal field dice answer, each leaving a different board."""
    first, _, second = attack_
    return RefereeError(
        say(
            "error.board.which_die",
            "{first} and {second} both show {pips} and leave different boards: name the field die by its tile, "
            "{choices}",
            first=first,
            second=second,
            pips=result.field,
            choices=_tile_choices(board, attack_, result),
        ),
        rule=combat.combined_rule(rules),
    )


def pick(rules: Ruleset, board: Board, action: Action) -> tuple[Board, list[Step], Action]:
    """The attacker's pick among the pairings of the throw already made."""
    play = play_of(rules)
    player = action["player"]
    if board.phase != "pick" or board.pending is None:
        raise RefereeError(
            say("error.board.no_pick", "no attack is waiting for a pick"), rule=combat.combined_rule(rules)
        )
    if player != board.to_move:
        raise RefereeError(
            say(
                "error.board.not_pick",
                "it is {player}'s pick, not {other}'s",
                player=rules.said(board.to_move),
                other=rules.said(player),
            ),
            rule=play.attack_rule,
        )
    held = board.pending
    attack_ = (held["from"], held["to"], held["with"])
    choose, named = _choice(rules, board, attack_, action["choose"])
    assert choose is not None
    result, _ = combat.rule(rules, told(rules, board, attack_, choose), tuple(held["throw"]), None)
    field = _field_tile(rules, board, attack_, result, named)
    if field is None:
        raise _which_die(rules, board, attack_, result)
    board = board.copy()
    board.pending = None
    done = {**action, "choose": [choose[0], named]} if named else action
    steps = _picked(rules, list(result.steps), named)
    return (*_settle(rules, board, attack_, field, result, steps), done)


def _settle(
    rules: Ruleset, board: Board, attack_: Attack, field: str, result: combat.Result, steps: list[Step]
) -> tuple[Board, list[Step]]:
    """The ruling on the board, the die on `field` making the attack: pips, the
    swap with the hand, removals, the moves they force."""
    play = play_of(rules)
    _, target, _ = attack_
    player, enemy = board.to_move, board.other(board.to_move)
    hand = list(result.throw) + board.hand[player][len(result.throw) :]
    if result.outcome == "valid":
        hand[hand.index(result.attacker_after)] = result.field
    board.hand[player] = sorted(hand, reverse=True)
    board.phase = "move"
    board.dice[field][1] = result.attacker_after
    board.dice[target][1] = result.defender_after
    if result.attacker_after <= 0:
        del board.dice[field]
        board.out[player] += 1
        if result.defender_moves_in:
            board.dice[field] = board.dice.pop(target)
            _left(rules, board, target, steps)
        else:
            board.void = {"tile": field, "die": target, "player": enemy}
            if play.void_rule:
                steps.append(
                    step(
                        play.void_rule,
                        "void",
                        "{player}'s die on {tile} may not move into {field}",
                        player=rules.said(enemy),
                        tile=target,
                        field=field,
                    )
                )
    if result.defender_after <= 0:
        del board.dice[target]
        board.out[enemy] += 1
        board.dice[target] = board.dice.pop(field)
        board.conqueror = target
        board.acted = [target if c == field else c for c in board.acted]
        _left(rules, board, field, steps)
        owner = board.capitals.get(target)
        if owner == enemy and opted(board, play.capital_variant):
            return _over(rules, board, steps, capital=target)
    if not board.pips_of(enemy) or not board.pips_of(player):  # a side's last die lost, either side's
        return _over(rules, board, steps)
    return board, steps


def _left(rules: Ruleset, board: Board, coord: str, steps: list[Step]) -> None:
    """A die moved out of a tile that may not be entered again once left."""
    here = effect(rules, board, coord)
    if here and here.no_return and coord not in board.closed:
        board.closed.append(coord)
        steps.append(
            step(
                here.rule,
                "terrain.left",
                "{tile} ({terrain}) is left: no die may enter it again",
                tile=coord,
                terrain=_terrain_said(rules, board, coord),
            )
        )


def _terrain_said(rules: Ruleset, board: Board, coord: str) -> str:
    """A tile's terrain in the language spoken."""
    name, land = board.terrain_of(coord), rules.landscape
    return land.terrains[name].title if land and name in land.terrains else name


def _attracted(rules: Ruleset, board: Board, player: str) -> list[str]:
    """Own dice that could move next to an enemy die this turn."""
    found = []
    for coord in sorted(c for c, (o, _) in board.dice.items() if o == player):
        if _move_refusal(rules, board, player, coord) is not None:
            continue
        for to in board.near(coord):
            free = to not in board.dice and to not in board.closed
            if free and any(board.owner(n) not in (None, player) for n in board.near(to)):
                found.append(coord)
                break
    return found


def _move_refusal(rules: Ruleset, board: Board, player: str, coord: str) -> RefereeError | None:
    """Why the die on a tile may not move at all this turn, if it may not."""
    play = play_of(rules)
    if board.moves >= play.moves:
        return RefereeError(
            say(
                "error.board.moves_used",
                "{player} has moved this turn: at most {moves} a turn",
                player=rules.said(player),
                moves=play.moves,
            ),
            rule=play.move_rule,
        )
    if coord == board.conqueror and play.conqueror_rule:
        return RefereeError(
            say("error.board.conqueror", "the die on {tile} conquered this turn: it stays", tile=coord),
            rule=play.conqueror_rule,
        )
    here = effect(rules, board, coord)
    if play.contact_rule and board.in_contact(coord) and not (here and here.leaves_contact):
        return RefereeError(
            say("error.board.contact", "the die on {tile} stands next to an enemy die: it may not move", tile=coord),
            rule=play.contact_rule,
        )
    return None


def move(rules: Ruleset, board: Board, action: Action) -> tuple[Board, list[Step], Action]:
    """The turn's optional move: to an adjacent empty tile, or onto an own die where dice merge."""
    play = play_of(rules)
    player = action["player"]
    _must_act(rules, board, player, play.move_rule)
    start, to = board.tile(action["from"]), board.tile(action["to"])
    if not board.attacked and play.compulsory:
        possible = legal_attacks(rules, board, player)
        if possible:
            raise RefereeError(
                say(
                    "error.board.attack_first",
                    "{player} must attack first ({attack} is possible): attacking is compulsory",
                    player=rules.said(player),
                    attack=_said(possible[0]),
                ),
                rule=play.attack_rule,
            )
    if board.owner(start) != player:
        raise RefereeError(
            say("error.board.not_own", "{tile} holds no die of {player}'s", tile=start, player=rules.said(player)),
            rule=play.move_rule,
        )
    refusal = _move_refusal(rules, board, player, start)
    if refusal:
        raise refusal
    if to not in set(board.near(start)):
        raise RefereeError(
            say("error.board.one_tile", "{tile} is not next to {start}: a die moves one tile", tile=to, start=start),
            rule=play.move_rule,
        )
    if to in board.closed:
        terrain = effect(rules, board, to)
        raise RefereeError(
            say("error.board.closed", "{tile} was left: no die may enter it again", tile=to),
            rule=terrain.rule if terrain else None,
        )
    void = board.void
    if void and void["player"] == player and void["die"] == start and void["tile"] == to:
        raise RefereeError(
            say(
                "error.board.void",
                "the die on {start} may not move into {tile}, where its attacker fell",
                start=start,
                tile=to,
            ),
            rule=play.void_rule,
        )
    merging = board.owner(to) == player and opted(board, play.grouping_variant)
    if to in board.dice and not merging:
        raise RefereeError(
            say("error.board.taken", "{tile} is not empty: a die moves to an empty tile", tile=to), rule=play.move_rule
        )
    attracted = _attracted(rules, board, player) if _attraction_on(rules, board) else []
    board = board.copy()
    board.attraction = None
    who = rules.said(player)
    steps = [step(play.move_rule, "move", "{player} moves the die on {start} to {to}", player=who, start=start, to=to)]
    moved = board.dice.pop(start)
    if merging:
        from referee.board.scoring import group

        merged = group(rules, (int(moved[1]), board.pips(to)))
        board.dice[to][1] = merged.value
        board.out[player] += 1
        steps += merged.steps
    else:
        board.dice[to] = moved
    _left(rules, board, start, steps)
    board.moves += 1
    board.phase = "move"
    board.acted = [c for c in board.acted if c != start] + [to]
    if attracted and not board.in_contact(to):
        board.forgot = sorted({*attracted, to} - {start})
    return board, steps, action


def _attraction_on(rules: Ruleset, board: Board) -> bool:
    attraction = play_of(rules).attraction
    return attraction is not None and opted(board, attraction.variant)


def _said(attack_: Attack) -> str:
    """An attack named as a step says it, in the language spoken."""
    first, target, second = attack_
    if second:
        return say("attack.named.with", "{first} on {target} with {second}", first=first, target=target, second=second)
    return say("attack.named", "{first} on {target}", first=first, target=target)


def claim(rules: Ruleset, board: Board, action: Action) -> tuple[Board, list[Step], Action]:
    """At the start of a turn: pips off a die the opponent should have moved next to an enemy die."""
    attraction = play_of(rules).attraction
    player = action["player"]
    if attraction is None or not opted(board, attraction.variant):
        raise RefereeError(say("error.board.no_claims", "no special rule in play lets a player claim pips"))
    _must_act(rules, board, player, attraction.rule)
    coord = board.tile(action["tile"])
    owed = board.attraction
    if owed is None or owed["player"] != player or board.attacked or board.moves:
        raise RefereeError(
            say(
                "error.board.no_claim",
                "{player} has no claim now: it is made at the start of the turn",
                player=rules.said(player),
            ),
            rule=attraction.rule,
        )
    if coord not in owed["dice"] or board.owner(coord) != board.other(player):
        raise RefereeError(
            say("error.board.claim_one", "claim one of {tiles}", tiles=listed(owed["dice"])), rule=attraction.rule
        )
    board = board.copy()
    board.attraction = None
    left = board.pips(coord) - attraction.penalty
    enemy = board.other(player)
    steps = [
        step(
            attraction.rule,
            "attraction.claimed",
            "{player} did not move next to an enemy die when one could: the die on {tile} "
            "loses {penalty} ({before} → {after})",
            player=rules.said(enemy),
            tile=coord,
            penalty=attraction.penalty,
            before=board.pips(coord),
            after=max(left, 0),
        )
    ]
    if left > 0:
        board.dice[coord][1] = left
    else:
        del board.dice[coord]
        board.out[enemy] += 1
        if not board.pips_of(enemy):
            return (*_over(rules, board, steps), action)
    return board, steps, action


def _growth(rules: Ruleset, board: Board, player: str, asked: str | None) -> tuple[str, Any] | None:
    """The own die that grows at the end of the turn, if any: the one asked for, the only one, or
    (when the file applies growth) the weakest; several without a choice are refused."""
    top = _top(rules)
    candidates = []
    for coord, (owner, value) in sorted(board.dice.items()):
        here = effect(rules, board, coord)
        if owner == player and here and here.grows and value < top and coord not in board.acted:
            candidates.append((value, coord, here))
    if asked is not None:
        coord = board.tile(asked)
        chosen = [c for c in candidates if c[1] == coord]
        if not chosen:
            rule = candidates[0][2].rule if candidates else play_of(rules).move_rule
            said = (
                say(
                    "error.board.cannot_grow",
                    "the die on {tile} cannot grow; the dice that can: {others}",
                    tile=coord,
                    others=listed(c[1] for c in candidates),
                )
                if candidates
                else say("error.board.none_grow", "the die on {tile} cannot grow; the dice that can: none", tile=coord)
            )
            raise RefereeError(said, rule=rule)
        return chosen[0][1], chosen[0][2]
    if not candidates:
        return None
    if len(candidates) > 1 and board.growth == "offer":
        raise RefereeError(
            say(
                "error.board.which_grows",
                "say which die grows: {choices}",
                choices=either(f"{setting('grow')} {c[1]}" for c in candidates),
            ),
            rule=candidates[0][2].rule,
        )
    value, coord, here = min(candidates, key=lambda c: (c[0], c[1]))
    return coord, here


def end(rules: Ruleset, board: Board, action: Action) -> tuple[Board, list[Step], Action]:
    """The end of a turn: a compulsory attack not made is refused; growth; a forgotten
    compulsory move noted; the end of the game; else the next player's turn."""
    play = play_of(rules)
    player = action["player"]
    _must_act(rules, board, player, play.attack_rule)
    if not board.attacked and not board.moves and play.compulsory:  # a move is made once no attack was possible
        possible = legal_attacks(rules, board, player)
        if possible:
            raise RefereeError(
                say(
                    "error.board.must_attack",
                    "{player} has not attacked, and {attack} is possible: attacking is compulsory",
                    player=rules.said(player),
                    attack=_said(possible[0]),
                ),
                rule=play.attack_rule,
            )

    grows = _growth(rules, board, player, action.get("grow"))
    forgot = board.forgot if board.moves else (_attracted(rules, board, player) if _attraction_on(rules, board) else [])
    board = board.copy()
    board.attraction = None  # a claim not made at the start of this turn lapses
    steps = [
        step(play.attack_rule, "turn.end", "{player} ends turn {turn}", player=rules.said(player), turn=board.turn)
    ]
    if grows:
        coord, here = grows
        board.dice[coord][1] += here.grows
        steps.append(
            step(
                here.rule,
                "terrain.grows",
                "the die on {tile} neither attacked nor moved: +{grows} ({pips})",
                tile=coord,
                grows=here.grows,
                pips=board.pips(coord),
            )
        )
    board.quiet = 0 if board.attacked else board.quiet + 1
    if board.quiet >= play.quiet_turns:
        steps.append(
            step(
                play.end_rule,
                "game.quiet",
                "{turns} turns in a row without an attack: the game ends",
                turns=play.quiet_turns,
            )
        )
        return (*_over(rules, board, steps), action)
    attraction = play.attraction
    if forgot and attraction:
        board.attraction = {"player": board.other(player), "dice": forgot}
        steps.append(
            step_n(
                attraction.rule,
                "attraction.owed",
                "{player} could have moved next to an enemy die ({tiles}): "
                "{other} may take {n} pip off one of them (play claim TILE)",
                "{player} could have moved next to an enemy die ({tiles}): "
                "{other} may take {n} pips off one of them (play claim TILE)",
                attraction.penalty,
                player=rules.said(player),
                tiles=listed(forgot),
                other=rules.said(board.other(player)),
            )
        )
    if board.void and board.void["player"] == player:
        board.void = None
    if not all(board.pips_of(p) for p in board.players):  # over in the turn it ended, not the next
        return (*_over(rules, board, steps), action)
    board.to_move = board.other(player)
    board.turn += 1
    return (*begin_turn(rules, board, steps), action)


def begin_turn(rules: Ruleset, board: Board, steps: list[Step]) -> tuple[Board, list[Step]]:
    """A fresh turn for `to_move`, unless a side has no dice left."""
    board.phase = "attack"
    board.acted, board.moves, board.attacked, board.conqueror, board.forgot = [], 0, False, None, []
    for player in board.players:
        if not board.pips_of(player):
            return _over(rules, board, steps)
    possible = legal_attacks(rules, board, board.to_move)
    rule = play_of(rules).attack_rule
    turn: dict[str, Value] = {"turn": board.turn, "player": rules.said(board.to_move)}
    if not possible:
        steps.append(step(rule, "turn.no_attack", "turn {turn}: {player} to play; no attack is possible", **turn))
    elif len(possible) > 1:
        steps.append(
            step(
                rule,
                "turn.attacks",
                "turn {turn}: {player} to play; an attack is compulsory ({attack}, or {more} more)",
                attack=_said(possible[0]),
                more=len(possible) - 1,
                **turn,
            )
        )
    else:
        steps.append(
            step(
                rule,
                "turn.attack",
                "turn {turn}: {player} to play; an attack is compulsory ({attack})",
                attack=_said(possible[0]),
                **turn,
            )
        )
    return board, steps


def _over(rules: Ruleset, board: Board, steps: list[Step], capital: str | None = None) -> tuple[Board, list[Step]]:
    """The game ends: the winner by the capital taken, else by the scoring rule's criteria."""
    from referee.board.scoring import score

    board.phase = "over"
    board.pending = board.attraction = None  # a finished game offers no action
    dice = {p: tuple(board.pips_of(p)) for p in board.players}
    if capital:
        winner = board.to_move
        rule = play_of(rules).capital_rule
        why = [
            step(
                rule,
                "game.capital",
                "{winner} takes {loser}'s capital {tile} and wins at once",
                winner=rules.said(winner),
                loser=rules.said(board.other(winner)),
                tile=capital,
            )
        ]
        decided = "capital"
    else:
        if any(not v for v in dice.values()):
            steps.append(
                step(play_of(rules).end_rule, "game.no_dice", "a player has no dice on the map: the game ends")
            )
        result = score(rules, dice, board.starter)
        winner, decided, why = result.winner or "", result.decided_by, list(result.steps)
    steps += why
    board.winner = {
        "player": winner,
        "decided_by": decided,
        "explanation": [s.as_dict() for s in why],
    }
    return board, steps
