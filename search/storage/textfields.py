"""Index-time postings of the two big text fields, without Whoosh's token objects.

Owns ExactText and StemmedText: Whoosh TEXT fields whose index() turns a
paragraph into the same (term bytes, frequency, weight, encoded value)
postings as their analyzers would, in one pass over the regex's matches.
Every paragraph is analysed for `exact` (all words plus common grams) and
`text` (stemmed words), and Whoosh's generic path (a Token object set per
word, a generator per filter, a pickle per posting) was a quarter of
indexing time; this path is about twice as fast (BBC paragraphs, median
CPU of 5 runs: exact 2.06x, text 1.78x).  Only index() differs (queries and
snippets call the analyzer): tests/search/storage/test_field_postings.py checks
its postings equal the analyzer's.  An index built before these classes keeps
Whoosh's fields (its table of contents' schema): it writes alike, slower.

The bulk writer asks for `triples` instead of index(): the postings as
it pools them (Columns: term bytes, weights, values, made by maps in C;
a stream codec's positions as deltas, not pickled: pooled.positionstream),
with the field's length, and no generator or tuple per posting.
lowered_words keeps a text's lowercased matches for the next calls (a
paragraph's `exact` and `text`, a quote's `said_exact` and `said`) for fields
of one word expression.  A stemmed field's terms come through a memo of each
word's stem or dropping (_TermMemo) mapped in C; position lists are pickled
from a table of pickle's codes (encode_positions).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import lru_cache
from operator import sub
from pickle import dumps
from typing import Any

from whoosh import fields, formats
from whoosh.analysis import LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.system import pack_uint

from onrecord.search.storage.analyzers import Counted
from onrecord.search.storage.lexicon import (
    COMMON_WORDS,
    GRAM_SEP,
    MIN_STEM_CHARS,
    CommonGramsFilter,
)

Posting = tuple[bytes, int, float | int, bytes]
Postings = Generator[Posting, Any, None]
# A field's postings as the bulk writer pools them (pooled.pool.Columns): its terms' bytes,
# weights and encoded values (bytes, or triples_of's deltas), the n-th of each one posting;
# and the field's length (its positions counted).
Columns = tuple[list[bytes], list[float], list[Any]]
Triples = tuple[Columns, int]


class _Memo(dict[int, Any]):
    """A value per small integer, made once on first use by `make`: a
    posting's weight and frequency value are one shared object per
    frequency instead of one per posting (the pool holds millions)."""

    def __init__(self, make: Callable[[int], Any]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: int) -> Any:
        self[key] = value = self._make(key)
        return value


# A term's weight (its frequency as a float) and its value in the Frequency format (pack_uint:
# fixed-size, joined, never pickled, so a shared object changes no byte written).  Each was a
# new object per posting: 24 and 37 bytes of the pool's ~90 per posting.
_WEIGHT = _Memo(float)
_FREQUENCY = _Memo(pack_uint)
# The Counted format's value (search.storage.analyzers): none, whatever the frequency.
_NO_VALUE = _Memo(lambda freq: b"")
# A field format's value of each frequency; a positions format is not here (its values are its positions).
Values = _Memo
FORMAT_VALUES: dict[type, Values] = {formats.Frequency: _FREQUENCY, Counted: _NO_VALUE}


# A word's position list is mostly one position: its encoded value is kept (and its deltas).
ONE_POSITION = _Memo(lambda pos: pack_uint(1) + dumps([pos], 2))
ONE_DELTAS = _Memo(lambda pos: (pos,))


# Pickle protocol 2's bytes for a list of 2 to 1,000 items (one MARK ... APPENDS batch: pickle
# batches 1,000 items at a time) and for an int 0-255 (BININT1).  A position list's deltas are
# mostly such ints, and pickle.dumps costs more than its output: a Pickler per call.
_LIST_OPEN, _LIST_CLOSE, _LIST_BATCH = b"\x80\x02]q\x00(", b"e.", 1000
_SMALL_INTS = {number: b"K" + bytes((number,)) for number in range(256)}
_PAIR_OPEN = pack_uint(2) + _LIST_OPEN


def encode_positions(positions: list[int]) -> bytes:
    """Return `positions` (ascending) encoded as whoosh.formats.Positions.encode
    does: their count and the pickled list of their deltas."""
    count = len(positions)
    if count == 1:
        return ONE_POSITION[positions[0]]
    if count == 2:  # most repeated words of a paragraph occur twice
        first, second = positions
        small = _SMALL_INTS
        if first in small and second - first in small:
            return b"".join((_PAIR_OPEN, small[first], small[second - first], _LIST_CLOSE))
    deltas = [positions[0], *map(sub, positions[1:], positions)]
    if count <= _LIST_BATCH:
        try:
            body = b"".join(map(_SMALL_INTS.__getitem__, deltas))
        except KeyError:  # a delta of 256 or more: pickle's longer int codes
            pass
        else:
            return b"".join((_FREQUENCY[count], _LIST_OPEN, body, _LIST_CLOSE))
    return pack_uint(count) + dumps(deltas, 2)


def postings_of(positions: dict[str, list[int]], values: Values | None) -> Iterator[Posting]:
    """Yield one posting per term of `positions` (term -> its positions), in
    the Positions format's encoding (`values` None), else each frequency's
    value in `values` (FORMAT_VALUES: Frequency's, Counted's)."""
    for term, where in positions.items():
        freq = len(where)
        value = encode_positions(where) if values is None else values[freq]
        yield term.encode("utf-8"), freq, float(freq), value


def triples_of(positions: dict[str, list[int]], values: Values | None, deltas: bool = False) -> Triples:
    """Return the postings of `positions` as the bulk writer pools them
    (Columns; weight = frequency as a float, as Whoosh's writer multiplies
    it by the absent field boost) and the field's length: every position counted.
    With `deltas` a Positions value is its deltas as a tuple, what a stream
    codec's flush writes without unpickling it (pooled.positionstream.OWN_VALUE)."""
    where = positions.values()
    counts = list(map(len, where))
    if values is None and deltas:
        one = ONE_DELTAS
        encoded: list[Any] = [one[at[0]] if len(at) == 1 else (at[0], *map(sub, at[1:], at)) for at in where]
    elif values is None:
        one = ONE_POSITION  # most terms occur once in a text: no call for their value
        encoded = [one[at[0]] if len(at) == 1 else encode_positions(at) for at in where]
    else:
        encoded = list(map(values.__getitem__, counts))
    # Each column made by a map in C: a tuple a posting, made here and taken
    # apart by the pool, was ~9% of a paragraph's `exact` analysis and pooling.
    return (list(map(str.encode, positions)), list(map(_WEIGHT.__getitem__, counts)), encoded), sum(counts)


