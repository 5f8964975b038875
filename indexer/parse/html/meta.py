"""Article metadata as a saved HTML page states it.

Owns reading title, outlet, author, canonical URL and publication date from
<meta> tags (Open Graph, article:*, Dublin Core), JSON-LD and a few HTML
conventions (<title>, <h1>, <time datetime>, rel=author, rel=canonical),
with htmldate as the last resort for the date.  Only what the page says is
used: a field the page does not state stays None.  Works on the lxml tree
before anything else changes it (JSON-LD lives in <script> tags).
"""
from __future__ import annotations

import re
from typing import Any

import lxml.html
from trafilatura.metadata import extract_author

from onrecord.indexer.parse.html.bylines import shown_byline
from onrecord.indexer.parse.html.dates import read_published
from onrecord.indexer.parse.html.jsonld import article_object, jsonld_objects, name_of
from onrecord.indexer.parse.html.tables import BYLINE_LABELS, HEADLINE_BYLINE_SEPARATORS, HEADLINE_DATELINE_LABELS
from onrecord.indexer.read.metadates import MONTHS as MONTH_NUMBERS
from onrecord.indexer.read.metadates import parse_date
from onrecord.search import Metadata

TITLE_SEPARATORS = (" - ", " | ", " \u2013 ", " \u2014 ", " :: ", " \u00b7 ", " : ", " \u00bb ")
MONTHS = frozenset(MONTH_NUMBERS)  # "january", "jan", "sept"...
_DATELINE = re.compile(rf"\s+(?:{'|'.join(HEADLINE_DATELINE_LABELS)})(?:\s+on)?:?\s+(.+)$", re.I)
_HTTP_URL = re.compile(r"^https?://[^\s/]+", re.I)
_WORD = re.compile(r"\w+")
# Share of words an <h1> shares with the stated title to count as a variant of it.
RESEMBLING = 0.5
# Headings searched for the stated title (a page's own headline comes early).
_HEADINGS_LOOKED_AT = 30


def read_html_metadata(tree: lxml.html.HtmlElement, thorough: bool = True) -> Metadata:
    """Return the Metadata a parsed page states.  `thorough=False` leaves out
    the searches through the whole page (htmldate's, trafilatura's byline
    search), which take minutes on pathologically deep pages."""
    metas = _meta_contents(tree)
    objects = jsonld_objects(tree)
    ld = article_object(objects)
    url = _read_url(tree, metas, ld)
    outlet = first_text(metas.get("og:site_name"), name_of(ld.get("publisher")),
                        metas.get("application-name"))
    stated = _meta_title(tree, metas, ld, outlet, url)
    headline = headline_element(tree, outlet, stated)
    author = _read_author(tree, metas, ld, headline, outlet, thorough)
    title = " ".join(headline.text_content().split()) if headline is not None else stated
    return Metadata(
        title=trim_headline(title, author) if title else None,
        outlet=outlet,
        author=author,
        url=url,
        published=read_published(tree, metas, ld, objects, headline if headline is not None else _first_h1(tree),
                                 url, thorough),
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


def trim_headline(title: str, author: str | None) -> str:
    """Return a title (the <h1>'s text, else the stated one) without what a
    template put in it beside the headline: a trailing " • Author" naming the page's author, or a
    trailing dateline ("... Posted on July 1, 2024 by admin")."""
    for sep in HEADLINE_BYLINE_SEPARATORS:
        suffix = f"{sep}{author}"
        if author and title.casefold().endswith(suffix.casefold()) and len(title) > len(suffix):
            return title[: -len(suffix)].strip()
    dateline = _DATELINE.search(title)
    if dateline and dateline.start() and parse_date(dateline.group(1)) is not None:
        return title[: dateline.start()].strip()
    return title


def _first_h1(tree: lxml.html.HtmlElement) -> lxml.html.HtmlElement | None:
    """Return the page's first <h1>, or None."""
    found = tree.find(".//h1")
    return found if isinstance(found, lxml.html.HtmlElement) else None


def headline_element(tree: lxml.html.HtmlElement, outlet: str | None,
                     stated: str | None = None) -> lxml.html.HtmlElement | None:
    """Return the element of the page's visible headline: the first <h1> of the article
    (else of <main>, else of the page) when it has 2 to 60 words and is not
    the site's name (the outlet, or what the meta title's suffix cut off).
    The <h1> is what a reader sees as the title; <title> and og:title are
    often a search-engine variant of it (htmleval: title 0.65 -> 0.84).
    But where that <h1> shares few words with the `stated` title (a pull
    quote or a menu set as <h1>) and an <h1>/<h2> reads as the stated
    title, word for word, that heading is the headline (an <h1> that merely
    rewords the title, "Best bridges 2025" for "The new river bridge
    opens", stays the headline)."""
    first = _first_headline(tree, outlet)
    if stated and (first is None or not _same_words(first.text_content(), stated, RESEMBLING)):
        for heading in tree.xpath("//h1|//h2")[:_HEADINGS_LOOKED_AT]:
            if _same_words(heading.text_content(), stated, 1.0):
                return heading  # the stated title, as a heading (the <h1> was something else)
    return first


def _first_headline(tree: lxml.html.HtmlElement, outlet: str | None) -> lxml.html.HtmlElement | None:
    for xpath in ("//article//h1", "//main//h1", "//h1"):
        for heading in tree.xpath(xpath)[:1]:
            text = " ".join(heading.text_content().split())
            site = text.casefold() in {(outlet or "").casefold(), *_title_suffixes(tree)}
            if 2 <= len(text.split()) <= 60 and not site:
                return heading
    return None


def _same_words(text: str, title: str, share: float) -> bool:
    """Return True if at least `share` of the words of `text` and of `title` are shared."""
    ours, theirs = set(_WORD.findall(text.casefold())), set(_WORD.findall(title.casefold()))
    common = len(ours & theirs)
    return bool(common) and common >= share * max(len(ours), len(theirs))


def _title_suffixes(tree: lxml.html.HtmlElement) -> set[str]:
    """Return the casefolded last parts of the <title> after a separator
    ("Post title | Site" -> "site"): the site's name, where an <h1> that
    reads the same is a logo, not a headline."""
    title = " ".join((_tag_text(tree, "//title") or "").split()).casefold()
    return {title.rpartition(sep)[2].strip() for sep in TITLE_SEPARATORS if sep in title}


def _meta_title(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any],
                outlet: str | None, url: str | None) -> str | None:
    """Return the title the page's metadata states, without the outlet's
    suffix, and without a last " | part" when a headline of 3+ words is left
    (a pipe in a <title> separates the site or section, rarely headline words)."""
    title = first_text(metas.get("og:title"), _as_text(ld.get("headline")),
                       _tag_text(tree, "//title"), metas.get("twitter:title"))
    if not title:
        return None
    title = strip_site_suffix(strip_outlet_suffix(title, outlet), url)
    head, sep, _ = title.rpartition(" | ")
    return head.strip() if sep and len(head.split()) >= 3 else title


