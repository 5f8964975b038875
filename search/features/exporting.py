"""Exports: every row of a result set, streamed in batches.

Owns iter_export_rows() and EXPORT_COLUMNS.  An export runs on its own
searcher (a snapshot of the index when it started, closed when the rows
run out or the iterator is dropped), so a commit in the middle of a long
download neither shifts document numbers nor blocks searches; stored fields
are read index.export_batch documents at a time, so memory holds one batch of
rows plus the ordered document numbers, however many rows there are.
Exports hold a waitress thread for the whole download, so at most
index.export_slots run at once (others are told to retry), and finding the
rows has its own time budget (index.export_timeout).
"""
from __future__ import annotations

from collections.abc import Collection, Iterator
from functools import partial
from typing import Any, Literal

from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.errors import BusyError, QueryError
from onrecord.search.facetdefs import VERBATIM_KINDS
from onrecord.search.features.citations import build_paragraph_row, build_quote_record
from onrecord.search.features.commitview import open_view
from onrecord.search.features.selection import resolve_with
from onrecord.search.model import QuoteRecord, SearchRequest
from onrecord.search.query.collecting import build_sort_column, collect, restrict_query
from onrecord.search.query.querying import build_filter, parse_query, validate_request
from onrecord.search.query.queryterms import expand_terms
from onrecord.search.query.ranking import build_lengths
from onrecord.search.query.units import to_quote_fields
from onrecord.search.storage.copies.fingerprints import stored_quote_group
from onrecord.search.storage.documents import load_quote_dicts
from onrecord.search.storage.reading.windows import context_docnum, paragraph_docnums
from onrecord.search.storage.store import Index

RowKind = Literal["quotes", "paragraphs"]
# What a refused export is told to wait: a long export streams for minutes,
# most finish well within one.
RETRY_AFTER_SECONDS = 30
_QUOTE_COLUMNS = [name for name in QuoteRecord(
    text="", kind="direct", speaker=None, role=None, cue=None, paragraph_id="", doc_id="",
    n=0, title=None, outlet=None, published=None, url=None).to_dict() if name != "also_in"]
EXPORT_COLUMNS: dict[str, list[str]] = {
    # A quote row carries its whole paragraph, so a reporter can check the
    # context (and the attribution) without opening the article.
    # `group`: the same for every copy of a quote (the same speaker and
    # words, search.storage.copies.fingerprints.quote_group_key), which quotes mode
    # lists as one hit; empty for a quote with no speaker.
    "quotes": [*_QUOTE_COLUMNS, "paragraph_text", "group"],
    "paragraphs": ["paragraph_id", "doc_id", "n", "title", "outlet", "published", "permalink",
                   "url", "speakers", "institutions", "text"],
}
_SORT_FIELDS = {"newest": "newest_key", "oldest": "oldest_key"}


def iter_export_rows(index: Index, request: SearchRequest,
                     rows: RowKind) -> Iterator[dict[str, Any]]:
    """Return an iterator over one row per quote (or per paragraph) of ALL
    paragraphs matching `request`, in its sort order (page and per_page are
    ignored), keyed as EXPORT_COLUMNS[rows] says.

    Validation happens before this returns, so a bad request raises
    QueryError (like search()) before any row is produced; an unknown row
    kind raises QueryError too.  The first next() takes one of
    index.export_slots (BusyError, with a retry delay, if all are taken;
    the slot is freed when the rows run out or the iterator is closed or
    dropped) and finds the rows within index.export_timeout seconds; an
    export is complete or fails, so running out of time, or prefix and
    fuzzy terms standing for more than index.max_expanded_terms words,
    raise QueryError there.  IndexUnavailableError if the index is closed.
    """
    if rows not in EXPORT_COLUMNS:
        raise QueryError(f"unknown export rows {rows!r}; use quotes or paragraphs")
    validate_request(request)
    with open_view(index) as view:
        parser = view.parser()
    q = parse_query(parser, request.query, index.max_query_chars)
    if request.mode == "quotes":
        q = to_quote_fields(q)
    return _stream_rows(index, q, request, rows)


def _stream_rows(index: Index, q: wq.Query | None, request: SearchRequest,
                 rows: RowKind) -> Iterator[dict[str, Any]]:
    slots = index.export_slots
    if not slots.take():
        raise BusyError(f"{slots.count} exports are already running, the most this server "
                        f"runs at once; try again in {RETRY_AFTER_SECONDS} seconds",
                        retry_after=RETRY_AFTER_SECONDS)
    # A speaker filter selects paragraphs; the quote rows of those paragraphs
    # are narrowed to the selected speakers' own quotes, so a journalist who
    # exports "Tony Blair" does not get the other voices quoted beside him.
    wanted = frozenset(speaker_key(name) for name in request.speakers)
    # Under the verbatim switch the quote rows keep to verbatim quotes too.
    kinds = VERBATIM_KINDS if request.verbatim else None
    seen: set[int] = set()  # quotes mode: the paragraphs a paragraph row was given
    try:
        searcher = index.open_snapshot()
        try:
            order = _ordered_docnums(index, searcher, q, request)
            step = index.export_batch
            for start in range(0, len(order), step):
                batch = order[start:start + step]
                # Read in docnum order (sequential on disk), emit in rank
                # order; the batch's article records in one lookup.
                stored = {d: searcher.reader().stored_fields(d) for d in sorted(batch)}
                index.records.fill(stored.values())
                if request.mode == "quotes":
                    yield from _quote_unit_rows(index, searcher, batch, stored, rows, seen)
                    continue
                for docnum in batch:
                    yield from _rows_of(stored.pop(docnum), rows, wanted, kinds)
        finally:
            searcher.close()
    finally:
        slots.give_back()


