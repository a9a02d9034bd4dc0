"""Words players type, matched to a ruleset's names: units, faces, situations.

Matching ignores case and extra spaces, accepts every alias in the file and
a plain English plural (and for units and faces, which a table types at
every ruling, the start of a word only one thing's words start with), and
suggests the closest name when nothing matches.
What the referee prints for a thing is typed back as it: every word a
file's translations give a thing, in every language, and the sides' words
in every language the referee speaks (`lexicon`, `side_of`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

from referee.core.errors import RefereeError, did_you_mean
from referee.rulings.ruling import SIDES, Side, Spoken, both_ways, listed, say, say_n, side_word
from referee.words.inputs import MAX_COUNT, compared, shown, typed_list, whole_number
from referee.words.language import ENGLISH, LANGUAGES, current, pgettext, speaking

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

T = TypeVar("T")

_COUNTED = re.compile(r"^(?:(\d+)\s*[x×*]?\s+|(\d+)\s*[x×*]\s*)?(.+)$", re.IGNORECASE | re.DOTALL)
_SEPARATORS = re.compile(r"\s*(?:,|\+|;|\band\b|\ben\b|\bund\b|、|，)\s*", re.IGNORECASE)


def plural(count: int, word: str, many: str = "") -> str:
    """'1 pip', '2 pips', '2 dice': a count with its word, as the steps of a ruling say it."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def article(words: str) -> Spoken:
    """'an astral attack', 'a unit': the indefinite article a ruleset's word takes
    in English (by its first letter: the rulesets' words are English labels).
    Other languages' messages take the bare word instead."""
    return both_ways(lambda said: f"{'an' if said[0][:1].lower() in 'aeiou' else 'a'} {said[0]}", [words])


def counted(rules: Ruleset, units: Iterable[tuple[str, int]]) -> str:
    """'2 troopers, 1 heavy weapon': units by canonical name with their counts, as said aloud."""
    return listed(rules.units[u].counted(n) for u, n in units)


def numbered(rules: Ruleset, units: Iterable[tuple[str, int]]) -> str:
    """'1 army', '3 armies, 1 commander': like `counted`, with every count said, even one."""
    return listed(rules.units[u].counted(n, numbered=True) for u, n in units)


def some_units(rules: Ruleset, count: int) -> str:
    """'1 army', '3 armies', or '2 units' where the file has several kinds of unit, in the language spoken."""
    if len(rules.units) > 1:
        return say_n("count.units", "{n} unit", "{n} units", count)
    return numbered(rules, [(next(iter(rules.units)), count)])


def span(low: int, high: int) -> str:
    """'1' or '1 to 3': a range of numbers as said aloud, in the language spoken."""
    return str(low) if low == high else say("range.span", "{low} to {high}", low=low, high=high)


