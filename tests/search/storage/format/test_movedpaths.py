"""An index written before search/storage/format/ existed names its classes
by their old paths: each old path still gives the same class (format/movedpaths.py)."""
from __future__ import annotations

import importlib
import pickle

import pytest

from onrecord.search.storage.format.movedpaths import MOVED_MODULES

# One class per row of MOVED_MODULES that a table of contents pickles.
PICKLED_CLASSES = [
    ("onrecord.search.storage.analyzers", "Counted"),
    ("onrecord.search.storage.lexicon", "CommonGramsFilter"),
    ("onrecord.search.storage.schema", "NameTokenizer"),
    ("onrecord.search.storage.textfields", "ExactText"),
    ("onrecord.search.storage.pooled.sortedterms", "SortedTermsCodec"),
    ("onrecord.search.storage.pooled.compactterms", "CompactTermsCodec"),
    ("onrecord.search.storage.pooled.storedfields", "CompactStoredCodec"),
]


def test_every_moved_module_has_a_pickled_class_checked() -> None:
    assert {old for old, _ in PICKLED_CLASSES} == set(MOVED_MODULES)


@pytest.mark.parametrize("old, name", PICKLED_CLASSES)
def test_an_old_path_unpickles_to_the_moved_class(old: str, name: str) -> None:
    found = pickle.loads(f"c{old}\n{name}\n.".encode())  # a protocol-0 GLOBAL, as a TOC names a class
    assert found is getattr(importlib.import_module(MOVED_MODULES[old]), name)


def test_a_path_no_row_names_is_still_missing() -> None:
    # what tells an index a newer onrecord wrote (integrity/damage.py's newer_writer)
    with pytest.raises(ModuleNotFoundError):
        pickle.loads(b"conrecord.search.storage.futureterms\nFutureCodec\n.")
