"""Common words and the common grams of the `exact` field.

Owns the one table of common words (the words the stemming analyzer of
the text field drops: Whoosh's stop words and one-letter words), and the
common grams built from them, after Lucene's CommonGramsFilter and
CommonGramsQueryFilter:

* at index time the `exact` field holds every word at its position, and
  also, for each adjacent pair whose FIRST word is common ("the bbc",
  "of the"), the pair as one token at the first word's position;
* at query time a quoted phrase's words become, for each adjacent pair,
  the pair's gram if it is a common pair, else the first word; then the
  last word only if the last pair was not common.  The tokens stay at
  consecutive positions, so a Phrase over them matches exactly where the
  words stand adjacent and in order, without reading the long position
  lists of "the" or "of" unless the phrase is that one word, or ends in a
  common word after an uncommon one ("told the").

Lucene also grams a pair whose second word alone is common ("told the").
That gram is unique to nearly every uncommon word (one new term per
"1234 of"), and a term costs ~190 bytes of index: tests/search/writing/test_identity.py's
amplification page (2,000 "Paragraph N of the report.") indexes to 9.25x
its size without grams, 11.65x with Lucene's, 9.45x with these.  Only
that trailing case reads a common word's position list.

GRAM_SEP joins a pair: \\w+ (schema.EXACT_WORD) never produces it, so a
token with it is always a pair and gram_words() can undo query_grams().
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from whoosh.analysis import STOP_WORDS, Filter, Token

# Words shorter than this are dropped by the stemming analyzer (its minsize).
MIN_STEM_CHARS = 2
# The stemming analyzer's stop list: dropped from the text field, so only
# the `exact` field can find them.
COMMON_WORDS = frozenset(STOP_WORDS)
# Joins the two words of a common gram ("told the"); never inside a word.
GRAM_SEP = " "


def is_common_word(text: str) -> bool:
    """Return True if the stemmed text field drops `text` (a stop word or a
    one-letter word), so it must be searched in the exact field."""
    word = text.lower()
    return word in COMMON_WORDS or len(word) < MIN_STEM_CHARS


def is_common_pair(first: str, second: str) -> bool:
    """Return True if the adjacent pair (first, second) is indexed as one
    gram: if its first word is common (see the module docstring for why
    not also when only the second is)."""
    return is_common_word(first)


def is_gram(token: str) -> bool:
    """Return True if `token` is a common gram (two words), not a word."""
    return GRAM_SEP in token


def query_grams(words: Sequence[str]) -> list[str]:
    """Return the tokens a phrase of `words` is searched as, one per
    position: each common pair's gram, else the pair's first word; the
    last word alone only if the last pair was not common."""
    tokens: list[str] = []
    for first, second in zip(words, words[1:], strict=False):
        tokens.append(first + GRAM_SEP + second if is_common_pair(first, second) else first)
    if len(words) == 1 or (words and not is_gram(tokens[-1])):
        tokens.append(words[-1])
    return tokens


def gram_words(tokens: Sequence[str]) -> tuple[str, ...]:
    """Return the phrase words that query_grams() turned into `tokens`:
    each token's first word, and the last gram's second word."""
    if not tokens:
        return ()
    words = [token.split(GRAM_SEP, 1)[0] for token in tokens]
    if is_gram(tokens[-1]):
        words.append(tokens[-1].split(GRAM_SEP, 1)[1])
    return tuple(words)


class CommonGramsFilter(Filter):
    """Adds common grams to a word stream at index time (see the module
    docstring).  At query time words pass unchanged: the query side
    (query_grams) rewrites exact phrases after parsing, where a phrase's
    slop is known (a "..."~N phrase keeps its plain words)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    # Whoosh's Filter declares this signature, which its own base class
    # Composable (value, **kwargs) does not: a library gap, as in every
    # Whoosh filter.
    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:  # type: ignore[override]
        stream = iter(tokens)
        first = next(stream, None)
        if first is None:
            return
        if getattr(first, "mode", "") == "query":
            yield first
            yield from stream
        else:
            yield from _index_tokens(first, stream)


def _index_tokens(first: Token, tokens: Iterator[Token]) -> Iterator[Token]:
    """Yield every word, and before each word that makes a common pair
    with the previous one, the pair's gram at the previous word's position
    (Whoosh reuses one Token object, so its fields are set back after)."""
    yield first
    prev: tuple[str, int, int] = (first.text, getattr(first, "pos", 0),
                                  getattr(first, "startchar", 0))
    for token in tokens:
        text, pos, start = token.text, getattr(token, "pos", 0), getattr(token, "startchar", 0)
        if is_common_pair(prev[0], text):
            token.text = prev[0] + GRAM_SEP + text
            _place(token, prev[1], prev[2])
            yield token
            token.text = text
            _place(token, pos, start)
        yield token
        prev = (text, pos, start)


def _place(token: Token, pos: int, start: int) -> None:
    """Set the position and start character of `token`, where it has them."""
    if token.positions:
        token.pos = pos
    if token.chars:
        token.startchar = start
