"""Stage 2 of the indexer: turn a SourceFile into ParsedArticles.

Owns the per-format readings of an article: plain text (the text exactly as
decoded, with the headline taken from line 1 only when it looks like one),
JSON / JSON Lines records (field aliases below) and, via
indexer.parse.html.parser, saved HTML pages and the HTML pages of a web
archive (WARC: each page's URL and fetch time the archive's).  Metadata is
only ever *read* from the input, never guessed: whatever is not stated
stays None.

JSON record fields (first non-null alias wins):
    text:      text, body, content
    title:     title, headline
    url:       url, link, canonical_url
    published: published, date, published_at, datePublished, pubdate
    outlet:    outlet, source, site, site_name, publisher  (or {"name": ...})
    author:    author, byline, authors  (a string, {"name": ...} or a list)
A record whose text is missing/blank or whose fields have the wrong type is
skipped with a warning; a published value that is not a date is dropped
with a note and the record kept.

Every source's metadata is cleaned by indexer.parse.metaclean (bidi and control
characters removed, over-long values cut, over-long URLs dropped), with a
warning per change.  Sidecar metadata (NAME.meta.json) overrides what a txt
or HTML file states about its one article; for JSON it only fills fields a
record leaves unknown, since one sidecar may serve many records.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import fields, replace
from typing import Any

from onrecord.indexer.errors import ParseError
from onrecord.indexer.parse.metaclean import clean_metadata
from onrecord.indexer.read.reader import describe_json_type, find_lone_surrogate, metadata_from_mapping
from onrecord.search import Metadata, ParsedArticle, SourceFile

TEXT_KEYS: tuple[str, ...] = ("text", "body", "content")
MAX_HEADLINE_CHARS = 200
CLOSING_QUOTES = "\"'\u201d\u2019\u00bb"


def parse_source(src: SourceFile) -> list[ParsedArticle]:
    """Return the articles in `src` (one for txt/html, one per good JSON
    record).  Raises ParseError when the file holds no usable article."""
    return list(iter_articles(src))


def parse_source_report(src: SourceFile) -> tuple[list[ParsedArticle], list[str]]:
    """Return (articles, warnings): warnings say which metadata values were
    cut or dropped (indexer.parse.metaclean, applied to each source's metadata
    before a sidecar is overlaid) and which records of a JSON/JSONL file were
    skipped and why.  Raises ParseError when nothing usable is found (the
    message is the first reason)."""
    warnings: list[str] = []
    return list(iter_articles(src, warnings)), warnings


def parse_html(source: str, html: str) -> ParsedArticle:
    """Return indexer.parse.html.parser's parse_html(source, html); raises
    what it raises (ParseError)."""
    # Imported on the first page, not with this module: trafilatura and the
    # HTML stack cost ~0.2 s of CPU in every process that imports them, and
    # a text corpus's indexing workers and parent never read a page.
    from onrecord.indexer.parse.html.parser import parse_html as parse_page

    return parse_page(source, html)


def iter_articles(src: SourceFile, warnings: list[str] | None = None) -> Iterator[ParsedArticle]:
    """Yield the articles in `src` one at a time: a JSON Lines file is read
    record by record, so a caller that annotates each article as it comes
    never holds every record of a big export at once.  Metadata notes and
    skipped records are appended to `warnings`; raises ParseError (after
    the last record) when nothing usable was found."""
    notes: list[str] = [] if warnings is None else warnings
    if src.sidecar is not None:
        src = replace(src, sidecar=_cleaned(src.sidecar, "sidecar ", notes))
    if src.kind == "txt":
        article = parse_text(src)
        yield replace(article, meta=_cleaned(article.meta, "", notes))
    elif src.kind == "html":
        article = parse_html(src.path, src.text)
        yield replace(article, meta=overlay_metadata(_cleaned(article.meta, "", notes), src.sidecar))
    elif src.kind == "json":
        yield from _articles_from_records(src, _load_json_records(src.text), notes)
    elif src.kind == "jsonl":
        yield from _articles_from_records(src, _iter_jsonl_records(src.text), notes)
    elif src.kind == "warc":
        yield from _articles_from_captures(src, notes)
    else:
        raise ParseError(f"unsupported source kind {src.kind!r}")


def _cleaned(meta: Metadata, label: str, notes: list[str]) -> Metadata:
    """Return `meta` cleaned by indexer.parse.metaclean, adding its notes (prefixed
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


def _articles_from_captures(src: SourceFile, notes: list[str]) -> Iterator[ParsedArticle]:
    """Yield each HTML page of a web archive read as a saved page is, its
    URL the one it was fetched from and its fetch time the archive's (the
    archive's word, like a sidecar's, over the page's); the sidecar, if any,
    only fills what a page leaves unknown.  The archive's notes (records
    passed over, damage) go to `notes`; raises ParseError when no page is left."""
    notes.extend(src.notes)
    for capture in src.captures:
        article = parse_html(src.path, capture.text)
        label = f"{capture.record}: "
        # each part cleaned once (the sidecar already is, by iter_articles)
        # the archive's own path, absolute: the record stays findable from any working folder
        stated = _cleaned(Metadata(url=capture.url or None, fetched=capture.fetched,
                                   capture_file=os.path.abspath(src.path), capture_offset=capture.offset),
                          label, notes)
        meta = overlay_metadata(_cleaned(article.meta, label, notes), stated)
        meta = overlay_metadata(src.sidecar, meta) if src.sidecar else meta
        yield replace(article, meta=meta, record=capture.record)
    if not src.captures:
        raise ParseError(f"no HTML pages in the archive ({'; '.join(src.notes) or 'no records'})")


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


# What str.splitlines() splits on, so line numbers stay as they were.
_LINE_RE = re.compile("([^\n\r\v\f\x1c-\x1e\x85\u2028\u2029]*)(?:\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029])?")


def _iter_jsonl_records(text: str) -> Iterator[tuple[str, Any]]:
    """Yield (label, value) per non-blank line, parsing each line only when
    it is reached; bad lines carry the error message as an _InvalidLine
    value so they become warnings, not failures."""
    lines = (m.group(1) for m in _LINE_RE.finditer(text) if m.group())  # the last match is empty
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield f"line {number}", json.loads(line)
        except json.JSONDecodeError as exc:
            yield f"line {number}", _InvalidLine(f"invalid JSON at column {exc.colno}: {exc.msg}")
        except RecursionError:
            yield f"line {number}", _InvalidLine("invalid JSON: nested too deeply")


class _InvalidLine:
    """Marks a JSONL line that did not parse; `reason` says why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _articles_from_records(src: SourceFile, records: Iterable[tuple[str, Any]],
                           warnings: list[str]) -> Iterator[ParsedArticle]:
    """Yield the article of each usable labelled record, appending the
    others' reasons to `warnings`; raise ParseError with the first reason
    when no record is usable."""
    problems: list[str] = []
    found = False
    for label, value in records:
        try:
            article = parse_record(src, value, notes=warnings, label=label)
        except ParseError as exc:
            problems.append(f"{label}: {exc}")
            warnings.append(problems[-1])
            continue
        found = True
        # After the sidecar overlay (already clean): a record's dropped URL
        # must not be replaced by the one URL a sidecar gives every record.
        yield replace(article, meta=_cleaned(article.meta, f"{label}: ", warnings), record=label)
    if not found and not problems:
        raise ParseError("no articles in file")
    if not found:
        raise ParseError(problems[0] if len(problems) == 1 else f"{problems[0]} (and {len(problems) - 1} more)")


def parse_record(src: SourceFile, value: Any, notes: list[str] | None = None,
                 label: str = "record") -> ParsedArticle:
    """Return the article in one JSON record.  The sidecar, if any, only
    fills fields the record leaves unknown (one sidecar may serve many
    records).  A value dropped from the kept record (a publication date
    that is not one) is described in `notes`, prefixed with `label`.
    Raises ParseError naming the first problem."""
    if isinstance(value, _InvalidLine):
        raise ParseError(value.reason)
    if not isinstance(value, dict):
        raise ParseError(f"expected a JSON object, got {describe_json_type(value)}")
    text = _record_text(value)
    meta, problems, dropped = metadata_from_mapping(value)
    if problems:
        raise ParseError(problems[0])
    if notes is not None:
        notes.extend(f"{label}: {note}" for note in dropped)
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
        surrogate = find_lone_surrogate(value)
        if surrogate is not None:
            raise ParseError(f"{key} {surrogate}")
        if not value.strip():
            raise ParseError(f"{key} is blank")
        return value
    raise ParseError(f"no text (expected one of: {', '.join(TEXT_KEYS)})")
