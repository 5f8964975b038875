"""Stage 2 of the indexer: turn a SourceFile into ParsedArticles.

Owns the per-format readings of an article: plain text (the text exactly as
decoded, with the headline taken from line 1 only when it looks like one),
JSON / JSON Lines records (field aliases below) and, via
indexer.html_parser, saved HTML pages.  Metadata is only ever *read* from the
input, never guessed: whatever is not stated stays None.

JSON record fields (first non-null alias wins):
    text:      text, body, content
    title:     title, headline
    url:       url, link, canonical_url
    published: published, date, published_at, datePublished, pubdate
    outlet:    outlet, source, site, site_name, publisher  (or {"name": ...})
    author:    author, byline, authors  (a string, {"name": ...} or a list)
A record whose text is missing/blank or whose fields have the wrong type (or
a published value that is not a date) is skipped with a warning.

Every source's metadata is cleaned by indexer.metaclean (bidi and control
characters removed, over-long values cut, over-long URLs dropped), with a
warning per change.  Sidecar metadata (NAME.meta.json) overrides what a txt
or HTML file states about its one article; for JSON it only fills fields a
record leaves unknown, since one sidecar may serve many records.
"""
from __future__ import annotations

import json
from dataclasses import fields, replace
from typing import Any

from indexer.errors import ParseError
from indexer.html_parser import parse_html
from indexer.metaclean import clean_metadata
from indexer.reader import describe_json_type, metadata_from_mapping
from search.model import Metadata, ParsedArticle, SourceFile

TEXT_KEYS: tuple[str, ...] = ("text", "body", "content")
MAX_HEADLINE_CHARS = 200
CLOSING_QUOTES = "\"'\u201d\u2019\u00bb"


def parse_source(src: SourceFile) -> list[ParsedArticle]:
    """Return the articles in `src` (one for txt/html, one per good JSON
    record).  Raises ParseError when the file holds no usable article."""
    articles, _warnings = parse_source_report(src)
    return articles


def parse_source_report(src: SourceFile) -> tuple[list[ParsedArticle], list[str]]:
    """Return (articles, warnings): warnings say which metadata values were
    cut or dropped (indexer.metaclean, applied to each source's metadata
    before a sidecar is overlaid) and which records of a JSON/JSONL file were
    skipped and why.  Raises ParseError when nothing usable is found (the
    message is the first reason)."""
    notes: list[str] = []
    if src.sidecar is not None:
        src = replace(src, sidecar=_cleaned(src.sidecar, "sidecar ", notes))
    if src.kind == "txt":
        article = parse_text(src)
        return [replace(article, meta=_cleaned(article.meta, "", notes))], notes
    if src.kind == "html":
        article = parse_html(src.path, src.text)
        meta = overlay_metadata(_cleaned(article.meta, "", notes), src.sidecar)
        return [replace(article, meta=meta)], notes
    if src.kind == "json":
        records = _load_json_records(src.text)
    elif src.kind == "jsonl":
        records = _load_jsonl_records(src.text)
    else:
        raise ParseError(f"unsupported source kind {src.kind!r}")
    articles, warnings = _articles_from_records(src, records)
    return articles, notes + warnings


def _cleaned(meta: Metadata, label: str, notes: list[str]) -> Metadata:
    """Return `meta` cleaned by indexer.metaclean, adding its notes (prefixed
    with `label`, e.g. "record 3: ") to `notes`."""
    meta, changes = clean_metadata(meta)
    notes.extend(label + change for change in changes)
    return meta


def parse_text(src: SourceFile) -> ParsedArticle:
    """Return the plain-text article: text exactly as read, no blocks; the
    title is the sidecar's, else a headline-like first line, else None."""
    if not src.text.strip():
        raise ParseError("no article text found")
    meta = src.sidecar or Metadata()
    if meta.title is None:
        meta = replace(meta, title=find_headline(src.text))
    return ParsedArticle(source=src.path, text=src.text, meta=meta)


