"""The date: field and fuzzy terms of the query language.

Owns rewrite_date_terms(), which turns every `date:` value a user may type
(`date:2020`, `date:2020-06`, `date:2020-06-05`, `date:[2020-01 TO
2021-06-30]`, open ends `[2020 TO]` / `[TO 2021]`) into one explicit day
range Whoosh's DATETIME field parses the same way every time (its own
parsing splits `2020-06` at the hyphen into a NOT), with a readable
QueryError for anything else; and prepare_fuzzy_terms(), which caps `word~N`
at MAX_FUZZY_EDITS edits (each extra edit multiplies the words a fuzzy
term expands to) and keeps the first letter fixed, as spelling
suggestions do, so a fuzzy term never walks the whole vocabulary (and
makes fuzzy terms work on the stemmed text field: see StemmedFuzzyTerm).
Also owns expand_terms(), which turns every prefix* and fuzzy~ term into
the index words it stands for, within the request's deadline and a cap on
the words of the whole query (not only per term), so a query of 64 short
prefixes costs at most that many words, and the rest of the engine sees
only plain terms (which it scores and matches in bulk).
"""
from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.errors import QueryError
from onrecord.search.storage.lexicon import is_gram
from onrecord.search.storage.reading.whoosh_internals import fuzzy_words
from onrecord.search.storage.schema import SAID_EXACT_FIELD, SAID_FIELD, WORDS_FIELD

# A stemmed field -> the field whose lexicon holds its words as written.
_WORD_LISTS = {"text": WORDS_FIELD, SAID_FIELD: SAID_EXACT_FIELD}

MAX_FUZZY_EDITS = 2
FUZZY_PREFIX = 1
# Longer fuzzy words are refused: the edit automaton (and a spelling
# suggestion's search) grows with the word, ~2 s for 500 letters, and no
# real word is this long.
MAX_FUZZY_CHARS = 30
_DATE_TERM = re.compile(r"(?<![\w:])date:(\[[^\]]*\]?|[^\s()]*)", re.IGNORECASE)
_DATE_VALUE = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?")
_RANGE = re.compile(r"\[\s*(\S*?)\s*\bTO\b\s*(\S*?)\s*\]", re.IGNORECASE)
DATE_HELP = ("date: takes YYYY, YYYY-MM, YYYY-MM-DD or a range like "
             "[2020-01-01 TO 2021-06-30]")


def rewrite_date_terms(text: str) -> str:
    """Return `text` with each date: term written as an explicit day range.
    Raises QueryError for a malformed or impossible date, or a range whose
    start is after its end."""
    return _DATE_TERM.sub(_expand_date_term, text)


def _expand_date_term(match: re.Match[str]) -> str:
    value = match.group(1)
    if value.startswith("["):
        bounds = _RANGE.fullmatch(value)
        if not bounds or not (bounds.group(1) or bounds.group(2)):
            raise QueryError(f"cannot read date:{value}; {DATE_HELP}")
        start = _parse_day(bounds.group(1), end=False) if bounds.group(1) else None
        end = _parse_day(bounds.group(2), end=True) if bounds.group(2) else None
        if start and end and start > end:
            raise QueryError(f"date range starts ({start}) after it ends ({end})")
    else:
        start, end = _parse_day(value, end=False), _parse_day(value, end=True)
    first = start.isoformat() if start else ""
    last = end.isoformat() if end else ""
    return f"date:[{first} TO {last}]".replace("[ TO", "[TO").replace("TO ]", "TO]")


def _parse_day(value: str, end: bool) -> dt.date:
    """Return the first (or, with end, the last) day `value` names."""
    found = _DATE_VALUE.fullmatch(value)
    if not found:
        raise QueryError(f"cannot read date {value!r}; {DATE_HELP}")
    year = int(found.group(1))
    month = int(found.group(2) or (12 if end else 1))
    try:
        last_day = calendar.monthrange(year, month)[1] if 1 <= month <= 12 else 0
        day = int(found.group(3) or (last_day if end else 1))
        return dt.date(year, month, day)
    except ValueError as exc:
        raise QueryError(f"there is no date {value!r} ({exc})") from exc


