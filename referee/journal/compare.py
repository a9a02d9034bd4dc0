"""What differs between the ruling recorded and the ruling given again, as
paths into the JSON document ("defender.loses: 1 → 2"). A field the ruling
gained since it was recorded is no difference: the entry did not say it, so
today's ruling cannot contradict it (a ruling recorded before it named the
game's word for a retreat still stands). What the entry recorded is
compared whole, and the chain already refuses an entry edited since.

An explanation's step is compared by its rule and its text: its message id
and values say the same text in another form, and a step recorded before
steps had them still reads the same."""

from __future__ import annotations

from typing import Any

from referee.core.records import record


@record
class Run:
    """One ruling again (`referee replay`): under which file (its label), why
    it could not rule (`error`), what differs from the ruling recorded, the
    ruling given now, and the sha256 of today's file for the run with it."""

    label: str
    error: str | None
    differences: tuple[Difference, ...]
    ruling: Any
    digest: str | None = None

    @property
    def same(self) -> bool:
        return not self.error and not self.differences

    def as_dict(self) -> dict[str, Any]:
        """The run as --json prints it."""
        from dataclasses import asdict

        return {
            "label": self.label,
            "error": self.error,
            "same": self.same,
            "differences": [asdict(d) for d in self.differences],
            "ruling": self.ruling,
            **({"digest": self.digest} if self.digest is not None else {}),
        }


@record
class Difference:
    path: str
    then: Any
    now: Any


MISSING = "(absent)"


SAID = ("rule", "text")  # what of an explanation's step is compared


def _said(document: Any) -> Any:
    """The document with each explanation step cut to its rule and text."""
    if isinstance(document, dict):
        return {
            key: [{k: s[k] for k in SAID if k in s} for s in value] if key == "explanation" else _said(value)
            for key, value in document.items()
        }
    if isinstance(document, list):
        return [_said(item) for item in document]
    return document


def differences(then: Any, now: Any) -> list[Difference]:
    return _differences(_said(then), _said(now))


def _differences(then: Any, now: Any, path: str = "") -> list[Difference]:
    if isinstance(then, dict) and isinstance(now, dict):
        found: list[Difference] = []
        for key in then:  # a key the stored ruling lacks is a field added since, not a difference
            sub = f"{path}.{key}" if path else str(key)
            found += _differences(then.get(key, MISSING), now.get(key, MISSING), sub)
        return found
    if isinstance(then, list) and isinstance(now, list):
        longest = max(len(then), len(now))
        padded = [(then[i] if i < len(then) else MISSING, now[i] if i < len(now) else MISSING) for i in range(longest)]
        return [d for i, (a, b) in enumerate(padded) for d in _differences(a, b, f"{path}[{i}]")]
    return [] if then == now else [Difference(path or "(whole ruling)", then, now)]
