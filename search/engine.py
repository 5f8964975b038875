"""Running searches and reading articles back from the index.

Owns search() (one page of ranked or date-sorted hits with safe HTML
snippets, near-duplicate paragraphs grouped and quote sightings attached
via search.sightings, facet counts over the whole filtered result set, and a spelling
suggestion when nothing matched) and get_article() (one version of an
article, its paragraphs in order, what changed since it was first indexed,
and the spans of the words a query matched).
"""
from __future__ import annotations

import re
from array import array
from typing import Any, Callable

from whoosh import query as wq
from whoosh.spelling import Corrector

from search.collecting import (Collected, SortColumn, build_sort_column, collect, extend,
                               restrict_query)
from search.docsets import Deadline
from search.ranking import build_lengths
from search.documents import (load_quote_dicts, published_date, rebuild_paragraph,
                              split_stored)
from search.damage import translate_damage
from search.errors import NotFoundError, QueryError
from search.facets import CACHE_KEY, build_facet_table, count_facets
from search.model import Hit, Metadata, SearchRequest, SearchResult, StoredArticle
from search.querying import (MarkTerms, build_filter, build_parser, collect_mark_terms,
                             parse_query, validate_request)
from search.sightings import (SightingFinder, attach_duplicates, attach_sightings,
                              group_duplicates, open_finder)
from search.resultcache import CACHE_KEY as RESULTS_KEY, ResultCache
from search.snippets import find_term_spans, render_snippet
from search.store import Index
from search.versions import diff_paragraphs, pick_version, read_versions

_DOC_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")
_SORT_FIELDS = {"newest": "newest_key", "oldest": "oldest_key"}
PARTIAL_NOTE = ("The search took too long and was stopped: the counts and hits shown "
                "come from part of the index. Try more specific words or filters.")


def search(index: Index, request: SearchRequest, timeout: float | None = None) -> SearchResult:
    """Return one page of hits for `request`, facet counts over all matches
    and, when nothing matched, a suggested corrected query (else None).

    Stops after `timeout` seconds (default index.query_timeout; None on
    both means no limit) and returns what it found, marked partial with a
    note.  Raises QueryError for invalid paging/sort/dates or an
    unparseable query; IndexUnavailableError if the index was closed.
    """
    validate_request(request)
    with index.reading():
        cache = index.cached(RESULTS_KEY, lambda _searcher: ResultCache())
    cached = cache.get(request)
    if cached is not None:
        return cached
    result = _run_search(index, request, timeout)
    cache.put(request, result)
    return result


def _run_search(index: Index, request: SearchRequest, timeout: float | None) -> SearchResult:
    q = parse_query(_parser(index), request.query)
    combined = restrict_query(q, build_filter(request))
    offset = (request.page - 1) * request.per_page
    deadline = Deadline(timeout if timeout is not None else index.query_timeout)
    scored = q is not None and request.sort == "relevance"
    with translate_damage(_label(index)), index.reading() as searcher:
        collected, finder, groups = _collect_groups(index, searcher, combined, scored,
                                                    request, deadline)
        docnums = collected.docnums
        facets = _count_facets(index, combined, collected)
        hits = _page_hits(index, finder, groups[offset:], q)
        suggestion = _suggest(searcher, q, request.query) if not docnums and q else None
    return SearchResult(query=request.query, total=len(docnums), page=request.page,
                        per_page=request.per_page, hits=hits, facets=facets,
                        suggestion=suggestion, partial=collected.partial,
                        note=PARTIAL_NOTE if collected.partial else None)


def _label(index: Index) -> str:
    return str(index.path) if index.path else "(in memory)"


def _parser(index: Index) -> Any:
    """Return the index's query parser, built once per searcher."""
    return index.cached("parser", lambda _s: build_parser(index.schema))


def _sort_keys(index: Index, request: SearchRequest) -> Callable[[], SortColumn] | None:
    """Return a getter of the cached sort column for a date sort, else None."""
    field = _SORT_FIELDS.get(request.sort)
    if field is None:
        return None
    return lambda: index.cached(f"sort:{field}", lambda s: build_sort_column(s, field))


def _field_lengths(index: Index, reader: Any, fieldname: str) -> array:
    """Return a segment's field lengths, cached until the searcher changes."""
    return index.cached(f"lengths:{id(reader)}:{fieldname}",
                        lambda _s: build_lengths(reader, fieldname))


def _count_facets(index: Index, combined: wq.Query, collected: Collected) -> dict[str, Any]:
    table = index.cached(CACHE_KEY, build_facet_table)
    if isinstance(combined, wq.Every) and not collected.partial:
        # The browse page (no words, no filters) counts the whole index:
        # the same answer until the next commit.
        return index.cached("facets:all", lambda _s: count_facets(table, collected.docnums))
    return count_facets(table, collected.docnums)


