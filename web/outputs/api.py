"""The JSON API: /api/search (same parameters as the search page),
/healthz, and json_page(), which every page's .json twin answers with.
Errors become {"error": message, "status": code} in web.serving.errors."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

import onrecord.search as search_layer  # names looked up per call reach a patch of their home module
from onrecord.web.access.gate import reader_request
from onrecord.web.outputs.citations import public_permalinks
from onrecord.web.serving.params import refuse_unknown_params
from onrecord.web.serving.state import get_state, site_root

bp = Blueprint("api", __name__)


@bp.get("/api/search")
def api_search() -> Response:
    """Return SearchResult.to_dict() for the request's parameters as JSON,
    permalinks absolute on the site root (web.serving.state.site_root) when there is one.  An
    unknown parameter is a 400: a script's year=2003 must not quietly
    return every year."""
    state = get_state()
    refuse_unknown_params(request.args.keys())
    req = reader_request()
    result = search_layer.search(state.index(), req)
    return jsonify(public_permalinks(result.to_dict(), site_root()))


def json_page(data: dict[str, Any]) -> Response:
    """Return a page's data (the dict its HTML is rendered from) as JSON,
    permalinks absolute on the site root when there is one (Datasette's
    convention: every page has a .json twin with the same data)."""
    return jsonify(public_permalinks(data, site_root()))


@bp.get("/healthz")
def healthz() -> Response:
    """Return {"status": "ok"} if the index answers as built: it opens,
    its current commit's files have the sizes their commit wrote and its
    article records can be read.  Otherwise IndexUnavailableError becomes
    a 503 {"error": reason and repair, "status": 503} (web.serving.errors), so a
    load balancer takes a server with a missing or damaged index out."""
    get_state().index().verify()
    return jsonify({"status": "ok"})