def counted_triples(terms: Iterable[str], values: Values = _FREQUENCY) -> Triples:
    """Return what triples_of gives with `values` (a format's, FORMAT_VALUES) for
    `terms` (each occurrence one term): counted in C, one posting per distinct
    term.  Also the keyword fields' postings (search.storage.pooled.keywords)."""
    counts = Counter(terms)
    freqs = counts.values()
    return ((list(map(str.encode, counts)), list(map(_WEIGHT.__getitem__, freqs)),
             list(map(values.__getitem__, freqs))), sum(freqs))


# Tokenizer expressions with capturing groups, and the same expression
# without them: findall() then returns whole matches (no Match object per
# word).  An expression not here is matched a Match at a time.
_WHOLE_MATCHES = {
    r"[\w\*]+(\.?[\w\*]+)*": r"[\w\*]+(?:\.?[\w\*]+)*",  # Whoosh's default word expression
}


@lru_cache(maxsize=8)
def _findall_of(expression: re.Pattern[str]) -> Callable[[str], list[str]] | None:
    """Return a findall giving `expression`'s whole matches, or None if
    its groups would make findall return groups instead."""
    if not expression.groups:
        return expression.findall
    plain = _WHOLE_MATCHES.get(expression.pattern)
    return re.compile(plain, expression.flags).findall if plain is not None else None


# Whoosh's default word expression (the stemmed fields') matches what \\w+
# (the exact fields') matches in a text with no "*" and no dot between two
# word characters ("U.S", "3.5"): most paragraphs and quotes.
_DEFAULT_WORDS = re.compile(next(iter(_WHOLE_MATCHES)))
_PLAIN_WORDS = re.compile(r"\w+")
# A dot between word characters, found from the dots (a literal first: 0.5 us a paragraph, not 7).
_DOT_IN_WORD = re.compile(r"\.(?<=\w\.)(?=\w)").search


def lowered_words(expression: re.Pattern[str], text: str) -> tuple[str, ...]:
    """Return the matches of `expression` in `text`, lowercased.  Kept for
    the next few calls: the two fields of one text ask in turn, and where
    \\w+ and Whoosh's default word expression match alike in `text` (no
    "*", no dot inside a word) both get one list, found once: a paragraph
    is indexed as `exact` (\\w+) and `text` (the default), a quote as `said`
    and `said_exact`."""
    if (expression == _DEFAULT_WORDS or expression == _PLAIN_WORDS) and "*" not in text \
            and _DOT_IN_WORD(text) is None:
        expression = _PLAIN_WORDS
    return _lowered_words(expression, text)


