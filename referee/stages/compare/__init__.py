"""Compare, by opposed difference: the side with more of a symbol wins by the
difference (its margin), or the side with fewer where the file says so (a
roll under, a rolled die against a die on the field); equal counts go to the
side the tie rule names, or nothing happens. What the loser takes is the costs stage's (`costs.removed`),
by what the winner's side says here; a win that costs the loser nothing is
no win.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import Integer, Record, Table, Text, field
from referee.rulings.ruling import SIDES, Side, Step, Value, say_n, step
from referee.stages.costs import ON_WIN
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle

own_catalogue(__file__)

TIE = Text(choices=("nothing", "attacker", "defender"))


@section
class Plus:
    """A value of the winner's units added to the wounds its win deals: a
    weapon's damage value, to which the margin adds."""

    values: Mapping[str, int] = field(
        Table(Integer(minimum=0, maximum=1000)),
        "by unit (a key of 'units'): its value, times its count, summed over the winner's units (a unit left "
        "out adds 0)",
    )
    label: str = field(Text(), "the value's name as printed ('damage value')")

    def of(self, units: Iterable[tuple[str, int]]) -> int:
        """What the winner's units add."""
        return sum(self.values.get(unit, 0) * n for unit, n in units)


@section
class Compare:
    """Most (or fewest) of a symbol wins: the symbol the sides compare, who wins on equal
    counts, what the loser takes by the side that wins, and who chooses the
    loser's units."""

    by: str = field(
        Text(choices=("difference", "pairs")),
        "difference (most of a symbol wins, by the margin) or pairs (each side's dice high to low, highest "
        "against highest over the shorter side; each lost pair one loss, a tied pair to tie)",
        "difference",
    )
    symbol: str = field(Text(), "with by: difference, the symbol each side counts (a symbol some face carries)", "hit")
    wins: str = field(
        Text(choices=("most", "fewest")), "who wins: the side with the most of the symbol, or the fewest", "most"
    )
    tie: str = field(TIE, "who wins on equal counts: nothing (nothing happens), attacker or defender", "nothing")
    attacker_wins: str = field(
        ON_WIN,
        "what the defender takes when the attacker wins: units by the margin (at least one, capped at its "
        "units), all its units, the margin as losses in the game's word (never capped), the winner's count "
        "of the symbol as losses (count: the pips it rolled), one loss whatever the margin, nothing as a win "
        "(no-loss: the winner is named, nothing happens), or nothing (no win)",
        "remove-surplus",
    )
    defender_wins: str = field(
        ON_WIN, "what the attacker takes when the defender wins, as attacker_wins", "remove-surplus"
    )
    chooser: str = field(
        Text(choices=("loser", "winner")),
        "who chooses which of the loser's units are removed, where they are of different kinds",
        "loser",
    )
    plus: Plus | None = field(
        Record(Plus),
        "a value of the winner's units added to the wounds of its win (a weapon's damage value); with wounds only",
        None,
    )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """A plus names units of the file, and adds to a win that deals wounds."""
        if self.by == "pairs" and (self.plus is not None or self.wins != "most" or "count" in self.wins_cost()):
            plus = pgettext(
                "file.pairs_plus", "pairs cost one loss a pair: plus, wins: fewest and count compare by difference"
            )
            raise fail(f"{path}.by", plus)
        if self.plus is None:
            return
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.plus.values", u) for u in self.plus.values], rules.units)
        if "wounds" not in (self.attacker_wins, self.defender_wins):
            wounds = pgettext("file.plus_wounds", "plus adds to wounds: attacker_wins or defender_wins must be wounds")
            raise fail(f"{path}.plus", wounds)

    def unread(self) -> tuple[str, ...]:
        """The fields a comparison by pairs does not read, which `show` leaves out (it counts no symbol)."""
        return ("symbol", "wins", "plus") if self.by == "pairs" else ()

    def wins_cost(self) -> tuple[str, str]:
        """What each side's win costs the other."""
        return self.attacker_wins, self.defender_wins

    def on_win(self, side: Side) -> str:
        """What the other side takes when `side` wins."""
        return self.attacker_wins if side == Side.ATTACKER else self.defender_wins

    def reads(self, battle: Battle, most: Mapping[Side, int]) -> Hashable:
        """What a win reads of the battle, for each side that may win: the
        loser's units where the win removes them (only up to the most the
        winner can count, `most`, where it removes the surplus: a tie won
        removes one), and the winner's plus."""
        read: list[Hashable] = []
        for winner in SIDES:
            on_win, have = self.on_win(winner), sum(n for _, n in battle.side(winner.other))
            units = have if on_win == "remove-all" else min(have, max(most[winner], 1))
            plus = self.plus.of(battle.side(winner)) if self.plus and on_win == "wounds" else 0
            read.append((units if on_win.startswith("remove") else 0, plus))
        return tuple(read)


