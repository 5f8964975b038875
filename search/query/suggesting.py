"""Spelling suggestions ("Did you mean") for a query that matched nothing.

Owns suggest(): the query text with misspelt words replaced, within the
request's deadline.  A word is misspelt when the text field does not hold
it (a plain word: not a prefix, fuzzy or fielded word).  Its candidates
are the words of the unstemmed field (schema.WORDS_FIELD), less its common
words and common grams, within MAX_EDITS edits of the word AS TYPED
("seperate" stems to "seper", nearer "super" than "separate"), sharing its
first letter (people rarely misspell that one).  One is chosen so:

1. a known speaker's whole name wins: candidates that, with the words
   beside them in the query, spell a speaker's name as the index holds it
   ("tony blare" -> "tony blair", the speaker field's whole-name term);
2. else the lowest `cost`: edits - log(paragraphs) / log(EDIT_WORTH), a
   noisy-channel rule where one more edit is worth a word EDIT_WORTH times
   as frequent.  So among words as near, the more frequent one wins; a
   nearer word wins unless a farther one is far more frequent ("blare":
   "blair" in 521 paragraphs, two edits, beats "blame" in 22, one edit);
   a rare word still wins when nothing else is within reach.  Equal costs
   go to the more frequent word, then the first in alphabetical order.

Words longer than MAX_SUGGEST_CHARS are left alone: the search for near
words grows with the word's length (a 499-letter word took 2.3 s) and no
real word is that long.
"""
from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from whoosh import query as wq
from whoosh.reading import IndexReader
from whoosh.support.levenshtein import distance

from onrecord.search.deadline import Deadline
from onrecord.search.query.querying import iter_nodes
from onrecord.search.storage.lexicon import is_common_word, is_gram
from onrecord.search.storage.reading.whoosh_internals import prefix_terms
from onrecord.search.storage.schema import EXACT_WORD, WORDS_FIELD

MAX_SUGGEST_CHARS = 30
MAX_EDITS = 2
# One edit more is worth a word this many times as frequent.  Tuned on the
# BBC corpus (2,225 articles) over 123 common misspellings whose fix it
# holds: 10 and 20 get 119 right (3: 114; 5: 117; 50: 119 but "blare" ->
# "blame"; nearest first, as before: 119 with "blare" -> "blame" and
# "sayed" -> "saved").  "blare" -> "blair" (402 paragraphs, 2 edits) over
# "blame" (20, 1 edit) needs a worth under 20.  Of the four misses two are
# harmless, the same stem searched ("goverments" -> "government",
# "companys" -> "company"); the others are "fourty" -> "fourth" (154
# paragraphs) over "forty" (6), both one edit, and "wierd" -> "were"
# (1,584, 2 edits) over "weird" (9, 1 edit).
EDIT_WORTH = 10.0
# Speaker names are looked for over this many adjacent query words, trying
# each misspelt word's NAME_CANDIDATES best candidates.
NAME_WORDS = (3, 2)
NAME_CANDIDATES = 8
SPEAKER_FIELD = "speaker"
_TYPED_WORD = re.compile(EXACT_WORD)
# What may stand between two words of one name: spaces, or the apostrophe,
# hyphen or full stop inside a name ("o'neill", "jean-paul", "j. smith").
_NAME_GAP = re.compile(r"\s+|['’.-]|\.\s+")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A word that may replace a misspelt one."""

    word: str
    edits: int
    paragraphs: int

    @property
    def cost(self) -> float:
        """Return the edits less the frequency's worth (module docstring)."""
        return self.edits - math.log(max(self.paragraphs, 1)) / math.log(EDIT_WORTH)

    def rank(self) -> tuple[float, int, str]:
        """Return the sort key: lowest cost, then most paragraphs, then A-Z."""
        return (self.cost, -self.paragraphs, self.word)


@dataclass(frozen=True, slots=True)
class TypedWord:
    """A word of the query text as typed, and where it stands."""

    start: int
    end: int
    text: str


def suggest(searcher: Any, q: wq.Query, text: str, deadline: Deadline) -> str | None:
    """Return `text` with misspelt words corrected (module docstring), or
    None if there is nothing to correct (or the deadline passed before any
    word was looked at)."""
    reader = searcher.reader()
    # A word the query excludes (-word) does not make it match nothing.
    unknown = {node.text for node in iter_nodes(q, skip_negated=True)
               if type(node) is wq.Term and node.fieldname == "text"
               and isinstance(node.text, str) and len(node.text) <= MAX_SUGGEST_CHARS
               and ("text", node.text) not in reader}
    if not unknown:
        return None
    words = [TypedWord(m.start(), m.end(), m.group()) for m in _TYPED_WORD.finditer(text)]
    stem = searcher.schema["text"]
    misspelt = [i for i, word in enumerate(words)
                if len(word.text) <= MAX_SUGGEST_CHARS and _is_plain(text, word)
                and unknown.intersection(stem.process_text(word.text, mode="query"))]
    candidates: dict[int, list[Candidate]] = {}
    for i in misspelt:
        if deadline.expired():
            deadline.cut("suggest")
            break
        candidates[i] = find_candidates(reader, words[i].text.lower())
    choices = {i: found[0].word for i, found in candidates.items() if found}
    choices.update(choose_names(reader, text, words, candidates, deadline))
    if not choices:
        return None
    suggestion = replace_words(text, words, choices)
    return suggestion if suggestion != text else None


