"""staged as the door reaches it (`PROCEDURE`), imported on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.procedures import told
from referee.procedures.staged import resolver
from referee.procedures.staged.grammar import Staged
from referee.ruleset.model import Ruleset
from referee.stages.added import made_alone

if TYPE_CHECKING:
    from fractions import Fraction  # exact odds only: a ruling never pays for it


def _counted(rules: Ruleset, params: Staged, battle: Any) -> list[tuple[dict[str, Any], Fraction]] | None:
    """The odds counted die by die (`staged.counted`), imported only when odds are asked."""
    from referee.procedures.staged.counted import counted

    return counted(rules, params, battle)


PROCEDURE = told.procedure(
    "staged",
    Staged,
    "tally",
    resolver,
    fight="referee.procedures.staged.fight",
    typed=resolver.TYPED,
    alone=made_alone,
    counted=_counted,
)
