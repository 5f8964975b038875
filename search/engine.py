"""Running searches.

Owns search(): one page of ranked or date-sorted hits with safe HTML snippets, near copies
grouped (search.features.sightings; in quotes mode search.features.quotegroups), quote sightings
attached, facet counts over the whole filtered result set, and a spelling suggestion when nothing
matched, all within one Deadline per request; it sees only the reader's collections.  Reading one
article back is search.features.articleview's get_article.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.facetdefs import FACET_NAMES
from onrecord.search.features.citations import with_citation
from onrecord.search.features.commitview import CommitView, open_view
from onrecord.search.features.facets import FacetCounts, FacetTable, as_docnum_array
from onrecord.search.features.histogram import date_histogram
from onrecord.search.features.quotegroups import DocLookup, QuoteGroups, fold_quotes
from onrecord.search.features.selection import count_selected, has_selection, resolve_selection
from onrecord.search.features.sightings import (
    SightingFinder,
    attach_duplicates,
    attach_sightings,
    group_duplicates,
    open_finder,
    quote_context,
)
from onrecord.search.features.snippets import find_term_spans, render_snippet
from onrecord.search.model import DateBucket, Hit, SearchRequest, SearchResult
from onrecord.search.query.collecting import Collected, SortColumn, collect, extend, restrict_query
from onrecord.search.query.paging import PageCount, count_pages, groups_to_form
from onrecord.search.query.querying import (
    MarkTerms,
    build_filter,
    collect_mark_terms,
    filters_nothing,
    parse_query,
    validate_request,
)
from onrecord.search.query.queryterms import Expansion, expand_terms
from onrecord.search.query.suggesting import suggest
from onrecord.search.query.units import to_quote_fields
from onrecord.search.storage.documents import load_quote_dicts, published_date, split_stored
from onrecord.search.storage.integrity.damage import translate_damage
from onrecord.search.storage.reading.whoosh_internals import search_blocks
from onrecord.search.storage.store import Index

_SORT_FIELDS = {"newest": "newest_key", "oldest": "oldest_key"}
PARTIAL_NOTE = ("The search took too long and was stopped: the counts and hits shown "
                "come from part of the index. Try more specific words or filters.")
EXPANSION_NOTE = ("Some prefix or fuzzy words ({terms}) stand for more index words than one "
                  "search looks at ({cap:,} in all), so only some of them were searched. "
                  "Use longer prefixes or fewer fuzzy words.")


def search(index: Index, request: SearchRequest, timeout: float | None = None,
           deadline: Deadline | None = None) -> SearchResult:
    """Return one page of hits for `request`, facet counts over all matches
    and, when nothing matched, a suggested corrected query (else None).

    One deadline covers the whole request: `deadline` if given, else one
    of `timeout` seconds (default index.query_timeout; None on both means
    no limit) from now.  Each stage (term expansion, collection, grouping,
    facets, hits, suggestion) stops when it passes, and the result, marked
    partial with a note, holds what was found; so does one whose prefix or
    fuzzy terms stood for more words than index.max_expanded_terms.
    Raises QueryError for invalid paging/sort/dates (or a page beyond
    index.max_result_window) or an unparseable query;
    IndexUnavailableError if the index was closed or is damaged.
    """
    if deadline is None:
        deadline = Deadline(timeout if timeout is not None else index.query_timeout)
    validate_request(request, index.max_result_window)
    with translate_damage(index.label()), open_view(index) as view, search_blocks():
        cache = view.result_cache()
        cached = cache.get(request) if cache is not None else None
        if cached is not None:
            return cached
        result = _run_search(view, request, deadline)
    if cache is not None:
        cache.put(request, result)
    return result


def _run_search(view: CommitView, request: SearchRequest, deadline: Deadline) -> SearchResult:
    """Return the SearchResult of `request` on the commit of `view` (see search)."""
    index = view.index
    q, matching, expansion = _parse_and_expand(view, request, deadline)
    # A selection is resolved against the facet values before matching
    # (search.features.selection); without one the table can wait for the
    # counting, after the matches are in.
    table = _facet_table(view, deadline) if has_selection(request) else None
    if table is not None:
        request = resolve_selection(table, request)
    combined = restrict_query(expansion.query, build_filter(request))
    scored = matching is not None and request.sort == "relevance"
    copies = _quote_groups(view, request, deadline)  # None in paragraph mode
    collected, finder, groups, paging = _collect_groups(view, combined, scored, request,
                                                        deadline, copies)
    if table is None:
        table = _facet_table(view, deadline)
    matched = as_docnum_array(collected.docnums)  # once, for facets and histogram
    # In quotes mode the matches are split by copy group once, for all three.
    lookup = DocLookup(matched, copies) if copies is not None else None
    facets = _count_facets(view, table, request, (expansion.query, combined),
                           collected, matched, deadline, copies, lookup)
    total = lookup.count() if lookup is not None else len(matched)  # hits
    histogram = _histogram(view, matched, deadline, lookup)
    offset = (request.page - 1) * request.per_page
    hits = _page_hits(index, finder, groups[offset:offset + request.per_page], q, deadline,
                      request.mode)
    suggestion = _suggestion(view, q, request, collected, deadline)
    partial = deadline.partial or bool(expansion.truncated)
    return SearchResult(query=request.query, total=total, page=request.page,
                        per_page=request.per_page, hits=hits, facets=facets.values,
                        facet_sizes=facets.sizes, histogram=histogram, suggestion=suggestion,
                        reachable_pages=paging.pages, pages_exact=paging.exact,
                        paging_note=paging.note, partial=partial, mode=request.mode,
                        note=_note(deadline, expansion, index.max_expanded_terms) if partial else None)


def _parse_and_expand(view: CommitView, request: SearchRequest,
                      deadline: Deadline) -> tuple[wq.Query | None, wq.Query | None, Expansion]:
    """Return the request's parsed query (None: no words), the query its
    matches are found with and that one's prefix and fuzzy words expanded."""
    index = view.index
    deadline.begin("parse")
    q = parse_query(view.parser(), request.query, index.max_query_chars)
    # Quotes mode matches a quote's own words (search.query.units); the
    # paragraph's words are still what its snippet marks.
    matching = to_quote_fields(q) if request.mode == "quotes" else q
    deadline.begin("expand")
    # Expanding words may take at most half the time left: the matching
    # that needs them gets the rest.
    expansion = expand_terms(matching, view.searcher.reader(), deadline.portion(0.5),
                             index.max_expanded_terms)
    return q, matching, expansion


