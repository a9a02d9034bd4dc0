"""The kind of outcome "chain": a list of named steps, each rolled against its
number, as typed records whose fields are the `--json` keys."""

from __future__ import annotations

from referee.core.records import record
from referee.rulings.ruling import Record, Side


@record
class StepResult(Record):
    """One step as rolled: its name, who rolled, the number needed (null
    where the chart says no roll can pass), the roll (null when the chain
    stopped before it) and whether it passed."""

    name: str
    roller: Side
    needed: int | None
    roll: int | None
    passed: bool | None


@record
class Chain(Record):
    """The kind of outcome "chain": each step, the step that stopped the chain
    (null when it ran through), and the file's result when it did (else null)."""

    ruleset: str
    attack: str
    attacker: str
    defender: str
    steps: list[StepResult]
    stopped_at: str | None
    result: str | None
