"""What a source lists: article URLs read from feeds, sitemaps and URL
lists, and the feeds a site's home page announces.

Owns reading a fetched body into URLs: an RSS 2.0 / RSS 1.0 item's link (or
permalink guid) and an Atom entry's alternate link; a sitemap's <url><loc>
(news sitemaps are urlsets too) and a sitemap index's child sitemaps; a
plain list of one URL a line (# starts a comment); a home page's
<link rel="alternate"> of an RSS or Atom type (read by lxml's HTML parser,
which fetches nothing).  XML is read by lxml
without entities, DTDs or network (a feed cannot make the parser read a
file or expand a billion laughs); a gzip'd sitemap is unpacked within the
size cap.  Only http(s) URLs are kept, each once, in listed order.
"""
from __future__ import annotations

import gzip
import io
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

import lxml.html
from lxml import etree

GZIP_MAGIC = b"\x1f\x8b"
# The types a <link rel="alternate"> of a feed carries (WHATWG's feed autodiscovery).
FEED_TYPES: frozenset[str] = frozenset({"application/rss+xml", "application/atom+xml"})


class ListingError(ValueError):
    """A source's body is not the feed, sitemap or list it was said to be."""


@dataclass(slots=True)
class Listing:
    """The article URLs a source lists, the child sitemaps it points to
    and the feeds a home page announces."""

    articles: list[str] = field(default_factory=list)
    sitemaps: list[str] = field(default_factory=list)
    feeds: list[str] = field(default_factory=list)


def read_listing(kind: str, body: bytes, base_url: str, max_bytes: int) -> Listing:
    """Return the URLs in `body`, a `kind` ("feed", "sitemap", "urls", "site")
    fetched from `base_url` (relative links resolved against it).  Raises
    ListingError when the body is not readable as that kind."""
    if body[:2] == GZIP_MAGIC:
        body = _gunzip(body, max_bytes)
    if kind == "urls":
        text = body.decode("utf-8", "replace")
        lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
        return Listing(articles=_kept(base_url, [line for line in lines if line]))
    if kind == "site":
        return Listing(feeds=_kept(base_url, announced_feeds(body)))
    root = _parse_xml(body)
    if kind == "feed":
        return Listing(articles=_kept(base_url, feed_links(root)))
    name = _local(root.tag)
    locs = [(el.text or "").strip() for el in root.iter() if _local(el.tag) == "loc"]
    if name == "sitemapindex":
        return Listing(sitemaps=_kept(base_url, locs))
    if name != "urlset":
        raise ListingError(f"not a sitemap (its root is <{name}>)")
    # A news sitemap's <news:news> holds no <loc>: every loc is a page.
    return Listing(articles=_kept(base_url, locs))


def feed_links(root: etree._Element) -> list[str]:
    """Return the article links of an RSS or Atom feed, in feed order."""
    links: list[str] = []
    for item in root.iter():
        name = _local(item.tag)
        if name == "item":  # RSS 2.0 and RSS 1.0 (RDF)
            link = _child_text(item, "link") or _permalink_guid(item)
            if link:
                links.append(link)
        elif name == "entry":  # Atom
            link = _atom_link(item)
            if link:
                links.append(link)
    if not links and _local(root.tag) not in ("rss", "feed", "RDF"):
        raise ListingError(f"not a feed (its root is <{_local(root.tag)}>)")
    return links


def announced_feeds(body: bytes) -> list[str]:
    """Return the hrefs of a home page's <link rel="alternate"> of an RSS
    or Atom type, in page order.  Raises ListingError when it announces
    none (the source would never list an article)."""
    try:
        root = lxml.html.document_fromstring(body)
    except (etree.ParserError, ValueError) as exc:
        raise ListingError(f"not a readable HTML page ({exc})") from None
    hrefs = [str(link.get("href")).strip() for link in root.iter("link")
             if "alternate" in (link.get("rel") or "").lower().split()
             and (link.get("type") or "").split(";")[0].strip().lower() in FEED_TYPES and link.get("href")]
    if not hrefs:
        raise ListingError("the page announces no RSS or Atom feed (<link rel=\"alternate\">)")
    return hrefs


def _atom_link(entry: etree._Element) -> str | None:
    """Return an Atom entry's alternate link (a link without rel is one)."""
    for link in entry:
        if _local(link.tag) == "link" and link.get("rel", "alternate") == "alternate" and link.get("href"):
            return str(link.get("href")).strip()
    return None


def _permalink_guid(item: etree._Element) -> str | None:
    """Return an RSS item's guid when it is a permalink (the default)."""
    for child in item:
        if _local(child.tag) == "guid" and child.get("isPermaLink", "true").lower() == "true":
            return (child.text or "").strip() or None
    return None


def _child_text(element: etree._Element, name: str) -> str | None:
    """Return the stripped text of `element`'s first child called `name`."""
    for child in element:
        if _local(child.tag) == name and (child.text or "").strip():
            return (child.text or "").strip()
    return None


def _parse_xml(body: bytes) -> etree._Element:
    """Return the root of the XML `body`, read without entities, DTDs or
    network; raises ListingError."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False, recover=False)
    try:
        root = etree.fromstring(body, parser)
    except etree.XMLSyntaxError as exc:
        raise ListingError(f"not readable XML ({exc})") from None
    if root is None:
        raise ListingError("empty XML document")
    return root


def _gunzip(body: bytes, max_bytes: int) -> bytes:
    """Return the gzip'd `body` unpacked, at most `max_bytes` of it (a
    bomb is cut, not inflated); raises ListingError when it is damaged."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(body)) as unpacked:
            return unpacked.read(max_bytes)
    except (OSError, EOFError) as exc:
        raise ListingError(f"damaged gzip ({exc})") from None


def _kept(base_url: str, urls: list[str]) -> list[str]:
    """Return `urls` resolved against `base_url`, http(s) ones only, each once."""
    kept: dict[str, None] = {}
    for url in urls:
        absolute = urljoin(base_url, url.strip())
        if urlsplit(absolute).scheme in ("http", "https"):
            kept.setdefault(absolute.split("#", 1)[0], None)
    return list(kept)


def _local(tag: object) -> str:
    """Return an element's tag without its namespace ('' for comments)."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""
