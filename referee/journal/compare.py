"""What differs between the ruling recorded and the ruling given again, as
paths into the JSON document ("defender.loses: 1 → 2")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Difference:
    path: str
    then: Any
    now: Any


MISSING = "(absent)"


def differences(then: Any, now: Any, path: str = "") -> list[Difference]:
    if isinstance(then, dict) and isinstance(now, dict):
        found: list[Difference] = []
        for key in [*then, *(k for k in now if k not in then)]:
            sub = f"{path}.{key}" if path else str(key)
            found += differences(then.get(key, MISSING), now.get(key, MISSING), sub)
        return found
    if isinstance(then, list) and isinstance(now, list):
        longest = max(len(then), len(now))
        padded = [(then[i] if i < len(then) else MISSING, now[i] if i < len(now) else MISSING) for i in range(longest)]
        return [d for i, (a, b) in enumerate(padded) for d in differences(a, b, f"{path}[{i}]")]
    return [] if then == now else [Difference(path or "(whole ruling)", then, now)]