def _suggestion(view: CommitView, q: wq.Query | None, request: SearchRequest, collected: Collected,
                deadline: Deadline) -> str | None:
    """Return a corrected query when the words matched nothing (and the
    search was whole), else None."""
    deadline.begin("suggest")
    # No "did you mean" for a reader kept to some collections: the word list is every collection's.
    if q is not None and not collected.docnums and not collected.partial and request.collections is None:
        return suggest(view.searcher, q, request.query, deadline)
    return None


def _note(deadline: Deadline, expansion: Expansion, cap: int) -> str:
    """Return why a result is partial, for the user."""
    notes = [PARTIAL_NOTE] if deadline.partial else []
    if expansion.truncated:
        typed = list(dict.fromkeys(expansion.truncated))  # once, not once per field
        shown = ", ".join(typed[:3]) + (", ..." if len(typed) > 3 else "")
        notes.append(EXPANSION_NOTE.format(terms=shown, cap=cap))
    return " ".join(notes)


def _sort_keys(view: CommitView, request: SearchRequest,
               deadline: Deadline) -> Callable[[], SortColumn] | None:
    """Return a getter of the commit's sort column for a date sort, else None
    (the getter raises DeadlineExceeded if waiting for it outlasts `deadline`)."""
    field = _SORT_FIELDS.get(request.sort)
    if field is None:
        return None
    return partial(view.sort_column, field, deadline)


