"""An attack made alone: no other unit may join it (a heavy weapon fires by
itself). The door refuses company before a die is rolled, citing the
section's rule (`referee.stages.added.made_alone`)."""

from __future__ import annotations

from typing import ClassVar

from referee.core.records import section
from referee.ruleset.spec import RULE, field
from referee.words.language import own_catalogue, pgettext

own_catalogue(__file__)


@section
class Alone:
    """The attack is made by one unit alone; `rule` says so (left out: the attack's)."""

    rule: str = field(RULE, "the rule that makes it an attack made alone; left out: the attack's", "")

    made_alone: ClassVar[bool] = True


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {"alone": pgettext("show.param", "alone")}