class StemmedFuzzyTerm(wq.FuzzyTerm):
    """A fuzzy term over a stemmed field.

    The words near the typed one are read from the unstemmed words of
    schema.WORDS_FIELD ("delayed"), while the text field's postings hold
    stems ("delai"): a plain FuzzyTerm over the stems would find other
    words.  This one tries each found word and its indexed form and keeps
    the terms the field really has.  (Other fields, e.g. the title, search
    their own terms.)"""

    # whoosh types MultiTerm._btexts as bytes, but FuzzyTerm's (overridden
    # here) yields the str words of terms_within, as this one does.
    def _btexts(self, ixreader: Any) -> Iterator[str]:  # type: ignore[override]
        field = ixreader.schema[self.fieldname]
        seen: set[str] = set()
        source = _WORD_LISTS.get(self.fieldname, self.fieldname)
        for word in ixreader.terms_within(source, self.text, self.maxdist,
                                          prefix=self.prefixlength):
            word = word.decode("utf-8") if isinstance(word, bytes) else word
            if is_gram(word):  # a common gram is two words, not a spelling
                continue
            for text in (word, *field.process_text(word, mode="index")):
                if text not in seen and (self.fieldname, text) in ixreader:
                    seen.add(text)
                    yield text


def prepare_fuzzy_terms(q: wq.Query) -> wq.Query:
    """Return `q` with each fuzzy term made a StemmedFuzzyTerm whose first
    FUZZY_PREFIX letters are fixed.  Raises QueryError if one allows more
    than MAX_FUZZY_EDITS edits."""
    def swap(node: wq.Query) -> wq.Query:
        if not isinstance(node, wq.FuzzyTerm) or isinstance(node, StemmedFuzzyTerm):
            return node
        if node.maxdist > MAX_FUZZY_EDITS:
            raise QueryError(f"fuzzy terms allow at most {MAX_FUZZY_EDITS} edits "
                             f"({node.text}~{MAX_FUZZY_EDITS}), got ~{node.maxdist}")
        if len(node.text) > MAX_FUZZY_CHARS:
            raise QueryError(f"fuzzy words can have at most {MAX_FUZZY_CHARS} letters "
                             f"({node.text[:20]}...~ has {len(node.text)})")
        fuzzy = StemmedFuzzyTerm(node.fieldname, node.text, boost=node.boost,
                                 maxdist=node.maxdist,
                                 prefixlength=max(node.prefixlength, FUZZY_PREFIX),
                                 constantscore=node.constantscore)
        fuzzy.startchar, fuzzy.endchar = node.startchar, node.endchar
        return fuzzy
    return q.accept(swap)


def label_typed_terms(q: wq.Query, text: str) -> wq.Query:
    """Return `q` with each prefix and fuzzy term labelled with what the
    user typed for it (the parser's offsets into `text`, the parsed text):
    its words are stemmed ("abacus*" is searched as "abacu*"), and a note
    about it should quote the user."""
    for node in _walk(q):
        start, end = getattr(node, "startchar", None), getattr(node, "endchar", None)
        if isinstance(node, (wq.Prefix, wq.FuzzyTerm)) and start is not None and end:
            # Whoosh query nodes are plain objects that take ad-hoc attributes
            # (their copies carry __dict__ along); "typed" is read back in _typed.
            node.typed = text[start:end]  # type: ignore[union-attr]
    return q


@dataclass(slots=True)
class Expansion:
    """A query with its prefix and fuzzy terms replaced by index words.

    `truncated` lists the terms (as typed: "ab*", "polic~2") that stand for
    more words than the cap let them search (a cut by the deadline is
    recorded by the deadline instead); `words` counts the words searched."""

    query: Any
    truncated: list[str] = field(default_factory=list)
    words: int = 0


