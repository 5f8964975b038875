"""Per-app state of the web layer: the Config and the (lazily opened) index.

Owns when the index is opened, and `site_root`: the base URL permalinks
are made absolute on (public_url; the request's own host only where the
operator allowed it).  An app created without an index opens
config.index_dir on the first request that needs it, so a missing or
broken index shows a 503 page with repair instructions instead of stopping
the server at start.  A failed open is not cached: once the index has been
built, the next request succeeds without a restart.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

from flask import current_app, has_request_context, request

import onrecord.search as search_layer  # names looked up per call reach a patch of their home module
from onrecord.search import Config, Index, IndexUnavailableError, is_loopback_host

STATE_KEY = "onrecord"
# A Host header trust_host_header may use: a name or IPv4 address, or a
# bracketed IPv6 one, and a port; anything else stays site-relative.
_PLAIN_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


@dataclass(slots=True)
class AppState:
    """What every view needs: the config and a way to reach the index."""

    config: Config
    index_obj: Index | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def index(self) -> Index:
        """Return the open index, opening config.index_dir if needed.

        Raises IndexUnavailableError if it cannot be opened."""
        if self.index_obj is not None:
            return self.index_obj
        with self.lock:  # waitress runs 8 threads; open the index once
            if self.index_obj is None:
                self.index_obj = open_configured_index(self.config)
        return self.index_obj


def open_configured_index(config: Config) -> Index:
    """Return the index in config.index_dir, opened read-only (serving
    never creates or removes a file in it: it may be a read-only mount);
    raises IndexUnavailableError (with the command that builds it) if it
    is missing or unreadable."""
    try:
        index = search_layer.open_index(config.index_dir, config=config, readonly=True)
    except IndexUnavailableError:
        raise
    except OSError as exc:  # the search layer should wrap these; be safe
        raise IndexUnavailableError(
            f"Cannot read the index in {config.index_dir}: {exc.strerror or exc}.",
            "The search index cannot be read.",
            "To fix this, on the server: run `onrecord check` to see why; `onrecord index` "
            "builds or rebuilds it.") from exc
    return index


def get_state() -> AppState:
    """Return the AppState of the current Flask app."""
    return current_app.extensions[STATE_KEY]


def site_root() -> str:
    """Return the public base URL permalinks in citations, exports, feeds
    and JSON are absolute on: the public_url setting; else, only when the
    trust_host_header setting allows it, this request's scheme (a proxy's
    X-Forwarded-Proto of http or https, else as served), Host header and
    mount point; else '' (site-relative).  The Host header is the
    client's to write, so it is never used unasked, nor when it names a
    loopback address (a citation pasted into a story must not point at
    the reporter's own machine) or is not a plain host[:port]."""
    config = get_state().config
    if config.public_url:
        return config.public_url
    if not (config.trust_host_header and has_request_context()):
        return ""
    host = request.host
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    if not _PLAIN_HOST.fullmatch(host) or is_loopback_host(name):
        return ""
    forwarded = request.headers.get("X-Forwarded-Proto", "").strip().lower()
    scheme = forwarded if forwarded in ("http", "https") else request.scheme
    return f"{scheme}://{host}{request.script_root}"
