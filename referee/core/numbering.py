"""Values numbered in the order met, equal values by one number: a whole
fight's solver hashes and compares its states millions of times, and a
state of two small integers costs nothing to hash where two armies listed
unit by unit cost each time."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class Numbering(Generic[T]):
    """Each value met, by its number (`known`), and the number of each."""

    __slots__ = ("_numbers", "known")

    def __init__(self) -> None:
        self.known: list[T] = []
        self._numbers: dict[T, int] = {}

    def __call__(self, value: T) -> int:
        """The value's number, the same for equal values."""
        found = self._numbers.get(value)
        if found is None:
            found = self._numbers[value] = len(self.known)
            self.known.append(value)
        return found