def expand_terms(q: wq.Query | None, reader: Any, deadline: Deadline, limit: int,
                 strict: bool = False) -> Expansion:
    """Return `q` with every Prefix and FuzzyTerm replaced by the words it
    matches in `reader`: a ConstantScoreQuery (score: the term's boost) over
    an Or of those Terms, or a NullQuery if none.  At most `limit` words
    over the whole query, shared out in query order (each term gets an equal
    part of what earlier ones left), fuzzy words nearest first.  When
    `deadline` passes, the remaining terms get the words found so far and
    the deadline records the cut.  With `strict`, stops at the first term
    cut short (for callers that refuse a partial expansion).

    Every match of a prefix or fuzzy term scores the same, as Whoosh's
    constantscore flag means (and Lucene scores prefixes): Whoosh itself
    gave either 1.0 or a sum of BM25 scores, depending on segment size."""
    if q is None:
        return Expansion(None)
    nodes = [n for n in _walk(q) if isinstance(n, (wq.Prefix, wq.FuzzyTerm))]
    if not nodes:
        return Expansion(q)
    result = Expansion(q)
    swaps: dict[int, wq.Query] = {}
    for position, node in enumerate(nodes):
        budget = max(0, (limit - result.words) // (len(nodes) - position))
        words, capped = _take_words(node, reader, budget, deadline)
        if capped:
            result.truncated.append(_typed(node))
            if strict:
                return result
        result.words += len(words)
        terms = [wq.Term(node.fieldname, w) for w in words]
        swaps[id(node)] = (wq.ConstantScoreQuery(terms[0] if len(terms) == 1 else wq.Or(terms),
                                                 node.boost) if terms else wq.NullQuery)
    result.query = q.accept(lambda n: swaps.get(id(n), n))
    return result


def _walk(q: wq.Query) -> Iterator[wq.Query]:
    """Yield the nodes of `q` in query (left to right) order."""
    yield q
    if not q.is_leaf():
        for child in q.children():
            yield from _walk(child)


def _typed(node: wq.Prefix | wq.FuzzyTerm) -> str:
    """Return the term as the user typed it, for a note."""
    typed = str(getattr(node, "typed", None) or node.text)
    if isinstance(node, wq.FuzzyTerm):
        return typed if "~" in typed else f"{typed}~{node.maxdist}"
    return typed if typed.endswith("*") else f"{typed}*"


def _take_words(node: wq.Prefix | wq.FuzzyTerm, reader: Any, budget: int,
                deadline: Deadline) -> tuple[list[str], bool]:
    """Return up to `budget` distinct words `node` matches in `reader`, and
    whether it matches more (the cap cut it).  When the deadline passes,
    returns the words found so far and the deadline records the cut."""
    words: dict[str, None] = {}
    for word in _candidates(node, reader):
        if deadline.expired():
            deadline.cut("expand")
            return list(words), False
        if word in words:
            continue
        if len(words) >= budget:
            return list(words), True
        words[word] = None
    return list(words), False


def _candidates(node: wq.Prefix | wq.FuzzyTerm, reader: Any) -> Iterator[str]:
    """Yield the words `node` matches in `reader` (maybe repeated): a
    prefix's in term order, a fuzzy term's nearest first, per segment."""
    field = reader.schema[node.fieldname] if node.fieldname in reader.schema else None
    if field is None:
        return
    if isinstance(node, wq.Prefix):
        for btext in reader.expand_prefix(node.fieldname, node.text):
            yield field.from_bytes(btext)
        return
    if (node.fieldname, node.text) in reader:
        yield node.text
    for distance in range(1, node.maxdist + 1):
        nearer = StemmedFuzzyTerm(node.fieldname, node.text, maxdist=distance,
                                  prefixlength=node.prefixlength)
        for leaf, _offset in reader.leaf_readers():
            yield from fuzzy_words(nearer, leaf)