def _quote_groups(view: CommitView, request: SearchRequest,
                  deadline: Deadline) -> QuoteGroups | None:
    """Return the commit's copy groups of quotes in quotes mode; None in
    paragraph mode or if waiting for them outlasts the deadline (cut)."""
    try:
        return view.quote_groups(deadline) if request.mode == "quotes" else None
    except DeadlineExceeded:
        deadline.cut("group")
        return None


def _facet_table(view: CommitView, deadline: Deadline) -> FacetTable | None:
    """Return the commit's FacetTable; None (and the deadline records the
    cut) if the deadline passed first or while it was being built (by this
    thread or another)."""
    deadline.begin("facets")
    try:
        deadline.check()
        return view.facet_table(deadline)
    except DeadlineExceeded:
        deadline.cut()
        return None


def _count_facets(view: CommitView, table: FacetTable | None,
                  request: SearchRequest, queries: tuple[wq.Query | None, wq.Query],
                  collected: Collected, matched: np.ndarray, deadline: Deadline,
                  copies: QuoteGroups | None = None, lookup: DocLookup | None = None) -> FacetCounts:
    """Return the facet counts of the search (search.features.selection),
    `queries` being its words and its words under the filters, `copies`
    counted once (`lookup`: the matches split by them); none if there is no
    table (the deadline passed)."""
    if table is None:
        return FacetCounts({name: [] for name in FACET_NAMES}, {})
    words, combined = queries
    if words is None and filters_nothing(request) and not collected.partial:
        # The browse page (no words, no filters: no selection to count
        # apart) counts the whole index: the same answer until the next commit.
        return view.browse_counts(table, matched, request.facet_all, request.facet_filter,
                                  request.verbatim, request.mode, copies)
    return count_selected(table, view.searcher, words, request, lookup or matched, deadline,
                          view.postings, copies)


def _histogram(view: CommitView, matched: np.ndarray, deadline: Deadline,
               lookup: DocLookup | None = None) -> list[DateBucket]:
    """Return the date histogram of the `matched` docnums (in quotes mode the
    copies `lookup` splits them by counted once per bar); none if the
    deadline passed first (the cut is recorded)."""
    deadline.begin("histogram")
    copies = lookup.groups if lookup is not None else None
    try:
        deadline.check()
        column = view.sort_column("oldest_key", deadline)
        dated = view.dated_copies(column.keys, copies, deadline) if copies is not None else None
    except DeadlineExceeded:
        deadline.cut()
        return []
    ranks = lookup.ranks() if lookup is not None else None
    return date_histogram(column.keys, matched, copies, dated, ranks)


def _collect_groups(view: CommitView, combined: wq.Query, scored: bool,
                    request: SearchRequest, deadline: Deadline,
                    copies: QuoteGroups | None = None) -> tuple[
                        Collected, SightingFinder, list[tuple[int, float, list[int]]], PageCount]:
    """Collect the matches and group the ranked ones through the requested
    page and index.page_lookahead pages past it (search.query.paging: the
    pager links only pages with hits).  Near copies (in quotes mode, the
    `copies` of a quote) fold into a higher-ranked hit, so when folding left the groups short and more
    matches exist, collect again with twice the limit (from the scores or
    sort keys already collected where there are any, so only Whoosh's
    fallback collector runs again)."""
    deadline.begin("collect")
    index = view.index
    wanted = request.page * request.per_page
    goal = groups_to_form(request.page, request.per_page, index.max_result_window,
                          index.page_lookahead)
    finder = open_finder(view, request.collections)
    collect_more = _collector(view, combined, scored, request, deadline)
    collected = collect_more(None, goal)
    limit = goal
    while True:
        if collected.partial:
            deadline.cut("collect")
        groups = _group(finder, copies, collected, goal, wanted, deadline)
        everything = len(collected.ranked) >= len(collected.docnums)
        if len(groups) >= goal or everything or collected.partial or deadline.expired():
            break
        limit *= 2
        deadline.begin("collect")
        collected = collect_more(collected, limit)
    if len(groups) < wanted and not everything and not collected.partial and copies is None:
        # Folding left the page short and there is no time to rank further:
        # the page comes from the ranking alone, unfolded.
        groups = group_duplicates(finder, collected.ranked, collected.docnums, wanted, deadline)
    complete = everything and not collected.partial and not deadline.expired()
    paging = count_pages(len(groups), goal, complete, request.per_page, index.max_result_window)
    return collected, finder, groups, paging


