"""Collections (issue #36): what a reader of some collections sees of the
index -- hits, totals, facet counts, entity lists and pages, look-ups,
sightings, feeds, exports, openings and article pages -- and the
collection as the index keeps it (a move, an index built before)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from whoosh import index as whoosh_index

from onrecord.search import (
    NotFoundError,
    SearchRequest,
    get_article,
    get_entity,
    iter_export_rows,
    list_entities,
    lookup_speakers,
    newest_paragraphs,
    open_index,
    search,
)
from onrecord.search.features.openings import article_openings
from onrecord.search.model import Article
from onrecord.search.storage import opening as opening_module
from onrecord.search.storage import schema as schema_module
from onrecord.search.storage.reading import searchers as searchers_module
from onrecord.search.storage.store import Index
from onrecord.search.writing import commits as commits_module
from onrecord.search.writing.commits import write_articles
from onrecord.search.writing.identity import open_resolver
from tests.factories import indexed, make_article

SHARED_QUOTE = "We will publish every budget line before the vote"
A_ONLY = frozenset({"default"})
B_ONLY = frozenset({"b"})
BOTH = frozenset({"default", "b"})


def in_collection(article: Article, name: str) -> Article:
    return replace(article, meta=replace(article.meta, collection=name))


def articles() -> list[Article]:
    """Two articles in the default collection ("A") and two in "b"; Zed
    Quill, the Hidden Agency and the word 'zygomorph' are only in b, and
    one quote of Ann Able runs in both."""
    return [
        make_article("a1", [f'"{SHARED_QUOTE}," said Ann Able.', ("The budget passed.", None)],
                     speaker="Ann Able", institutions=["City Council"], outlet="The Ledger"),
        make_article("a2", ["The budget was late again.", "Nobody spoke."], outlet="The Ledger"),
        in_collection(make_article("b1", [f'"{SHARED_QUOTE}," said Ann Able.', ("A zygomorph budget.", None)],
                                   speaker="Ann Able", institutions=["Hidden Agency"],
                                   outlet="Secret Post"), "b"),
        in_collection(make_article("b2", ['"The zygomorph budget stays hidden," said Zed Quill.'],
                                   speaker="Zed Quill", institutions=["Hidden Agency"],
                                   outlet="Secret Post"), "b"),
    ]


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed(articles())


def doc_ids(index: Index, collections: frozenset[str] | None, **kw: object) -> set[str]:
    result = search(index, SearchRequest(collections=collections, per_page=100, **kw))  # type: ignore[arg-type]
    return {h.doc_id for h in result.hits}


@pytest.mark.parametrize(("collections", "expected"), [
    (None, {"a1", "a2", "b1", "b2"}), (A_ONLY, {"a1", "a2"}), (B_ONLY, {"b1", "b2"}),
    (BOTH, {"a1", "a2", "b1", "b2"}), (frozenset(), set()),
])
def test_hits_are_of_the_readers_collections(index: Index, collections: frozenset[str] | None,
                                             expected: set[str]) -> None:
    assert doc_ids(index, collections, query="budget") == expected
    # b1's copy of a1's quote folds under a1's when both are read.
    quotes = {"a1", "b2"} if expected >= {"a1", "b1"} else {d for d in expected if d != "a2"}
    assert doc_ids(index, collections, mode="quotes") == quotes


@pytest.mark.parametrize("mode", ["paragraphs", "quotes"])
@pytest.mark.parametrize("collections", [A_ONLY, B_ONLY, BOTH])
def test_facet_counts_are_the_totals_of_clicking_them(index: Index, collections: frozenset[str],
                                                      mode: str) -> None:
    # ... and those of an index holding only the collections read.
    alone = indexed([a for a in articles() if a.meta.collection in collections])
    for query in ("", "budget"):
        result = search(index, SearchRequest(query=query, collections=collections, mode=mode))  # type: ignore[arg-type]
        own = search(alone, SearchRequest(query=query, mode=mode))  # type: ignore[arg-type]
        assert (result.total, result.facets, result.histogram) == (own.total, own.facets, own.histogram)
        for facet, attr in (("speaker", "speakers"), ("institution", "institutions"), ("outlet", "outlets")):
            for value in result.facets[facet]:
                clicked = search(index, SearchRequest(query=query, collections=collections, mode=mode,  # type: ignore[arg-type]
                                                      **{attr: (value.value,)}))
                assert clicked.total == value.count, (facet, value)


def test_a_reader_of_a_sees_nothing_of_b(index: Index) -> None:
    result = search(index, SearchRequest(query="budget", collections=A_ONLY))
    assert result.total == 3  # a1's two paragraphs, a2's first
    values = {v.value for facet in result.facets.values() for v in facet}
    assert not values & {"Zed Quill", "Hidden Agency", "Secret Post"}
    assert search(index, SearchRequest(query="zygomorph", collections=A_ONLY)).total == 0
    # No "did you mean" from another collection's words.
    assert search(index, SearchRequest(query="zygomorf", collections=A_ONLY)).suggestion is None
    assert search(index, SearchRequest(query="zygomorf")).suggestion == "zygomorph"
    # "also in" links only to what the reader may read.
    hit = next(h for h in search(index, SearchRequest(query="publish", collections=A_ONLY)).hits)
    assert hit.doc_id == "a1" and [s.doc_id for s in hit.also_in] == []
    hit = next(h for h in search(index, SearchRequest(query="publish", collections=BOTH)).hits
               if h.doc_id == "a1")
    assert [s.doc_id for s in hit.also_in] == ["b1"]


def test_entities_lookups_feeds_exports_and_openings(index: Index) -> None:
    assert {v.value for v in list_entities(index, "speaker", A_ONLY)} == {"Ann Able"}
    assert {v.value for v in list_entities(index, "speaker", B_ONLY)} == {"Ann Able", "Zed Quill"}
    assert {v.value for v in list_entities(index, "institution", A_ONLY)} == {"City Council"}
    with pytest.raises(NotFoundError):
        get_entity(index, "speaker", "Zed Quill", collections=A_ONLY)
    with pytest.raises(NotFoundError):
        get_entity(index, "speaker", "zed quill", collections=A_ONLY)  # the case-folded look-up too
    assert get_entity(index, "speaker", "Ann Able", collections=A_ONLY).quote_count == 1
    assert get_entity(index, "speaker", "Ann Able", collections=BOTH).paragraph_count == 2
    assert [r.matches for r in lookup_speakers(index, ["Zed Quill"], A_ONLY)] == [[]]
    assert [m.quote_count for m in lookup_speakers(index, ["Ann Able"], A_ONLY)[0].matches] == [1]
    feed = newest_paragraphs(index, SearchRequest(collections=A_ONLY))
    assert {e.doc_id for e in feed.entries} == {"a1", "a2"}
    for kind in ("quotes", "paragraphs"):
        rows = list(iter_export_rows(index, SearchRequest(query="budget", collections=A_ONLY), kind))  # type: ignore[arg-type]
        assert rows and {r["permalink"].split("?")[0] for r in rows} <= {"/doc/a1", "/doc/a2"}
    assert article_openings(index, ["a1", "b1"], A_ONLY).keys() == {"a1"}


def test_a_hidden_article_is_not_found_exactly_as_a_missing_one(index: Index) -> None:
    with pytest.raises(NotFoundError) as hidden:
        get_article(index, "b1", collections=A_ONLY)
    with pytest.raises(NotFoundError) as missing:
        get_article(index, "zz", collections=A_ONLY)
    assert str(hidden.value) == str(missing.value).replace("zz", "b1")
    with pytest.raises(NotFoundError, match="no article with id 'b1'"):  # past its last window too
        get_article(index, "b1", window=1, page=9, collections=A_ONLY)
    assert get_article(index, "b1", collections=B_ONLY).id == "b1"
    assert get_article(index, "b1").id == "b1"


def test_cached_answers_are_never_another_readers(index: Index) -> None:
    for collections in (None, A_ONLY, B_ONLY, None, A_ONLY):
        expected = {"a1", "a2", "b1", "b2"} if collections is None else (
            {"a1", "a2"} if collections == A_ONLY else {"b1", "b2"})
        assert doc_ids(index, collections) == expected  # the browse page: its counts are kept per commit
        assert {v.value for v in list_entities(index, "speaker", collections)} >= {"Ann Able"}
    assert "Zed Quill" not in {v.value for v in list_entities(index, "speaker", A_ONLY)}


def test_reindexing_under_another_collection_moves_the_article() -> None:
    index = indexed(articles()[:2])
    moved = in_collection(articles()[1], "b")
    resolver = open_resolver(index)
    try:
        resolution = resolver.add(moved)
        write_articles(index, resolver.to_write.values(), resolver.records)
    finally:
        resolver.close()
    assert resolution.written and resolution.doc_id == "a2"
    assert doc_ids(index, A_ONLY, query="budget") == {"a1"}
    assert doc_ids(index, B_ONLY, query="budget") == {"a2"}
    article = get_article(index, "a2", collections=B_ONLY)
    assert article.version == 1 and len(article.versions) <= 1  # a move is not an edit
    again = open_resolver(index)
    try:
        assert again.add(moved).status == "unchanged" and not again.to_write
    finally:
        again.close()


def test_an_index_built_before_collections_reads_as_all_default(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def old_schema():  # type: ignore[no-untyped-def]
        made = schema_module.build_schema()
        made.remove("collection")
        return made

    with monkeypatch.context() as patched:  # an index written by the code before collections
        patched.setattr(opening_module, "build_schema", old_schema)
        patched.setattr(commits_module, "upgrade_schema", lambda schema: None)
        patched.setattr(searchers_module, "upgrade_schema", lambda schema: None)
        old = open_index(tmp_path / "ix", create=True)
        write_articles(old, articles()[:2])
        old.close()
    assert "collection" not in whoosh_index.open_dir(str(tmp_path / "ix")).schema.names()
    index = open_index(tmp_path / "ix")
    try:
        assert doc_ids(index, A_ONLY, query="budget") == {"a1", "a2"}
        assert doc_ids(index, B_ONLY, query="budget") == set()
        assert get_article(index, "a1", collections=A_ONLY).id == "a1"
        write_articles(index, articles()[2:])  # a new collection written into it: no reindex
        assert doc_ids(index, A_ONLY, query="budget") == {"a1", "a2"}
        assert doc_ids(index, B_ONLY, query="budget") == {"b1", "b2"}
    finally:
        index.close()
