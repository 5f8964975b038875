"""The HTML pages: the search page (/), the article page (/doc/<id>, and
its JSON twin /doc/<id>.json from the same article_data) and the
query-language help page (/help).

Views only parse, call search.engine and render; links are built by
web.pages.links, paragraph markup by web.pages.render, errors are mapped in web.serving.errors.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for

import onrecord.search as search_layer  # names looked up per call reach a patch of their home module
from onrecord.search import Paragraph, StoredArticle, article_openings, paragraph_permalink
from onrecord.web.access.gate import reader_collections, reader_request
from onrecord.web.outputs.api import json_page
from onrecord.web.outputs.feeds import changes_feed_url, search_feed_url, search_title
from onrecord.web.pages.changes import change_marks
from onrecord.web.pages.facetview import facet_views, histogram_bars
from onrecord.web.pages.links import SearchLinks, page_window
from onrecord.web.pages.render import quote_evidence, render_paragraph, safe_href
from onrecord.web.serving.params import (
    MAX_PAGE,
    hidden_filters,
    parse_int,
    parse_query,
    raw_form,
    unknown_param_notes,
)
from onrecord.web.serving.state import get_state
from onrecord.web.watch.captures import capture_data

bp = Blueprint("pages", __name__)
MAX_PARAGRAPH = 100_000_000  # bound for ?p=N; articles of 200,000 paragraphs exist
MAX_VERSION = 1_000_000  # bound for ?version=N


@bp.get("/")
def search_page() -> str:
    """Return the search page for the request's parameters (one it does not
    know is ignored, with a note saying so beside the query box)."""
    state = get_state()
    req = reader_request()
    result = search_layer.search(state.index(), req)
    links = SearchLinks(req, url_for("pages.search_page"), state.config.per_page)
    return render_template(
        "search.html",
        form=raw_form(request.args, state.config.max_query_chars),
        hidden=hidden_filters(request.args),
        req=req,
        result=result,
        links=links,
        facets=facet_views(result, links),
        bars=histogram_bars(result.histogram, links),
        window=page_window(result.page, result.pages),
        error=None,
        param_notes=unknown_param_notes(request.args.keys()),
        feed_url=search_feed_url(req),
        changes_url=changes_feed_url(req),
        openings=article_openings(state.index(), [h.doc_id for h in result.hits if not h.title],
                                  req.collections),
        feed_title=search_title(req),
    )


@bp.get("/doc/<path:doc_id>", defaults={"fmt": "html"})
@bp.get("/doc/<path:doc_id>.json", endpoint="article_page_json", defaults={"fmt": "json"})
def article_page(doc_id: str, fmt: str) -> str | Response:
    """Return the article page with numbered paragraphs, the query's words
    marked and each quote's evidence (span, cue, speaker) shown; as JSON
    (article_data) for /doc/<id>.json."""
    state = get_state()
    query = parse_query(request.args.get("q"), state.config.max_query_chars)
    # ?p=N marks the paragraph server-side too: #pN alone is lost when a
    # link is copied without its fragment or the page is re-rendered.
    target = parse_int(request.args.get("p"), "p", 0, 1, MAX_PARAGRAPH)
    page = parse_int(request.args.get("page"), "page", 1, 1, MAX_PAGE)
    version = parse_int(request.args.get("version"), "version", 0, 1, MAX_VERSION) or None
    article = search_layer.get_article(state.index(), doc_id, query, version, window=state.config.article_window,
                                 page=page, around=target or None, collections=reader_collections())
    if fmt == "json":
        return json_page(article_data(article))
    marks = change_marks(article)
    paragraphs = [(p, render_paragraph(p, article.term_spans.get(p.n, ()),
                                       marks.inserted.get(p.n, ())), quote_evidence(p))
                  for p in article.paragraphs]
    back = url_for("pages.search_page", q=query) if query else url_for("pages.search_page")
    return render_template(
        "doc.html",
        article=article,
        meta=article.meta,
        paragraphs=paragraphs,
        query=query,
        target=target,
        marks=marks,
        source_url=safe_href(article.meta.url),
        capture=capture_data(article.meta),
        back=back,
        speakers=names_in(article.paragraphs, "speakers"),
        institutions=names_in(article.paragraphs, "institutions"),
        window=page_window(article.page, article.pages),
        page_url=lambda n: article_window_url(doc_id, query, n, version),
        opening=opening_of(state.index(), article),
        json_url=url_for("pages.article_page_json", doc_id=doc_id, version=version,
                         page=page if page > 1 else None),
    )


def article_data(article: StoredArticle) -> dict[str, Any]:
    """Return the data of an article page: metadata, the version shown and
    the others, and the window's paragraphs with their quotes and permalinks."""
    meta = article.meta
    return {
        "id": article.id, "title": meta.title, "outlet": meta.outlet, "author": meta.author,
        "published": meta.published.isoformat() if meta.published else None, "url": meta.url,
        "version": article.version, "claims": article.claims, "capture": capture_data(meta),
        "versions": [{"number": v.number, "indexed_at": v.indexed_at, "current": v.current}
                     for v in article.versions],
        "paragraph_count": article.paragraph_count, "page": article.page, "pages": article.pages,
        "speakers": names_in(article.paragraphs, "speakers"),
        "institutions": names_in(article.paragraphs, "institutions"),
        "paragraphs": [{**p.to_dict(), "permalink": paragraph_permalink(article.id, p.n)}
                       for p in article.paragraphs],
    }


def opening_of(index: Any, article: StoredArticle) -> str | None:
    """Return the text of the article's first paragraph when it has no
    title (what the page shows instead, marked untitled), else None."""
    if article.meta.title and article.meta.title.strip():
        return None
    if article.paragraphs and article.paragraphs[0].n == 1:
        return article.paragraphs[0].text
    return article_openings(index, [article.id], reader_collections()).get(article.id)


def article_window_url(doc_id: str, query: str, page: int, version: int | None = None) -> str:
    """Return the URL of window `page` of the article, keeping the query
    (for its highlights) and the version shown."""
    return url_for("pages.article_page", doc_id=doc_id, q=query or None, version=version,
                   page=page if page > 1 else None)


def names_in(paragraphs: list[Paragraph], attr: str) -> list[str]:
    """Return the distinct speakers or institutions named in the
    paragraphs (of the window shown), in order of first appearance."""
    seen: dict[str, None] = {}
    for paragraph in paragraphs:
        for name in getattr(paragraph, attr):
            seen.setdefault(name, None)
    return list(seen)


@bp.get("/favicon.ico")
def favicon() -> Response:
    """Return the site icon from web/static: browsers ask for /favicon.ico
    whatever the page links, and a 404 there fills every server log."""
    return current_app.send_static_file("favicon.ico")


@bp.get("/help")
def help_page() -> str:
    """Return the guide to the query language, filters, exports and keys."""
    return render_template("help.html")
