"""Index-time postings of the two big text fields, without Whoosh's token objects.

Owns ExactText and StemmedText: Whoosh TEXT fields whose index() turns a
paragraph into the same (term bytes, frequency, weight, encoded value)
postings as their analyzers would, in one pass over the regex's matches.
Every paragraph is analysed for `exact` (all words plus common grams) and
`text` (stemmed words), and Whoosh's generic path (a Token object set per
word, a generator per filter, a pickle per posting) was a quarter of
indexing time; this path is about twice as fast (BBC paragraphs, median
CPU time of 5 runs each: exact 2.06x, text 1.78x).  Queries, snippets
and anything that calls the analyzer itself are unchanged: only index()
differs, and tests/search/storage/test_field_postings.py checks that its postings equal the
analyzer's on varied texts.  An index built before these classes keeps
Whoosh's own fields (its schema is read from its table of contents), so it
still writes correctly, only slower.
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from functools import lru_cache
from pickle import dumps
from typing import Any

from whoosh import fields, formats
from whoosh.analysis import LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.system import pack_uint

from onrecord.search.storage.lexicon import GRAM_SEP, CommonGramsFilter, is_common_pair

Posting = tuple[bytes, int, float | int, bytes]
Postings = Generator[Posting, Any, None]
# A word's position list is mostly one position: its encoded value is kept.
_ONE_POSITION: dict[int, bytes] = {}


def encode_positions(positions: list[int]) -> bytes:
    """Return `positions` encoded as whoosh.formats.Positions.encode does."""
    if len(positions) == 1:
        pos = positions[0]
        value = _ONE_POSITION.get(pos)
        if value is None:
            value = _ONE_POSITION[pos] = pack_uint(1) + dumps([pos], 2)
        return value
    deltas = [positions[0]] + [b - a for a, b in zip(positions, positions[1:], strict=False)]
    return pack_uint(len(deltas)) + dumps(deltas, 2)


def postings_of(positions: dict[str, list[int]], with_positions: bool) -> Iterator[Posting]:
    """Yield one posting per term of `positions` (term -> its positions), in
    the Positions or Frequency format's encoding."""
    for term, where in positions.items():
        freq = len(where)
        value = encode_positions(where) if with_positions else pack_uint(freq)
        yield term.encode("utf-8"), freq, float(freq), value


def analyzer_parts(field: fields.TEXT) -> list[Any]:
    """Return the tokenizer and filters of `field`'s analyzer, in order."""
    return list(getattr(field.analyzer, "items", []))


def _plain_index(field: fields.TEXT, value: Any, kwargs: dict[str, Any]) -> bool:
    """Return True if `value` can take the fast path: a string with no
    analysis options, into a field with one of the two formats, unboosted."""
    fmt = field.format
    if fmt is None or type(fmt) not in (formats.Positions, formats.Frequency):
        return False
    return isinstance(value, str) and not kwargs and fmt.field_boost == 1.0


class ExactText(fields.TEXT):
    """The `exact` field: \\w+ words lowercased plus common grams
    (schema.exact_analyzer), indexed in one pass."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        items = analyzer_parts(self)
        shape = [type(item) for item in items]
        if shape != [RegexTokenizer, LowercaseFilter, CommonGramsFilter] or items[0].gaps:
            raise ValueError(f"ExactText needs tokenizer | lowercase | common grams, not {shape}")

    def index(self, value: Any, **kwargs: Any) -> Postings:
        if not _plain_index(self, value, kwargs):
            yield from super().index(value, **kwargs)
            return
        positions: dict[str, list[int]] = {}
        prev = ""
        for pos, match in enumerate(analyzer_parts(self)[0].expression.finditer(value)):
            word = match.group(0).lower()
            # The gram stands at the previous word's position (lexicon).
            if pos and is_common_pair(prev, word):
                positions.setdefault(prev + GRAM_SEP + word, []).append(pos - 1)
            positions.setdefault(word, []).append(pos)
            prev = word
        yield from postings_of(positions, type(self.format) is formats.Positions)


class StemmedText(fields.TEXT):
    """A field analysed by Whoosh's StemmingAnalyzer (tokenizer, lowercase,
    stop words, Porter stems), indexed in one pass."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        items = analyzer_parts(self)
        shape = [type(item) for item in items]
        if shape != [RegexTokenizer, LowercaseFilter, StopFilter, StemFilter] or items[0].gaps:
            raise ValueError(f"StemmedText needs Whoosh's StemmingAnalyzer, not {shape}")

    def index(self, value: Any, **kwargs: Any) -> Postings:
        tokenizer, _, stops, stemmer = analyzer_parts(self)
        if not _plain_index(self, value, kwargs) or stops.max is not None or stemmer.lang:
            yield from super().index(value, **kwargs)
            return
        positions: dict[str, list[int]] = {}
        stem = _stem_function(stemmer.stemfn)
        pos = -1
        for index, match in enumerate(tokenizer.expression.finditer(value)):
            word = match.group(0).lower()
            if len(word) < stops.min or word in stops.stops:
                continue
            # StopFilter's renumbering: the first kept word keeps its own
            # position, each later one follows the previous kept word.
            pos = pos + 1 if stops.renumber and pos >= 0 else index
            term = word if word in stemmer.ignore else stem(word)
            positions.setdefault(term, []).append(pos)
        yield from postings_of(positions, type(self.format) is formats.Positions)


@lru_cache(maxsize=4)
def _stem_function(stemfn: Callable[[str], str]) -> Callable[[str], str]:
    """Return a cached `stemfn` (one cache per stemming function)."""
    return lru_cache(maxsize=200_000)(stemfn)

