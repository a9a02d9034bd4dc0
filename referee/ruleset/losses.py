"""What a side loses, in the game's own word: the one shared record every
procedure that deals losses may take (`loss:`), so reports and `--json` say
wounds, body points or figures as the game does."""

from __future__ import annotations

from referee.records import section
from referee.ruleset.spec import Record, Text, field


@section
class Loss:
    """What a side loses, in the game's own word (a wound, a body point, a
    figure); `words` under `translations` gives its label and plural in
    another language."""

    label: str = field(Text(), "one of it, as printed (wound)")
    plural: str = field(Text(), "more than one of it, when adding an s is wrong", "")

    @property
    def plurals(self) -> str:
        return self.plural or self.label + "s"


LOSS = Record(Loss)
LOSS.doc = "what a side loses, in the game's own word: a mapping with label and plural (wound, wounds)"
