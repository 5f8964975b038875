"""The Flask app factory and the production server entry point.

Owns assembling the app (blueprints, error handlers, template helpers),
the security headers sent on every response, and `serve`, which runs the
app under waitress for `onrecord serve`.
"""
from __future__ import annotations

from typing import Any

from flask import Flask, Response, request

from search.config import Config, load_config
from search.store import Index
from web.api import bp as api_bp
from web.citations import hit_citation, permalink, quote_citation, record_citation, text_fragment_url
from web.clusters import build_cluster
from web.entities import bp as entities_bp
from web.entities import entity_url
from web.errors import register_error_handlers
from web.exports import bp as exports_bp
from web.pages import bp as pages_bp
from web.render import format_date, safe_href
from web.state import STATE_KEY, AppState

SECURITY_HEADERS: dict[str, str] = {
    # No inline scripts or styles and no third-party hosts: the templates
    # only reference /static, so this costs nothing and blocks most XSS.
    "Content-Security-Policy": "default-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
# Only GET forms exist; nothing legitimate sends a large body.
MAX_CONTENT_LENGTH = 16 * 1024
SERVER_THREADS = 8


def create_app(index: Index | None = None, config: Config | None = None) -> Flask:
    """Return the onrecord Flask app.

    `index` is an open search.store Index (tests pass a ram_index()); when
    it is None the index in config.index_dir is opened on first use.
    `config` defaults to search.config.load_config().
    """
    config = config or load_config()
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    app.json.sort_keys = False  # keep the contract's field order in /api
    if index is not None:  # the request limits (deadline, caps) come from the config
        index.apply_config(config)
    app.extensions[STATE_KEY] = AppState(config=config, index_obj=index)
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # tidy HTML
    app.jinja_env.filters["safe_href"] = safe_href
    app.jinja_env.filters["format_date"] = format_date
    app.jinja_env.globals.update(TEMPLATE_GLOBALS)
    for blueprint in (pages_bp, api_bp, entities_bp, exports_bp):
        app.register_blueprint(blueprint)
    register_error_handlers(app)
    app.after_request(add_security_headers)
    return app


def site_root() -> str:
    """Return the root URL of the site as the client sees it (for the
    absolute permalinks in citations)."""
    return request.url_root


# Helpers the templates call: links, clusters and citations are built by
# pure functions in web.*, never by string-pasting in Jinja.
TEMPLATE_GLOBALS: dict[str, Any] = {
    "entity_url": entity_url,
    "permalink": permalink,
    "build_cluster": build_cluster,
    "quote_citation": quote_citation,
    "hit_citation": hit_citation,
    "record_citation": record_citation,
    "site_root": site_root,
    "text_fragment_url": text_fragment_url,
}


def add_security_headers(response: Response) -> Response:
    """Return `response` with SECURITY_HEADERS set (existing values kept)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def serve(config: Config) -> None:
    """Serve the app with waitress on config.host:config.port until stopped."""
    from waitress import serve as waitress_serve  # only the server needs it

    waitress_serve(create_app(config=config), host=config.host, port=config.port, threads=SERVER_THREADS)