@lru_cache(maxsize=4)
def _lowered_words(expression: re.Pattern[str], text: str) -> tuple[str, ...]:
    """Return lowered_words() for `expression`, found anew."""
    findall = _findall_of(expression)
    if findall is None:
        return tuple([match.group().lower() for match in expression.finditer(text)])
    if text.isascii():
        # ASCII lowercasing turns letters into letters, one for one: the
        # same matches, each lowered, in one call for the whole text.
        return tuple(findall(text.lower()))
    return tuple([word.lower() for word in findall(text)])


def analyzer_parts(field: fields.TEXT) -> list[Any]:
    """Return the tokenizer and filters of `field`'s analyzer, in order."""
    return list(getattr(field.analyzer, "items", []))


def _plain_index(field: fields.TEXT, value: Any, kwargs: dict[str, Any]) -> bool:
    """Return True if `value` can take the fast path: a string with no analysis
    options, into an unboosted Positions field or one of FORMAT_VALUES' formats."""
    fmt = field.format
    if fmt is None or (type(fmt) is not formats.Positions and type(fmt) not in FORMAT_VALUES):
        return False
    return isinstance(value, str) and not kwargs and fmt.field_boost == 1.0


class _OnePassText(fields.TEXT):
    """A TEXT field whose postings are computed in one pass over its words
    (_positions) where _fast allows, else by Whoosh's analyzer."""

    def index(self, value: Any, **kwargs: Any) -> Postings:
        if not self._fast(value, kwargs):
            yield from super().index(value, **kwargs)
            return
        yield from postings_of(self._positions(value), FORMAT_VALUES.get(type(self.format)))

    def triples(self, value: Any, deltas: bool = False) -> Triples | None:
        """Return index()'s postings as the bulk writer pools them (triples_of's
        `deltas`) and the field's length, or None where index() is Whoosh's."""
        if not self._fast(value, {}):
            return None
        return self._triples(value, deltas)

    def _triples(self, value: str, deltas: bool = False) -> Triples:
        """Return triples() for a value on the one-pass path."""
        return triples_of(self._positions(value), FORMAT_VALUES.get(type(self.format)), deltas)

    def _fast(self, value: Any, kwargs: dict[str, Any]) -> bool:
        """Return True if `value` can take the one-pass path."""
        return _plain_index(self, value, kwargs)

    def _positions(self, value: str) -> dict[str, list[int]]:
        """Return each term of `value` with its positions, as the analyzer numbers them."""
        raise NotImplementedError


