"""A scan of extracted quotes, the brute-force answer quotes mode is checked
against (issue #33): what a quote said, whether a query of words, phrases,
booleans and field terms matches it the way the index analyses its words,
and its copy group.  Shared by tests/search/test_quotes_mode.py (a generated
corpus) and tests/search/test_quotes_mode_bbc.py (the BBC corpus)."""
from __future__ import annotations

import dataclasses
import functools
from collections import defaultdict
from collections.abc import Iterable

from onrecord.search.engine import search
from onrecord.search.features.exporting import iter_export_rows
from onrecord.search.model import Article, Hit, Quote, SearchRequest, SearchResult
from onrecord.search.storage.lexicon import is_common_word
from onrecord.search.storage.schema import exact_words, stemming_analyzer
from onrecord.search.storage.store import Index

# A quote's place: doc_id, paragraph n, kind, start, end, pieces.  Start
# alone is not enough on real text: a partial quote and a longer span
# holding it, or two partial quotes of one sentence, can share it.
Where = tuple[str, int, str, int, int, tuple[tuple[int, int], ...]]
CopyKey = tuple[str, str]  # a copy group: speaker, words as written


@dataclasses.dataclass(frozen=True)
class Found:
    """One extracted quote and what a scan reads of it."""

    doc_id: str
    n: int
    start: int
    quote: Quote
    words: str  # what the quote said: its verbatim pieces, or its reported clause
    outlet: str | None
    institutions: tuple[str, ...]


def extracted(articles: Iterable[Article]) -> list[Found]:
    """Return every quote of the articles with the words it said."""
    found = []
    for article in articles:
        for para in article.paragraphs:
            for quote in para.quotes:
                said = ("\n".join(article.text[lo:hi] for lo, hi in quote.pieces)
                        if quote.pieces else quote.text)
                found.append(Found(article.id, para.n, quote.start, quote, said,
                                   article.meta.outlet, tuple(para.institutions)))
    return found


_STEM = stemming_analyzer()


@functools.cache
def _exact(words: str) -> tuple[str, ...]:
    return tuple(exact_words(words))


@functools.cache
def _stems(words: str) -> frozenset[str]:
    return frozenset(t.text for t in _STEM(words))


def _has_word(found: Found, word: str) -> bool:
    """A bare word: a common word among the quote's words as written, any
    other by its stem (as the two word fields index them)."""
    if is_common_word(word):
        return word in _exact(found.words)
    return next(iter(t.text for t in _STEM(word)), word) in _stems(found.words)


def _has_phrase(found: Found, phrase: str) -> bool:
    words, wanted = _exact(found.words), tuple(phrase.split())
    return any(words[i:i + len(wanted)] == wanted for i in range(len(words)))


def _names_word(values: list[str], word: str) -> bool:
    return any(word in value.lower().split() or word == value.lower() for value in values)


def scan(found: Found, query: str) -> bool:
    """Return True if `query` matches the quote `found`: words, "phrases",
    speaker:/outlet:/institution: words, joined left to right by AND (the
    default), OR, NOT and -word; no parentheses."""
    def atom(token: str) -> bool:
        field, _, value = token.partition(":")
        if value:
            values = {"speaker": [found.quote.speaker or ""], "outlet": [found.outlet or ""],
                      "institution": list(found.institutions)}[field]
            return _names_word(values, value)
        if token.startswith('"'):
            return _has_phrase(found, token.strip('"'))
        return _has_word(found, token)
    result, op, negate = True, "AND", False
    for token in _tokens(query):
        if token in ("AND", "OR", "NOT"):
            if token == "NOT":
                negate = True
            else:
                op = token
            continue
        if token.startswith("-"):
            token, negate = token[1:], True
        value = atom(token) != negate
        result = (result or value) if op == "OR" else (result and value)
        op, negate = "AND", False
    return result


def _tokens(query: str) -> list[str]:
    out, rest = [], query.split()
    while rest:
        token = rest.pop(0)
        while token.startswith('"') and not (token.endswith('"') and len(token) > 1):
            token += " " + rest.pop(0)
        out.append(token)
    # "a OR b -c": the OR binds the two words, the exclusion applies to both
    return out


