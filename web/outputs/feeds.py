"""Atom feeds: alerts without accounts.

Owns /feed.atom (any search: the search page's parameters), /changes.atom
(the same parameters: the articles changed after publication, one entry
per changed version, linking its article page, which marks the changes), and
/speaker/<name>.atom and /institution/<name>.atom: the newest-indexed
matching paragraphs (search.features.feeds), newest first, as Atom; with
mode=quotes, and always for a speaker or institution (the units their
pages count), one entry per matching quote,
(RFC 4287) that any feed reader can subscribe to.  Links are absolute on
the site root (web.serving.state.site_root: public_url), else site-relative (a reader
resolves them against the feed's own URL); ids are tag: URIs, which
name a paragraph without naming a host.  Built with ElementTree, so the
XML is well-formed whatever the articles contain.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any
from xml.etree import ElementTree as ET

from flask import Blueprint, Response, request, url_for

from onrecord.search import (
    NAME_FACETS,
    Feed,
    FeedEntry,
    NotFoundError,
    SearchRequest,
    article_openings,
    newest_changes,
    newest_paragraphs,
    parse_iso_partial,
)
from onrecord.web.access.gate import reader_collections, reader_request
from onrecord.web.outputs.citations import absolute_url
from onrecord.web.outputs.names import display_title
from onrecord.web.serving.params import MAX_FILTER_CHARS, refuse_unknown_params
from onrecord.web.serving.state import get_state, site_root

bp = Blueprint("feeds", __name__)

ATOM_NS = "http://www.w3.org/2005/Atom"
TAG_PREFIX = "tag:onrecord,2026:"  # tag: URIs (RFC 4151): stable ids that name no host
# Characters XML 1.0 cannot carry at all (even escaped): dropped from text.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@bp.get("/feed.atom")
def search_feed() -> Response:
    """Return the Atom feed of the search the parameters describe."""
    state = get_state()
    refuse_unknown_params(request.args.keys())
    req = reader_request()
    args = feed_params(req)
    page = url_for("pages.search_page", **args)
    return atom_response(newest_paragraphs(state.index(), req), search_title(req), page,
                         url_for("feeds.search_feed", **args))


@bp.get("/changes.atom")
def changes_feed() -> Response:
    """Return the Atom feed of the articles changed after publication that
    the search the parameters describe finds."""
    state = get_state()
    refuse_unknown_params(request.args.keys())
    req = reader_request()
    args = feed_params(req)
    return atom_response(newest_changes(state.index(), req), search_title(req) + ": changed after publication",
                         url_for("pages.search_page", **args), url_for("feeds.changes_feed", **args))


@bp.get("/speaker/<name:name>.atom", defaults={"kind": "speaker"}, merge_slashes=False)
@bp.get("/institution/<name:name>.atom", endpoint="institution_feed", defaults={"kind": "institution"},
        merge_slashes=False)
def entity_feed(name: str, kind: str) -> Response:
    """Return the Atom feed of a speaker's quotes or of the quotes in
    paragraphs naming an institution, one entry per quote, as their pages
    count them (an unknown name has an empty feed: it may yet be quoted)."""
    if not name.strip() or len(name) > MAX_FILTER_CHARS:
        raise NotFoundError(f"No {kind} with that name is in the index.")
    readable = reader_collections()
    req = (SearchRequest(speakers=(name,), mode="quotes", collections=readable) if kind == "speaker"
           else SearchRequest(institutions=(name,), mode="quotes", collections=readable))
    page = url_for(f"entities.{kind}_page", name=name)
    noun = "Quotes of" if kind == "speaker" else "Quotes in paragraphs naming"
    # Copies fold under their first-indexed quote: the units the page counts.
    return atom_response(newest_paragraphs(get_state().index(), req), f"{noun} {name}", page,
                         feed_url_for(kind, name))


def feed_url_for(kind: str, name: str) -> str:
    """Return the feed URL of a speaker's or institution's page."""
    return url_for("feeds.entity_feed" if kind == "speaker" else "feeds.institution_feed", name=name)


def search_feed_url(req: SearchRequest) -> str:
    """Return the feed URL of the search `req` (parsed, so repeated or
    unknown parameters are not echoed)."""
    return url_for("feeds.search_feed", **feed_params(req))


def changes_feed_url(req: SearchRequest) -> str:
    """Return the URL of the feed of changes for the search `req`."""
    return url_for("feeds.changes_feed", **feed_params(req))


def feed_params(req: SearchRequest) -> dict[str, Any]:
    """Return the URL parameters that choose a feed's entries: the query,
    the name filters, the dates, quotes_only, named_only, verbatim and the
    mode (paging and sort do not: a feed is always newest indexed first)."""
    params: dict[str, Any] = {"q": req.query or None}
    params.update({facet.name: list(getattr(req, str(facet.request_attr))) for facet in NAME_FACETS})
    params.update({facet.exclude_param: [v for name, v in req.excluded if name == facet.name]
                   for facet in NAME_FACETS})
    params.update(since=req.since.isoformat() if req.since else None,
                  until=req.until.isoformat() if req.until else None,
                  quotes_only="1" if req.quotes_only else None,
                  named_only="1" if req.named_only else None,
                  verbatim="1" if req.verbatim else None,
                  mode=req.mode if req.mode != "paragraphs" else None)
    return params


def search_title(req: SearchRequest) -> str:
    """Return a feed's title naming the query and the filters."""
    parts = [f"“{req.query}”"] if req.query else ["Everything"]
    for label, values in (("speaker", req.speakers), ("institution", req.institutions),
                          ("outlet", req.outlets), ("author", req.authors)):
        parts += [f"{label}: {v}" for v in values]
    unit = " (quotes)" if req.mode == "quotes" else ""
    return "onrecord: " + ", ".join(parts) + unit