def strip_site_suffix(title: str, url: str | None) -> str:
    """Return `title` without a trailing " - Site" whose letters name the
    host of the page's own URL ("... - Artlyst" on artlyst.com)."""
    host = re.sub(r"[^a-z0-9]", "", re.sub(r"^https?://([^/]+).*$", r"\1", (url or "").lower()))
    for sep in TITLE_SEPARATORS:
        head, found, suffix = title.rpartition(sep)
        letters = re.sub(r"[^a-z0-9]", "", suffix.lower())
        if found and head.strip() and len(letters) >= 3 and letters in host:
            return head.strip()
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


def _read_author(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any],
                 headline: lxml.html.HtmlElement | None, outlet: str | None, thorough: bool) -> str | None:
    """Return the byline: the one shown by the headline ("By Ann Lee":
    indexer.parse.html.bylines, what a reader sees, where the tags often name a
    site account), then JSON-LD author, meta author, article:author (unless
    a profile URL), the text of a rel=author link, then the byline
    trafilatura reads in the page (class/itemprop "author", "byline"...).
    A one-word handle ("jsmith", "andrew.keaveney") is a login, not a byline,
    and the outlet's own name is one only when the page names no one else."""
    article_author = metas.get("article:author")
    if _is_http_url(article_author):
        article_author = None
    ld_author = ld.get("author")
    stated = first_text(name_of(ld_author) if not _is_organisation(ld_author) else None,
                        metas.get("author"), article_author, _tag_text(tree, '//a[@rel="author"]'))
    stated = stated.strip(" ,;|") if stated else None
    shown = shown_byline(headline) if headline is not None else None
    if shown:
        return shown
    is_outlet = bool(stated and outlet and stated.casefold() == outlet.casefold())
    if stated and not is_outlet and (" " in stated or stated[:1].isupper() and stated.isalpha()):
        return stated
    byline = first_text(extract_author(tree) if thorough else None)
    return (byline if byline and not _is_byline_label(byline) else None) or stated or name_of(ld_author)


def _is_byline_label(text: str) -> bool:
    """Return True for what a byline search picks up that names nobody:
    "Written By", "Authors", "Updated March", "Dec"."""
    words = re.findall(r"[a-z]+", text.lower())
    return all(word in BYLINE_LABELS or word in MONTHS for word in words)


def _is_organisation(value: Any) -> bool:
    """Return True for a JSON-LD author typed Organization (a site naming
    itself), which a byline in the page usually beats."""
    if isinstance(value, list):
        value = value[0] if value else None
    return isinstance(value, dict) and "Organization" in str(value.get("@type"))


def _read_url(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any]) -> str | None:
    """Return the first absolute http(s) URL among rel=canonical, og:url and
    JSON-LD url."""
    hrefs = tree.xpath('//link[@rel="canonical"]/@href')
    href = str(hrefs[0]) if hrefs else None
    for value in (href, metas.get("og:url"), ld.get("url")):
        if isinstance(value, str) and _is_http_url(value.strip()):
            return value.strip()
    return None
