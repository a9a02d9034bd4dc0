"""The one error a user's mistake raises; the CLI turns it into a line on stderr."""

from __future__ import annotations


class RefereeError(Exception):
    """A mistake in what the user typed or wrote, never a bug in the referee.

    `rule` names the rule that refuses (``GF-B2``) and `where` the place in a
    ruleset file (``rulesets/x.yaml:12:5``), so the message says how to fix it.
    """

    def __init__(self, message: str, *, rule: str | None = None, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.where = where

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        return f"{text} ({self.rule})" if self.rule else text


def did_you_mean(
    kind: str, given: str, known: list[str], listed: list[str] | None = None, more: str = ""
) -> RefereeError:
    """An 'unknown X' error that suggests the closest known name; when none is
    close, it lists `listed` (by default every known name) and says `more`."""
    import difflib  # only paid for on the error path

    close = difflib.get_close_matches(given.lower(), [k.lower() for k in known], n=1, cutoff=0.6)
    lowered = {k.lower(): k for k in known}
    if close:
        return RefereeError(f"unknown {kind} '{given}'; did you mean '{lowered[close[0]]}'?")
    names = known if listed is None else listed
    listing = ", ".join(sorted(names)) if names else "none"
    return RefereeError(f"unknown {kind} '{given}'; known: {listing}{more}")
