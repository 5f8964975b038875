"""Named exceptions of the search layer; web maps each to one status code."""
from __future__ import annotations


class OnrecordError(Exception):
    """Base of every error onrecord raises on purpose; str() is user-readable."""


class QueryError(OnrecordError):
    """The query or its filters cannot be run as given (HTTP 400)."""


class NotFoundError(OnrecordError):
    """No article or entity with that id is in the index (HTTP 404)."""


class IndexUnavailableError(OnrecordError):
    """The index is missing, locked or corrupt (HTTP 503); says how to repair.

    str() is for the operator (the CLI, the server log): it names the
    index's path and the underlying error.  `public` (what is wrong) and
    `repair` (what the operator should do) say the same for whoever reaches
    the index through the web, without paths or exception names; None
    leaves the wording to the web layer."""

    def __init__(self, message: str, public: str | None = None,
                 repair: str | None = None) -> None:
        super().__init__(message)
        self.public = public
        self.repair = repair


class NewerIndexError(IndexUnavailableError):
    """The index holds a format a newer onrecord wrote, which this one
    cannot read (HTTP 503): the repair is to upgrade onrecord, not to
    delete the index."""


class IndexBusyError(IndexUnavailableError):
    """Another onrecord writer holds the index's write lock (HTTP 503)."""


class IndexWriteError(IndexUnavailableError):
    """A commit failed (disk full, I/O error); the previous commit still serves."""


class BusyError(OnrecordError):
    """Too many costly requests (exports) are running; the client should
    retry after `retry_after` seconds (HTTP 503 with Retry-After)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ConfigError(ValueError):
    """A configuration value cannot be used; str() says which and why."""
