"""Article metadata as a saved HTML page states it.

Owns reading title, outlet, author, canonical URL and publication date from
<meta> tags (Open Graph, article:*, Dublin Core), JSON-LD and a few HTML
conventions (<title>, <h1>, <time datetime>, rel=author, rel=canonical),
with htmldate as the last resort for the date.  Only what the page says is
used: a field the page does not state stays None.  Works on the lxml tree
before anything else changes it (JSON-LD lives in <script> tags).
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any

import lxml.html

from onrecord.indexer.html_jsonld import article_object, name_of
from onrecord.indexer.metadates import parse_date
from onrecord.search.model import Metadata

TITLE_SEPARATORS = (" - ", " | ", " \u2013 ", " \u2014 ", " :: ", " \u00b7 ", " : ", " \u00bb ")
DATE_META_KEYS = ("article:published_time", "date", "pubdate", "publishdate", "publish-date",
                  "publish_date", "dc.date", "dc.date.issued", "dcterms.date", "dcterms.created",
                  "datepublished", "parsely-pub-date", "sailthru.date", "og:published_time",
                  "article.published", "published_time", "citation_publication_date")
_HTTP_URL = re.compile(r"^https?://[^\s/]+", re.I)


def read_html_metadata(tree: lxml.html.HtmlElement) -> Metadata:
    """Return the Metadata a parsed page states."""
    metas = _meta_contents(tree)
    ld = article_object(tree)
    outlet = first_text(metas.get("og:site_name"), name_of(ld.get("publisher")),
                        metas.get("application-name"))
    title = first_text(metas.get("og:title"), _as_text(ld.get("headline")),
                       _tag_text(tree, "//title"), metas.get("twitter:title"))
    return Metadata(
        title=strip_outlet_suffix(title, outlet) if title else None,
        outlet=outlet,
        author=_read_author(tree, metas, ld),
        url=_read_url(tree, metas, ld),
        published=_read_published(tree, metas, ld),
    )


def strip_outlet_suffix(title: str, outlet: str | None) -> str:
    """Return `title` without a trailing " - Outlet" / " | Outlet" when the
    outlet is known."""
    if not outlet:
        return title
    for sep in TITLE_SEPARATORS:
        suffix = f"{sep}{outlet}"
        if title.casefold().endswith(suffix.casefold()) and len(title) > len(suffix):
            return title[: -len(suffix)].strip()
    return title


def _meta_contents(tree: lxml.html.HtmlElement) -> dict[str, str]:
    """Return {lowercased property/name/itemprop: content}, first one wins."""
    found: dict[str, str] = {}
    for tag in tree.iter("meta"):
        content = tag.get("content")
        key = tag.get("property") or tag.get("name") or tag.get("itemprop")
        if key and content and content.strip():
            found.setdefault(key.strip().lower(), content)
    return found


def _tag_text(tree: lxml.html.HtmlElement, xpath: str) -> str | None:
    """Return the text of the first element `xpath` finds, or None."""
    for elem in tree.xpath(xpath):
        if isinstance(elem, lxml.html.HtmlElement):
            return elem.text_content()
    return None


def _as_text(value: Any) -> str | None:
    """Return a whitespace-collapsed non-empty string, or None."""
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


def first_text(*values: Any) -> str | None:
    """Return the first value that is a non-empty string, collapsed."""
    for value in values:
        text = _as_text(value)
        if text:
            return text
    return None


def _is_http_url(value: str | None) -> bool:
    return bool(value) and _HTTP_URL.match(value or "") is not None


def _read_author(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any]) -> str | None:
    """Return the byline: meta author, article:author (unless a profile
    URL), JSON-LD author, then the text of a rel=author link."""
    article_author = metas.get("article:author")
    if _is_http_url(article_author):
        article_author = None
    return first_text(metas.get("author"), article_author, name_of(ld.get("author")),
                      _tag_text(tree, '//a[@rel="author"]'))


def _read_url(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any]) -> str | None:
    """Return the first absolute http(s) URL among rel=canonical, og:url and
    JSON-LD url."""
    hrefs = tree.xpath('//link[@rel="canonical"]/@href')
    href = str(hrefs[0]) if hrefs else None
    for value in (href, metas.get("og:url"), ld.get("url")):
        if isinstance(value, str) and _is_http_url(value.strip()):
            return value.strip()
    return None


def _read_published(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any]) -> dt.date | None:
    """Return the first parseable publication date the page states."""
    candidates: list[Any] = [ld.get("datePublished"), metas.get("article:published_time")]
    candidates.extend(str(v) for v in tree.xpath("(//article//time[@datetime])[1]/@datetime"))
    candidates.extend(str(v) for v in tree.xpath("(//time[@datetime])[1]/@datetime"))
    candidates.extend(metas.get(key) for key in DATE_META_KEYS)
    for value in candidates:
        if isinstance(value, str):
            date = parse_date(value)
            if date is not None:
                return date
    return None
