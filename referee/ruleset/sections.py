"""Optional top-level sections of a ruleset for games played on a dealt map
with dice as pieces: the landscape and its box of tiles, how armies are
rolled and placed, how a game is scored, merging pieces, and named variants
a table opts into (`--rule NAME`)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, Record, Seq, Table, Text, field
from referee.rulings.ruling import Spoken, worded
from referee.words.language import current

EMPTY: Mapping[str, tuple[str, ...]] = {}
COLOUR = Text(pattern=r"^#[0-9a-fA-F]{6}$")
COLOUR.doc = "a colour such as '#9ccc65' (quoted)"


@section
class TileCount:
    """Which tile counts a map may have."""

    min: int = field(Integer(minimum=1), "the fewest tiles")
    max: int = field(Integer(minimum=1), "the most tiles")
    multiple_of: int = field(Integer(minimum=1), "the count must be a multiple of this (2: even)", 1)


@section
class DiceCount:
    """How many dice each player gets for a map: tiles / tiles_per_die + plus."""

    tiles_per_die: int = field(Integer(minimum=1), "tiles per die")
    plus: int = field(Integer(minimum=0), "dice added to that")
    per_colour: int = field(Integer(minimum=1), "dice of one colour in the box")
    rule: str = field(RULE, "the rule for the dice count")


@section
class Terrain:
    """A kind of tile: how many the box holds and how it is drawn."""

    name: str = field(Text(), "its key in the table", key=True)
    count: int = field(Integer(minimum=0), "how many such tiles the box holds")
    letter: str = field(Text(pattern=r"^[A-Z]$"), "its letter in the terminal picture")
    colour: str = field(COLOUR, "its colour in the SVG picture")
    rule: str = field(RULE, "the rule for this terrain", "")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())
    # set by the loader from `translations`: language -> its word there, and its letter there (from `words`)
    spoken: Mapping[str, str] = field(Table(Text()), "its word per language", {}, internal=True)
    spoken_letter: Mapping[str, str] = field(Table(Text()), "its letter per language", {}, internal=True)

    @property
    def title(self) -> Spoken:
        """Its word in the language spoken; its key when not translated."""
        return worded(self.spoken.get(current(), self.name), self.name)

    @property
    def mark(self) -> str:
        """Its letter in the language spoken ('W' for Wald, '森' for 森林); the file's letter when not translated."""
        return self.spoken_letter.get(current(), self.letter)


@section
class Fairness:
    """Capitals are fair when the tiles within `radius` steps of each differ
    by at most `max_difference`."""

    radius: int = field(Integer(minimum=1), "steps over tiles counted around each capital")
    max_difference: int = field(Integer(minimum=0), "the largest allowed difference in tiles")


@section
class Capitals:
    """Extra tiles added after the map is built, one per player."""

    count: int = field(Integer(minimum=1), "how many capitals")
    terrain: str = field(Text(), "the terrain of a capital tile (a key of 'terrains')")
    distance: int = field(Integer(minimum=1), "the fewest steps between two capitals")
    rule: str = field(RULE, "the rule for capitals")
    fairness: Fairness = field(Record(Fairness), "how even the capitals' surroundings must be")


@section
class Landscape:
    """A map of hex tiles dealt from the box."""

    rule: str = field(RULE, "the rule for building a map")
    tiles: TileCount = field(Record(TileCount), "the tile counts allowed")
    dice: DiceCount = field(Record(DiceCount), "dice per player for a map")
    box_rule: str = field(RULE, "the rule that sets what the box holds")
    terrains: Mapping[str, Terrain] = field(Table(Record(Terrain), min_items=1), "the box's tiles by terrain")
    capitals: Capitals | None = field(Record(Capitals), "the capital variant", None)
    die_mm: int = field(
        Integer(minimum=5, maximum=50), "the side of the box's dice in mm, so the printed map's hexes hold one", 16
    )

    @property
    def box(self) -> int:
        return sum(t.count for t in self.terrains.values())


@section
class Deployment:
    """Rolling armies and placing them: who places first, who starts."""

    players: tuple[str, ...] = field(Seq(Text(), min_items=2, max_items=2), "the two players' colours")
    aliases: Mapping[str, tuple[str, ...]] = field(Table(Seq(Text())), "other words for a player", EMPTY)
    colours: Mapping[str, str] = field(
        Table(COLOUR), "each player's colour in pictures (their capital's ring); left out: black", EMPTY
    )
    die: str = field(Text(), "the die the armies are (a key of 'dice')")
    roll_rule: str = field(RULE, "the rule for rolling the armies")
    order_rule: str = field(RULE, "the rule for who places first")
    hand: int = field(Integer(minimum=0), "dice each player keeps after placing")
    start_rule: str = field(RULE, "the rule for who starts play")
    equal_start: str = field(
        Text(choices=("first-placer", "second-placer")), "who starts when the dice left over sum the same"
    )


@section
class Scoring:
    """Who wins at the end: criteria in order, the first that differs decides."""

    rule: str = field(RULE, "the rule for the winner")
    order: tuple[str, ...] = field(
        Seq(Text(choices=("dice", "pips", "first")), min_items=1),
        "dice (most dice), pips (highest pip total), first (the first mover wins)",
    )


@section
class Grouping:
    """Two own dice merged into one: pips add up to a cap."""

    rule: str = field(RULE, "the rule for merging")
    cap: int = field(Integer(minimum=1), "the most pips a merged die shows")


@section
class Variant:
    """A special rule a table opts into with --rule NAME."""

    name: str = field(Text(), "its key in the table", key=True)
    rule: str = field(RULE, "the rule it comes from")
    text: str = field(Text(), "what it changes, in a sentence")
    label: str = field(Text(), "its name as printed ('fill the void'), if not its key", "")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it", ())
    # set by the loader from `translations`: language -> what it changes there
    spoken: Mapping[str, str] = field(Table(Text()), "its sentence per language", {}, internal=True)

    @property
    def said(self) -> Spoken:
        """What it changes, in the language spoken; the file's own sentence when not translated."""
        return worded(self.spoken.get(current(), self.text), self.text)