def copy_key(found: Found) -> CopyKey:
    """Copies of a quote: the same speaker, case and spacing aside, the same
    words as written; a quote with no speaker is nobody's copy
    (docs/search.md), a group alone."""
    if not found.quote.speaker:
        return "", f"\x00{found.doc_id}-p{found.n}@{found.start}"
    return " ".join(found.quote.speaker.split()).casefold(), " ".join(_exact(found.words))


def copy_groups(found: Iterable[Found]) -> dict[CopyKey, set[tuple[str, int]]]:
    """Return the found quotes' copy groups: key -> its (doc_id, n)s."""
    groups: dict[CopyKey, set[tuple[str, int]]] = defaultdict(set)
    for f in found:
        groups[copy_key(f)].add((f.doc_id, f.n))
    return groups


def all_hits(index: Index, request: SearchRequest) -> list[Hit]:
    """Return every hit of `request`, page after page of 100."""
    return search_all(index, request)[1]


def search_all(index: Index, request: SearchRequest) -> tuple[SearchResult, list[Hit]]:
    """Return the first page of `request` (100 hits, its facets and total)
    and every hit, page after page of 100."""
    first = result = search(index, dataclasses.replace(request, page=1, per_page=100))
    hits = list(first.hits)
    while result.page < result.pages:
        result = search(index, dataclasses.replace(request, page=result.page + 1, per_page=100))
        hits += result.hits
    return first, hits


def found_key(found: Found) -> Where:
    """Return the place of an extracted quote."""
    quote = found.quote
    return (found.doc_id, found.n, quote.kind, quote.start, quote.end,
            tuple((lo, hi) for lo, hi in quote.pieces or ()))


def places(found: Iterable[Found]) -> dict[Where, Found]:
    """Return the found quotes by place (what assert_folded looks hits up in)."""
    return {found_key(f): f for f in found}


def hit_key(hit: Hit) -> Where:
    """Return the place of the quote a quotes-mode hit lists."""
    assert hit.quote is not None
    quote = hit.quote
    return (hit.doc_id, hit.n, str(quote["kind"]), int(quote["start"]), int(quote["end"]),
            tuple((int(lo), int(hi)) for lo, hi in quote.get("pieces") or ()))


def assert_folded(hits: list[Hit], every: dict[Where, Found], found: list[Found],
                  context: object) -> None:
    """The hits are the found quotes' copy groups, one hit each, its copies
    (the other matching members) folded under it; `every` maps each
    extracted quote's place to it."""
    expected = copy_groups(found)
    assert len(hits) == len(expected), context
    listed: dict[CopyKey, set[tuple[str, int]]] = {}
    for hit in hits:
        key = copy_key(every[hit_key(hit)])
        assert key not in listed, (context, key)  # one hit per group
        listed[key] = {(hit.doc_id, hit.n), *((s.doc_id, s.n) for s in hit.duplicates)}
        assert len(listed[key]) == 1 + len(hit.duplicates), context
    assert listed == expected, context


def assert_exported(index: Index, request: SearchRequest, found: list[Found],
                    context: object) -> None:
    """The quotes-mode export lists every found quote, copies too, each
    group's members under one group id."""
    rows = list(iter_export_rows(index, request, "quotes"))
    assert sorted((r["paragraph_id"], r["speaker"] or "", r["quote"]) for r in rows) == sorted(
        (f"{f.doc_id}-p{f.n}", f.quote.speaker or "", f.quote.text) for f in found), context
    by_group: dict[str, set[str]] = defaultdict(set)
    for i, row in enumerate(rows):
        # An empty group is no group: the row stands alone.
        by_group[row["group"] or f"\x00{i}"].add(row["paragraph_id"])
    assert sorted(map(sorted, by_group.values())) == sorted(
        sorted(f"{d}-p{n}" for d, n in members) for members in copy_groups(found).values()
    ), context
