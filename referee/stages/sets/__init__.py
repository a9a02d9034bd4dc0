"""Sets within one side's roll: so many dice of one symbol score what a set
of it is worth, and each die past the set scores more (King of Tokyo:
three 2s score 2 points, a fourth 2 one more). The points are a symbol the
side gets, whatever else its dice read.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, Table, Text, field
from referee.rulings.ruling import SIDES, Step, spaced, step
from referee.stages.added import At, for_side
from referee.words.language import own_catalogue, pgettext

own_catalogue(__file__)


@section
class Sets:
    """Sets of a side's dice alike, each worth points."""

    scores: Mapping[str, int] = field(
        Table(Integer(minimum=0, maximum=100), min_items=1),
        "each symbol that makes a set, with what a set of it scores (a 2 scores 2)",
    )
    of: int = field(Integer(minimum=1, maximum=100), "how many dice of one symbol make a set", 3)
    extra: int = field(Integer(minimum=0, maximum=100), "what each die of the symbol past a set scores", 1)
    gives: str = field(Text(), "the symbol the points are (count it under costs: counts)")
    side: str = field(Text(choices=SIDES), "the side whose roll it looks at", "attacker")
    rule: str = field(RULE, "the rule for it; left out: the attack's", "")

    def symbols(self) -> Iterator[tuple[str, str]]:
        """The symbols it reads, each with its key, for the attack's check."""
        yield from ((f"scores.{symbol}", symbol) for symbol in self.scores)

    def made(self) -> tuple[tuple[str, str], ...]:
        """The symbol it gives, with the side it gives it to."""
        return ((self.side, self.gives),)

    def points(self, n: int, worth: int) -> int:
        """What `n` dice of a symbol worth `worth` score: nothing short of a set."""
        return worth + (n - self.of) * self.extra if n >= self.of else 0


def sets(at: At, counts: dict[str, int]) -> tuple[dict[str, int], list[Step]]:
    """The side's symbols with the points of each set its dice make."""
    steps: list[Step] = []
    for entry in for_side(at):
        for symbol, worth in entry.scores.items():
            points = entry.points(counts.get(symbol, 0), worth)
            if not points:
                continue
            counts = {**counts, entry.gives: counts.get(entry.gives, 0) + points}
            said = step(
                entry.rule or at.rule,
                "sets.scores",
                "the {side}'s {set} make a set: {points}",
                side=at.side,
                set=spaced(at.rules.said(symbol), counts[symbol]),
                points=spaced(at.rules.said(entry.gives), points),
            )
            steps.append(said)
    return counts, steps


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "extra": pgettext("show.param", "extra"),
        "gives": pgettext("show.param", "gives"),
        "of": pgettext("show.param", "of"),
        "scores": pgettext("show.param", "scores"),
        "sets": pgettext("show.param", "sets"),
        "side": pgettext("show.param", "side"),
    }
