"""A stage in a package of its own, one more key of every attack written
as stages, so that a new mechanic edits no file of the procedure composing
them: the package declares an `Added` in its `stage` module (`STAGE`: the
key a file writes its section under, the record the section reads into, the
point of the ruling it runs at, and its function). The referee finds the
packages shipped under `referee.stages` by that module; one kept elsewhere
is added with `referee.ruleset.registry.add_stage`.

The points, in the order a ruling reaches them, and what the function
changes there (it returns that, changed, and the steps that say why):

- `dice`: each side's count of dice, once the roll stage counted them
  (`{side: dice}`); the odds and the dice typed follow it;
- `symbols`: one side's symbols as its faces read, before the follow-up
  rolls and cancelling (`{symbol: count}`, the side in `At.side`);
- `kept`: both sides' symbols once cancelled, before they cost anything
  (`{side: {symbol: count}}`);
- `losses`: what each side loses and how far it retreats, in the end
  (`({side: losses}, {side: retreats})`).

Several added stages at one point run in the order the file writes them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.ruleset import registry
from referee.ruleset.spec import ADDED, EMPTY, Record, Seq, Spec
from referee.rulings.ruling import Side, Step

if TYPE_CHECKING:
    from referee.procedures.base import Battle
    from referee.ruleset.model import Ruleset

POINTS = ("dice", "symbols", "kept", "losses")


@dataclass(frozen=True)
class At:
    """What an added stage's function is given beside the value it changes:
    the rules, the battle as told, its section as the file wrote it, the
    rule its steps cite (the attack's `cite` under its key, else its
    section's `rule`, else the attack's), and, at `symbols`, the side whose
    symbols these are."""

    rules: Ruleset
    battle: Battle
    section: Any
    rule: str
    side: Side | None = None


@dataclass(frozen=True)
class Added:
    """A stage a package adds to attacks written as stages: `key`, the key a file
    writes its section under; `grammar`, the `@section` it reads into (with
    `cross_check(rules, path, fail)` where the grammar cannot check alone,
    and `symbols()`, each symbol it names with its key); `at`, one of
    `POINTS`; `run(at, value) -> (value, steps)`; `listed`: the file writes
    a list of sections, each in turn (the function is given the list);
    `doc`: what the key holds, for the schema and the key reference (the
    grammar's docstring where left out)."""

    key: str
    grammar: type[Any]
    at: str
    run: Callable[[At, Any], tuple[Any, list[Step]]]
    listed: bool = False
    doc: str = ""

    @property
    def spec(self) -> Spec:
        """What the file's section reads into."""
        return Seq(Record(self.grammar), doc=self.doc) if self.listed else Record(self.grammar, self.doc)

    def __post_init__(self) -> None:
        if self.at not in POINTS:
            raise ValueError(f"an added stage runs at one of {', '.join(POINTS)}, not {self.at!r}")


def run(
    point: str, attack: Any, rules: Ruleset, battle: Battle, value: Any, side: Side | None = None
) -> tuple[Any, list[Step]]:
    """The value as the attack's added stages at `point` leave it, and their
    steps, in the order the file writes the stages."""
    steps: list[Step] = []
    known = registry.stages()
    for key, section in getattr(attack, ADDED, EMPTY).items():
        stage = known[key]
        assert isinstance(stage, Added), f"the stage added as {key!r} is declared with `Added`"
        if stage.at == point:
            cited = getattr(getattr(attack, "cite", None), ADDED, EMPTY).get(key, "")
            rule = cited or getattr(section, "rule", "") or attack.rule
            value, said = stage.run(At(rules, battle, section, rule, side), value)
            steps += said
    return value, steps