class Lexicon(Generic[T]):
    """Every word for each thing of one kind: `kind` is its noun in the
    language spoken (`pgettext("kind", "unit")`), as errors say it. A word
    mistyped is matched against every word known for the kind, so a
    translated name one letter off is suggested; when none is close, the
    error lists `shown` (each thing's name as the language spoken writes
    it), else the names.

    A word two things share means one of them, the same on every run: a
    thing's key first, then the words in `words`, then those of each table
    of `also` in turn (`lexicon`: the file's own words, then other
    languages'); within each, the thing the file lists first."""

    def __init__(
        self,
        kind: str,
        words: Mapping[T, Iterable[str]],
        shown: Mapping[T, str] | None = None,
        also: Iterable[Mapping[T, Iterable[str]]] = (),
    ):
        self.kind = kind
        self.names = [str(name) for name in words]
        self._shown = [shown.get(name) or str(name) for name in words] if shown else self.names
        self._index: dict[str, T] = {}
        self._written: dict[str, str] = {}  # each word as the file writes it, by its matched form
        self.measures: tuple[str, ...] = ()  # words a count may put before a name, as Chinese counts (2 名士兵)
        self.by_start = False  # whether the start of one thing's word names it (units and faces: 'expl')
        tiers = [{name: [str(name)] for name in words}, words, *also]
        for tier in tiers:
            for name, aliases in tier.items():
                for word in aliases:
                    if word:
                        self._index.setdefault(compared(word), name)
                        self._written.setdefault(compared(word), word)

    def __contains__(self, word: object) -> bool:
        """Whether the word names one of these, exactly as written in the file (any case)."""
        return isinstance(word, str) and compared(word) in self._index

    def __call__(self, word: str) -> T:
        key = compared(word)
        for candidate in (key, key[:-1] if key.endswith("s") else "", key[:-2] if key.endswith("es") else ""):
            if candidate in self._index:
                return self._index[candidate]
        started = {name for typed, name in self._index.items() if self.by_start and key and typed.startswith(key)}
        if len(started) == 1:  # the start of one thing's word, as a table types it quickly ('expl', 'schi')
            return started.pop()
        raise did_you_mean(self.kind, word.strip(), list(self._written.values()), self._shown)

    def _items(self, text: str) -> list[tuple[str, int]]:
        """'2 trooper, heavy' → [('trooper', 2), ('heavy', 1)], words not yet matched."""
        out = []
        for item in _SEPARATORS.split(text.strip()):
            if not item:
                continue
            match = _COUNTED.match(item)
            assert match  # the pattern accepts any non-empty text
            count = whole_number(
                match.group(1) or match.group(2) or "1",
                pgettext("count.of", "'{given}': a count").format(given=shown(item)),
                1,
                MAX_COUNT,
            )
            name = match.group(3)
            if (match.group(1) or match.group(2)) and compared(name) not in self._index:
                measure = next((m for m in self.measures if name.startswith(m) and name[len(m) :].strip()), "")
                name = name[len(measure) :]
            out.append((name, count))
        if not out:
            raise RefereeError(pgettext("unknown.missing", "no {kind} given").format(kind=self.kind))
        return out

    def counted(self, text: str) -> list[tuple[T, int]]:
        """'2 trooper, heavy' → [(trooper, 2), (heavy, 1)], merging repeats in order."""
        out: dict[T, int] = {}
        for word, count in self._items(text):
            name = self(word)
            out[name] = out.get(name, 0) + count
        return list(out.items())

    def counted_in_states(self, text: str, states: Lexicon[str]) -> list[tuple[T, str, int]]:
        """'infantry, 2 damaged armour' → [(infantry, '', 1), (armour, 'damaged', 2)]:
        a state word may stand before the name, with or without a space (受損裝甲師),
        or after it in brackets, as Dutch and German print it ('2 pantser (beschadigd)')."""
        out: dict[tuple[T, str], int] = {}
        for word, count in self._items(text):
            key = (self(word), "") if compared(word) in self._index else self._with_state(word, states)
            out[key] = out.get(key, 0) + count
        return [(name, state, count) for (name, state), count in out.items()]

    def _with_state(self, word: str, states: Lexicon[str]) -> tuple[T, str]:
        """The state before the unit ('damaged armour', 受損裝甲師) or after it
        in brackets ('pantser (beschadigd)'), as each language prints it."""
        key = compared(word)
        for state in sorted(states._index, key=len, reverse=True):
            for ending in _endings():
                rest = key[len(state) + len(ending) :].strip()
                if key.startswith(f"{state}{ending}") and rest and compared(rest) in self:
                    return self(rest), states._index[state]
        for state in sorted(states._index, key=len, reverse=True):
            if key.startswith(state) and key[len(state) :].strip():
                rest = key[len(state) :]
                ending = next((e for e in _endings() if rest.startswith(f"{e} ")), "")
                return self(rest[len(ending) :]), states._index[state]  # a typo after 'beschädigter' names the unit
            if key.endswith(f"({state})") and key[: -len(state) - 2].strip():
                return self(key[: -len(state) - 2]), states._index[state]
        return self(word), ""

    def listed(self, text: str) -> list[T]:
        """'sword,explosion' or '6 5 2' → each item matched, order kept."""
        return [self(item) for item in typed_list(text)]


