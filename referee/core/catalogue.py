"""A compiled message catalogue (a GNU .mo file) read on demand.

The stdlib's `gettext.GNUTranslations` decodes every message of a catalogue
when it opens it; the referee's catalogues hold hundreds, and a ruling says
a few dozen. A .mo keeps its original messages sorted, so each
message asked for is found by a binary search of that table instead, and a
run pays for what it says, not for the size of the catalogue.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable

_MAGIC = 0x950412DE
_CONTEXT = b"\x04"  # joins a message's context to its msgid
_PLURAL = b"\x00"  # joins a msgid to its plural (and a translation's forms)


class Catalogue:
    """One language's translations, looked up in the .mo's bytes as asked."""

    def __init__(self, data: bytes, more: Callable[[], Iterable[Catalogue]] = tuple):
        magic = struct.unpack_from("<I", data)[0]
        self._order = "<" if magic == _MAGIC else ">"  # a .mo may be written in either byte order
        _, _, self._count, self._originals, self._translations = struct.unpack_from(f"{self._order}5I", data)
        self._data = data
        self._more = more
        self._rule: Callable[[int], int] | None = None  # read from the header when a count is first said
        self._known: dict[bytes, bytes] = {}  # each translation found, by its key: odds say a message per throw

    def _text(self, table: int, index: int) -> bytes:
        length, offset = struct.unpack_from(f"{self._order}2I", self._data, table + 8 * index)
        return self._data[offset : offset + length]

    def _found(self, key: bytes) -> bytes | None:
        """The translation (its forms joined by NUL) of the message with this
        key, or None. A message with a plural is keyed by its msgid, NUL, its plural."""
        low, high = 0, self._count
        while low < high:  # the first original not below `key`
            middle = (low + high) // 2
            if self._text(self._originals, middle) < key:
                low = middle + 1
            else:
                high = middle
        if low < self._count and self._text(self._originals, low) == key:
            return self._text(self._translations, low)
        return None

    def _anywhere(self, key: bytes) -> bytes | None:
        """The translation here, else in the first of the packages' catalogues
        that has it; once found, remembered (a message not found is looked for
        again: the package that has it may be imported later)."""
        found = self._known.get(key)
        if found is not None:
            return found
        found = self._found(key)
        if found is None:
            for other in self._more():
                found = other._found(key)
                if found is not None:
                    break
        if found is not None:
            self._known[key] = found
        return found

    def _plural(self, n: int) -> int:
        if self._rule is None:
            self._rule = _plural_rule(self._found(b"") or b"")
        return self._rule(n)

    def _said(self, key: bytes, message: str) -> str:
        found = self._anywhere(key)
        return message if found is None else found.decode("utf-8")

    def _form(self, key: bytes, singular: str, plural: str, n: int) -> str:
        found = self._anywhere(key + _PLURAL + plural.encode("utf-8"))
        if found is None:
            return singular if n == 1 else plural
        forms = found.split(_PLURAL)
        return forms[min(self._plural(n), len(forms) - 1)].decode("utf-8")

    def gettext(self, message: str) -> str:
        return self._said(message.encode("utf-8"), message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._form(singular.encode("utf-8"), singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._said(context.encode("utf-8") + _CONTEXT + message.encode("utf-8"), message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._form(context.encode("utf-8") + _CONTEXT + singular.encode("utf-8"), singular, plural, n)


def _plural_rule(header: bytes) -> Callable[[int], int]:
    """Which form a count takes, from the header's Plural-Forms line
    (English's rule when the header has none)."""
    for line in header.decode("utf-8").splitlines():
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            import gettext  # click has imported it already

            return gettext.c2py(value.split("plural=")[1].split(";")[0])
    return lambda n: int(n != 1)