def _is_plain(text: str, word: TypedWord) -> bool:
    """Return True unless the word is a field name or value ("speaker:x")
    or a prefix/fuzzy word ("blar*", "blare~"): those are not plain words."""
    return (text[word.end:word.end + 1] not in ("*", "~", ":")
            and text[word.start - 1:word.start] != ":")


def find_candidates(reader: Any, word: str) -> list[Candidate]:
    """Return the words that may replace `word` (lowercase), best first."""
    found = []
    for near in _words_within(reader, word):
        if near == word or is_gram(near) or is_common_word(near):
            continue
        found.append(Candidate(near, distance(word, near),
                               reader.doc_frequency(WORDS_FIELD, near)))
    return sorted(found, key=Candidate.rank)


def _words_within(reader: Any, word: str) -> Iterable[str]:
    """Return reader.terms_within(WORDS_FIELD, word, MAX_EDITS, prefix=1).
    A multi-segment reader's is IndexReader's: every word of the field
    sharing the first letter, measured by edit distance in Python; a word
    whose length differs by more than MAX_EDITS is that many edits away at
    least, so it is passed without measuring (most of them: 54 ms for one
    misspelt word at 24,000 paragraphs).  Any other reader's is its own."""
    if type(reader).terms_within is not IndexReader.terms_within:
        return reader.terms_within(WORDS_FIELD, word, MAX_EDITS, prefix=1)
    # Each segment's words walked on their own (a word in several is measured once): the
    # multi-segment walk merges the segments' words a Python step per word.
    words: set[bytes] = set()
    for leaf, _offset in reader.leaf_readers():
        if WORDS_FIELD in leaf.indexed_field_names():
            # the term table's entries read as one slice where there is one
            found = prefix_terms(leaf, WORDS_FIELD, word[:1].encode())
            words.update(leaf.expand_prefix(WORDS_FIELD, word[:1]) if found is None else found)
    field, shortest, longest = reader.schema[WORDS_FIELD], len(word) - MAX_EDITS, len(word) + MAX_EDITS
    letters, foreign = set(word), str.maketrans(dict.fromkeys(word))
    return [near for near in map(field.from_bytes, words)
            if shortest <= len(near) <= longest and _letters_within(near, letters, foreign)
            and distance(near, word, limit=MAX_EDITS) <= MAX_EDITS]


def _letters_within(near: str, letters: set[str], foreign: dict[int, Any]) -> bool:
    """Return False when `near` is surely more than MAX_EDITS edits from the
    typed word (`letters`: its letters; `foreign`: a table deleting them):
    each letter of `near` the word lacks was inserted or substituted, each
    letter of the word `near` lacks was deleted or substituted (one edit
    apiece, a transposition adds none), so either count is at most the
    distance.  Two C calls where the distance is a Python loop per letter
    pair: three in four words of a misspelt word's length fail here."""
    return len(near.translate(foreign)) <= MAX_EDITS and len(letters.difference(near)) <= MAX_EDITS


def choose_names(reader: Any, text: str, words: Sequence[TypedWord],
                 candidates: dict[int, list[Candidate]],
                 deadline: Deadline) -> dict[int, str]:
    """Return the misspelt words' replacements that make adjacent query
    words a known speaker's whole name (longest names first; among
    spellings of one span, the lowest total cost)."""
    chosen: dict[int, str] = {}
    for size in NAME_WORDS:
        for first in range(len(words) - size + 1):
            span = range(first, first + size)
            if deadline.expired() or not any(i in candidates and i not in chosen for i in span):
                continue
            gaps = [text[words[i].end:words[i + 1].start] for i in span[:-1]]
            if not all(_NAME_GAP.fullmatch(gap) for gap in gaps):
                continue
            found = _spell_name(reader, [_options(words[i], candidates, chosen, i) for i in span],
                                [" " if gap.isspace() else gap for gap in gaps])
            if found:
                chosen.update({i: c.word for i, c in zip(span, found, strict=True)
                               if i in candidates})
    return chosen


def _options(word: TypedWord, candidates: dict[int, list[Candidate]],
             chosen: dict[int, str], i: int) -> list[Candidate]:
    """Return the spellings of query word `i` a name may use: its choice
    so far, its best candidates if misspelt, else the word as typed."""
    if i in chosen:
        return [Candidate(chosen[i], 0, 1)]
    if i in candidates:
        return candidates[i][:NAME_CANDIDATES]
    return [Candidate(word.text.lower(), 0, 1)]


def _spell_name(reader: Any, options: list[list[Candidate]],
                gaps: list[str]) -> tuple[Candidate, ...] | None:
    """Return the cheapest spelling (one option per word) that is a
    speaker's whole name in the index, or None."""
    named = []
    for spelling in itertools.product(*options):
        name = spelling[0].word + "".join(gap + c.word for gap, c in zip(gaps, spelling[1:],
                                                                        strict=True))
        if (SPEAKER_FIELD, name) in reader:
            named.append((sum(c.cost for c in spelling), spelling))
    return min(named, key=lambda pair: pair[0])[1] if named else None


def replace_words(text: str, words: Sequence[TypedWord], choices: dict[int, str]) -> str:
    """Return `text` with word i replaced by choices[i], in the case it was
    typed in ("Blare" -> "Blair", "BLARE" -> "BLAIR")."""
    parts, at = [], 0
    for i in sorted(choices):
        word = words[i]
        parts += [text[at:word.start], _recase(choices[i], word.text)]
        at = word.end
    return "".join(parts) + text[at:]


def _recase(word: str, typed: str) -> str:
    if typed.isupper() and len(typed) > 1:
        return word.upper()
    if typed[:1].isupper():
        return word[:1].upper() + word[1:]
    return word