def atom_response(feed: Feed, title: str, page: str, self_path: str) -> Response:
    """Return `feed` as an Atom document titled `title`, whose HTML page is
    `page` and whose own site-relative URL (its id too) is `self_path`."""
    root = site_root()
    xml = build_atom(feed, title, absolute_url(root, page), self_path, root)
    response = Response(xml, content_type="application/atom+xml; charset=utf-8")
    response.headers["Cache-Control"] = "max-age=300"  # readers poll; five minutes old is fine
    return response


def build_atom(feed: Feed, title: str, page: str, self_path: str, root: str) -> bytes:
    """Return the Atom XML (UTF-8 bytes) of `feed`; links absolute on `root`
    (the public URL) when it is set."""
    ET.register_namespace("", ATOM_NS)
    top = ET.Element(f"{{{ATOM_NS}}}feed")
    _text(top, "id", TAG_PREFIX + "feed:" + self_path)
    _text(top, "title", title)
    _text(top, "updated", atom_time(feed.updated))
    _link(top, absolute_url(root, self_path), "self", "application/atom+xml")
    _link(top, page, "alternate", "text/html")
    author = ET.SubElement(top, f"{{{ATOM_NS}}}author")
    _text(author, "name", "onrecord")
    openings = article_openings(get_state().index(), [e.doc_id for e in feed.entries if not e.title],
                                reader_collections())
    for entry in feed.entries:
        _entry(top, entry, root, openings.get(entry.doc_id, entry.text))
    return ET.tostring(top, encoding="utf-8", xml_declaration=True)


def _entry(parent: ET.Element, entry: FeedEntry, root: str, opening: str) -> None:
    item = ET.SubElement(parent, f"{{{ATOM_NS}}}entry")
    unit = f"paragraph:{entry.paragraph_id}" + (f":q{entry.qi}" if entry.quote is not None else "")
    if entry.version is not None:  # the feed of changes: an entry is one version of an article
        unit = f"article:{entry.doc_id}:v{entry.version}"
    _text(item, "id", f"{TAG_PREFIX}{unit}:{entry.indexed_at}")
    shown = display_title(entry.title, opening)
    title = f"{shown.text}{' (' + entry.outlet + ')' if entry.outlet else ''}"
    if entry.version is not None:
        title = f"Changed after publication (version {entry.version}): {title}"
    if entry.quote is not None:  # a quote's entry says who said it
        title = f"{title} — {entry.quote.get('speaker') or 'unattributed'}"
    _text(item, "title", title)
    _text(item, "updated", atom_time(entry.indexed_at))
    stated = parse_iso_partial(entry.published) if entry.published else None
    if stated is not None:  # Atom wants a whole timestamp: a year or month's first day
        _text(item, "published", f"{dt.date.isoformat(stated)}T00:00:00Z")
    _link(item, absolute_url(root, entry.permalink), "alternate", "text/html")
    if entry.url:
        _link(item, entry.url, "related", "text/html")
    for speaker in entry.speakers:
        ET.SubElement(item, f"{{{ATOM_NS}}}category", term=_clean(speaker))
    _text(item, "summary", entry.text)
    if entry.quote is not None:  # quotes mode: the entry is its one quote
        _text(item, "content", feed_quote_line(entry.quote))
    elif entry.quotes:  # each quote marked with its kind: only verbatim words stand in quote marks
        _text(item, "content", "\n".join(feed_quote_line(q) for q in entry.quotes))


def feed_quote_line(quote: dict[str, Any]) -> str:
    """Return one quote of a feed entry: '[kind] cited text - speaker'."""
    speaker = f" - {quote['speaker']}" if quote.get("speaker") else ""
    return f"[{quote.get('label', 'verbatim')}] {quote.get('cited', '')}{speaker}"


def _text(parent: ET.Element, tag: str, value: str) -> None:
    ET.SubElement(parent, f"{{{ATOM_NS}}}{tag}").text = _clean(value)


def _link(parent: ET.Element, href: str, rel: str, mime: str) -> None:
    ET.SubElement(parent, f"{{{ATOM_NS}}}link", href=_clean(href), rel=rel, type=mime)


def _clean(text: str) -> str:
    """Return `text` without the control characters XML cannot hold."""
    return _NOT_XML.sub("", text)


def atom_time(stamp: str | None) -> str:
    """Return an RFC 3339 time for an ISO stamp (the epoch for None: an
    empty feed has never been updated)."""
    if not stamp:
        return "1970-01-01T00:00:00Z"
    moment = dt.datetime.fromisoformat(stamp)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
