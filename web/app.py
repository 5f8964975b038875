"""The Flask app factory and the production server entry point.

Owns assembling the app (blueprints, error handlers, template helpers),
the security headers sent on every response, and `serve`, which runs the
app under waitress for `onrecord serve` (in one process, or in several
sharing the port: web.serving.processes).
"""
from __future__ import annotations

import errno
import ipaddress
import logging
import socket
import sys
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider

from onrecord.search import FACETS, Config, ConfigError, Index, OnrecordError, freeze_survivors, load_config, warm_index
from onrecord.web.access.audit import flush_records
from onrecord.web.access.gate import install_access, set_login_csrf_cookie
from onrecord.web.outputs.api import bp as api_bp
from onrecord.web.outputs.citations import hit_citation, permalink, quote_citation, record_citation, text_fragment_url
from onrecord.web.outputs.exports import bp as exports_bp
from onrecord.web.outputs.feeds import bp as feeds_bp
from onrecord.web.outputs.lookup import bp as lookup_bp
from onrecord.web.outputs.names import display_title, entity_url
from onrecord.web.pages.also_in import build_cluster
from onrecord.web.pages.entities import NameConverter
from onrecord.web.pages.entities import bp as entities_bp
from onrecord.web.pages.render import format_date, hit_quote, safe_href
from onrecord.web.pages.routes import bp as pages_bp
from onrecord.web.serving.errors import register_error_handlers
from onrecord.web.serving.server import run_server
from onrecord.web.serving.state import STATE_KEY, AppState, site_root
from onrecord.web.watch.captures import bp as captures_bp
from onrecord.web.watch.status import bp as watch_bp

log = logging.getLogger(__name__)

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
# waitress settings for `onrecord serve`, each against slow or idle clients
# (waitress's default in brackets).  Idle and half-sent connections cost no
# thread, only a file descriptor and a slot under connection_limit: at the
# default limit 99 silent sockets locked every other client out, and each
# byte a client dribbles restarts its idle timer, so the limit must be far
# above what one client plausibly holds.  In public, put a buffering proxy
# (nginx) in front: it holds slow clients and sends waitress whole requests.
SERVER_OPTIONS: dict[str, Any] = {
    "threads": 8,  # [4] requests run at once; searches are short and bounded by the deadline
    "connection_limit": 1000,  # [100] open sockets; capped by the open-files limit below
    "channel_timeout": 15,  # [120] seconds a connection may sit idle, or take none of its
    # reply (web.serving.server), before it is closed
    "cleanup_interval": 2,  # [30] seconds between checks for idle connections
    "asyncore_use_poll": True,  # [False] select() fails on descriptors past 1023
    # A reply's bytes waiting for a client that reads slowly or not at all:
    # past the watermark the app's thread waits (an export makes its rows
    # as they are taken), and a buffer rotates before it overflows to a
    # temp file, so one client holds at most about 256 KB, in memory.  At
    # the defaults every export a client never read was spooled to /tmp,
    # up to 16 MB each before its thread even waited.
    "outbuf_high_watermark": 256 * 1024,  # [16 MB] bytes of reply held per connection
    "outbuf_overflow": 1024 * 1024,  # [1 MB] bytes of one buffer kept in memory
    # A request's body is read whole before the app sees it (into a temp
    # file past inbuf_overflow), so refuse one longer than the app takes.
    "max_request_body_size": MAX_CONTENT_LENGTH,  # [1 GB]
}
RESERVED_FDS = 100  # descriptors kept for the index's files, logs and spills


def server_options(open_files: int | None = None) -> dict[str, Any]:
    """Return SERVER_OPTIONS with connection_limit lowered to fit the
    process's open-files limit (`open_files`, default RLIMIT_NOFILE's soft
    value): past it accept() fails and new clients wait in the backlog."""
    if open_files is None:
        open_files = _open_files_limit()
    options = dict(SERVER_OPTIONS)
    if open_files >= 0:  # -1: unlimited (RLIM_INFINITY) or unknown
        options["connection_limit"] = max(10, min(options["connection_limit"], open_files - RESERVED_FDS))
    return options


def _open_files_limit() -> int:
    """Return the soft open-files limit, -1 if unlimited or unknown."""
    try:
        import resource  # not on Windows
    except ImportError:
        return -1
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def create_app(index: Index | None = None, config: Config | None = None) -> Flask:
    """Return the onrecord Flask app.

    `index` is an open search.store Index (tests pass a ram_index()); when
    it is None the index in config.index_dir is opened on first use.
    `config` defaults to search.config.load_config().
    """
    config = config or load_config()
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    assert isinstance(app.json, DefaultJSONProvider)  # Flask's default provider
    app.json.sort_keys = False  # keep the contract's field order in /api
    if index is not None:  # the request limits (deadline, caps) come from the config
        index.apply_config(config)
    app.extensions[STATE_KEY] = AppState(config=config, index_obj=index)
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # tidy HTML
    app.jinja_env.filters["safe_href"] = safe_href
    app.jinja_env.filters["format_date"] = format_date
    app.jinja_env.globals.update(TEMPLATE_GLOBALS)
    app.url_map.converters["name"] = NameConverter  # before the routes that use it
    for blueprint in (pages_bp, api_bp, entities_bp, exports_bp, feeds_bp, lookup_bp, captures_bp,
                      watch_bp):
        app.register_blueprint(blueprint)
    install_access(app)  # the login pages, and the check before every request
    register_error_handlers(app)
    app.after_request(set_login_csrf_cookie)
    app.after_request(add_security_headers)
    app.after_request(keep_redirects_on_site)
    return app


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
    "display_title": display_title,  # a headline, or an untitled article's first words
    "facet_defs": FACETS,  # the search page's facet lists, in table order
    "hit_quote": hit_quote,  # what a quotes-mode hit shows of its quote
}


