"""Parameters of pip compare: a rolled die against the attacking field die
(DiceLand)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import RULE, Integer, Record, Seq, Text, field
from referee.stages.compare import Compare
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

PIP = "pip"  # the symbol a face carries as many times as its number: the pips compared and lost


@section
class PipCite:
    """The rule ID cited for each step; a step left out cites the attack's rule."""

    remove_defender: str = field(RULE, "a defender at 0 is removed and the attacker moves in", "")
    remove_attacker: str = field(RULE, "an attacking die at 0 is removed", "")
    combined: str = field(RULE, "who may join an attack and which pairings may be picked", "")
    fill: str = field(RULE, "the defender moving into an emptied attacker's tile", "")


@section
class PipCompare:
    """A rolled die against the attacking die on the field: equal is perfect,
    lower is valid (the rolled die takes the field die's place), higher fails
    (the field die loses a pip). The defender loses the rolled pips (DiceLand)."""

    procedure: str = field(Text(choices=("pip-compare",)), "pip-compare")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die rolled from the hand and shown on the field (a key of 'dice')")
    most_attackers: int = field(Integer(minimum=1), "the most field dice that attack together", 1)
    combined_refused_by: tuple[str, ...] = field(
        Seq(Text()), "situations (keys of 'situations') that refuse an attack by several dice", ()
    )
    defender_fills: str = field(
        Text(), "a variant (key of 'variants') under which the defender moves into an attacker's emptied tile", ""
    )
    cite: PipCite = field(Record(PipCite), "the rule cited at each step", PipCite())

    units_refused: ClassVar[str] = ""
    reads_situation: ClassVar[frozenset[str]] = frozenset()

    def as_compare(self) -> Compare:
        """DL-A2 as the compare stage says it: the rolled die's pips against
        the field die's, the fewer winning and equal going to the attacker
        (perfect); the attacker's win costs the defender the pips rolled, the
        defender's costs the field die one pip."""
        return Compare(symbol=PIP, wins="fewest", tie="attacker", attacker_wins="count", defender_wins="one")

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The situations and the variant it names exist."""
        refusing = ((f"{path}.combined_refused_by[{i}]", s) for i, s in enumerate(self.combined_refused_by))
        names_exist(fail, pgettext("kind", "situation"), refusing, rules.situations)
        if self.defender_fills:
            names_exist(
                fail, pgettext("kind", "variant"), [(f"{path}.defender_fills", self.defender_fills)], rules.variants
            )


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "combined_refused_by": pgettext("show.param", "combined refused by"),
        "defender_fills": pgettext("show.param", "defender fills"),
        "most_attackers": pgettext("show.param", "most attackers"),
    }


GRAMMAR = PipCompare  # what the registry reads a file's attack of this procedure with