def without_article(lang: str, words: Iterable[str]) -> list[str]:
    """Each word that starts with an article of the language, without it
    ('stad' of 'een stad', 'Stadt' of 'eine Stadt'): a player types the
    thing, not the phrase a sentence prints it in."""
    with speaking(lang):
        articles = {compared(a) for a in pgettext("words.articles", "a an the").split()}
    return [rest for word in words for first, _, rest in [word.partition(" ")] if rest and compared(first) in articles]


def _endings() -> list[str]:
    """The endings the language spoken gives a word before a noun, longest
    first ('beschädigter Panzer' is 'beschädigt' with 'er'); '-' for none."""
    said = pgettext("words.endings", "-").split()
    return sorted((ending for ending in said if ending != "-"), key=len, reverse=True)


def said_in(rules: Ruleset, lang: str, words: Iterable[str]) -> list[str]:
    """What a language's `words:` table prints for any of a thing's words
    (its key, label or an alias), as `Ruleset.said` prints it there."""
    t = rules.translations.get(lang)
    return [t.words[word] for word in words if word in t.words] if t else []


def lexicon(
    rules: Ruleset,
    kind: str,
    words: Mapping[T, Iterable[str]],
    shown: Mapping[T, str] | None = None,
    printed: Mapping[str, Mapping[T, Iterable[str]]] | None = None,
) -> Lexicon[T]:
    """Things of one kind by their key, the file's words for them (`words`),
    and what the referee prints for them in every language: the words a
    translation's `words:` table gives the key or any of those words (a
    continent, a player, a situation, a label), and `printed`, each
    language's own words for a thing (a unit's label, a face's word). A word
    two things share means, after a thing's key, the thing the language
    spoken prints it for, so whatever it prints means what it printed; then
    the thing the file writes it for; then the thing another language prints
    it for. The loader refuses a file where one language prints, for two
    things of a kind, one word (referee.ruleset.load, `_check_aliases`)."""
    own = {name: [str(name), *given] for name, given in words.items()}
    here: dict[T, list[str]] = {name: [] for name in words}
    there: dict[T, list[str]] = {name: [] for name in words}
    for name, written in own.items():
        for lang in LANGUAGES:
            said = [*(printed or {}).get(lang, {}).get(name, ()), *said_in(rules, lang, written)]
            (here if lang == current() else there)[name].extend(said)
    if shown is None:  # as the language spoken prints it, else the file's first word: never a key a player never saw
        shown = {name: next(iter([*here[name], *own[name][1:]]), str(name)) for name in words}
    return Lexicon(kind, here, shown, ({name: written[1:] for name, written in own.items()}, there))


def units_of(rules: Ruleset) -> Lexicon[str]:
    """Units by their key, label, plural, aliases and their words in every language the
    file translates; the language spoken's first, so a suggestion is written as it writes it."""
    words = lexicon(
        rules,
        pgettext("kind", "unit"),
        {n: [u.label, u.plural, *u.aliases] for n, u in rules.units.items()},
        {n: u.known_as for n, u in rules.units.items()},
        {lang: {n: u.spoken.get(lang, ())[:2] for n, u in rules.units.items()} for lang in LANGUAGES},
    )
    words.measures = tuple(sorted({s[2] for u in rules.units.values() for s in u.spoken.values() if s[2]}))
    words.by_start = True
    return words


def states_of(rules: Ruleset) -> Lexicon[str]:
    return lexicon(rules, pgettext("kind", "state"), {n: s.aliases for n, s in rules.states.items()})


# compiled (and kept) by `re` when situations are named, not at every start: a
# battle told no situation never reads them, and compiling costs more than it
_QUOTED = r"'([^']+)'|「([^」]+)」|‘([^’]+)’|„([^“]+)“"
_ASIDE = r"\s*[(（]"


