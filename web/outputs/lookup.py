"""The batch look-up page: /lookup, and its /lookup.csv and /lookup.json.

Owns reading the pasted list (one name per line, or a CSV's first column
when `csv` is ticked; a file chosen in the page is read into the box by
static/app.js) and rendering search.features.lookup's rows as a table, a
CSV (one line per name and matching speaker) or JSON, all from lookup_data.
The form is a GET, like every form here: the look-up changes nothing, and
a shared URL repeats it.  Over MAX_NAMES names is a 400 (web.serving.errors).
"""
from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, render_template, request, stream_with_context, url_for

from onrecord.search import MAX_NAMES, LookupRow, lookup_speakers
from onrecord.web.access.gate import reader_collections
from onrecord.web.outputs.api import json_page
from onrecord.web.outputs.citations import absolute_url
from onrecord.web.outputs.exports import iter_excel_csv
from onrecord.web.outputs.names import entity_url
from onrecord.web.serving.params import parse_flag
from onrecord.web.serving.state import get_state, site_root

bp = Blueprint("lookup", __name__)

CSV_COLUMNS = ["name", "speaker", "match", "quote_count", "first", "last", "url"]
HEADER_CELLS = frozenset({"name", "names", "speaker", "speakers", "full name"})
MAX_TEXT_CHARS = 200_000  # 500 names of up to 200 characters, with room for CSV columns


def parse_names(text: str, as_csv: bool) -> list[str]:
    """Return the names in `text`: one per line, or each CSV row's first
    cell; a header cell ('name', 'speaker', ...) on the first row and
    repeats are dropped, order kept."""
    text = text.lstrip("\ufeff")[:MAX_TEXT_CHARS]
    if as_csv:
        cells = [row[0] if row else "" for row in csv.reader(io.StringIO(text))]
    else:
        cells = text.splitlines()
    names = [" ".join(c.split()) for c in cells]
    if names and names[0].casefold() in HEADER_CELLS:
        names = names[1:]
    return list(dict.fromkeys(n for n in names if n))


def lookup_data(rows: list[LookupRow]) -> dict[str, Any]:
    """Return the data every form of the page shows: each name, and each
    speaker it matched with their counts, dates and page."""
    return {"names": len(rows), "matched": sum(1 for r in rows if r.matches),
            "rows": [{**row.to_dict(), "matches": [{**m.to_dict(), "url": entity_url("speaker", m.speaker)}
                                                   for m in row.matches]} for row in rows]}


def _request_rows() -> tuple[str, bool, list[LookupRow] | None]:
    """Return (the pasted text, its csv flag, the rows or None before a
    look-up).  The index is read even for an empty form, so a missing or
    damaged index is a 503 here as on every page, not a form that fails later."""
    text = request.args.get("names") or ""
    as_csv = parse_flag(request.args.get("csv"), "csv")
    names = parse_names(text, as_csv)
    rows = lookup_speakers(get_state().index(), names, reader_collections())
    return text, as_csv, rows if names else None


@bp.get("/lookup")
def lookup_page() -> str:
    """Return the form, and the table of matches once names were sent."""
    text, as_csv, rows = _request_rows()
    data = lookup_data(rows) if rows is not None else None
    params: dict[str, Any] = {"names": text, "csv": "1" if as_csv else None}
    return render_template("lookup.html", text=text, as_csv=as_csv, data=data, max_names=MAX_NAMES,
                           csv_url=url_for("lookup.lookup_csv", **params),
                           json_url=url_for("lookup.lookup_json", **params) if data else None)


@bp.get("/lookup.json")
def lookup_json() -> Response:
    """Return the look-up as JSON (lookup_data)."""
    _text, _as_csv, rows = _request_rows()
    return json_page(lookup_data(rows or []))


@bp.get("/lookup.csv")
def lookup_csv() -> Response:
    """Return the look-up as CSV: a line per (name, speaker), one with an
    empty speaker for a name that matched nobody."""
    _text, _as_csv, rows = _request_rows()
    root = site_root()
    response = Response(stream_with_context(iter_excel_csv(_csv_rows(lookup_data(rows or []), root),
                                                           CSV_COLUMNS)),
                        content_type="text/csv; charset=utf-8")
    name = f"onrecord-lookup-{dt.date.today().isoformat()}.csv"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _csv_rows(data: dict[str, Any], root: str) -> Iterator[dict[str, Any]]:
    for row in data["rows"]:
        if not row["matches"]:
            yield {"name": row["name"]}
        for match in row["matches"]:
            yield {"name": row["name"], **match, "url": absolute_url(root, match["url"])}