def find_headline(text: str) -> str | None:
    """Return the first line if it reads as a headline: short (< 200 chars),
    not ending in a full stop, followed by a blank line and more text."""
    lines = text.lstrip().splitlines()
    if len(lines) < 3 or lines[1].strip():
        return None
    first = " ".join(lines[0].split())
    if not first or len(first) >= MAX_HEADLINE_CHARS:
        return None
    if first.rstrip(CLOSING_QUOTES).endswith((".", "\u2026")):
        return None
    if not any(line.strip() for line in lines[2:]):
        return None
    return first


def overlay_metadata(base: Metadata, over: Metadata | None) -> Metadata:
    """Return `base` with every field that `over` knows replaced by it."""
    if over is None:
        return base
    known = {f.name: getattr(over, f.name) for f in fields(Metadata) if getattr(over, f.name) is not None}
    return replace(base, **known)


def _load_json_records(text: str) -> list[tuple[str, Any]]:
    """Return (label, value) for the object or list of objects in `text`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise ParseError("invalid JSON: nested too deeply") from None
    if isinstance(data, list):
        return [(f"record {i}", item) for i, item in enumerate(data, start=1)]
    return [("record 1", data)]


def _load_jsonl_records(text: str) -> list[tuple[str, Any]]:
    """Return (label, value) per non-blank line; bad lines carry the error
    message as an _InvalidLine value so they become warnings, not failures."""
    records: list[tuple[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append((f"line {number}", json.loads(line)))
        except json.JSONDecodeError as exc:
            records.append((f"line {number}", _InvalidLine(f"invalid JSON at column {exc.colno}: {exc.msg}")))
        except RecursionError:
            records.append((f"line {number}", _InvalidLine("invalid JSON: nested too deeply")))
    return records


class _InvalidLine:
    """Marks a JSONL line that did not parse; `reason` says why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _articles_from_records(src: SourceFile, records: list[tuple[str, Any]]) -> tuple[list[ParsedArticle], list[str]]:
    """Return (articles, warnings) for labelled records; raise ParseError
    with the first reason when no record is usable."""
    if not records:
        raise ParseError("no articles in file")
    articles: list[ParsedArticle] = []
    warnings: list[str] = []
    for label, value in records:
        try:
            article = parse_record(src, value)
        except ParseError as exc:
            warnings.append(f"{label}: {exc}")
            continue
        # After the sidecar overlay (already clean): a record's dropped URL
        # must not be replaced by the one URL a sidecar gives every record.
        articles.append(replace(article, meta=_cleaned(article.meta, f"{label}: ", warnings)))
    if not articles:
        raise ParseError(warnings[0] if len(warnings) == 1 else f"{warnings[0]} (and {len(warnings) - 1} more)")
    return articles, warnings


def parse_record(src: SourceFile, value: Any) -> ParsedArticle:
    """Return the article in one JSON record.  The sidecar, if any, only
    fills fields the record leaves unknown (one sidecar may serve many
    records).  Raises ParseError naming the first problem."""
    if isinstance(value, _InvalidLine):
        raise ParseError(value.reason)
    if not isinstance(value, dict):
        raise ParseError(f"expected a JSON object, got {describe_json_type(value)}")
    text = _record_text(value)
    meta, problems = metadata_from_mapping(value)
    if problems:
        raise ParseError(problems[0])
    meta = overlay_metadata(src.sidecar, meta) if src.sidecar else meta
    return ParsedArticle(source=src.path, text=text, meta=meta)


def _record_text(record: dict[str, Any]) -> str:
    """Return the record's article text; raise ParseError if absent or not a string."""
    for key in TEXT_KEYS:
        value = record.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ParseError(f"{key} is {describe_json_type(value)}, expected a string")
        if not value.strip():
            raise ParseError(f"{key} is blank")
        return value
    raise ParseError(f"no text (expected one of: {', '.join(TEXT_KEYS)})")
