"""whoosh_tocs.py's reads of a commit's table of contents against Whoosh's public API."""
from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from onrecord.search.storage.opening import open_index
from onrecord.search.storage.reading.whoosh_tocs import (
    index_segments,
    open_toc_reader,
    read_toc,
    segment_manifest,
    set_segment_manifest,
)
from tests.factories import make_article, write_index


@pytest.fixture
def two_commits(tmp_path: Path) -> Path:
    return write_index(tmp_path / "ix", [[make_article("a1", ["One paragraph."])],
                                         [make_article("a2", ["Another paragraph.", "A third."])]])


def test_a_toc_reader_reads_the_commits_segments(two_commits: Path) -> None:
    ix = open_index(two_commits).whoosh_index
    toc = read_toc(ix)
    with open_toc_reader(ix, toc) as reader, ix.reader() as public:
        assert reader.doc_count() == public.doc_count() == 3
    assert [s.segment_id() for s in index_segments(ix)] == [s.segment_id() for s in toc.segments]
    assert toc.generation == ix.latest_generation()


def test_a_segment_carries_its_manifest_into_the_next_toc(two_commits: Path) -> None:
    index = open_index(two_commits)
    segment = index_segments(index.whoosh_index)[0]
    index.close()
    assert segment_manifest(segment) is not None  # every commit records one
    set_segment_manifest(segment, {".seg": (10, 1234)})
    # A TOC holds its segments pickled whole: the manifest must survive the round trip.
    assert segment_manifest(pickle.loads(pickle.dumps(segment))) == {".seg": (10, 1234)}


@pytest.mark.parametrize("recorded", [None, ["not", "a", "manifest"]])
def test_a_segment_without_a_manifest_has_none(two_commits: Path, recorded: object) -> None:
    index = open_index(two_commits)
    segment = index_segments(index.whoosh_index)[0]
    index.close()
    set_segment_manifest(segment, recorded)  # type: ignore[arg-type]  # what an older or foreign TOC may hold
    assert segment_manifest(segment) is None
