"""Web archives (WARC, .warc or .warc.gz) to the HTML pages they hold.

Owns which records of a WARC are articles: a `response` record whose HTTP
status is 200 and whose payload is HTML (text/html or
application/xhtml+xml), and a `resource` record of HTML (a capture with no
HTTP envelope).  Everything else (request, metadata, warcinfo and revisit
records, redirects, 4xx/5xx, PDFs and images) is passed over and counted
by what it was.  warcio reads the records, their gzip members and the HTTP
chunked and gzip/deflate bodies; each page's bytes are then decoded exactly
as a saved page's are (indexer.read.encodings.decode_html: BOM, declared
charset, else a named guess).  A damaged or truncated archive keeps every
record read before the damage and says where it was lost.  Only this module
imports warcio.
"""
from __future__ import annotations

import datetime as dt
import io
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed

from onrecord.indexer.errors import ReadError
from onrecord.indexer.read.encodings import decode_html, repair_mojibake
from onrecord.search import CapturedPage

HTML_TYPES: frozenset[str] = frozenset({"text/html", "application/xhtml+xml"})
# Record types that never hold a page: counted under their own name.
PAGE_RECORDS: frozenset[str] = frozenset({"response", "resource"})
# What warcio (and the gzip and zlib readers under it) raise on a damaged
# or truncated archive.
DAMAGE_ERRORS: tuple[type[BaseException], ...] = (ArchiveLoadFailed, EOFError, OSError, ValueError)


@dataclass(slots=True)
class WarcReading:
    """The HTML pages of one archive, the records passed over (by what they
    were: "request record", "HTTP 404", "not HTML (application/pdf)"), the
    encodings guessed per page, and where damage cut the archive short."""

    pages: list[CapturedPage] = field(default_factory=list)
    passed_over: Counter[str] = field(default_factory=Counter)
    guessed: list[str] = field(default_factory=list)  # "record 3: windows-1252"
    damage: str | None = None

    def notes(self) -> list[str]:
        """Return one line on the records passed over and one on damage."""
        notes = []
        if self.passed_over:
            total = sum(self.passed_over.values())
            kinds = ", ".join(f"{n} {what}" for what, n in sorted(self.passed_over.items()))
            notes.append(f"{total} WARC record{'s' if total != 1 else ''} not read as articles: {kinds}")
        if self.damage:
            notes.append(self.damage)
        return notes


def read_warc(data: bytes, base_offset: int = 0) -> WarcReading:
    """Return the HTML pages in the WARC `data` (plain or gzip'd) and what
    was passed over; each page's offset is its record's in the file, `data`
    starting at `base_offset` of it (a watch hands one record of its capture
    file).  Raises ReadError when not one record can be read (not a WARC, or
    damaged from the start); later damage is kept in `damage`."""
    reading = WarcReading()
    records = ArchiveIterator(io.BytesIO(data))
    done = 0  # records read whole
    try:
        for record in records:
            # warcio's offset is where the record it just yielded starts
            _read_record(record, f"record {done + 1}", base_offset + records.offset, reading)
            done += 1
        if data[records.offset:].strip(b"\r\n\x00"):
            raise EOFError(f"{len(data) - records.offset} bytes at the end are not a whole record")
    except DAMAGE_ERRORS as exc:
        if done == 0:
            raise ReadError(f"not a readable WARC file: {_describe(exc)}") from None
        reading.damage = (f"WARC damaged or truncated at record {done + 1} ({_describe(exc)}): "
                          f"the {len(reading.pages)} page(s) before it kept, the rest of the file lost")
    if done == 0:
        raise ReadError("not a readable WARC file: no records")
    return reading


def _read_record(record: Any, label: str, offset: int, reading: WarcReading) -> None:
    """Add the record's page to `reading`, or count why it is not one.
    Raises EOFError when the record is cut short (its headers, or fewer
    bytes than its Content-Length), and what warcio raises on damage."""
    # warcio also reads old ARC files and takes any line of text for an ARC
    # header: only a record that says it is WARC is one.
    if not str(record.format).startswith("warc"):
        raise ValueError(f"{label} has no WARC header")
    why = _not_a_page(record)
    body = b""
    if why is None:
        try:
            body = record.content_stream().read()
        except zlib.error:  # a body that says gzip and is not: this page lost, the archive read on
            why = "page whose body does not decompress"
    # Read whole before anything is kept: a record the file cut short is
    # damage, not a shorter page.
    record.raw_stream.read()
    missing = getattr(record.raw_stream, "limit", None)  # warcio's LimitReader over Content-Length
    if missing is None:
        raise EOFError(f"{label}'s headers are cut short")
    if missing > 0:
        raise EOFError(f"{label} is cut short ({missing} bytes of it missing)")
    if why is None:
        why = _add_page(record, body, label, offset, reading)
    if why is not None:
        reading.passed_over[why] += 1


def _add_page(record: Any, body: bytes, label: str, offset: int, reading: WarcReading) -> str | None:
    """Add the page in `body` (its record at byte `offset` of the archive)
    to `reading`, decoded as a saved page is;
    return why it was not added (not text, empty), else None."""
    try:
        decoded = repair_mojibake(decode_html(body))
    except ReadError as exc:  # one page's bytes, not the archive: the others are read on
        return f"page not readable as text ({exc})"
    if not decoded.text.strip():
        return "empty page"
    if decoded.guessed:
        reading.guessed.append(f"{label}: {decoded.guessed}")
    headers = record.rec_headers
    reading.pages.append(CapturedPage(url=(headers.get_header("WARC-Target-URI") or "").strip(),
                                      fetched=parse_warc_date(headers.get_header("WARC-Date")),
                                      text=decoded.text, record=label, offset=offset))
    return None


def _not_a_page(record: Any) -> str | None:
    """Return why a record is not an HTML page ("request record", "HTTP 301
    (redirect)", "not HTML (application/pdf)"), or None when it is one."""
    rec_type = record.rec_type or ""
    if rec_type not in PAGE_RECORDS:
        return f"{rec_type or 'untyped'} record"
    http = record.http_headers
    if rec_type == "response":
        if http is None:
            return "response without HTTP headers"
        status = (http.get_statuscode() or "").strip()
        if status != "200":
            return f"HTTP {status} (redirect)" if status.startswith("3") else f"HTTP {status or '?'}"
        content_type = http.get_header("Content-Type") or ""
    else:
        content_type = record.rec_headers.get_header("Content-Type") or ""
    mime = content_type.split(";", 1)[0].strip().lower()
    return None if mime in HTML_TYPES else f"not HTML ({mime or 'no type'})"


def parse_warc_date(value: str | None) -> dt.datetime | None:
    """Return a WARC-Date ("2024-05-01T12:30:00Z", perhaps with fractions
    of a second) as an aware UTC datetime, or None when absent or not one."""
    if not value:
        return None
    try:
        parsed = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed.replace(tzinfo=dt.UTC) if parsed.tzinfo is None else parsed.astimezone(dt.UTC)


def _describe(exc: BaseException) -> str:
    """Return a one-line reason for a reading error."""
    text = " ".join(str(exc).split())[:200]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
