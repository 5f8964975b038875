"""The /watch page: what the watch beside the index is doing.

Owns /watch and its JSON twin /watch.json, from the same data
(search.read_watch_status: each source's last run, last fetch, errors and
next run; each alert's pending, failing and sent items).  The page reads
the watch's state.db, never the index, so it answers while the index is
being rebuilt.  With collections (issue #36) only a reader of every
collection sees it: sources and alerts name what a desk follows, and
belong to no one collection; anyone else gets the not-found answer.
"""
from __future__ import annotations

from flask import Blueprint, Response, render_template, url_for

from onrecord.search import NotFoundError, read_watch_status
from onrecord.web.access.gate import reader_collections
from onrecord.web.outputs.api import json_page
from onrecord.web.serving.state import get_state

bp = Blueprint("watch", __name__)


@bp.get("/watch", defaults={"fmt": "html"})
@bp.get("/watch.json", endpoint="watch_status_json", defaults={"fmt": "json"})
def watch_status(fmt: str) -> str | Response:
    """Return the watch's status page, or its data as JSON; raises
    NotFoundError (404) for a reader kept to some collections."""
    if reader_collections() is not None:
        raise NotFoundError("No such page.")
    status = read_watch_status(get_state().config.index_dir)
    if fmt == "json":
        return json_page(status.to_dict())
    return render_template("watch.html", status=status, json_url=url_for("watch.watch_status_json"))