def _ordered_docnums(index: Index, searcher: Any, q: wq.Query | None,
                     request: SearchRequest) -> list[int]:
    """Return every matching docnum in the request's order.  Raises
    QueryError if that takes longer than index.export_timeout or the
    query's prefix and fuzzy terms stand for too many words: a partial
    export would look complete."""
    deadline = Deadline(index.export_timeout)
    expansion = expand_terms(q, searcher.reader(), deadline, index.max_expanded_terms,
                             strict=True)
    if expansion.truncated:
        raise QueryError(f"{', '.join(expansion.truncated[:3])} stand for more than "
                         f"{index.max_expanded_terms:,} index words, too many to export; "
                         "use longer prefixes or fewer fuzzy words")
    resolved = resolve_with(searcher, request, index.facet_columns)
    combined = restrict_query(expansion.query, build_filter(resolved))
    scored = q is not None and request.sort == "relevance"
    field = _SORT_FIELDS.get(request.sort)
    keys = build_sort_column(searcher, field) if field and not scored else None
    collected = collect(searcher, combined, scored, max(1, searcher.doc_count_all()),
                        (lambda: keys) if keys is not None else None, deadline,
                        build_lengths, index.postings_cache)
    if deadline.partial or collected.partial:
        raise QueryError(f"this export needs more than {index.export_timeout:g} s to find "
                         "its rows; narrow it with more words or filters")
    return [docnum for docnum, _score in collected.ranked]


def _quote_unit_rows(index: Index, searcher: Any, batch: list[int],
                     stored: dict[int, dict[str, Any]], rows: RowKind,
                     seen: set[int]) -> Iterator[dict[str, Any]]:
    """Yield the rows of a batch of matching quote documents (quotes mode):
    one row per quote, its paragraph's quote row; or its paragraph's row,
    once per paragraph (`seen`)."""
    reader = searcher.reader()

    def read(docnum: int) -> dict[str, Any]:
        found = stored.get(docnum)
        if found is None:
            found = stored[docnum] = reader.stored_fields(docnum)
        return found
    for docnum in batch:
        at = context_docnum(read, docnum, partial(paragraph_docnums, searcher))
        if at is None or (rows == "paragraphs" and at in seen):
            continue
        seen.add(at)
        paragraph = read(at)
        index.records.fill([paragraph])
        if rows == "paragraphs":
            yield build_paragraph_row(paragraph)
            continue
        quotes = load_quote_dicts(paragraph)
        qi = int(read(docnum).get("qi", -1))
        if 0 <= qi < len(quotes):
            yield quote_row(paragraph, quotes[qi])


def speaker_key(name: str | None) -> str:
    """Return `name` as compared by a speaker filter: case and runs of
    whitespace ignored ("Tony  BLAIR" is "tony blair")."""
    return " ".join((name or "").split()).casefold()


def _rows_of(stored: dict[str, Any], rows: RowKind, speakers: frozenset[str] = frozenset(),
             kinds: Collection[str] | None = None) -> Iterator[dict[str, Any]]:
    """Yield the export rows of one stored paragraph: itself, or its quotes
    (only those of `speakers`, as speaker_key()s, when any are given, and
    only those of `kinds` unless it is None)."""
    if rows == "paragraphs":
        yield build_paragraph_row(stored)
        return
    for quote in load_quote_dicts(stored):
        if speakers and speaker_key(quote.get("speaker")) not in speakers:
            continue
        if kinds is not None and quote.get("kind", "direct") not in kinds:
            continue
        yield quote_row(stored, quote)


def quote_row(paragraph: dict[str, Any], quote: dict[str, Any]) -> dict[str, Any]:
    """Return the export row (EXPORT_COLUMNS["quotes"]) of a quote dict of a
    stored paragraph (its article's metadata filled in)."""
    row = build_quote_record(paragraph, quote).to_dict()
    del row["also_in"]
    row["paragraph_text"] = paragraph.get("text", "")
    key = stored_quote_group(paragraph, quote)
    # Unsigned hex: a stable id across commits and indexes of the same articles.
    row["group"] = f"{key & 0xFFFF_FFFF_FFFF_FFFF:016x}" if key else ""
    return row