def _collector(view: CommitView, combined: wq.Query, scored: bool, request: SearchRequest,
               deadline: Deadline) -> Callable[[Collected | None, int], Collected]:
    """Return a function giving the matches of `combined` collected through
    a limit of ranks: afresh for None, else extending those given (from
    their scores or sort keys where there are any; else collected afresh)."""
    sort_keys = _sort_keys(view, request, deadline)
    lengths = partial(view.lengths, deadline=deadline)

    def collect_more(collected: Collected | None, limit: int) -> Collected:
        return (extend(collected, limit) if collected is not None else None) or collect(
            view.searcher, combined, scored, limit, sort_keys, deadline, lengths, view.postings)
    return collect_more


def _group(finder: SightingFinder, copies: QuoteGroups | None, collected: Collected, goal: int, wanted: int,
           deadline: Deadline) -> list[tuple[int, float, list[int]]]:
    """Return `collected`'s ranked matches grouped, up to `goal` groups: the
    `copies` of a quote under its first (quotes mode), else near copies under
    the higher-ranked hit (past the deadline, `wanted` suffice: group_duplicates)."""
    deadline.begin("group")
    if copies is not None:
        return fold_quotes(copies, collected.ranked, collected.docnums, goal)
    return group_duplicates(finder, collected.ranked, collected.docnums, goal, deadline, required=wanted)


def _page_hits(index: Index, finder: SightingFinder, groups: list[tuple[int, float, list[int]]],
               q: wq.Query | None, deadline: Deadline, mode: str = "paragraphs") -> list[Hit]:
    """Return the page's hits, each with its quotes' sightings (also_in),
    the near copies folded into it (duplicates) and its words marked; once
    the deadline has passed, the remaining hits come plain (no marks,
    sightings or duplicates) and the deadline records the cut."""
    deadline.begin("hits")
    # One records lookup for the page's articles (title, outlet, date, url).
    finder.prefetch(docnum for docnum, _score, _copies in groups)  # the copies: attach_duplicates
    terms = collect_mark_terms(q)
    analyzer = index.schema["text"].analyzer
    hits = []
    for docnum, score, copies in groups:
        at, qi = quote_context(finder, docnum) if mode == "quotes" else (docnum, None)
        if deadline.expired():
            deadline.cut()
            hits.append(_with_quote(_build_hit(finder.stored(at), score, analyzer, MarkTerms()), qi))
            continue
        hit = _with_quote(_build_hit(finder.stored(at), score, analyzer, terms), qi)
        hits.append(attach_duplicates(finder, attach_sightings(finder, hit), copies))
    return hits


def _with_quote(hit: Hit, qi: int | None) -> Hit:
    """Return `hit` with its quote number `qi` as its matched quote (None: a paragraph hit)."""
    hit.quote = hit.quotes[qi] if qi is not None and 0 <= qi < len(hit.quotes) else hit.quote
    return hit


def _build_hit(stored: dict[str, Any], score: float, analyzer: Any, terms: MarkTerms) -> Hit:
    text = stored.get("text", "")
    published = published_date(stored)
    return Hit(
        paragraph_id=stored["paragraph_id"],
        doc_id=stored["doc_id"],
        n=int(stored["n"]),
        title=stored.get("title"),
        outlet=stored.get("outlet"),
        published=published.isoformat() if published else None,
        text=text,
        snippet=render_snippet(text, find_term_spans(analyzer, text, terms)),
        speakers=split_stored(stored.get("speaker")),
        institutions=split_stored(stored.get("institution")),
        quotes=[with_citation(q) for q in load_quote_dicts(stored)],
        url=stored.get("url"),
        score=score, changed_at=stored.get("changed_at"),  # records.fill's: set when not the first version
    )
