"""The language the referee speaks: chosen once per run (--lang, then
REFEREE_LANG, then the locale, else English) and its message catalogue.

English is the language the code is written in, so in English `_()` and
`ngettext()` return their arguments and `gettext` is never imported: a run
in English pays nothing for the other languages. Catalogues are the stdlib's
compiled `.mo` files: the shared one in `referee/locale/<lang>/LC_MESSAGES/referee.mo`,
and each procedure's or stage's own messages in `locale/<lang>.mo` beside
its package, which says so when it is imported (`own_catalogue(__file__)`):
no list names them, and a run reads only the catalogues of the packages it
imported, and only once the shared catalogue lacks a message.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path

from referee.core.catalogue import Catalogue
from referee.core.errors import RefereeError, did_you_mean, setting, speak_with

ENGLISH = "en"
LANGUAGES = (ENGLISH, "nl", "de", "zh-Hant")
LETTERS = {ENGLISH: "", "nl": "éë", "de": "äöüß", "zh-Hant": "繁體中文"}  # what an output must carry to speak it
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides
DOMAIN = "referee"
CATALOGUES = Path(__file__).resolve().parent.parent / "locale"
_TRADITIONAL = ("tw", "hk", "mo", "hant")  # regions and the script that write Traditional Chinese

_current = ENGLISH
_catalogues: dict[str, Catalogue | None] = {}  # each language's, once read (None: missing)
_own: list[str] = []  # the folders of the packages that keep their own catalogue, as they were imported
_theirs: dict[str, tuple[int, list[Catalogue]]] = {}  # each language's: how many of _own were read, and theirs


def known(word: str) -> str | None:
    """A language code from what a person or a locale says ('nl', 'nl_NL.UTF-8',
    'de-AT', 'zh_TW', 'zh-Hant'), or None for one the referee does not speak."""
    base = word.split(".")[0].split("@")[0].replace("_", "-").lower()
    parts = base.split("-")
    if parts[0] == "zh":
        return "zh-Hant" if any(p in _TRADITIONAL for p in parts[1:]) else None
    return parts[0] if parts[0] in LANGUAGES else None


def chosen(flag: str | None, environ: Mapping[str, str]) -> str:
    """--lang, else REFEREE_LANG, else the locale, else English. A language
    asked for by name and unknown is refused, in the language the sources
    after it would choose (`LANG=de_DE referee --lang fr` refuses in German);
    a locale the referee does not speak (C, POSIX, fr_FR) quietly means English."""
    asked = [(flag, setting("lang")), (environ.get("REFEREE_LANG"), "REFEREE_LANG")]
    for place, (word, where) in enumerate(asked):
        if word:
            code = known(word)
            if code is None:
                with speaking(_fallback([w for w, _ in asked[place + 1 :]], environ)):
                    unknown = did_you_mean(pgettext("kind", "language"), word, list(LANGUAGES))
                    raise RefereeError(f"{where}: {unknown.message}")
            return code
    return _of_locale(environ)


def _of_locale(environ: Mapping[str, str]) -> str:
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return known(value) or ENGLISH
    return ENGLISH


def _fallback(later: list[str | None], environ: Mapping[str, str]) -> str:
    """The language to refuse an unknown one in: the first later source that
    names a known one, else the locale's, if standard error can show it."""
    import sys

    code = next((c for c in map(known, filter(None, later)) if c), None) or _of_locale(environ)
    return code if speakable(code, sys.stderr.encoding) else ENGLISH


def choose(flag: str | None, environ: Mapping[str, str], encoding: str | None) -> None:
    """Speak the language asked for (see `chosen`), or English where the output
    cannot carry its letters (Chinese on an ASCII terminal)."""
    code = chosen(flag, environ)
    use(code if speakable(code, encoding) else ENGLISH)


def speakable(code: str, encoding: str | None) -> bool:
    """Whether an output in this encoding can carry the language's own letters
    (an ASCII terminal cannot carry Chinese, nor ü)."""
    try:
        LETTERS[code].encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def use(code: str) -> None:
    """Speak this language from now on (one of LANGUAGES)."""
    global _current
    _current = code


def current() -> str:
    return _current


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak this language for a while (a phrase said in English for --json), then the one before."""
    before = _current
    use(code)
    try:
        yield
    finally:
        use(before)


def own_catalogue(module: str) -> None:
    """Said by a package that keeps its own messages, as its `__init__` is
    imported (`own_catalogue(__file__)`), or for it by what loads one of its
    modules alone: its catalogues are `locale/<lang>.mo` beside the module.
    Only the folder is noted, once, so English pays nothing more."""
    folder = os.path.dirname(module)
    if folder not in _own:
        _own.append(folder)


def _packages() -> list[Catalogue]:
    """The current language's catalogues of the packages imported so far that
    keep their own, each read once, when the shared catalogue first lacks a message."""
    read, found = _theirs.get(_current, (0, []))
    for module in _own[read:]:
        with suppress(OSError):  # a package with no messages in this language: they stay English
            found.append(Catalogue(package_catalogue_path(Path(module), _current, ".mo").read_bytes()))
    _theirs[_current] = (len(_own), found)
    return found


def _translations() -> Catalogue | None:
    """The current language's catalogue, read on first use; none for English
    or when the catalogue is missing (every message then stays English)."""
    if _current == ENGLISH:
        return None
    if _current not in _catalogues:
        try:
            _catalogues[_current] = Catalogue(catalogue_path(_current, ".mo").read_bytes(), _packages)
        except OSError:
            _catalogues[_current] = None
    return _catalogues[_current]


def catalogue_path(code: str, suffix: str) -> Path:
    """Where a language's shared catalogue lives ('zh-Hant' in the folder zh_Hant, as gettext names it)."""
    return CATALOGUES / code.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def package_catalogue_path(folder: str | Path, code: str, suffix: str) -> Path:
    """Where a package keeps its own messages in a language: `locale/nl.po`, `locale/zh_Hant.mo`."""
    return Path(folder) / "locale" / f"{code.replace('-', '_')}{suffix}"


class Grouped(int):
    """A count a message writes in groups of thousands ('{n:,}'), grouped as
    the language spoken groups them: 40,401 in English, 40.401 in Dutch and
    German (where a comma is the decimal mark)."""

    def __format__(self, spec: str) -> str:
        written = super().__format__(spec)
        if "," not in spec:
            return written
        first, *rest = written.split(",")
        for group in rest:
            first = _("{whole},{thousands}").format(whole=first, thousands=group)
        return first


def _(message: str) -> str:
    """A message in the current language; English when it has no translation."""
    catalogue = _translations()
    return catalogue.gettext(message) if catalogue else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for a count, by the current language's plural rule."""
    catalogue = _translations()
    if catalogue:
        return catalogue.ngettext(singular, plural, n)
    return singular if n == 1 else plural


def pgettext(context: str, message: str) -> str:
    """A message known by its context (a stable id such as 'pairs.compared'),
    so the translation stays tied to the id when the English wording changes."""
    catalogue = _translations()
    return catalogue.pgettext(context, message) if catalogue else message


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form for a count of a message known by its context."""
    catalogue = _translations()
    if catalogue:
        return catalogue.npgettext(context, singular, plural, n)
    return singular if n == 1 else plural


speak_with(pgettext)  # errors say their sentences in the language spoken
