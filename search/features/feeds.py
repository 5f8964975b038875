"""Feeds: the newest paragraphs (or quotes) matching a search, in the order they were indexed.

Owns newest_paragraphs(), what an Atom feed (web.outputs.feeds) lists: alerts
without accounts, for a search, a speaker or an institution; and
newest_changes(), the feed of changes: one entry per article whose current
version differs from its first (changed after publication) and has a
paragraph or quote matching the search, newest change first; and
matching_in(), what a saved search (a watch's alert) matches among the
articles a run just read.  In quotes
mode (SearchRequest.mode) an entry is one matching quote, with its
paragraph as context: the units the search page and the entity pages count.  "Newest" is
when the article's current version was indexed (the article records'
indexed_at), not its publication date: a reader subscribed to a search
wants what arrived since they last looked, and a story published last week
but indexed today is news to them.  Articles indexed in the same second are
told apart by document number, which grows as documents are added.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import numpy as np

from onrecord.search.deadline import Deadline
from onrecord.search.features.citations import with_citation
from onrecord.search.features.commitview import CommitView, open_view
from onrecord.search.features.quotegroups import QuoteGroups, keep_first_members
from onrecord.search.features.selection import resolve_with
from onrecord.search.model import SearchRequest, paragraph_permalink
from onrecord.search.query.collecting import restrict_query
from onrecord.search.query.docsets import Matched, match_docnums
from onrecord.search.query.querying import build_filter, parse_query, validate_request
from onrecord.search.query.queryterms import expand_terms
from onrecord.search.query.units import to_quote_fields
from onrecord.search.storage.documents import load_quote_dicts, published_date, split_stored
from onrecord.search.storage.integrity.damage import translate_damage
from onrecord.search.storage.reading.windows import context_docnum, paragraph_docnums
from onrecord.search.storage.store import Index

FEED_ENTRIES = 50  # entries per feed: feed readers poll, so the newest few suffice
ALERT_ITEMS = 1000  # items one alert takes from one batch of articles (a flood is cut, not sent whole)


@dataclass(frozen=True, slots=True)
class FeedEntry:
    """One paragraph of a feed, with what its entry shows and links."""

    paragraph_id: str
    doc_id: str
    n: int
    text: str
    indexed_at: str  # ISO 8601 UTC: when its article (this version) was indexed
    title: str | None = None
    outlet: str | None = None
    published: str | None = None  # YYYY-MM-DD
    url: str | None = None
    speakers: list[str] = field(default_factory=list)
    # its quotes as shown (with_citation: `cited` text, kind `label`, speaker)
    quotes: list[dict[str, Any]] = field(default_factory=list)
    # quotes mode: the matched quote (an item of `quotes`) and its number there
    quote: dict[str, Any] | None = None
    qi: int | None = None
    # the feed of changes: the article's version (not its first); None in other feeds
    version: int | None = None

    @property
    def permalink(self) -> str:
        return paragraph_permalink(self.doc_id, self.n)


@dataclass(slots=True)
class Feed:
    """A feed's entries, newest indexed first; `updated` is the newest
    entry's indexed_at (None when empty); `partial` when the deadline cut
    the matching short."""

    entries: list[FeedEntry]
    updated: str | None
    partial: bool = False


def newest_paragraphs(index: Index, request: SearchRequest, limit: int = FEED_ENTRIES) -> Feed:
    """Return the `limit` newest-indexed paragraphs matching `request`'s
    query and filters (its sort and paging are ignored); in quotes mode the
    newest matching quotes, one entry each, later quotes of an article
    first, each copy group (quotegroups) only as its first-indexed
    matching quote: quotes mode's units, so a re-run of an old quote is
    not announced as a new one.  Raises QueryError for a bad query, IndexUnavailableError if the
    index is closed or damaged."""
    validate_request(request)
    deadline = Deadline(index.query_timeout)
    with translate_damage(index.label()), open_view(index) as view:
        matched = _matched(view, request, index, deadline)
        keys, times = view.feed_order()
        docnums = matched.docnums
        if request.mode == "quotes" and docnums:
            docnums = _first_indexed(view.quote_groups(), docnums, keys)
        newest = _newest(docnums, keys, limit)
        found = [_context_of(view.searcher, d) for d in newest]
    stored = [pair for pair in found if pair is not None]
    index.records.fill([paragraph for paragraph, _qi in stored])
    entries = [_entry(paragraph, times.get(paragraph["doc_id"], ""), qi) for paragraph, qi in stored]
    return Feed(entries, max((e.indexed_at for e in entries), default=None),
                partial=matched.partial or deadline.partial)


def newest_changes(index: Index, request: SearchRequest, limit: int = FEED_ENTRIES) -> Feed:
    """Return the `limit` articles most recently changed after publication
    (current version not the first) with a paragraph (or, in quotes mode,
    a quote) matching `request`: one entry each, its first matching
    paragraph, `indexed_at` the change's time and `version` its number.
    Raises QueryError for a bad query, IndexUnavailableError if the index
    is closed or damaged."""
    validate_request(request)
    deadline = Deadline(index.query_timeout)
    with translate_damage(index.label()), open_view(index) as view:
        matched = _matched(view, request, index, deadline)
        changed = view.changed_articles()
        found: list[tuple[tuple[dict[str, Any], int | None], int, str]] = []
        for doc_id, (version, when) in sorted(changed.items(), key=lambda item: item[1][1], reverse=True):
            if len(found) >= limit or deadline.expired():
                break
            docnums = matched.docnums & set(view.searcher.document_numbers(doc_id=doc_id))
            first = _context_of(view.searcher, min(docnums)) if docnums else None
            if first is not None:
                found.append((first, version, when))
    index.records.fill([paragraph for (paragraph, _qi), _v, _w in found])
    entries = [replace(_entry(paragraph, when, qi), version=version) for (paragraph, qi), version, when in found]
    return Feed(entries, max((e.indexed_at for e in entries), default=None),
                partial=matched.partial or deadline.partial)


def matching_in(index: Index, request: SearchRequest, doc_ids: list[str], limit: int = ALERT_ITEMS) -> list[FeedEntry]:
    """Return the paragraphs (quotes in quotes mode) of the articles
    `doc_ids` that match `request`'s query and filters, in document order,
    at most `limit`: one search of the current commit, kept to those
    articles' documents (no time limit: an alert must not miss what a slow
    search would cut).  Raises QueryError for a bad query,
    IndexUnavailableError if the index is closed or damaged."""
    validate_request(request)
    with translate_damage(index.label()), open_view(index) as view:
        matched = _matched(view, request, index, Deadline(None))
        wanted: set[int] = set()
        for doc_id in dict.fromkeys(doc_ids):
            wanted.update(view.searcher.document_numbers(doc_id=doc_id))
        found = [_context_of(view.searcher, d) for d in sorted(matched.docnums & wanted)[:limit]]
    stored = [pair for pair in found if pair is not None]
    index.records.fill([paragraph for paragraph, _qi in stored])
    return [_entry(paragraph, "", qi) for paragraph, qi in stored]


def _matched(view: CommitView, request: SearchRequest, index: Index, deadline: Deadline) -> Matched:
    """Return the documents of the view's commit matching `request`'s query
    and filters (quote documents in quotes mode)."""
    q = parse_query(view.parser(), request.query, index.max_query_chars)
    if request.mode == "quotes":
        q = to_quote_fields(q)
    searcher = view.searcher
    expansion = expand_terms(q, searcher.reader(), deadline, index.max_expanded_terms)
    wanted = build_filter(resolve_with(searcher, request, view.facet_columns))
    return match_docnums(searcher, restrict_query(expansion.query, wanted), deadline, view.postings)


def _first_indexed(groups: QuoteGroups, docnums: AbstractSet[int], keys: np.ndarray) -> set[int]:
    """Return `docnums` with each copy group's first-indexed member alone
    (the feed's order keys grow with indexing time)."""
    ids = np.fromiter(docnums, dtype=np.int64, count=len(docnums))
    ids = ids[(ids < len(keys)) & (ids < len(groups.ids))]
    return {int(d) for d in keep_first_members(groups, ids, keys)}


def _newest(docnums: AbstractSet[int], keys: np.ndarray, limit: int) -> list[int]:
    """Return up to `limit` of `docnums`, newest article first, then the
    later document first."""
    if not docnums:
        return []
    ids = np.fromiter(docnums, dtype=np.int64, count=len(docnums))
    ids = ids[ids < len(keys)]  # a document added after the order was built
    order = np.lexsort((-ids, -keys[ids]))[:limit]
    return [int(d) for d in ids[order]]


def _context_of(searcher: Any, docnum: int) -> tuple[dict[str, Any], int | None] | None:
    """Return (the stored paragraph of document `docnum`, the quote number
    when it is a quote document), or None for a quote whose paragraph is gone."""
    reader = searcher.reader()
    stored = reader.stored_fields(docnum)
    if "qi" not in stored:
        return stored, None
    at = context_docnum(reader.stored_fields, docnum, partial(paragraph_docnums, searcher))
    return (reader.stored_fields(at), int(stored["qi"])) if at is not None else None


def _entry(stored: dict[str, Any], indexed_at: str, qi: int | None = None) -> FeedEntry:
    published = published_date(stored)
    quotes = [with_citation(q) for q in load_quote_dicts(stored)]
    quote = quotes[qi] if qi is not None and 0 <= qi < len(quotes) else None
    return FeedEntry(
        paragraph_id=stored["paragraph_id"], doc_id=stored["doc_id"], n=int(stored["n"]),
        text=stored.get("text", ""), indexed_at=indexed_at, title=stored.get("title"),
        outlet=stored.get("outlet"), published=published.isoformat() if published else None,
        url=stored.get("url"), speakers=split_stored(stored.get("speaker")),
        quotes=quotes, quote=quote, qi=qi if quote is not None else None)
