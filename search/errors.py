"""Named exceptions of the search layer; web maps each to one status code."""
from __future__ import annotations


class OnrecordError(Exception):
    """Base of every error onrecord raises on purpose; str() is user-readable."""


class QueryError(OnrecordError):
    """The query or its filters cannot be run as given (HTTP 400)."""


class NotFoundError(OnrecordError):
    """No article or entity with that id is in the index (HTTP 404)."""


class IndexUnavailableError(OnrecordError):
    """The index is missing, locked or corrupt (HTTP 503); says how to repair."""


class IndexBusyError(IndexUnavailableError):
    """Another onrecord writer holds the index's write lock (HTTP 503)."""


class IndexWriteError(IndexUnavailableError):
    """A commit failed (disk full, I/O error); the previous commit still serves."""
