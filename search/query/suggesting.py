"""Spelling suggestions ("Did you mean") for a query that matched nothing.

Owns suggest(): the query text with misspelt words replaced by the nearest
frequent word of the text field's vocabulary, within the request's
deadline.  The words are read from the lexicon of the unstemmed field
(schema.WORDS_FIELD), less its common words and common grams: the words
the text field indexes, as they were written.  Words longer than MAX_SUGGEST_CHARS are left alone: the
search for near words grows with the word's length (a 499-letter word
took 2.3 s) and no real word is that long.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from whoosh import query as wq
from whoosh.spelling import Corrector

from onrecord.search.deadline import Deadline
from onrecord.search.query.querying import iter_nodes
from onrecord.search.storage.lexicon import is_common_word, is_gram
from onrecord.search.storage.schema import WORDS_FIELD

MAX_SUGGEST_CHARS = 30


def suggest(searcher: Any, q: wq.Query, text: str, deadline: Deadline) -> str | None:
    """Return `text` with misspelt words corrected from the text field's
    vocabulary, or None if there is nothing to correct (or the deadline
    passed before any word was looked at)."""
    reader = searcher.reader()
    # Plain words only: a prefix ("ab*") or fuzzy word is not a misspelling.
    unknown = [("text", node.text) for node in iter_nodes(q)
               if type(node) is wq.Term and node.fieldname == "text"
               and isinstance(node.text, str) and len(node.text) <= MAX_SUGGEST_CHARS
               and ("text", node.text) not in reader]
    if not unknown:
        return None
    corrector = NearestCorrector(TextWordCorrector(reader), deadline)
    try:
        correction = searcher.correct_query(q, text, correctors={"text": corrector},
                                            terms=unknown)
    except Exception:  # a suggestion is optional; never fail the search for it
        return None
    suggestion = correction.string
    return suggestion if suggestion and suggestion != text else None


class TextWordCorrector(Corrector):
    """Suggests words of the unstemmed field that the text field indexes
    (no common words, no common grams): the nearest first, then the most
    frequent, as Whoosh's ReaderCorrector ranks them."""

    def __init__(self, reader: Any, fieldname: str = WORDS_FIELD) -> None:
        self.reader = reader
        self.fieldname = fieldname

    def _suggestions(self, text: str, maxdist: int, prefix: int) -> Iterator[tuple[float, str]]:
        for word in self.reader.terms_within(self.fieldname, text, maxdist, prefix=prefix):
            if is_gram(word) or is_common_word(word):
                continue
            frequency = self.reader.frequency(self.fieldname, word) or 1
            yield 0 - (maxdist + (1.0 / frequency * 0.5)), word


class NearestCorrector(Corrector):
    """Suggests the most frequent word at the SMALLEST edit distance.

    Whoosh's own corrector ranks every word within two edits by frequency,
    so a common word two edits away beats the obvious one-letter fix
    ("blar" -> "year" instead of "blair").  Keeping the first letter also
    matches how people misspell.  Once `deadline` has passed it suggests
    nothing more (and records the cut)."""

    def __init__(self, base: Corrector, deadline: Deadline | None = None) -> None:
        self.base = base
        self.deadline = deadline or Deadline(None)

    def suggest(self, text: str, limit: int = 5, maxdist: int = 2,
                prefix: int = 0) -> list[str]:
        for distance in range(1, maxdist + 1):
            if self.deadline.expired():
                self.deadline.cut("suggest")
                return []
            found = self.base.suggest(text, limit=limit, maxdist=distance,
                                      prefix=max(prefix, 1))
            if found:
                return found
        return []
