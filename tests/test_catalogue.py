"""The catalogue read on demand says every message exactly as the stdlib's
gettext, which reads the whole catalogue, says it."""

from __future__ import annotations

import gettext
import struct
from pathlib import Path

import pytest

from referee.core.catalogue import Catalogue
from referee.words import language
from referee.words.language import ENGLISH, LANGUAGES, catalogue_path

SPOKEN = [code for code in LANGUAGES if code != ENGLISH]
CONTEXT, PLURAL = "\x04", "\x00"


def _both(code: str, path: Path | None = None) -> tuple[Catalogue, gettext.GNUTranslations, list[str]]:
    """A compiled catalogue (the language's shared one, unless another is
    given) read by ours and by the stdlib, and its keys."""
    path = path or catalogue_path(code, ".mo")
    data = path.read_bytes()
    with open(path, "rb") as file:
        stdlib = gettext.GNUTranslations(file)
    count, originals = struct.unpack_from("<2I", data, 8)
    keys = []
    for index in range(count):
        length, offset = struct.unpack_from("<2I", data, originals + 8 * index)
        keys.append(data[offset : offset + length].decode("utf-8"))
    return Catalogue(data), stdlib, keys


def _every_mo(code: str) -> list[Path]:
    """A language's compiled catalogues: the shared one, then each package's own."""
    from test_step_messages import _catalogues

    return [po.with_suffix(".mo") for po in _catalogues().every_catalogue(code.replace("-", "_"))]


@pytest.mark.parametrize("code", SPOKEN)
def test_every_message_of_a_catalogue_is_said_as_gettext_says_it(code: str) -> None:
    kinds = set()
    assert len(_every_mo(code)) > 10  # the procedures' and stages' own were found
    for path in _every_mo(code):
        kinds |= _same_as_gettext(*_both(code, path))
    assert kinds == {(False, False), (False, True), (True, False), (True, True)}  # every way a message is asked


def _same_as_gettext(ours: Catalogue, stdlib: gettext.GNUTranslations, keys: list[str]) -> set[tuple[bool, bool]]:
    """Each message of a catalogue said alike by both; the ways they are asked (context, plural)."""
    kinds = set()
    for key in filter(None, keys):  # the empty key is the header
        context, _, message = key.rpartition(CONTEXT)
        singular, _, plural = message.partition(PLURAL)
        kinds.add((bool(context), bool(plural)))
        for n in (0, 1, 2, 5, 21):
            if plural and context:
                assert ours.npgettext(context, singular, plural, n) == stdlib.npgettext(context, singular, plural, n)
            elif plural:
                assert ours.ngettext(singular, plural, n) == stdlib.ngettext(singular, plural, n)
            elif context:
                assert ours.pgettext(context, message) == stdlib.pgettext(context, message)
            else:
                assert ours.gettext(message) == stdlib.gettext(message)
    return kinds


@pytest.mark.parametrize("code", SPOKEN)
def test_a_message_the_catalogue_lacks_stays_english(code: str) -> None:
    ours, _, _ = _both(code)
    assert ours.gettext("no such message") == "no such message"
    assert ours.pgettext("no.such.id", "no such message") == "no such message"
    assert [ours.ngettext("one die", "{n} dice", n) for n in (1, 3)] == ["one die", "{n} dice"]
    assert ours.npgettext("no.such.id", "one die", "{n} dice", 3) == "{n} dice"


def test_a_catalogue_written_big_endian_reads_the_same() -> None:
    little = catalogue_path("nl", ".mo").read_bytes()
    words = struct.unpack_from(f"<{len(little) // 4}I", little)
    count, originals, translations = words[2], words[3], words[4]
    tables = 7 + 4 * count  # the header and both tables are words; the texts after them are bytes
    big = struct.pack(f">{tables}I", *words[:tables]) + little[tables * 4 :]
    assert originals == 28 and translations == originals + 8 * count
    assert Catalogue(big).gettext("attacker") == Catalogue(little).gettext("attacker") == "aanvaller"


def test_a_message_the_shared_catalogue_lacks_is_said_from_the_catalogue_of_a_package_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package that keeps its own messages says so when imported; they are
    read in its language's `locale/<lang>.mo`, counted by the language's plural
    rule, and stay English where the package has no catalogue."""
    from test_step_messages import _catalogues

    monkeypatch.setattr(language, "_own", [])
    monkeypatch.setattr(language, "_theirs", {})
    folder = tmp_path / "house"
    (folder / "locale").mkdir(parents=True)
    own = {
        "": [""],
        "house.said\x04a house": ["een huis"],
        "house.n\x04one house\0{n} houses": ["één huis", "{n} huizen"],
    }
    (folder / "locale" / "nl.mo").write_bytes(_catalogues().mo_bytes(own))
    with language.speaking("nl"):
        assert language.pgettext("house.said", "a house") == "a house"  # not yet imported
        language.own_catalogue(str(folder / "__init__.py"))
        assert language.pgettext("house.said", "a house") == "een huis"
        assert [language.npgettext("house.n", "one house", "{n} houses", n) for n in (1, 3)] == [
            "één huis",
            "{n} huizen",
        ]
        assert language.pgettext("side", "attacker") == "aanvaller"  # the shared catalogue still first
    with language.speaking("de"):
        assert language.pgettext("house.said", "a house") == "a house"
    assert language.pgettext("house.said", "a house") == "a house"
    assert language._theirs.keys() == {"nl", "de"}  # English read none
