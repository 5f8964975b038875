"""Walking input folders never leaves them through a symbolic link
(indexer.read.inputs); links that are not followed are listed as skipped."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from onrecord.indexer.pipeline import ingest_paths
from onrecord.indexer.read.inputs import find_input_files
from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import open_index, ram_index

ARTICLE = "Harbour report\n\nThe ferry ran late on {word} again, said the operator.\n"


def _article(path: Path, word: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ARTICLE.format(word=word), encoding="utf-8")
    return path


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """corpus/ with a real file, and outside/ holding what must stay out."""
    _article(tmp_path / "corpus" / "real.txt", "monday")
    _article(tmp_path / "corpus" / "sub" / "deep.txt", "tuesday")
    _article(tmp_path / "outside" / "secret.txt", "zanzibarsecret")
    return tmp_path


def _names(pairs: list[tuple[Path, str]], root: Path) -> dict[str, str]:
    return {path.relative_to(root).as_posix(): reason for path, reason in pairs}


@pytest.mark.parametrize(("link", "target", "reason"), [
    ("p.txt", "{tmp}/outside/secret.txt", "outside"),
    ("up.txt", "../outside/secret.txt", "outside"),
    ("sub/chain.txt", "../hop.txt", "outside"),  # hop.txt is itself a link that leaves
    ("gone.txt", "nothing-here.txt", "broken"),
    ("etc", "{tmp}/outside", "folder"),
    ("loop", ".", "folder"),  # a link to its own folder: no endless walk
    ("sub/again", "..", "folder"),
])
def test_links_that_leave_dangle_or_reach_folders_are_skipped(tree: Path, link: str, target: str,
                                                              reason: str) -> None:
    corpus = tree / "corpus"
    if link == "sub/chain.txt":
        os.symlink(tree / "outside" / "secret.txt", corpus / "hop.txt")
    os.symlink(target.format(tmp=tree), corpus / link)
    found = find_input_files([corpus])
    assert [p.relative_to(corpus).as_posix() for p in found.files] == ["real.txt", "sub/deep.txt"]
    skipped = _names(found.skipped, corpus)
    assert reason in skipped[link] and "not followed" in skipped[link]


def test_a_link_to_a_file_inside_the_folder_is_followed(tree: Path) -> None:
    corpus = tree / "corpus"
    os.symlink("sub/deep.txt", corpus / "alias.txt")
    found = find_input_files([corpus])
    assert [p.relative_to(corpus).as_posix() for p in found.files] == ["alias.txt", "real.txt", "sub/deep.txt"]
    assert found.skipped == []


def test_hidden_unsupported_and_sidecar_links_are_passed_over_silently(tree: Path) -> None:
    corpus = tree / "corpus"
    secret = tree / "outside" / "secret.txt"
    for name in (".hidden.txt", "notes.md", "real.meta.json"):
        os.symlink(secret, corpus / name)
    found = find_input_files([corpus])
    assert (len(found.files), found.skipped) == (2, [])


def test_paths_named_by_the_user_are_followed(tree: Path) -> None:
    # Named on the command line: the user chose it, as with cat or cp.
    os.symlink(tree / "outside" / "secret.txt", tree / "named.txt")
    os.symlink(tree / "corpus", tree / "named-folder")
    found = find_input_files([tree / "named.txt", tree / "named-folder"])
    assert found.files == [tree / "named.txt", tree / "named-folder" / "real.txt",
                           tree / "named-folder" / "sub" / "deep.txt"]
    assert found.skipped == []


def test_a_walk_through_a_linked_root_still_stops_at_its_edge(tree: Path) -> None:
    os.symlink(tree / "corpus", tree / "named-folder")
    os.symlink("../outside/secret.txt", tree / "corpus" / "up.txt")
    found = find_input_files([tree / "named-folder"])
    assert "outside" in _names(found.skipped, tree / "named-folder")["up.txt"]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_file_outside_is_never_searchable_and_the_skip_is_counted(tree: Path, workers: int) -> None:
    corpus = tree / "corpus"
    os.symlink(tree / "outside" / "secret.txt", corpus / "p.txt")
    index = ram_index() if workers == 1 else open_index(tree / "ix", create=True)
    summary = ingest_paths([corpus], index, workers=workers)
    assert search(index, SearchRequest(query="zanzibarsecret")).total == 0
    assert search(index, SearchRequest(query="tuesday")).total == 1
    assert (summary.files, summary.articles) == (3, 2)
    assert [Path(p).name for p, _ in summary.skipped] == ["p.txt"]
    index.close()
