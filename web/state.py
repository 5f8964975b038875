"""Per-app state of the web layer: the Config and the (lazily opened) index.

Owns when the index is opened.  An app created without an index opens
config.index_dir on the first request that needs it, so a missing or
broken index shows a 503 page with repair instructions instead of stopping
the server at start.  A failed open is not cached: once the index has been
built, the next request succeeds without a restart.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from flask import current_app

from onrecord.search.config import Config
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.storage import store
from onrecord.search.storage.store import Index

STATE_KEY = "onrecord"


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
        index = store.open_index(config.index_dir, config=config, readonly=True)
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
