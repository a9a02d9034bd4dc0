"""A wound roll against a value: after a hit a second die, plus the wounds
the target already has where the file adds them and any changes, against
the target's unmodified value; reaching it puts the target out of action,
else it takes more wounds (True Forces).
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from referee.core.records import section
from referee.ruleset.spec import RULE, Boolean, Integer, field
from referee.rulings.ruling import Spoken, Step, Value, say, say_n, step, summed
from referee.words.language import own_catalogue, pgettext

own_catalogue(__file__)


@section
class WoundRoll:
    """The roll after a hit: high enough puts the target out of action."""

    adds_wounds: bool = field(Boolean(), "true if the wounds the target already has are added")
    wounds_per_hit: int = field(Integer(minimum=1), "wounds a hit gives when it does not take the target out", 1)
    rule: str = field(RULE, "the rule of the wound roll; left out: the attack's", "")
    outcome: str = field(RULE, "the rule of out of action or more wounds; left out: the attack's", "")


def unrolled(rule: str, roll: int | None) -> Step:
    """The step of a miss: no wound roll, saying the die typed that is not needed."""
    if roll is None:
        return step(rule, "wound.none", "no wound roll: it only follows a hit")
    return step(
        rule,
        "wound.unrolled",
        "no wound roll: it only follows a hit (a wound roll of {roll} is not needed)",
        roll=roll,
    )


def wounded(
    wound: WoundRoll,
    roll: int,
    wounds: int,
    changed: tuple[int, Spoken],
    against: tuple[str, int],
    rules: tuple[str, str],
) -> tuple[int, bool, int, list[Step]]:
    """The wound roll's total (the roll, the wounds taken where added, the
    `changed` total with its note), whether it reaches the target's value
    (`against`: its label and number), the wounds after, and the steps that
    say so, citing the roll's rule and the outcome's (`rules`)."""
    change, note = changed
    total = roll + (wounds if wound.adds_wounds else 0) + change
    parts: list[str] = [say("wound.roll", "wound roll {roll}", roll=roll)]
    if wound.adds_wounds:
        taken = say_n("count.wounds", "{n} wound", "{n} wounds", wounds)
        parts.append(say("wound.taken", "{wounds} already taken", wounds=taken))
    if note:
        parts.append(note)
    steps = [step(rules[0], "wound.total", "{parts} = {total}", parts=summed(parts), total=total)]
    label, target = against
    out = total >= target
    after = wounds if out else wounds + wound.wounds_per_hit
    reached: dict[str, Value] = {"total": total, "label": label, "target": target, "after": after}
    more = say_n("count.more_wounds", "{n} more wound", "{n} more wounds", wound.wounds_per_hit)
    steps.append(
        step(
            rules[1],
            "wound.out_of_action",
            "{total} reaches the target's unmodified {label} {target}: out of action",
            **reached,
        )
        if out
        else step(
            rules[1],
            "wound.wounded",
            "{total} is below the target's unmodified {label} {target}: {more}, {after} in all",
            more=more,
            **reached,
        )
    )
    return total, out, after, steps


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "adds_wounds": pgettext("show.param", "adds wounds"),
        "outcome": pgettext("show.param", "outcome"),
        "wound": pgettext("show.param", "wound"),
        "wounds_per_hit": pgettext("show.param", "wounds per hit"),
    }
