"""What a ruleset file holds, as frozen dataclasses; their field specs are the
file's grammar (see `spec`), so reading and schema come from one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.chance.dice import Die
from referee.core.records import section
from referee.ruleset.registry import Grammars
from referee.ruleset.spec import EMPTY, FACE, Boolean, Either, Integer, Lazy, Record, Seq, Table, Tagged, Text, field
from referee.ruleset.spec import RULE as RULE_ID
from referee.rulings.ruling import Said, Spoken, say, worded
from referee.words.inputs import DICE_PER_UNIT
from referee.words.language import ENGLISH, LANGUAGES, current

if TYPE_CHECKING:
    from referee.ruleset.economy import Reinforcements
    from referee.ruleset.play import Play
    from referee.ruleset.recruits import Building, Recruiting
    from referee.ruleset.sections import Deployment, Grouping, Landscape, Scoring, Variant
    from referee.ruleset.texts import Translation
    from referee.ruleset.values import ToldValue

FORMAT = 1
ECONOMY = "referee.ruleset.economy"
RECRUITS = "referee.ruleset.recruits"
SECTIONS = "referee.ruleset.sections"
VALUES = "referee.ruleset.values"
PLAY = "referee.ruleset.play"
TEXTS = "referee.ruleset.texts"

NAME = Text(pattern=r"^[a-z0-9][a-z0-9-]*$")
NAME.doc = "a lower-case name with dashes, such as heavy-weapon"


@section
class DieDef:
    """A kind of die: its sides, and the words players use for them."""

    name: str = field(Text(), "its key in the table", key=True)
    faces: tuple[Any, ...] = field(
        Seq(FACE, min_items=2, max_items=1000), "every side of the die; repeat a face that is on several sides"
    )
    aliases: Mapping[str, tuple[str, ...]] = field(
        Table(Seq(Text()), keys=FACE),
        "other words for a face (a word or a number, as in faces), in any language of the rulebook",
        EMPTY,
    )
    rule: str = field(RULE_ID, "the rule that says what the die shows", "")

    @property
    def die(self) -> Die:
        return Die(self.name, self.faces)


@section
class Unit:
    """A kind of piece."""

    name: str = field(Text(), "its key in the table", key=True)
    label: str = field(Text(), "how the unit is written out, if not its key", "")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, singular and plural, any language", ())
    plural: str = field(Text(), "its plural as printed, when adding an s is wrong (armies, infantry)", "")
    cost: int = field(Integer(minimum=0), "what it costs to buy or recruit", 0)
    start: int = field(Integer(minimum=0), "how many each player starts with", 0)
    attack: str = field(
        Text(), "the attack it makes (a key of 'attacks'); needed when there are several, unless it only defends", ""
    )
    defends_only: bool = field(
        Boolean(), "true if it makes no attack of its own: a target, a monster that only defends", False
    )
    also: tuple[str, ...] = field(
        Seq(Text()),
        "other attacks it can make (keys of 'attacks'), the one made told with the battle; untold, it makes 'attack'",
        (),
    )
    states: tuple[str, ...] = field(
        Seq(Text()),
        "its states (keys of 'states'), first the fresh one; each loss moves it one on, "
        "and a loss in the last destroys it; none: a loss destroys it",
        (),
    )
    # set by the loader from `translations`: language -> (label, plural, measure word); language -> state -> its word
    spoken: Mapping[str, tuple[str, str, str]] = field(Table(Text()), "its words per language", EMPTY, internal=True)
    spoken_states: Mapping[str, Mapping[str, str]] = field(
        Table(Table(Text())), "its states' words per language", EMPTY, internal=True
    )

    @property
    def word(self) -> str:
        """Its name as the file writes it, whatever the language spoken: what a ruling records."""
        return self.label or self.name

    @property
    def title(self) -> Spoken:
        """Its name as printed, in the language spoken."""
        said = self.spoken.get(current())
        return worded(said[0] if said else self.word, self.word)

    @property
    def titles(self) -> Spoken:
        """Its plural as printed, in the language spoken."""
        english = self.plural or self.word + "s"
        said = self.spoken.get(current())
        return worded(said[1] if said else english, english)

    @property
    def known_as(self) -> str:
        """Its name in a list of what a player may type: its label in the
        language spoken where the file translates it, else its key."""
        said = self.spoken.get(current())
        return said[0] if said else self.name

    def named(self, count: int) -> Spoken:
        """'trooper', 'troopers': its word for a count, in the language spoken."""
        return self.title if count == 1 else self.titles

    def state_said(self, state: str) -> Spoken:
        """One of its states ('damaged') as the language spoken writes it."""
        return worded(self.spoken_states.get(current(), EMPTY).get(state, state), state)

    def counted(self, count: int, state: str = "", numbered: bool = False) -> Spoken:
        """'trooper', '2 troopers', '2 damaged armour': as a ruling writes a count
        of them, in the language spoken and its word order (a state may follow
        the unit); `numbered` writes one as '1 trooper', beside other counts."""
        unit = self.named(count)
        if count == 1 and not numbered:
            return say("unit.stated", "{state} {unit}", state=self.state_said(state), unit=unit) if state else unit
        return self.amount(count, unit, state)

    @property
    def measure(self) -> Spoken:
        """The measure word the language spoken counts it with ('名' for a trooper); none in English."""
        said = self.spoken.get(current())
        return worded(said[2] if said else "", "")

    def amount(self, n: int | str, unit: str, state: str = "") -> Spoken:
        """'2 troopers', '0.12 damaged armour', '2 名士兵': a number (written as
        given) before its word for the unit and state, in the language spoken,
        with the measure word the ruleset gives a language that counts with one."""
        measure = self.measure
        if state:
            return say(
                "unit.counted_stated",
                "{n} {state} {unit}",
                n=n,
                state=self.state_said(state),
                unit=unit,
                measure=measure,
            )
        return say("unit.counted", "{n} {unit}", n=n, unit=unit, measure=measure)


@section
class UnitState:
    """A state a unit can be in (intact, damaged), typed before its name: "damaged armour"."""

    name: str = field(Text(), "its key in the table", key=True)
    rule: str = field(RULE_ID, "the rule that gives units this state")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())


@section
class Situation:
    """A named circumstance players switch on with --when SIDE:NAME."""

    name: str = field(Text(), "its key in the table", key=True)
    side: str = field(
        Text(choices=("attacker", "defender", "either")), "whose situation it is; either: the player says which side"
    )
    rule: str = field(RULE_ID, "the rule it comes from")
    text: str = field(Text(), "what it means, in a sentence")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it", ())
    refuse: str = field(Text(), "if set, the attack is refused with this reason", "")
    requires_unit: str | tuple[str, ...] = field(
        Either(Text(), Seq(Text(), min_items=1)),
        "a unit that must be on that side for it to apply, or a list of units one of which must be",
        "",
    )
    excludes: tuple[str, ...] = field(Seq(Text()), "situations it cannot be combined with", ())
    # effects a procedure reads if its grammar lists them in `reads_situation`
    extra_dice: int = field(
        Integer(minimum=0, maximum=DICE_PER_UNIT), "dice its side rolls on top of the usual", 0, effect=True
    )
    not_on_top_of: tuple[str, ...] = field(
        Seq(Text()),
        "situations that, when also on, replace this one's extra dice instead of adding",
        (),
        effect=True,
    )
    highest_bonus: int = field(Integer(minimum=0), "added to its side's highest paired die", 0, effect=True)
    cancels_bombardment: bool = field(Boolean(), "true if the other side's units lose their bonus", False, effect=True)
    stops_repair: bool = field(
        Boolean(), "true if the other side's damaged units cannot withdraw to repair", False, effect=True
    )
    fails_without: str = field(
        Text(),
        "a unit its side must keep: when the last one is destroyed the attack fails and "
        "every unit of the side is removed (a landing without ships)",
        "",
        effect=True,
    )
    range: tuple[int, ...] = field(
        Seq(Integer(minimum=1), min_items=1),
        "the distances the players state at which it holds by itself, on both sides: close combat at 1, "
        "fire at 2 and 3; the players state the distance, never the situation",
        (),
        effect=True,
    )
    # set by the loader from `translations`: language -> what it means there
    spoken: Mapping[str, str] = field(Table(Text()), "its sentence per language", EMPTY, internal=True)

    @property
    def said(self) -> Spoken:
        """What it means, in the language spoken; the file's own sentence when not translated."""
        return worded(self.spoken.get(current(), self.text), self.text)

    def required_units(self) -> tuple[str, ...]:
        """The units of which its side needs one (a helmet: any hero but the wizard); none: no need."""
        if isinstance(self.requires_unit, str):
            return (self.requires_unit,) if self.requires_unit else ()
        return self.requires_unit


