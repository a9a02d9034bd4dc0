"""What a ruleset says to let the referee hold a whole game on a dealt map,
move by move: the turn's attack and move, what terrains do, the special rules
a table opts into, and when the game ends. The board service reads these
general keys; the game's own words (its terrains, its variants) are the file's."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.records import section
from referee.ruleset.spec import EMPTY, RULE, Boolean, Integer, Record, Table, Text, field


@section
class TerrainPlay:
    """What standing on a terrain changes during play."""

    name: str = field(Text(), "the terrain (a key of landscape.terrains)", key=True)
    rule: str = field(RULE, "the rule for it")
    grows: int = field(
        Integer(minimum=0),
        "pips one own die here that neither attacked nor moved gains at the end of its player's turn",
        0,
    )
    no_return: bool = field(Boolean(), "true if, once a die moves out, no die may enter the tile again", False)
    leaves_contact: bool = field(Boolean(), "true if a die here may move away from an enemy die", False)


@section
class Attraction:
    """A die that could move next to an enemy die must: a player who forgets
    lets the opponent take pips off one of the dice that could have."""

    variant: str = field(Text(), "the special rule that switches it on (a key of 'variants')")
    rule: str = field(RULE, "the rule for it")
    penalty: int = field(Integer(minimum=1), "pips the opponent takes off", 1)


@section
class Play:
    """A whole game on the board: each turn one attack (compulsory when
    possible), then at most one move; the end; the special rules."""

    attack_rule: str = field(RULE, "the rule: one attack a turn, from an own tile next to an enemy tile")
    compulsory: bool = field(Boolean(), "true if a player who can attack must", True)
    move_rule: str = field(RULE, "the rule: the optional move to an adjacent empty tile")
    moves: int = field(Integer(minimum=0), "moves a player may make each turn", 1)
    conqueror_rule: str = field(RULE, "the rule: the die that conquered this turn stays put", "")
    contact_rule: str = field(RULE, "the rule: a die next to an enemy die does not move", "")
    void_rule: str = field(RULE, "the rule: a defender may not move into the tile its attacker died on", "")
    end_rule: str = field(RULE, "the rule for the end of the game")
    quiet_turns: int = field(Integer(minimum=1), "turns in a row without a possible attack that end the game", 2)
    terrain_variant: str = field(
        Text(), "the special rule (a key of 'variants') that switches terrain effects on; empty: always on", ""
    )
    terrain: Mapping[str, TerrainPlay] = field(Table(Record(TerrainPlay)), "terrain effects by terrain", EMPTY)
    growth: str = field(
        Text(choices=("offer", "apply")),
        "when several dice could grow: offer (the player names one) or apply (the weakest grows)",
        "offer",
    )
    grouping_variant: str = field(
        Text(), "the special rule (a key of 'variants') under which a move onto an own die merges them", ""
    )
    capital_variant: str = field(
        Text(), "the special rule (a key of 'variants') under which taking the enemy capital wins", ""
    )
    capital_rule: str = field(RULE, "the rule: taking the enemy capital wins at once", "")
    attraction: Attraction | None = field(Record(Attraction), "a compulsory move towards the enemy", None)
