"""The /watch page: what the watch beside the index is doing.

Owns /watch and its JSON twin /watch.json, from the same data
(search.read_watch_status: each source's last run, last fetch, errors and
next run; each alert's pending, failing and sent items).  The page reads
the watch's state.db, never the index, so it answers while the index is
being rebuilt.
"""
from __future__ import annotations

from flask import Blueprint, Response, render_template, url_for

from onrecord.search import read_watch_status
from onrecord.web.api import json_page
from onrecord.web.state import get_state

bp = Blueprint("watch", __name__)


@bp.get("/watch", defaults={"fmt": "html"})
@bp.get("/watch.json", endpoint="watch_status_json", defaults={"fmt": "json"})
def watch_status(fmt: str) -> str | Response:
    """Return the watch's status page, or its data as JSON."""
    status = read_watch_status(get_state().config.index_dir)
    if fmt == "json":
        return json_page(status.to_dict())
    return render_template("watch.html", status=status, json_url=url_for("watch.watch_status_json"))