@section
class Ruleset:
    """A game: its rules' texts, dice, units, attacks and decided points."""

    format: int = field(Integer(minimum=FORMAT, maximum=FORMAT), "the file format version; 1")
    name: str = field(NAME, "the name typed on the command line")
    title: str = field(Text(), "the game's name as printed")
    aliases: tuple[str, ...] = field(
        Seq(Text()), "other names players use for the game, any language; commands find the file by them", ()
    )
    source: str = field(Text(), "where the rules come from")
    rules: Mapping[str, str] = field(
        Table(Text(), min_items=1), "each rule ID with its text; every cited ID must be here"
    )
    dice: Mapping[str, DieDef] = field(Table(Record(DieDef), min_items=1), "the kinds of dice")
    units: Mapping[str, Unit] = field(Table(Record(Unit)), "the kinds of pieces, for games that name them", EMPTY)
    attacks: Mapping[str, Any] = field(
        Table(Tagged("procedure", Grammars()), min_items=1),
        "the kinds of attack; each selects a procedure and sets its parameters",
    )
    situations: Mapping[str, Situation] = field(Table(Record(Situation)), "named situations", EMPTY)
    values: Mapping[str, ToldValue] = field(
        Table(Lazy(f"{VALUES}:ToldValue")),
        "numbers the table states for an attack, each side its own, which stage keys may name",
        EMPTY,
    )
    states: Mapping[str, UnitState] = field(Table(Record(UnitState)), "states units can be in", EMPTY)
    reinforcements: Reinforcements | None = field(
        Lazy(f"{ECONOMY}:Reinforcements"), "buying new units with points", None
    )
    variants: Mapping[str, Variant] = field(
        Table(Lazy(f"{SECTIONS}:Variant")), "special rules a table opts into", EMPTY
    )
    landscape: Landscape | None = field(Lazy(f"{SECTIONS}:Landscape"), "a map of hex tiles dealt from the box", None)
    deployment: Deployment | None = field(Lazy(f"{SECTIONS}:Deployment"), "rolling and placing the armies", None)
    scoring: Scoring | None = field(Lazy(f"{SECTIONS}:Scoring"), "who wins at the end of a game", None)
    grouping: Grouping | None = field(Lazy(f"{SECTIONS}:Grouping"), "merging two own pieces into one", None)
    recruiting: Recruiting | None = field(
        Lazy(f"{RECRUITS}:Recruiting"), "recruiting units from what a player holds", None
    )
    building: Building | None = field(Lazy(f"{RECRUITS}:Building"), "building for a price", None)
    play: Play | None = field(Lazy(f"{PLAY}:Play"), "a whole game held move by move on a dealt map", None)
    language: tuple[str, ...] = field(
        Seq(Text(choices=LANGUAGES), min_items=1),
        "the language(s) of the rulebook the table plays from, such as [nl, en]",
        (ENGLISH,),
    )
    translations: Mapping[str, Translation] = field(
        Table(Lazy(f"{TEXTS}:Translation"), keys=Text(choices=LANGUAGES[1:])),
        "the ruleset's words in other languages (the file's own are English); a word left out is read in English",
        EMPTY,
    )
    # set by the loader, never read from the file
    path: str = field(Text(), "where the file was read from", "", internal=True)
    digest: str = field(Text(), "SHA-256 of the file's bytes", "", internal=True)

    def attack_of(self, unit: str) -> str:
        """The attack a unit makes unless told another: its own, or the file's only one."""
        return self.units[unit].attack or next(iter(self.attacks))

    def attacks_of(self, unit: str) -> tuple[str, ...]:
        """Every attack a unit can make: the one it makes unless told, then its others."""
        return (self.attack_of(unit), *self.units[unit].also)

    def attack_said(self, attack: str) -> Spoken:
        """An attack's label as the language spoken writes it; the file's label otherwise."""
        spoken = self.translations.get(current())
        label = str(self.attacks[attack].label)
        return worded((spoken.attacks.get(attack) if spoken else None) or label, label)

    def said(self, word: str, label: str = "") -> Said:
        """A word the file prints as it writes it (a player, a continent, an
        attack type's label), in the language spoken where `translations`
        words it, else as its `label` says it ('South America' for the key
        south-america): its value stays the file's word, for --json and records."""
        spoken = self.translations.get(current())
        return Said(word, (spoken.words.get(word) if spoken else None) or label or word)

    @property
    def spoken_title(self) -> Spoken:
        """The game's name as the language spoken prints it (a translation's
        `words` may name it: 前線風雲 for Frontline Risk), for every title and sentence."""
        return worded(self.said(self.title).spoken, self.title)

    def face_said(self, die: str, face: object) -> Spoken:
        """A face of a die as the language spoken writes it ('zwaard' for sword); the file's word otherwise."""
        spoken = self.translations.get(current())
        return worded(spoken.faces.get(die, {}).get(str(face), str(face)) if spoken else str(face), str(face))


GRAMMAR = Record(Ruleset)
