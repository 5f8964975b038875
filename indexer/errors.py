"""Named exceptions of the indexer; the pipeline logs, skips and counts them."""
from __future__ import annotations

from onrecord.search import OnrecordError


class IngestError(OnrecordError):
    """A file could not be turned into articles; str() is the skip reason."""


class ReadError(IngestError):
    """The file cannot be read or decoded (binary, wrong encoding, too big)."""


class ParseError(IngestError):
    """The file was read but holds no usable article (bad JSON, no text)."""


class WorkerError(OnrecordError):
    """A worker process died mid-run (killed, e.g. by the out-of-memory
    killer); the index keeps its last complete commit."""


class BudgetError(IngestError):
    """Processing the file took longer than its per-file time budget."""
