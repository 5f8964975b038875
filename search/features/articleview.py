"""Reading one article back from the index for its page and the API.

Owns get_article(): one version of an article, its paragraphs in order -- or one window of them
(search.storage.reading.windows) --, what changed since it was first indexed (search.features.versions)
and the spans of the words a query matched.  It sees only the reader's collections.  Split from
search.engine, which owns running searches.
"""
from __future__ import annotations

import re

from onrecord.search.errors import NotFoundError, QueryError
from onrecord.search.features.commitview import open_view
from onrecord.search.features.snippets import find_term_spans
from onrecord.search.features.versions import Versions, diff_paragraphs, pick_version, read_versions
from onrecord.search.model import Metadata, Paragraph, StoredArticle
from onrecord.search.query.querying import MarkTerms, collect_mark_terms, parse_query
from onrecord.search.query.visibility import article_visible
from onrecord.search.storage.documents import rebuild_paragraph
from onrecord.search.storage.integrity.damage import translate_damage
from onrecord.search.storage.reading.windows import Window, read_window, slice_window
from onrecord.search.storage.store import Index

__all__ = ["DIFF_PARAGRAPHS", "get_article"]

_DOC_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")
# Paragraphs of the current version read to mark what changed when a long article is shown one
# window at a time (a longer one is compared only when shown whole: the diff needs every paragraph).
DIFF_PARAGRAPHS = 5_000


def get_article(index: Index, doc_id: str, query: str = "", version: int | None = None, *,
                window: int | None = None, page: int = 1, around: int | None = None,
                collections: frozenset[str] | None = None) -> StoredArticle:
    """Return the article `doc_id` -- its current version, or earlier
    version `version` -- with its paragraphs ordered by n, the list of its
    versions and, when the shown version is not the first indexed, what
    changed since that one; for `query`, the spans of matched words per
    paragraph number.  With a `window` size, only window `page` of the
    paragraphs (or the window holding paragraph number `around`) is shown:
    see search.storage.reading.windows.

    Raises NotFoundError if no such article (or version) is indexed, the id
    is malformed, `page` is past its last window, or the article is in a
    collection not among `collections` (exactly as if missing; None: all).
    Query errors are ignored here: the article still shows.
    """
    if not isinstance(doc_id, str) or not _DOC_ID.fullmatch(doc_id):
        raise NotFoundError(f"no article with id {doc_id!r}")
    part = _read_visible_window(index, doc_id, window, page, around, collections)
    versions = read_versions(index.records, doc_id, part.stored[0].get("rev", ""))
    current = versions.current
    number = current.version if current and current.version else 1
    shown = number if version is None else version
    article = StoredArticle(id=doc_id, meta=current.meta if current else Metadata(),
                            paragraphs=[rebuild_paragraph(s) for s in part.stored], version=shown,
                            versions=versions.infos(number),
                            claims=current.claims if current else None,
                            paragraph_count=part.total, page=part.page, pages=part.pages)
    whole: list[Paragraph] | None  # the shown version's paragraphs, None if only a window was read
    if shown != number:
        whole = _show_earlier(index, article, versions, window, page, around)
    else:
        whole = article.paragraphs if part.pages == 1 else None
    _mark_changes(index, article, versions, whole)
    article.term_spans = _term_spans(index, article.paragraphs, query)
    return article


def _read_visible_window(index: Index, doc_id: str, window: int | None, page: int, around: int | None,
                         collections: frozenset[str] | None) -> Window:
    """Return the window of article `doc_id`'s current version that
    get_article shows.  Raises NotFoundError if none of it is indexed, it is
    in a collection not among `collections`, or `page` is past its last."""
    with translate_damage(index.label()), index.reading() as searcher:
        part = read_window(searcher, doc_id, window, page, around)
        hidden = bool(part.total) and not article_visible(searcher, doc_id, collections)
    if not part.stored or hidden:
        raise NotFoundError(f"no article with id {doc_id!r}" if not part.total or hidden else
                            f"article {doc_id!r} has {part.pages} pages of paragraphs, not {page}")
    return part


def _show_earlier(index: Index, article: StoredArticle, versions: Versions, window: int | None, page: int,
                  around: int | None) -> list[Paragraph]:
    """Put earlier version article.version's metadata and window of
    paragraphs in `article`; return all of that version's paragraphs.
    Raises NotFoundError if `page` is past its last window."""
    article.meta, whole = pick_version(index.records, versions, article.version, article.id)
    article.paragraphs, article.page, article.pages = slice_window(whole, window, page, around)
    article.paragraph_count = len(whole)
    if not article.paragraphs:
        raise NotFoundError(f"version {article.version} of article {article.id!r} has {article.pages} "
                            f"pages of paragraphs, not {page}")
    return whole


def _term_spans(index: Index, paragraphs: list[Paragraph], query: str) -> dict[int, list[tuple[int, int]]]:
    """Return the spans of the words `query` matches in each of `paragraphs`
    that has any, by paragraph number (none for no query or a bad one)."""
    terms = _article_terms(index, query)
    analyzer = index.schema["text"].analyzer
    spans = {p.n: find_term_spans(analyzer, p.text, terms) for p in paragraphs}
    return {n: s for n, s in spans.items() if s}


def _mark_changes(index: Index, article: StoredArticle, versions: Versions,
                  whole: list[Paragraph] | None) -> None:
    """Set article.changes: how the shown version differs from the first
    indexed one, for the paragraphs shown (`whole`: every paragraph of the
    shown version, None to read them from the index).  An article longer
    than DIFF_PARAGRAPHS is compared only when shown whole."""
    first = versions.earlier[0] if versions.earlier else None
    if first is None or first.version == article.version:
        return
    if whole is None:
        if article.paragraph_count > DIFF_PARAGRAPHS:
            return
        with translate_damage(index.label()), index.reading() as searcher:
            whole = [rebuild_paragraph(s) for s in read_window(searcher, article.id, None).stored]
    _, baseline = pick_version(index.records, versions, first.version or 0, article.id)
    article.compared_to = first.version
    low, high = article.paragraphs[0].n, article.paragraphs[-1].n
    article.changes = [c for c in diff_paragraphs(baseline, whole)
                       if low <= c.n <= high or (c.n == 0 and article.page == 1)]


def _article_terms(index: Index, query: str) -> MarkTerms:
    if not query or not isinstance(query, str):
        return MarkTerms()
    with open_view(index) as view:
        parser = view.parser()
    try:
        return collect_mark_terms(parse_query(parser, query, index.max_query_chars))
    except QueryError:
        return MarkTerms()
