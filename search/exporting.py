"""Exports: every row of a result set, streamed in batches.

Owns iter_export_rows() and EXPORT_COLUMNS.  An export runs on its own
searcher (a snapshot of the index when it started, closed when the rows
run out or the iterator is dropped), so a commit in the middle of a long
download neither shifts document numbers nor blocks searches; stored fields
are read EXPORT_BATCH documents at a time, so memory holds one batch of
rows plus the ordered document numbers, however many rows there are.
"""
from __future__ import annotations

from typing import Any, Iterator, Literal

from whoosh import query as wq

from search.citations import build_paragraph_row, build_quote_record
from search.collecting import build_sort_column, collect, restrict_query
from search.docsets import Deadline
from search.documents import load_quote_dicts
from search.errors import QueryError
from search.model import QuoteRecord, SearchRequest
from search.querying import build_filter, build_parser, parse_query, validate_request
from search.records import ArticleRecords
from search.ranking import build_lengths
from search.store import Index

RowKind = Literal["quotes", "paragraphs"]
EXPORT_BATCH = 500
_QUOTE_COLUMNS = [name for name in QuoteRecord(
    text="", kind="direct", speaker=None, role=None, cue=None, paragraph_id="", doc_id="",
    n=0, title=None, outlet=None, published=None, url=None).to_dict() if name != "also_in"]
EXPORT_COLUMNS: dict[str, list[str]] = {
    "quotes": _QUOTE_COLUMNS,
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
    kind raises QueryError too.  IndexUnavailableError if the index is closed.
    """
    if rows not in EXPORT_COLUMNS:
        raise QueryError(f"unknown export rows {rows!r}; use quotes or paragraphs")
    validate_request(request)
    with index.reading():
        parser = index.cached("export-parser", lambda _s: build_parser(index.schema))
        q = parse_query(parser, request.query)
        searcher = index.open_snapshot()
    combined = restrict_query(q, build_filter(request))
    return _stream_rows(searcher, index.records, combined,
                        q is not None and request.sort == "relevance", request, rows)


def _stream_rows(searcher: Any, records: ArticleRecords, combined: wq.Query, scored: bool,
                 request: SearchRequest, rows: RowKind) -> Iterator[dict[str, Any]]:
    try:
        order = _ordered_docnums(searcher, combined, scored, request)
        for start in range(0, len(order), EXPORT_BATCH):
            batch = order[start:start + EXPORT_BATCH]
            # Read in docnum order (sequential on disk), emit in rank order;
            # the batch's article records in one lookup.
            stored = {d: searcher.stored_fields(d) for d in sorted(batch)}
            records.fill(stored.values())
            for docnum in batch:
                yield from _rows_of(stored.pop(docnum), rows)
    finally:
        searcher.close()


def _ordered_docnums(searcher: Any, combined: wq.Query, scored: bool,
                     request: SearchRequest) -> list[int]:
    """Return every matching docnum in the request's order (no deadline: an
    export is complete or fails)."""
    field = _SORT_FIELDS.get(request.sort)
    keys = build_sort_column(searcher, field) if field and not scored else None
    collected = collect(searcher, combined, scored, max(1, searcher.doc_count_all()),
                        (lambda: keys) if keys is not None else None, Deadline(None),
                        build_lengths)
    return [docnum for docnum, _score in collected.ranked]


def _rows_of(stored: dict[str, Any], rows: RowKind) -> Iterator[dict[str, Any]]:
    if rows == "paragraphs":
        yield build_paragraph_row(stored)
        return
    for quote in load_quote_dicts(stored):
        row = build_quote_record(stored, quote).to_dict()
        del row["also_in"]
        yield row
