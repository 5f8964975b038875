"""Speaker values the rules cut off the front of a body's name (issue #31).

Owns widening, after attribution, a speaker value that is the tail of a
longer capitalised name its own speaker phrase sits in: "Amnesty
International UK questioned" gave "UK", "a spokesman for the World Summit
for the Information Society" gave "Information Society", "General Motors
has warned" gave "Motors" ("General" read as a soldier's title).  The whole
run is the name when the article never writes the value outside it (then
the value is no name of its own), or when the value is a country or region
a body's national arm ends in (indexer.lexicon's "org_place_tails": "... UK",
"... USA"), which the article writes alone elsewhere.  A title or role right
before the value ("President Vole", "Chancellor Vole") cuts the name there,
unless the article writes the run's initials as a word ("GM" beside "General
Motors"): a body's acronym, no person's.  Time words, determiners, clause
openers and owners ("France's") are never words of the name.
"""
from __future__ import annotations

import re
from collections.abc import Container, Iterable

from onrecord.indexer.annotate.attribution.cleanup.openers import SPEECH_VERBS
from onrecord.indexer.annotate.attribution.names.names import (
    TITLES,
    is_owner,
    is_role_word,
    lowercase_words,
    plain_word,
)
from onrecord.indexer.annotate.attribution.orgs.orgnames import OPENS_RE
from onrecord.indexer.annotate.attribution.orgs.orgruns import NOISE
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

PLACE_TAILS = words("org_place_tails")
_SP = r"[ \u00a0]+"
_CONNECTOR = rf"(?:(?:of|for|on){_SP}(?:the{_SP})?|&{_SP})"
# the capitalised words (and their "of the", "for", "&" joints) right before a value
_FRONT_RE = re.compile(rf"(?<![\w'\u2019&.-])(?:[A-Z][\w'\u2019&.-]*{_SP}{_CONNECTOR}?)+$")
_TOKEN_RE = re.compile(r"\S+")
_JOINTS = frozenset(("of", "for", "on", "the", "&"))
_REACH = 80  # characters before the value a body's name may start


class LazyWords:
    """The words an article writes in lowercase, read on the first lookup:
    most articles have no value to widen and never look (reading them
    for every article cost ~1.7% of extraction)."""

    __slots__ = ("_text", "_words")

    def __init__(self, text: str) -> None:
        self._text = text
        self._words: frozenset[str] | None = None

    def __contains__(self, word: object) -> bool:
        if self._words is None:
            self._words = lowercase_words(self._text)
        return word in self._words


def front_words(text: str, start: int, common: Container[str] = frozenset(),
                people: frozenset[str] = frozenset()) -> list[str]:
    """Return the words of a body's name written right before text[start:]
    (its capitalised words and joints, from the first one the name may hold
    after a stop word or an owner); [] when there are none.  A
    sentence's first word the article writes in lowercase (`common`:
    "Bookmaker Acme said") and a person's words before a joint (`people`: the
    words of its person values, "Ann Vole of the FBI") are no words of it."""
    if start < 2 or text[start - 1] not in " \u00a0":
        return []
    prev = text[max(0, start - 30):start].rsplit(None, 1)
    if not prev or not (prev[-1][:1].isupper() or prev[-1] in _JOINTS):
        return []  # most values: a lowercase word or a sentence's start before them, no regex search
    m = _FRONT_RE.search(text, max(0, start - _REACH), start)
    if m is None:
        return []
    toks = _TOKEN_RE.findall(m.group())
    keep: list[str] = []
    for tok in reversed(toks):
        low = plain_word(tok)
        if tok not in _JOINTS and (low in NOISE or is_owner(tok) or tok.endswith(".") or tok in people and keep):
            break
        keep.insert(0, tok)
    while keep and keep[0] in _JOINTS:
        keep.pop(0)  # a name opens on a capitalised word, not on "of" or "&"
    opens = OPENS_RE.search(text, max(0, m.start() - 4), m.start()) is not None
    if keep and len(keep) == len(toks) and (keep[0].lower() in common or keep[0].lower() in SPEECH_VERBS) and opens:
        keep.pop(0)  # "Bookmaker Acme said": a common noun opening the sentence; "Said Vole:" its verb
    return keep


def _count(text: str, name: str) -> int:
    """Return how often `name` stands as whole words in text."""
    if name not in text:
        return 0  # most initials are never written: no pattern compiled for them
    return len(re.findall(rf"(?<![\w'\u2019&.-]){re.escape(name)}(?![\w'\u2019&-])", text))


def _acronym_written(text: str, name: str) -> bool:
    """True when the article writes the initials of `name`'s capitalised words as a word ("GM")."""
    letters = "".join(w[0] for w in name.split() if w[:1].isupper())
    return len(letters) >= 2 and _count(text, letters) > 0


def _titled(text: str, front: list[str], value: str) -> bool:
    """True when the word right before `value` is a title or role ("President
    Vole") and the article never writes the run's initials ("GM")."""
    last = front[-1]
    titled = plain_word(last) in TITLES or is_role_word(last)
    return titled and not _acronym_written(text, f"{' '.join(front)} {value}")


def _own_name(text: str, value: str) -> bool:
    """True when the article writes `value` somewhere with no body's name
    before it: alone ("Vole said") or after a title ("Mr Vole")."""
    for m in re.finditer(rf"(?<![\w'\u2019&.-]){re.escape(value)}(?![\w'\u2019&-])", text):
        front = front_words(text, m.start())
        if not front or _titled(text, front, value):
            return True
    return False


def whole_run(text: str, value: str, start: int, common: Container[str] = frozenset(),
              people: frozenset[str] = frozenset()) -> str | None:
    """Return the whole body's name ending in `value` written at text[start:]
    (a longer run of capitalised words before it), or None when the value is
    whole as it is: no such words, a title or role right before it with no
    acronym of the run, or the value also written alone and no place tail
    (`common` and `people` as front_words')."""
    front = front_words(text, start, common, people)
    if not front or " " in value and front[-1] not in _JOINTS or _titled(text, front, value):
        return None  # "President Vole"; a name of two words widens only over a joint ("... for the Society")
    if value.isupper() and any(w in _JOINTS for w in front):
        return None  # "Ann Vole of the FBI": an acronym after a joint is a whole body's name
    name = f"{' '.join(front)} {value}"
    if value.lower() in PLACE_TAILS and front[-1] not in _JOINTS:
        return name  # "Amnesty International UK": the body's national arm
    return None if _own_name(text, value) else name


def whole_runs(text: str, quotes: Iterable[Quote], common: Container[str] = frozenset(),
               people: frozenset[str] = frozenset()) -> dict[str, str]:
    """Return each speaker value some quote's own speaker phrase writes as the
    tail of a longer body's name (whole_run) mapped to that name, the first
    such phrase's when two differ ("the World Summit on the ..." before "the
    World Summit for the ..."): the name the article introduces it by.
    `common`: the article's lowercase words; `people`: its person values."""
    words_of = frozenset(w for name in people for w in name.split())
    found: dict[str, str] = {}
    for q in quotes:
        m, value = q.speaker_mention, q.speaker
        if m is None or not value or value in found or value.count(" ") > 2:
            continue
        at = m.text.rfind(value)
        if at < 0 or not m.text.endswith(value) and not m.text[at + len(value):].startswith(("'", "\u2019")):
            continue  # the value ends its phrase: "the Information Society", not "a Vole spokesman"
        name = whole_run(text, value, m.start + at, common, words_of)
        if name is not None:
            found[value] = name
    return found
