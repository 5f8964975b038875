"""Tests for search.store: writing articles, replacing on re-index, opening
on-disk indexes and their failure modes."""
from __future__ import annotations

from pathlib import Path

import pytest

from onrecord.search.engine import search
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.features.articleview import get_article
from onrecord.search.model import Quote, SearchRequest
from onrecord.search.storage.integrity.durability import create_whoosh
from onrecord.search.storage.opening import open_index, ram_index
from onrecord.search.storage.schema import build_schema, exact_word_analyzer
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article


@pytest.fixture()
def index(memory_index: Index) -> Index:
    """An empty in-memory index (conftest's memory_index) for each test."""
    return memory_index


def total_for(index: Index, query: str) -> int:
    return search(index, SearchRequest(query=query)).total


def test_write_articles_returns_paragraphs_written(index: Index) -> None:
    written = write_articles(index, [make_article("a1", ["Budget talks stalled.", "Rain fell."]),
                                     make_article("a2", ["Hospital beds were cut."])])
    assert written == 3
    assert index.doc_count() == 3


def test_reindexing_same_doc_id_replaces_instead_of_duplicating(index: Index) -> None:
    write_articles(index, [make_article("a1", ["Budget talks stalled.", "Rain fell."])])
    write_articles(index, [make_article("a1", ["Budget talks resumed.", "Sun shone."])])
    assert index.doc_count() == 2
    assert total_for(index, "stalled") == 0
    assert total_for(index, "resumed") == 1


def test_reindexing_with_fewer_paragraphs_drops_the_stale_ones(index: Index) -> None:
    write_articles(index, [make_article("a1", ["Budget talks.", "Rain fell.", "Snow came."])])
    write_articles(index, [make_article("a1", ["Budget talks."])])
    assert index.doc_count() == 1
    assert [p.n for p in get_article(index, "a1").paragraphs] == [1]


def test_repeated_article_in_one_call_is_written_once(index: Index) -> None:
    article = make_article("a1", ["Budget talks stalled."])
    assert write_articles(index, [article, article]) == 1
    assert index.doc_count() == 1


def test_other_articles_survive_reindexing_one(index: Index) -> None:
    write_articles(index, [make_article("a1", ["Budget talks."]),
                           make_article("a2", ["Budget cuts."])])
    write_articles(index, [make_article("a1", ["Budget rows."])])
    assert total_for(index, "budget") == 2


def test_quotes_and_annotations_survive_the_round_trip(index: Index) -> None:
    article = make_article("a1", ['"We are broke," said Ann Smallman.'])
    para = article.paragraphs[0]
    para.quotes = [Quote(text="We are broke,", start=0, end=15, speaker="Ann Smallman")]
    para.speakers = ["Ann Smallman"]
    para.institutions = ["Treasury"]
    para.dates = ["2023-03-01"]
    write_articles(index, [article])
    stored = get_article(index, "a1")
    assert stored.paragraphs == [para]
    assert stored.meta == article.meta


def test_open_missing_index_says_how_to_build_one(tmp_path: Path) -> None:
    with pytest.raises(IndexUnavailableError, match="onrecord index seeds"):
        open_index(tmp_path / "nope")


def test_created_index_persists_across_handles(tmp_path: Path) -> None:
    path = tmp_path / "index"
    index = open_index(path, create=True)
    write_articles(index, [make_article("a1", ["Budget talks stalled."])])
    index.close()
    reopened = open_index(path)
    assert reopened.doc_count() == 1
    assert total_for(reopened, "stalled") == 1
    reopened.close()


def test_reader_sees_another_handles_commit_after_refresh(tmp_path: Path) -> None:
    path = tmp_path / "index"
    writer_side = open_index(path, create=True)
    reader_side = open_index(path)
    write_articles(writer_side, [make_article("a1", ["Budget talks stalled."])])
    reader_side.refresh()
    assert reader_side.doc_count() == 1
    writer_side.close()
    reader_side.close()


def test_corrupt_index_raises_with_repair_advice(tmp_path: Path) -> None:
    path = tmp_path / "index"
    open_index(path, create=True).close()
    for toc in path.glob("*.toc"):
        toc.write_bytes(b"this is not a whoosh table of contents")
    with pytest.raises(IndexUnavailableError, match="delete .* and re-run onrecord index"):
        open_index(path)


def test_closed_index_refuses_searches(index: Index) -> None:
    index.close()
    with pytest.raises(IndexUnavailableError):
        search(index, SearchRequest(query="budget"))


@pytest.mark.parametrize("on_disk", [False, True])
def test_spelling_words_survive_many_commits(tmp_path: Path, on_disk: bool) -> None:
    # Spelling words are sent once per writer: a second commit (same schema
    # object in this process) must still record its own new words.
    index = open_index(tmp_path / "ix", create=True) if on_disk else ram_index()
    write_articles(index, [make_article("a1", ["Budget talks stalled."])])
    write_articles(index, [make_article("a1", ["Other words entirely."])])  # drops segment 1
    write_articles(index, [make_article("a2", ["Budget hospital stalled."])])
    assert search(index, SearchRequest(query="hospitl")).suggestion == "hospital"
    assert search(index, SearchRequest(query="stalld")).suggestion == "stalled"
    index.close()


def test_a_title_match_finds_each_article_once_through_its_first_paragraph(index: Index) -> None:
    # The headline is indexed on paragraph 1 only: a title-only match
    # finds the article's lead, not every paragraph of it.
    write_articles(index, [make_article("a1", ["One.", "Two."], title="Budget row"),
                           make_article("a2", ["Three.", "Four."], title="Budget row"),
                           make_article("a3", ["Five."], title="Rain falls")])
    assert total_for(index, "title:budget") == 2
    assert total_for(index, "budget") == 2
    assert total_for(index, "title:rain") == 1


def test_an_index_whose_exact_field_has_no_common_grams_is_refused(tmp_path: Path) -> None:
    # Built by an earlier commit of issue 10 (words only): its phrases of
    # common words, searched as grams, would silently find nothing.
    schema = build_schema()
    schema["exact"].analyzer = exact_word_analyzer()
    (tmp_path / "ix").mkdir()
    create_whoosh(tmp_path / "ix", schema)
    with pytest.raises(IndexUnavailableError, match="analysed differently: exact"):
        open_index(tmp_path / "ix")