def hits(n: int) -> Value:
    """'2 hits': a count of the compared symbol, as symbol hits says it."""
    return say_n("count.hits", "{n} hit", "{n} hits", n)


def decide(counts: Mapping[Side, int], wins: str, tie: str) -> tuple[Side | None, int]:
    """Who wins the comparison, before what a win costs: the side with the
    most of the symbol (or the fewest), on equal counts the side `tie` names
    (None for nothing); and the margin, the difference of the counts."""
    attacker, defender = counts[Side.ATTACKER], counts[Side.DEFENDER]
    if attacker == defender:
        return (None if tie == "nothing" else Side(tie)), 0
    more = Side.ATTACKER if attacker > defender else Side.DEFENDER
    return (more if wins == "most" else more.other), abs(attacker - defender)


def compare(
    counts: Mapping[Side, int],
    tie: str,
    costly: Mapping[Side, bool],
    rule: str,
    counted: Callable[[int], Value] = hits,
    wins: str = "most",
) -> tuple[Side | None, int, Step]:
    """The winner (None: nothing happens), the margin (the difference of the
    counts) and the step that says so; `costly` says whether a win by each
    side costs the loser anything (a win that removes nothing is no win)."""
    attacker, defender = counts[Side.ATTACKER], counts[Side.DEFENDER]
    decided, margin = decide(counts, wins, tie)
    if attacker == defender:
        winner = decided if decided and costly[decided] else None
        if counted is not hits:  # a symbol counted by name is named, as its win names it: "pip 5 against 5"
            return winner, 0, _tied(rule, counted(attacker), attacker, winner)
        if winner is None:
            return None, 0, step(rule, "hits.equal", "equal hits ({n} each): nothing happens", n=attacker)
        return (
            winner,
            0,
            step(rule, "hits.equal.tie", "equal hits ({n} each): the {winner} wins ties", n=attacker, winner=winner),
        )
    assert decided is not None, "unequal counts always have a winner"
    said: dict[str, Value] = {
        "hits": counted(attacker),
        "against": defender,
        "side": decided,
        "winner": decided,
        "margin": margin,
    }
    if not costly[decided] and wins == "fewest":
        return (
            None,
            margin,
            step(
                rule,
                "hits.compared.nothing.fewest",
                "{hits} against {against}: fewer for the {side}, whose win removes nothing: nothing happens",
                **said,
            ),
        )
    if not costly[decided]:
        return (
            None,
            margin,
            step(
                rule,
                "hits.compared.nothing",
                "{hits} against {against}: more hits for the {side}, whose win removes nothing: nothing happens",
                **said,
            ),
        )
    return (
        decided,
        margin,
        step(rule, "hits.compared", "{hits} against {against}: the {winner} wins by {margin}", **said),
    )


def _tied(rule: str, hits: Value, against: int, winner: Side | None) -> Step:
    """Equal counts of a named symbol: nothing happens, or the side that wins ties wins."""
    if winner is None:
        return step(rule, "symbols.equal", "{hits} against {against}: nothing happens", hits=hits, against=against)
    return step(
        rule,
        "symbols.equal.tie",
        "{hits} against {against}: the {winner} wins ties",
        hits=hits,
        against=against,
        winner=winner,
    )


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "attacker_wins": pgettext("show.param", "attacker wins"),
        "by": pgettext("show.param", "by"),
        "chooser": pgettext("show.param", "chooser"),
        "defender_wins": pgettext("show.param", "defender wins"),
        "plus": pgettext("show.param", "plus"),
        "symbol": pgettext("show.param", "symbol"),
        "tie": pgettext("show.param", "tie"),
        "values": pgettext("show.param", "values"),
        "wins": pgettext("show.param", "wins"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "count": pgettext("show.value", "count"),
        "defender": pgettext("show.value", "defender"),
        "difference": pgettext("show.value", "difference"),
        "fewest": pgettext("show.value", "fewest"),
        "loser": pgettext("show.value", "loser"),
        "most": pgettext("show.value", "most"),
        "no-loss": pgettext("show.value", "no-loss"),
        "nothing": pgettext("show.value", "nothing"),
        "one": pgettext("show.value", "one"),
        "remove-all": pgettext("show.value", "remove-all"),
        "remove-surplus": pgettext("show.value", "remove-surplus"),
        "winner": pgettext("show.value", "winner"),
        "wounds": pgettext("show.value", "wounds"),
    }
