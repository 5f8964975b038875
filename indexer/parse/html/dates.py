"""The publication date a saved HTML page states.

Owns choosing it among what the page says: the date tags (a <time pubdate>,
JSON-LD datePublished, article:published_time and the other keys of
indexer.parse.html.tables, <time datetime>), the date a reader sees next to the
headline (a short text that is a date, labelled "Published"/"Updated" or
not), and htmldate's search of the page's URL and date markup when neither
gives one.  Where the tags and the shown date disagree, the shown date
labelled as published, else an unlabelled one, is the page's own word
(tags often carry a first-import date); a shown "Updated" date never
replaces a stated publication date, but a stated date the page shows only
as its update gives way to the one it labels as published.  Nothing is
guessed: a page that states no date has none.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any

import htmldate
import lxml.html

from onrecord.indexer.parse.html.jsonld import first_value
from onrecord.indexer.parse.html.tables import (
    DATE_LABEL_FILLERS,
    DATE_META_KEYS,
    DATE_TEXTS_AFTER,
    DATE_TEXTS_BEFORE,
    PUBLISHED_LABELS,
    UPDATED_LABELS,
    texts_around,
)
from onrecord.indexer.read.metadates import parse_date

_LABEL_WORDS = sorted(PUBLISHED_LABELS | UPDATED_LABELS | DATE_LABEL_FILLERS, key=len, reverse=True)
_LABEL = re.compile(rf"^(?:(?:{'|'.join(_LABEL_WORDS)})\b[\s:|\-\u2022\u00b7]*)+", re.I)
_SHOWN_LENGTH = 90  # characters: a longer text is a sentence, not a dateline
# Which shown date a page without date tags is given: published, unlabelled, updated.
_RANK = {"published": 0, "": 1, "updated": 2}


def read_published(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any],
                   objects: list[dict[str, Any]], headline: lxml.html.HtmlElement | None,
                   url: str | None, thorough: bool) -> dt.date | None:
    """Return the publication date the page states, or None (see the module
    docstring for the order).  `thorough=False` leaves out htmldate."""
    stated = stated_date(tree, metas, ld) or _as_date(first_value(objects, "datePublished"))
    shown = shown_dates(headline) if headline is not None else []
    if stated is not None:
        return _reconcile(stated, shown)
    if shown:
        return min(shown, key=lambda pair: _RANK[pair[0]])[1]
    return _htmldate(tree, url) if thorough else None


def _reconcile(stated: dt.date, shown: list[tuple[str, dt.date]]) -> dt.date:
    """Return the stated date, unless the page shows another one near the
    headline labelled as published (else unlabelled) and not the stated one,
    or shows the stated one only as its update beside another labelled as
    published (the tags carry the update: "Published April 26, 2023 ·
    Updated Aug 21, 2025" under a datePublished of Aug 21, 2025)."""
    labels = {label for label, date in shown if date == stated}
    if labels == {"updated"}:
        return next((date for label, date in shown if label == "published"), stated)
    if labels:
        return stated
    for wanted in ("published", ""):
        for label, date in shown:
            if label == wanted:
                return date
    return stated


def stated_date(tree: lxml.html.HtmlElement, metas: dict[str, str], ld: dict[str, Any]) -> dt.date | None:
    """Return the first parseable publication date of the page's tags: a
    <time> the page marks as its publication (HTML5's pubdate attribute,
    on a date the reader sees) before JSON-LD, the meta tags and the other
    <time> elements."""
    candidates: list[Any] = [str(v) for v in tree.xpath("(//time[@pubdate][@datetime])[1]/@datetime")]
    candidates += [ld.get("datePublished"), metas.get("article:published_time")]
    # The first <time> inside an <article>; written as an ancestor test, since
    # "//article//time" walks every article's subtree (48 s on a page of
    # 3,000 nested articles, 0.0 s this way).
    candidates.extend(str(v) for v in tree.xpath("(//time[@datetime][ancestor::article])[1]/@datetime"))
    candidates.extend(str(v) for v in tree.xpath("(//time[@datetime])[1]/@datetime"))
    candidates.extend(metas.get(key) for key in DATE_META_KEYS)
    for value in candidates:
        date = _as_date(value)
        if date is not None:
            return date
    return None


def _as_date(value: Any) -> dt.date | None:
    return parse_date(value) if isinstance(value, str) else None


def shown_dates(headline: lxml.html.HtmlElement) -> list[tuple[str, dt.date]]:
    """Return the (label, date) pairs a reader sees next to `headline`,
    nearest first (after it, then before it): each a short text that is a
    date, after an optional label ("Published on", "Last updated:") in it
    or in the text before it.  label is "published", "updated" or ""."""
    before, after = texts_around(headline, DATE_TEXTS_BEFORE, DATE_TEXTS_AFTER)
    texts = [" ".join(t.split()) for t in before + after]
    found: list[tuple[float, str, dt.date]] = []
    for i, text in enumerate(texts):
        if len(text) > _SHOWN_LENGTH:
            continue
        label = _LABEL.match(text)
        date = parse_date(text[label.end():] if label else text)
        if date is None:
            continue
        kind = _label_kind(label.group(0) if label else "") or (_label_kind(texts[i - 1]) if i else "")
        distance = i - len(before) + 1.0 if i >= len(before) else len(before) - i + 0.5  # below first
        found.append((distance, kind, date))
    return [(kind, date) for _, kind, date in sorted(found, key=lambda row: row[0])]


def _label_kind(text: str) -> str:
    """Return "updated", "published" or "" for a (short) label text."""
    if len(text) > 40:
        return ""
    words = set(re.findall(r"[a-z]+", text.lower()))
    if words & UPDATED_LABELS:
        return "updated"
    return "published" if words & PUBLISHED_LABELS else ""


def _htmldate(tree: lxml.html.HtmlElement, url: str | None) -> dt.date | None:
    """Return the publication date htmldate finds (URL, date markup, the
    original rather than the last-updated date), or None.  Its extensive
    search (free text) took ~275 ms a page where it ran and raised dates
    right on htmleval from 0.81 to 0.85: not worth a third of ingest speed."""
    try:
        found = htmldate.find_date(tree, original_date=True, extensive_search=False, url=url)
    except (ValueError, TypeError, OverflowError):  # a date it found but cannot build
        return None
    return parse_date(found) if found else None