class ExactText(_OnePassText):
    """The `exact` field: \\w+ words lowercased plus common grams
    (schema.exact_analyzer), indexed in one pass."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        items = analyzer_parts(self)
        shape = [type(item) for item in items]
        if shape != [RegexTokenizer, LowercaseFilter, CommonGramsFilter] or items[0].gaps:
            raise ValueError(f"ExactText needs tokenizer | lowercase | common grams, not {shape}")

    def _positions(self, value: str) -> dict[str, list[int]]:
        """Return each term of `value` (words and common grams) with its positions."""
        positions: dict[str, list[int]] = {}
        find = positions.get
        prev = ""
        for pos, word in enumerate(lowered_words(analyzer_parts(self)[0].expression, value)):
            # The gram stands at the previous word's position (lexicon);
            # is_common_pair(prev, word) inlined: prev is lowercase already.
            if pos and (prev in COMMON_WORDS or len(prev) < MIN_STEM_CHARS):
                gram = prev + GRAM_SEP + word
                where = find(gram)
                if where is None:
                    positions[gram] = [pos - 1]
                else:
                    where.append(pos - 1)
            # A word's list made only when it is new (setdefault made one per word).
            where = find(word)
            if where is None:
                positions[word] = [pos]
            else:
                where.append(pos)
            prev = word
        return positions


class StemmedText(_OnePassText):
    """A field analysed by Whoosh's StemmingAnalyzer (tokenizer, lowercase,
    stop words, Porter stems), indexed in one pass."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        items = analyzer_parts(self)
        shape = [type(item) for item in items]
        if shape != [RegexTokenizer, LowercaseFilter, StopFilter, StemFilter] or items[0].gaps:
            raise ValueError(f"StemmedText needs Whoosh's StemmingAnalyzer, not {shape}")

    def _fast(self, value: Any, kwargs: dict[str, Any]) -> bool:
        _, _, stops, stemmer = analyzer_parts(self)
        return _plain_index(self, value, kwargs) and stops.max is None and not stemmer.lang

    def _positions(self, value: str) -> dict[str, list[int]]:
        """Return each stem of `value` with its positions, as the analyzer numbers them."""
        tokenizer, _, stops, stemmer = analyzer_parts(self)
        positions: dict[str, list[int]] = {}
        stem = _stem_function(stemmer.stemfn)
        minsize, stopwords, ignore, renumber = stops.min, stops.stops, stemmer.ignore, stops.renumber
        pos = -1
        for index, word in enumerate(lowered_words(tokenizer.expression, value)):
            if len(word) < minsize or word in stopwords:
                continue
            # StopFilter's renumbering: the first kept word keeps its own
            # position, each later one follows the previous kept word.
            pos = pos + 1 if renumber and pos >= 0 else index
            term = word if word in ignore else stem(word)
            positions.setdefault(term, []).append(pos)
        return positions

    def _triples(self, value: str, deltas: bool = False) -> Triples:
        """Return the postings of `value` as _positions gives them, each
        word's term (or its dropping) looked up in the field's _TermMemo
        in C; with StopFilter's renumbering the kept words stand one
        after another from the first kept word's own position."""
        tokenizer, _, stops, stemmer = analyzer_parts(self)
        if not stops.renumber:
            return super()._triples(value, deltas)
        memo = _term_memo(stops.min, stops.stops, stemmer.ignore, stemmer.stemfn)
        words = lowered_words(tokenizer.expression, value)
        terms = list(filter(None, map(memo.__getitem__, words)))
        if memo.stemmed_empty:
            return super()._triples(value, deltas)
        if type(self.format) is not formats.Positions:
            return counted_triples(terms, FORMAT_VALUES[type(self.format)])
        positions: dict[str, list[int]] = {}
        first = next((index for index, word in enumerate(words) if memo[word]), 0)
        for pos, term in enumerate(terms, first):
            positions.setdefault(term, []).append(pos)
        return triples_of(positions, None, deltas)


def stemmed_terms(analyzer: Any, text: str) -> tuple[re.Pattern[str], list[str]] | None:
    """Return the word expression of `analyzer` and the term of each of its
    matches in `text`, in order ("" for a word StopFilter drops), as the
    analyzer's tokens would carry them; None unless `analyzer` is a plain
    StemmingAnalyzer (the caller then runs it), or when a kept word stems
    to "" (which "" cannot tell from a dropped one)."""
    items = list(getattr(analyzer, "items", []))
    if [type(item) for item in items] != [RegexTokenizer, LowercaseFilter, StopFilter, StemFilter]:
        return None
    tokenizer, _, stops, stemmer = items
    if tokenizer.gaps or stops.max is not None or stemmer.lang:
        return None
    memo = _term_memo(stops.min, stops.stops, stemmer.ignore, stemmer.stemfn)
    terms = list(map(memo.__getitem__, lowered_words(tokenizer.expression, text)))
    return None if memo.stemmed_empty else (tokenizer.expression, terms)


class _TermMemo(dict[str, str]):
    """A stemmed field's term of each lowercased word met lately: its stem
    (or the word, if the stemmer ignores it), or "" where StopFilter drops
    it (too short, a stop word).  Cleared when it holds _MEMO_WORDS."""

    def __init__(self, minsize: int, stopwords: frozenset[str], ignore: frozenset[str],
                 stem: Callable[[str], str]) -> None:
        super().__init__()
        self._rule = (minsize, stopwords, ignore, stem)
        self.stemmed_empty = False  # a kept word stemmed to "": the memo cannot tell it from dropped

    def __missing__(self, word: str) -> str:
        minsize, stopwords, ignore, stem = self._rule
        if len(word) < minsize or word in stopwords:
            term = ""
        else:
            term = word if word in ignore else stem(word)
            self.stemmed_empty = self.stemmed_empty or not term
        if len(self) >= _MEMO_WORDS:
            self.clear()
        self[word] = term
        return term


_MEMO_WORDS = 200_000


@lru_cache(maxsize=8)
def _term_memo(minsize: int, stopwords: frozenset[str], ignore: frozenset[str],
               stemfn: Callable[[str], str]) -> _TermMemo:
    """Return the _TermMemo of one stemmed analysis (shared by its fields)."""
    return _TermMemo(minsize, stopwords, ignore, _stem_function(stemfn))


@lru_cache(maxsize=4)
def _stem_function(stemfn: Callable[[str], str]) -> Callable[[str], str]:
    """Return a cached `stemfn` (one cache per stemming function)."""
    return lru_cache(maxsize=200_000)(stemfn)

