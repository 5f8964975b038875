"""CSV and JSON exports of a whole result set: /export.csv and /export.json.

Owns the export URLs (the search page's parameters plus rows=quotes|
paragraphs), the download file name, and the streaming encoders.  Rows come
lazily from search.features.exporting.iter_export_rows and are encoded one at a time
into a generator, so an export of any size streams with constant memory and
is never capped at a page.  The first row is fetched before the response
starts, so a bad query still becomes an ordinary 400 page, and an export
beyond the server's export slots a 503 with Retry-After (search.features.exporting).
Rows are made only as fast as the client takes them (the server holds about
256 KB of a reply); a client that stops reading is cut off and its slot
freed (web.serving.server).
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import itertools
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from flask import Blueprint, Response, request, stream_with_context

import onrecord.search as search_layer  # names looked up per call reach a patch of their home module
from onrecord.search import EXPORT_COLUMNS, NAME_FACETS, QueryError, RowKind, SearchRequest
from onrecord.web.access.gate import reader_request
from onrecord.web.outputs.citations import absolute_url
from onrecord.web.serving.params import refuse_unknown_params
from onrecord.web.serving.state import get_state, site_root

bp = Blueprint("exports", __name__)

ROW_KINDS: tuple[RowKind, ...] = ("quotes", "paragraphs")
MAX_SLUG_CHARS = 40
# The most characters of query and filters in a download name: long enough
# to tell exports apart in a Downloads folder, short enough for any file system.
MAX_NAME_SLUG_CHARS = 100
# Excel reads a CSV without a byte order mark in the machine's code page,
# so "£" or "é" would open as mojibake; with it, as UTF-8.
UTF8_BOM = "\ufeff"
# Leading characters that make a spreadsheet read a cell as a formula (or
# drop characters until one does), and why.  A cell starting with any of them
# gets a leading apostrophe, so a quote like '=cost' or '+44...' stays text
# (OWASP "CSV Injection", ASVS 1.2.10).  Every character whose compatibility
# form (NFKC) is one of = + - @ is listed: Excel with an East Asian input
# method reads full-width ＝ as =, and other apps fold the rest the same way.
FORMULA_TRIGGERS: dict[str, str] = {
    "=": "formula", "+": "formula (sign)", "-": "formula (sign)", "@": "function call (Lotus style)",
    "\t": "tab: skipped by some importers, exposing what follows",
    "\r": "carriage return: starts a new line in some importers",
    "\n": "line feed: starts a new line in some importers",
    "\0": "NUL: dropped by some importers, exposing what follows",
    "\uff1d": "full-width =", "\uff0b": "full-width +", "\uff0d": "full-width -", "\uff20": "full-width @",
    "\ufe66": "small =", "\ufe62": "small +", "\ufe63": "small -", "\ufe6b": "small @",
    "\u207c": "superscript =", "\u208c": "subscript =", "\u207a": "superscript +",
    "\u208a": "subscript +", "\ufb29": "Hebrew alternative +",
}
_FORMULA_START = tuple(FORMULA_TRIGGERS)
_SLUG_JUNK = re.compile(r"[^a-z0-9]+")


def parse_rows(raw: str | None) -> RowKind:
    """Return the row kind ('quotes' if blank); raises QueryError otherwise."""
    value = (raw or "").strip().lower() or "quotes"
    for kind in ROW_KINDS:
        if value == kind:
            return kind
    raise QueryError(f"'rows' must be one of {', '.join(ROW_KINDS)}.")


def slugify(text: str, limit: int = MAX_SLUG_CHARS) -> str:
    """Return `text` lowercased to ASCII letters/digits joined by '-', at
    most `limit` characters ('' when nothing is left)."""
    return _SLUG_JUNK.sub("-", text.lower()).strip("-")[:limit].strip("-")


def request_filters(req: SearchRequest) -> list[tuple[str, str]]:
    """Return the filters of `req` as (parameter, value) pairs, in the order
    of the facets and then the date range, for naming a download."""
    pairs = [(facet.name, value) for facet in NAME_FACETS
             for value in getattr(req, str(facet.request_attr))]
    pairs += [(name, day.isoformat()) for name, day in (("since", req.since), ("until", req.until)) if day]
    return pairs


def export_filename(query: str, today: dt.date, ext: str, rows: str = "quotes",
                    filters: Iterable[tuple[str, str]] = ()) -> str:
    """Return a safe download name like
    'onrecord-police-speaker-tony-blair-quotes-2026-12-01.csv': the query
    (at most MAX_SLUG_CHARS, 'all' when empty) and each filter as
    'name-value', lowercased to ASCII letters/digits joined by '-', the
    whole at most MAX_NAME_SLUG_CHARS, so two exports of the same words
    with different filters are told apart."""
    parts = [slugify(query) or "all"]
    parts += [f"{name}-{slugify(value)}" for name, value in filters if slugify(value)]
    slug = "-".join(parts)[:MAX_NAME_SLUG_CHARS].strip("-")
    return f"onrecord-{slug}-{rows}-{today.isoformat()}.{ext}"


def cell_value(value: Any) -> str:
    """Return one CSV cell: lists joined by '; ', None as '', text starting
    with a FORMULA_TRIGGERS character prefixed with an apostrophe."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        value = "; ".join(str(v) for v in value)
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def iter_csv(rows: Iterable[dict[str, Any]], columns: list[str]) -> Iterator[str]:
    """Yield the CSV text: a header line, then one line per row with the
    `columns` in order (missing keys empty), quoted as the csv module does."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for record in itertools.chain([columns], ([cell_value(row.get(c)) for c in columns] for row in rows)):
        writer.writerow(record)
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()


def iter_excel_csv(rows: Iterable[dict[str, Any]], columns: list[str]) -> Iterator[str]:
    """Yield iter_csv's chunks, the header line starting with UTF8_BOM, so
    spreadsheet apps read the file as UTF-8."""
    chunks = iter_csv(rows, columns)
    yield UTF8_BOM + next(chunks)
    yield from chunks


def iter_json(rows: Iterable[dict[str, Any]], columns: list[str]) -> Iterator[str]:
    """Yield a JSON array of objects with the `columns` as keys in order,
    one element per chunk (valid JSON once all chunks are joined)."""
    yield "["
    for i, row in enumerate(rows):
        item = {c: row.get(c) for c in columns}
        yield ("," if i else "") + "\n" + json.dumps(item, ensure_ascii=False, default=str)
    yield "\n]\n"


ENCODERS = {"csv": (iter_excel_csv, "text/csv; charset=utf-8"),  # format -> (encoder, Content-Type)
            "json": (iter_json, "application/json; charset=utf-8")}


def start_rows(rows: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Return `rows` with its first item already fetched, so errors raised
    while the search starts (QueryError) surface before streaming."""
    first = next(rows, None)
    return rows if first is None else itertools.chain([first], rows)


