"""An index written before search/storage/format/ existed names its classes
by their old paths: each old path still gives the same class (format/movedpaths.py)."""
from __future__ import annotations

import importlib
import pickle
from pathlib import Path

import pytest

from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage.format.movedpaths import MOVED_MODULES
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.opening import open_index
from tests.factories import make_article, write_index

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


def test_an_index_naming_the_old_paths_opens_searches_and_checks_clean(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patched:  # written as before format/ existed: every class pickled by its old path
        for old, new in MOVED_MODULES.items():
            module = importlib.import_module(new)
            for value in vars(module).values():
                if isinstance(value, type) and value.__module__ == new:
                    patched.setattr(value, "__module__", old)
        write_index(tmp_path / "ix", [[make_article("a1", ["The minister said taxes would fall."])],
                                      [make_article("a2", ["Another paragraph about taxes."])]])
    tocs = b"".join(path.read_bytes() for path in (tmp_path / "ix").glob("*.toc"))
    assert b"onrecord.search.storage.schema" in tocs and b"storage.format" not in tocs
    index = open_index(tmp_path / "ix")
    assert search(index, SearchRequest(query="taxes")).total == 2
    index.close()
    report = check_index(tmp_path / "ix")
    assert not report.problems and not report.damaged and not report.newer
