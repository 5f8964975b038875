"""Citations and deep links: the plain text a reporter pastes into a story
and the URLs that jump straight to a passage.

Owns the citation format (“quote” — Speaker, Role, Outlet, Title, Date,
the article's own URL with a text fragment, onrecord permalink), the
public form of permalinks (absolute on the public_url setting, else
site-relative: never the address the request came in on, which behind a
proxy or on a laptop is a loopback address), paragraph permalinks (/doc/<id>?p=N#pN: the fragment scrolls,
the p parameter lets the server mark the paragraph even where :target does
not apply) and text-fragment links to the original article
(url#:~:text=start,end).  Pure: no Flask; the caller passes the site root.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlencode

from onrecord.search import text_fragment

# Opening mark -> the closing marks that pair with it.
_CLOSING: dict[str, str] = {'"': '"”“', "“": '”"', "„": '“”"', "«": "»", "'": "'’‘", "‘": "’'", "‚": "‘’'"}


def permalink(doc_id: str, n: int, query: str = "") -> str:
    """Return the site-relative permalink of paragraph `n` of `doc_id`,
    carrying `query` (if any) so the article page can highlight it."""
    params = [("q", query)] if query else []
    params.append(("p", str(n)))
    return f"/doc/{quote(doc_id, safe='')}?{urlencode(params)}#p{n}"


def absolute_url(root: str, path: str) -> str:
    """Return `path` (site-relative, starting with '/') joined to the site
    `root` (e.g. 'https://news.example/'), with exactly one slash between;
    `path` itself when `root` is '' (no public URL configured)."""
    if not root:
        return path
    return root.rstrip("/") + "/" + path.lstrip("/")


def public_permalinks(data: Any, root: str) -> Any:
    """Return JSON-ready `data` (dicts, lists, scalars) with every
    site-relative "permalink" value made absolute on `root` (unchanged
    when `root` is '')."""
    if not root:
        return data
    if isinstance(data, list):
        return [public_permalinks(item, root) for item in data]
    if not isinstance(data, dict):
        return data
    out = {key: public_permalinks(value, root) for key, value in data.items()}
    link = out.get("permalink")
    if isinstance(link, str) and link.startswith("/"):
        out["permalink"] = absolute_url(root, link)
    return out


def source_link(url: str | None, text: str) -> str:
    """Return the article's own `url` with a text fragment selecting
    `text` (its quote marks dropped), or '' when there is no URL."""
    if not url:
        return ""
    return text_fragment_url(url, strip_quote_marks(text))


def strip_quote_marks(text: str) -> str:
    """Return a quote's text without its outer pair of quote marks and the
    trailing comma that attribution leaves ('"Sorry...," she said').  A
    closing mark is only removed when it pairs with a removed opening one,
    so an inner quotation at the end ('...said: 'How?'') keeps its mark."""
    body = text.strip()
    if body[:1] in _CLOSING:
        closing = _CLOSING[body[0]]
        body = body[1:].rstrip()
        if body[-1:] in closing:
            body = body[:-1]
    return body.rstrip().rstrip(",").rstrip()


def format_citation_date(published: str | dt.date | None) -> str:
    """Return 'YYYY-MM-DD' for a date or ISO string, 'undated' for None."""
    if not published:
        return "undated"
    return published.isoformat() if isinstance(published, dt.date) else str(published)[:10]


def build_citation(text: str, *, speaker: str | None = None, role: str | None = None,
                   outlet: str | None = None, title: str | None = None,
                   published: str | dt.date | None = None, link: str = "",
                   source: str = "", cited: str = "") -> str:
    """Return the plain-text citation “text” — speaker, role, outlet, title,
    date, source, link: `source` is the article's own URL (the original a
    reader should check first), `link` the onrecord permalink.  Unknown
    parts are left out (an unknown outlet is never guessed); the date is
    always present, as 'undated' if unknown.  `cited` is a quote as
    search's cite_quote shows it (quote marks around verbatim words only),
    used as it is; without it `text` is quoted whole (a paragraph)."""
    parts = [p for p in (speaker, role, outlet, title) if p and p.strip()]
    parts.append(format_citation_date(published))
    parts += [url for url in (source, link) if url]
    body = " ".join(cited.split()) if cited else "“" + " ".join(strip_quote_marks(text).split()) + "”"
    return f"{body} — " + ", ".join(" ".join(p.split()) for p in parts)


def quote_citation(q: Mapping[str, Any], source: Any, root: str) -> str:
    """Return the citation of quote dict `q` (Hit.quotes item) from the
    paragraph `source` (a Hit or QuoteRecord: doc_id, n, title, outlet,
    published, url).  `root` is the public base URL ('' for a relative
    permalink)."""
    link = absolute_url(root, permalink(source.doc_id, source.n))
    text = q.get("text") or q.get("quote") or ""
    return build_citation(text, speaker=q.get("speaker"), role=q.get("role"),
                          outlet=source.outlet, title=source.title, published=source.published, link=link,
                          source=source_link(getattr(source, "url", None), text), cited=q.get("cited") or "")


def record_citation(record: Any, root: str) -> str:
    """Return the citation of a QuoteRecord."""
    return build_citation(record.text, speaker=record.speaker, role=record.role, outlet=record.outlet,
                          title=record.title, published=record.published,
                          link=absolute_url(root, permalink(record.doc_id, record.n)),
                          source=source_link(record.url, record.text), cited=record.cited)


def hit_citation(hit: Any, root: str) -> str:
    """Return the citation of a whole paragraph (a Hit): its text, outlet,
    title, date, source URL and permalink."""
    return build_citation(hit.text, outlet=hit.outlet, title=hit.title, published=hit.published,
                          link=absolute_url(root, permalink(hit.doc_id, hit.n)),
                          source=source_link(hit.url, hit.text))


def text_fragment_url(url: str, text: str) -> str:
    """Return `url` with a text fragment selecting `text`.  An existing
    '#fragment' is kept (the directive follows it, as the spec allows)."""
    directive = text_fragment(text)
    if not directive:
        return url
    base, hash_mark, existing = url.partition("#")
    if hash_mark and ":~:" in existing:
        existing = existing.split(":~:", 1)[0]  # replace an old directive
    return f"{base}#{existing}{directive[1:]}" if existing else f"{base}{directive}"