def named_in(sentence: str) -> list[str]:
    """The names a situation's sentence prints, which a player types back:
    the words before its aside ('stadsverdediging' of 'stadsverdediging (een
    stad …)', 守城 of 守城（…）) and a name it quotes (the reward 'extra
    verdedigingsdobbelsteen')."""
    quoted = [next(group for group in match.groups() if group) for match in re.finditer(_QUOTED, sentence)]
    return [re.split(_ASIDE, sentence, maxsplit=1)[0].strip(), *quoted] if sentence else []


def situation_names(rules: Ruleset, lang: str) -> dict[str, list[str]]:
    """What a language prints for each situation that a player types back:
    the names its sentence prints (`named_in`), but none two sentences share
    (the 「阻擋」 skill of both Blood Bowl blockers), and the terrain's word
    for one named for a terrain (Hügel, 丘陵 for hills), as the board prints it."""
    terrains = rules.landscape.terrains if rules.landscape else {}
    names = {n: named_in(s.spoken.get(lang, s.text if lang == ENGLISH else "")) for n, s in rules.situations.items()}
    named_by: dict[str, set[str]] = {}
    for n, words in names.items():
        for word in words:
            named_by.setdefault(compared(word), set()).add(n)
    return {
        n: [
            *(w for w in words if len(named_by[compared(w)]) == 1),
            *([terrains[n].spoken[lang]] if n in terrains and lang in terrains[n].spoken else []),
        ]
        for n, words in names.items()
    }


def situation_called(rules: Ruleset, name: str) -> str:
    """A situation as a refusal names it where the player did not type it:
    the shortest name the language spoken prints for it (stadsverdediging,
    'extra defence die', Hügel), else its key, as `show` lists it under
    --when; never its whole sentence, which reads badly inside another."""
    sentence = compared(rules.situations[name].said)
    names = [word for word in situation_names(rules, current())[name] if compared(word) != sentence]
    return min(names, key=len) if names else name


def situations_of(rules: Ruleset) -> Lexicon[str]:
    """Situations by their key, aliases, and what each language prints for
    them: the translation's whole sentence and the names it holds
    (`situation_names`); one named for a terrain also by its aliases."""
    terrains = rules.landscape.terrains if rules.landscape else {}
    situations = rules.situations.items()
    return lexicon(
        rules,
        pgettext("kind", "situation"),
        {n: [*s.aliases, *(terrains[n].aliases if n in terrains else ())] for n, s in situations},
        printed={
            lang: {n: [*([s.spoken[lang]] if lang in s.spoken else []), *named.get(n, [])] for n, s in situations}
            for lang in LANGUAGES
            for named in [situation_names(rules, lang)]
        },
    )


def dice_of(rules: Ruleset) -> Lexicon[str]:
    """The kinds of dice by their key and their word in every language (symbool, d8)."""
    return lexicon(rules, pgettext("kind", "die"), dict.fromkeys(rules.dice, ()))


def variants_of(rules: Ruleset) -> Lexicon[str]:
    return lexicon(rules, pgettext("kind", "special rule"), {n: v.aliases for n, v in rules.variants.items()})


def side_of(word: str) -> Side:
    """The attacker or the defender by its word in any language the referee
    speaks ('verdediger:stealth'), whichever language it speaks now; other
    languages' catalogues are read only for a word neither the language
    spoken nor English has, so `--when defender:…` costs no reading."""
    try:
        return _sides([current(), ENGLISH])(word)
    except RefereeError:
        return _sides([current(), *LANGUAGES])(word)


def _sides(languages: Iterable[str]) -> Lexicon[Side]:
    words: dict[Side, list[str]] = {}
    for lang in languages:
        with speaking(lang):
            for side in SIDES:
                words.setdefault(side, []).append(side_word(side))
    return Lexicon(pgettext("kind", "side"), words, {side: side_word(side) for side in SIDES})
