"""The module paths an index's tables of contents record: part of the file format.

Whoosh pickles the schema's field, analyzer and column classes and each segment's codec by
module path into every table of contents (TOC).  Moving, renaming or deleting such a module
makes every index written before unreadable (NewerIndexError, or a reindex), so these paths are
frozen here as data: a change to them is a format change, decided as one."""
from __future__ import annotations

import importlib
import io
import pickle
from pathlib import Path

from onrecord.search.storage.opening import open_index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article
from tests.search.storage.codecs import merge_into_one

# Every (module, class) the TOCs of an index written today name (written by the pooled bulk
# writer, then merged by the pooled merge).
TOC_PATHS = frozenset({
    ("onrecord.search.storage.analyzers", "Counted"),
    ("onrecord.search.storage.copies.keytables", "KeyTableColumn"),
    ("onrecord.search.storage.lexicon", "CommonGramsFilter"),
    ("onrecord.search.storage.pooled.compactblocks", "CompactBlockCodec"),
    ("onrecord.search.storage.schema", "NameTokenizer"),
    ("onrecord.search.storage.schema", "RepeatedText"),
    ("onrecord.search.storage.textfields", "ExactText"),
    ("onrecord.search.storage.textfields", "StemmedText"),
})

# Codecs earlier onrecords wrote segments with (still read: an older segment through its own
# codec); today's writer no longer names them, so they are checked by import.
EARLIER_TOC_PATHS = frozenset({
    ("onrecord.search.storage.pooled.sortedterms", "SortedTermsCodec"),
    ("onrecord.search.storage.pooled.compactterms", "CompactTermsCodec"),
    ("onrecord.search.storage.pooled.storedfields", "CompactStoredCodec"),
    ("onrecord.search.storage.pooled.positionstream", "PositionStreamCodec"),
    ("onrecord.search.storage.pooled.learntstored", "LearntStoredCodec"),
})

RULE = ("these module paths are the index file format (Whoosh pickles them into every table of "
        "contents): moving or renaming a module breaks every index written before. Move it back, "
        "or make it a format change on purpose and update this list")


class _Recorder(pickle.Unpickler):
    """An unpickler that records every (module, name) a pickle names."""

    def __init__(self, stream: io.BytesIO, seen: set[tuple[str, str]]) -> None:
        super().__init__(stream)
        self.seen = seen

    def find_class(self, module: str, name: str) -> object:
        self.seen.add((module, name))
        return super().find_class(module, name)


def pickled_names(toc: bytes) -> set[tuple[str, str]]:
    """Return every (module, name) the pickles inside a TOC file name (the schema's and the
    segments' pickles, found where a pickle protocol header starts, read whole with their own
    length, so nothing inside one is read as another)."""
    seen: set[tuple[str, str]] = set()
    at, pickles = 0, 0
    while at < len(toc) - 1:
        if toc[at] == 0x80 and 2 <= toc[at + 1] <= 5:
            stream = io.BytesIO(toc[at:])
            try:
                _Recorder(stream, seen).load()
            except Exception:  # a 0x80 byte in a length or an int: not a pickle
                at += 1
                continue
            pickles += 1
            at += stream.tell()
        else:
            at += 1
    assert pickles >= 2, f"found {pickles} pickles in a TOC, expected the schema's and the segments'"
    return {(module, name) for module, name in seen if module.startswith("onrecord.")}


def write_index(path: Path) -> None:
    """Write an index with today's writer: two commits (two segments), merged into one."""
    index = open_index(path, create=True)
    write_articles(index, [make_article("a1", ["The mayor said the budget stalls."], speaker="Ann Lee")])
    write_articles(index, [make_article("a2", ["A second paragraph about the council."])])
    merge_into_one(index, "pooled")
    index.close()


def test_the_module_paths_a_toc_records_do_not_move(tmp_path: Path) -> None:
    write_index(tmp_path)
    tocs = sorted(tmp_path.glob("*.toc"))
    assert tocs
    names = set().union(*(pickled_names(toc.read_bytes()) for toc in tocs))
    assert names == TOC_PATHS, f"{RULE}\n  no longer named: {sorted(TOC_PATHS - names)}" \
                               f"\n  newly named: {sorted(names - TOC_PATHS)}"


def test_the_codecs_earlier_indexes_record_are_where_they_were() -> None:
    for module, name in sorted(EARLIER_TOC_PATHS | TOC_PATHS):
        try:
            found = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError) as error:
            raise AssertionError(f"{module}.{name}: {error}; {RULE}") from error
        assert (found.__module__, found.__qualname__) == (module, name), RULE