def add_security_headers(response: Response) -> Response:
    """Return `response` with SECURITY_HEADERS set (existing values kept)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def refuse_public_bind(host: str, port: int, public: bool, access_control: bool = False) -> None:
    """Raise ConfigError (before anything is bound) if `host` is not a
    loopback address, access control is off (`access_control`) and the
    operator did not pass --public (`public`): then whoever reaches the
    port reads the whole archive.  A name that does not resolve is left
    for the bind to report."""
    if public or access_control or bind_is_loopback(host) is not False:
        return
    raise ConfigError(
        f"refusing to serve on {host}: it is not a loopback address, so anyone who can reach "
        f"port {port} there can read the whole archive (access control is off). Turn it on "
        "(ONRECORD_ACCESS_CONTROL=on, accounts from `onrecord users add`), pass --public to "
        "serve it to them anyway, or keep the default 127.0.0.1 behind a proxy that checks who asks")


def bind_is_loopback(host: str) -> bool | None:
    """Return True if every address `host` resolves to is a loopback one
    (127.0.0.0/8, ::1; 'localhost'), False if one is not (0.0.0.0 and ::
    listen on every interface), None if it does not resolve."""
    try:
        found = socket.getaddrinfo(host.strip("[]"), None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError, ValueError):
        return None
    addresses = {info[4][0] for info in found}
    return bool(addresses) and all(
        ipaddress.ip_address(str(address).split("%")[0]).is_loopback for address in addresses)


def keep_redirects_on_site(response: Response) -> Response:
    """Return `response` with an absolute Location cut to its path and
    query.  werkzeug builds the redirects of routing ('/doc//x' ->
    '/doc/x') on the request's Host header, which the client chooses: a
    forged Host (or a cache keyed without it) would send readers to
    another site.  No page of the site redirects off it."""
    location = response.headers.get("Location")
    if location:
        parts = urlsplit(location)
        if parts.scheme or parts.netloc:
            # "//x" would be read as a host again: one leading slash only.
            path = "/" + parts.path.lstrip("/")
            response.headers["Location"] = path + (f"?{parts.query}" if parts.query else "")
    return response


def serve(config: Config) -> None:
    """Serve the app with waitress on config.host:config.port until stopped,
    in config.processes processes sharing the port (web.serving.processes) when it
    is over 1.  Raises OSError if the port cannot be bound (or the host is
    no address), ServingError if
    serving processes keep failing to start."""
    if config.processes > 1:
        from onrecord.web.serving.processes import serve_processes

        serve_processes(config, serve_on_socket)
        return
    app = create_app(config=config)
    warm_app(app)
    try:
        run_server(app, on_stop=flush_records, host=config.host, port=config.port, **server_options())
    except ValueError as exc:  # waitress: getaddrinfo found no address for the host
        raise OSError(errno.EADDRNOTAVAIL, f"no address of this machine is called {config.host!r}") from exc


def serve_on_socket(config: Config, sock: Any) -> None:
    """Serve the app with waitress on the listening socket `sock` (one of
    several serving processes: each builds its own app, index handle and
    caches) until the process is stopped; then writes the audit records its
    requests queued (the child ends by os._exit, which runs no atexit)."""
    try:
        app = create_app(config=config)
        warm_app(app)
        run_server(app, on_stop=flush_records, sockets=[sock], **server_options())
    finally:
        flush_records()


def warm_app(app: Flask) -> None:
    """Warm the index `app` serves (search.warm_index) before it takes a
    request, when its config says warm_on_start.  An index that cannot be
    opened or read is left for the pages to explain (a 503 with the
    command that fixes it), as when warming is off."""
    state: AppState = app.extensions[STATE_KEY]
    if not state.config.warm_on_start:
        return
    # Printed like waitress's "Serving on ...": on a big index the warm-up
    # takes seconds, and the port only answers after it.
    print("Warming the search caches before listening ...", file=sys.stderr, flush=True)
    try:
        warmed = warm_index(state.index())
    except OnrecordError as exc:
        log.warning("search caches not warmed: %s", exc)
        return
    freeze_survivors()  # the warm caches live as long as the server: out of the collector's full passes
    print(f"Search caches warmed: {warmed.searches} searches in {warmed.seconds:.1f} s",
          file=sys.stderr, flush=True)