def _collect_groups(index: Index, searcher: Any, combined: wq.Query, scored: bool,
                    request: SearchRequest, deadline: Deadline) -> tuple[
                        Collected, SightingFinder, list[tuple[int, float, list[int]]]]:
    """Collect the matches and group the ranked ones up to the end of the
    requested page.  Near copies fold into a higher-ranked hit, so when
    folding left the page short and more matches exist, collect again with
    twice the limit (from the scores or sort keys already collected where
    there are any, so only Whoosh's fallback collector runs again)."""
    wanted = request.page * request.per_page
    finder = open_finder(index, searcher)
    collected = collect(searcher, combined, scored, wanted, _sort_keys(index, request),
                        deadline, lambda reader, name: _field_lengths(index, reader, name))
    limit = wanted
    while True:
        groups = group_duplicates(finder, collected.ranked, collected.docnums, wanted)
        if (len(groups) >= wanted or len(collected.ranked) >= len(collected.docnums)
                or collected.partial or deadline.expired()):
            return collected, finder, groups
        limit *= 2
        collected = extend(collected, limit) or collect(
            searcher, combined, scored, limit, _sort_keys(index, request), deadline,
            lambda reader, name: _field_lengths(index, reader, name))


def _page_hits(index: Index, finder: SightingFinder,
               groups: list[tuple[int, float, list[int]]], q: wq.Query | None) -> list[Hit]:
    """Return the page's hits, each with its quotes' sightings (also_in)
    and the near copies folded into it (duplicates)."""
    # One records lookup for the page's articles (title, outlet, date, url).
    finder.prefetch(d for docnum, _score, copies in groups for d in (docnum, *copies))
    terms = collect_mark_terms(q)
    analyzer = index.schema["text"].analyzer
    return [attach_duplicates(finder, attach_sightings(
                finder, _build_hit(finder.stored(docnum), score, analyzer, terms)), copies)
            for docnum, score, copies in groups]


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
        quotes=load_quote_dicts(stored),
        url=stored.get("url"),
        score=score,
    )


def _suggest(searcher: Any, q: wq.Query, text: str) -> str | None:
    """Return `text` with misspelt words corrected from the text field's
    vocabulary, or None if there is nothing to correct."""
    reader = searcher.reader()
    try:
        # Some query nodes (Whoosh's TermRange) cannot list their tokens.
        unknown = [("text", t.text) for t in q.all_tokens()
                   if t.fieldname == "text" and isinstance(t.text, str)
                   and ("text", t.text) not in reader]
    except AttributeError:
        return None
    if not unknown:
        return None
    try:
        correction = searcher.correct_query(
            q, text, correctors={"text": NearestCorrector(reader.corrector("text"))},
            terms=unknown)
    except Exception:  # a suggestion is optional; never fail the search for it
        return None
    suggestion = correction.string
    return suggestion if suggestion and suggestion != text else None


class NearestCorrector(Corrector):
    """Suggests the most frequent word at the SMALLEST edit distance.

    Whoosh's own corrector ranks every word within two edits by frequency,
    so a common word two edits away beats the obvious one-letter fix
    ("blar" -> "year" instead of "blair").  Keeping the first letter also
    matches how people misspell."""

    def __init__(self, base: Corrector) -> None:
        self.base = base

    def suggest(self, text: str, limit: int = 5, maxdist: int = 2,
                prefix: int = 0) -> list[str]:
        for distance in range(1, maxdist + 1):
            found = self.base.suggest(text, limit=limit, maxdist=distance,
                                      prefix=max(prefix, 1))
            if found:
                return found
        return []


def get_article(index: Index, doc_id: str, query: str = "",
                version: int | None = None) -> StoredArticle:
    """Return the article `doc_id` -- its current version, or earlier
    version `version` -- with its paragraphs ordered by n, the list of its
    versions and, when the shown version is not the first indexed, what
    changed since that one; for `query`, the spans of matched words per
    paragraph number.

    Raises NotFoundError if no such article (or version) is indexed, or the
    id is malformed.  Query errors are ignored here: the article still shows.
    """
    if not isinstance(doc_id, str) or not _DOC_ID.fullmatch(doc_id):
        raise NotFoundError(f"no article with id {doc_id!r}")
    with translate_damage(_label(index)), index.reading() as searcher:
        stored = [searcher.stored_fields(d)
                  for d in searcher.document_numbers(doc_id=doc_id)]
    if not stored:
        raise NotFoundError(f"no article with id {doc_id!r}")
    stored.sort(key=lambda s: int(s["n"]))
    versions = read_versions(index.records, doc_id, stored[0].get("rev", ""))
    current = versions.current
    number = current.version if current and current.version else 1
    meta, paragraphs = (current.meta if current else Metadata(),
                        [rebuild_paragraph(s) for s in stored])
    shown = number if version is None else version
    if shown != number:
        meta, paragraphs = pick_version(index.records, versions, shown, doc_id)
    article = StoredArticle(id=doc_id, meta=meta, paragraphs=paragraphs, version=shown,
                            versions=versions.infos(number),
                            claims=current.claims if current else None)
    first = versions.earlier[0] if versions.earlier else None
    if first is not None and first.version != shown:
        _, baseline = pick_version(index.records, versions, first.version or 0, doc_id)
        article.compared_to = first.version
        article.changes = diff_paragraphs(baseline, paragraphs)
    terms = _article_terms(index, query)
    analyzer = index.schema["text"].analyzer
    spans = {p.n: find_term_spans(analyzer, p.text, terms) for p in paragraphs}
    article.term_spans = {n: s for n, s in spans.items() if s}
    return article


def _article_terms(index: Index, query: str) -> MarkTerms:
    if not query or not isinstance(query, str):
        return MarkTerms()
    try:
        return collect_mark_terms(parse_query(_parser(index), query))
    except QueryError:
        return MarkTerms()