def with_absolute_permalinks(rows: Iterable[dict[str, Any]], root: str) -> Iterator[dict[str, Any]]:
    """Yield the rows with their site-relative 'permalink' made absolute on
    the public base URL `root`, so a cell pasted into a story or
    spreadsheet is a working link; unchanged when `root` is ''."""
    for row in rows:
        link = row.get("permalink")
        if isinstance(link, str) and link.startswith("/"):
            row = {**row, "permalink": absolute_url(root, link)}
        yield row


def export_response(ext: str) -> Response:
    """Return the streamed export of the current request in format `ext`."""
    state = get_state()
    refuse_unknown_params(request.args.keys(), extra=("rows",))
    req = reader_request()
    kind = parse_rows(request.args.get("rows"))
    columns = list(EXPORT_COLUMNS[kind])
    found = start_rows(iter(search_layer.iter_export_rows(state.index(), req, kind)))
    rows = with_absolute_permalinks(found, site_root())
    encode, mimetype = ENCODERS[ext]
    name = export_filename(req.query, dt.date.today(), ext, kind, request_filters(req))
    response = Response(stream_with_context(encode(rows, columns)), content_type=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/export.csv")
def export_csv() -> Response:
    """Return every matching quote or paragraph as a streamed CSV download."""
    return export_response("csv")


@bp.get("/export.json")
def export_json() -> Response:
    """Return every matching quote or paragraph as a streamed JSON array."""
    return export_response("json")
