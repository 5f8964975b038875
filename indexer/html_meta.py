"""Article metadata as a saved HTML page states it.

Owns reading title, outlet, author, canonical URL and publication date from
<meta> tags (Open Graph, article:*, Dublin Core), JSON-LD and a few HTML
conventions (<title>, <time datetime>, rel=author, rel=canonical).  Only
what the page says is used: a field the page does not state stays None.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from bs4 import BeautifulSoup, Tag

from onrecord.indexer.metadates import parse_date
from onrecord.search.model import Metadata

ARTICLE_TYPES = re.compile(r"(Article|BlogPosting|Report)$")
TITLE_SEPARATORS = (" - ", " | ", " \u2013 ", " \u2014 ", " :: ", " \u00b7 ")
DATE_META_KEYS = ("date", "pubdate", "publishdate", "publish-date", "dc.date", "dc.date.issued",
                  "dcterms.date", "dcterms.created", "datepublished", "parsely-pub-date", "sailthru.date")


def read_html_metadata(soup: BeautifulSoup) -> Metadata:
    """Return the Metadata a parsed page states (call before removing
    <script> tags: JSON-LD lives there)."""
    metas = _meta_contents(soup)
    ld = _jsonld_article(soup)
    outlet = _first_text(metas.get("og:site_name"), _name_of(ld.get("publisher")),
                         metas.get("application-name"))
    title_tag = soup.find("title")
    title = _first_text(metas.get("og:title"), _as_text(ld.get("headline")),
                        title_tag.get_text() if title_tag else None, metas.get("twitter:title"))
    return Metadata(
        title=strip_outlet_suffix(title, outlet) if title else None,
        outlet=outlet,
        author=_read_author(soup, metas, ld),
        url=_read_url(soup, metas, ld),
        published=_read_published(soup, metas, ld),
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


def _meta_contents(soup: BeautifulSoup) -> dict[str, str]:
    """Return {lowercased property/name/itemprop: content}, first one wins."""
    found: dict[str, str] = {}
    for tag in soup.find_all("meta"):
        content = tag.get("content")
        key = tag.get("property") or tag.get("name") or tag.get("itemprop")
        if isinstance(key, str) and isinstance(content, str) and content.strip():
            found.setdefault(key.strip().lower(), content)
    return found


def _jsonld_article(soup: BeautifulSoup) -> dict[str, Any]:
    """Return the first JSON-LD object typed as an article ({} if none),
    with @id references to publisher/author resolved."""
    objects: list[dict[str, Any]] = []
    for script in soup.find_all("script", attrs={"type": re.compile(r"ld\+json", re.I)}):
        try:
            data = json.loads(script.get_text())
        except (ValueError, RecursionError):  # pages ship broken JSON-LD often
            continue
        objects.extend(_flatten_jsonld(data))
    by_id = {o["@id"]: o for o in objects if isinstance(o.get("@id"), str)}
    for obj in objects:
        types = obj.get("@type")
        types = types if isinstance(types, list) else [types]
        if any(isinstance(t, str) and ARTICLE_TYPES.search(t) for t in types):
            return {k: _resolve(v, by_id) for k, v in obj.items()}
    return {}


def _flatten_jsonld(data: Any) -> list[dict[str, Any]]:
    """Return the objects of a JSON-LD document (lists and @graph opened)."""
    pending, out = [data], []
    while pending:
        item = pending.pop(0)
        if isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, dict):
            out.append(item)
            if isinstance(item.get("@graph"), list):
                pending.extend(item["@graph"])
    return out


def _resolve(value: Any, by_id: dict[str, dict[str, Any]]) -> Any:
    """Return the object a bare {"@id": ...} reference points to, else value."""
    if isinstance(value, dict) and set(value) == {"@id"}:
        return by_id.get(value["@id"], value)
    if isinstance(value, list):
        return [_resolve(v, by_id) for v in value]
    return value


def _as_text(value: Any) -> str | None:
    """Return a whitespace-collapsed non-empty string, or None."""
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


def _name_of(value: Any) -> str | None:
    """Return the name of a JSON-LD person/organisation (or list of them)."""
    if isinstance(value, list):
        names = [n for n in (_name_of(v) for v in value) if n]
        return ", ".join(dict.fromkeys(names)) or None
    if isinstance(value, dict):
        return _as_text(value.get("name"))
    return _as_text(value)


def _first_text(*values: Any) -> str | None:
    """Return the first value that is a non-empty string, collapsed."""
    for value in values:
        text = _as_text(value)
        if text:
            return text
    return None


def _is_http_url(value: str | None) -> bool:
    return bool(value) and re.match(r"^https?://[^\s/]+", value or "", re.I) is not None


def _read_author(soup: BeautifulSoup, metas: dict[str, str], ld: dict[str, Any]) -> str | None:
    """Return the byline: meta author, article:author (unless a profile
    URL), JSON-LD author, then the text of a rel=author link."""
    article_author = metas.get("article:author")
    if _is_http_url(article_author):
        article_author = None
    rel_author = soup.find("a", rel="author")
    return _first_text(metas.get("author"), article_author, _name_of(ld.get("author")),
                       rel_author.get_text() if isinstance(rel_author, Tag) else None)


def _read_url(soup: BeautifulSoup, metas: dict[str, str], ld: dict[str, Any]) -> str | None:
    """Return the first absolute http(s) URL among rel=canonical, og:url and
    JSON-LD url."""
    canonical = soup.find("link", rel="canonical")
    href = canonical.get("href") if isinstance(canonical, Tag) else None
    for value in (href, metas.get("og:url"), ld.get("url")):
        if isinstance(value, str) and _is_http_url(value.strip()):
            return value.strip()
    return None


def _read_published(soup: BeautifulSoup, metas: dict[str, str], ld: dict[str, Any]) -> dt.date | None:
    """Return the first parseable publication date the page states."""
    candidates: list[Any] = [metas.get("article:published_time"), ld.get("datePublished")]
    scope = soup.find("article") or soup
    time_tag = scope.find("time", attrs={"datetime": True})
    if isinstance(time_tag, Tag):
        candidates.append(time_tag.get("datetime"))
    candidates.extend(metas.get(key) for key in DATE_META_KEYS)
    for value in candidates:
        if isinstance(value, str):
            date = parse_date(value)
            if date is not None:
                return date
    return None
