"""Tests for quote clusters and near-duplicate grouping as search() shows
them: Hit.also_in, each quote's "cluster"/"also_in", Hit.duplicates."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.engine import search
from onrecord.search.features.sightings import MAX_KEY_DOCS, SightingFinder, to_sighting
from onrecord.search.model import Article, SearchRequest
from onrecord.search.storage.copies.fingerprints import quote_keys
from onrecord.search.storage.copies.keytables import KeyTableReader
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import indexed, make_article

SEEDS = Path(__file__).resolve().parents[3] / "seeds"
QUOTE = "We will not close a single library while I lead this council"
STORY = ("The council leader promised on Tuesday that every branch library in the "
         "borough would stay open despite the budget gap of four million pounds")


def article(doc_id: str, published: dt.date | None, paras: list[tuple[str, str | None]],
            outlet: str = "The Ledger") -> Article:
    return make_article(doc_id, paras, title="Title {doc_id}", outlet=outlet, published=published,
                        speaker="Ann Smallman")


@pytest.fixture()
def index() -> Index:
    return indexed([
        article("ledger", dt.date(2023, 3, 2), [(f'"{QUOTE}," she told reporters.', f'"{QUOTE},"'),
                                                (STORY + ".", None)]),
        article("gazette", dt.date(2023, 3, 1), [(f"“{QUOTE}” – Ms Smallman said.", f"“{QUOTE}”"),
                                                 (STORY + " (agencies).", None)],
                outlet="The Gazette"),
        article("blog", None, [(f"'{QUOTE.lower()}', she wrote.", f"'{QUOTE.lower()}'")],
                outlet="A Blog"),
        article("other", dt.date(2023, 3, 5), [("An unrelated paragraph about bus fares "
                                                "and the cost of parking in town.", None)]),
    ])


def test_hit_also_in_lists_other_articles_earliest_first_undated_last(index: Index) -> None:
    hits = {h.doc_id: h for h in search(index, SearchRequest(query="library single")).hits}
    assert [s.doc_id for s in hits["ledger"].also_in] == ["gazette", "blog"]
    assert [s.outlet for s in hits["gazette"].also_in] == ["The Ledger", "A Blog"]
    assert hits["ledger"].also_in[0].permalink == "/doc/gazette?p=1#p1"


def test_quote_dicts_share_a_cluster_key_and_list_sightings(index: Index) -> None:
    hits = search(index, SearchRequest(query="library single")).hits
    quotes = [h.quotes[0] for h in hits]
    assert len({q["cluster"] for q in quotes}) == 1
    assert quotes[0]["cluster"] is not None
    blog = next(h for h in hits if h.doc_id == "blog").quotes[0]
    assert [s["doc_id"] for s in blog["also_in"]] == ["gazette", "ledger"]
    assert blog["also_in"][0]["published"] == "2023-03-01"


def test_unclustered_quotes_have_null_cluster() -> None:
    idx = ram_index()
    write_articles(idx, [article("a", None, [('He said "no comment" twice.', '"no comment"')])])
    quote = search(idx, SearchRequest(query="comment")).hits[0].quotes[0]
    assert (quote["cluster"], quote["also_in"]) == (None, [])


def test_near_duplicate_paragraphs_fold_into_the_higher_ranked_hit(index: Index) -> None:
    result = search(index, SearchRequest(query="branch library borough", sort="oldest"))
    assert result.total == 2  # still counts paragraphs
    assert [h.doc_id for h in result.hits] == ["gazette"]
    assert [(s.doc_id, s.n) for s in result.hits[0].duplicates] == [("ledger", 2)]


def test_distinct_paragraphs_are_not_folded(index: Index) -> None:
    result = search(index, SearchRequest(query="", sort="oldest", per_page=100))
    assert result.total == 6
    assert len(result.hits) == 5  # only the two story paragraphs are copies
    assert sum(len(h.duplicates) for h in result.hits) == 1


def test_grouping_fills_the_page_past_folded_copies() -> None:
    idx = ram_index()
    copies = [article(f"c{i}", dt.date(2023, 1, 1 + i), [(STORY + f" Copy {i}.", None)])
              for i in range(5)]
    distinct = [article(f"d{i}", dt.date(2023, 2, 1 + i),
                        [(f"Budget paragraph number {i} about libraries and something else "
                          f"entirely {i * 7}.", None)]) for i in range(5)]
    write_articles(idx, copies + distinct)
    result = search(idx, SearchRequest(query="", sort="oldest", per_page=3))
    assert [h.doc_id for h in result.hits] == ["c0", "d0", "d1"]
    assert len(result.hits[0].duplicates) == 4
    second = search(idx, SearchRequest(query="", sort="oldest", per_page=3, page=2))
    assert [h.doc_id for h in second.hits] == ["d2", "d3", "d4"]


def test_seed_sorry_quote_copies_share_one_cluster() -> None:
    idx = ram_index()
    ingest_paths([SEEDS], idx, workers=1)
    result = search(idx, SearchRequest(query='"sorry is something you say"', per_page=20))
    quotes = [q for h in result.hits for q in h.quotes if "Sorry is something" in q["text"]]
    sightings = [(h.doc_id, d.doc_id) for h in result.hits for d in h.duplicates]
    docs = {h.doc_id for h in result.hits} | {d for _, d in sightings}
    assert len(docs) == 2
    assert len({q["cluster"] for q in quotes}) == 1
    for hit in result.hits:
        assert {s.doc_id for s in hit.also_in} == docs - {hit.doc_id}


@pytest.mark.parametrize("max_key_docs,expected", [(MAX_KEY_DOCS, ["gazette", "blog"]), (2, [])])
def test_keys_held_by_too_many_documents_are_boilerplate(index: Index, max_key_docs: int, expected) -> None:
    # The quote's keys are in three documents: over a limit of 2 they are
    # treated as boilerplate and find no copies.
    hits = {h.doc_id: h for h in search(index, SearchRequest(query="library single")).hits}
    quote = hits["ledger"].quotes[0]
    with index.reading() as searcher:
        finder = SightingFinder(searcher, records=index.records, max_key_docs=max_key_docs)
        _cluster, found = finder.quote_sightings(str(quote["text"]), "ledger")
    assert [s.doc_id for s in found] == expected


class RefusingSearcher:
    """A searcher whose stored fields may not be read (its other calls passed on)."""

    def __init__(self, searcher: object) -> None:
        self.searcher = searcher

    def stored_fields(self, docnum: int) -> dict:
        raise AssertionError(f"stored fields of {docnum} read again")

    def __getattr__(self, name: str) -> object:
        return getattr(self.searcher, name)


def test_a_copys_sighting_is_read_once_per_commit(index: Index) -> None:
    with index.reading() as searcher:
        docnums = list(range(searcher.doc_count_all()))
        plain = SightingFinder(searcher, None, index.records).sightings(docnums)
        expected = [to_sighting(SightingFinder(searcher, None, index.records).stored(d)) for d in docnums]
        assert plain == expected and {s.doc_id for s in plain} >= {"ledger", "gazette", "blog"}
        memo: dict = {}
        assert SightingFinder(searcher, memo, index.records).sightings(docnums[:3]) == expected[:3]
        again = SightingFinder(RefusingSearcher(searcher), memo, index.records)
        assert again.sightings(docnums[:3]) == expected[:3]
        with pytest.raises(AssertionError):
            again.sightings(docnums[3:4])


def test_a_key_is_looked_up_once_per_segment(index: Index, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding a quote's copies searches each of its keys once in each
    segment's key table (its count and docnums from the one search) and
    never the term table (the keys are no terms); the copies found are
    those of the public calls."""
    hits = {h.doc_id: h for h in search(index, SearchRequest(query="library single")).hits}
    text = str(hits["ledger"].quotes[0]["text"])
    with index.reading() as searcher:
        table = type(searcher.leaf_searchers()[0][0].reader()._terms)
        looked: list[str] = []
        for cls, name in [(table, "term_info"), (table, "doc_frequency"), (table, "__contains__"),
                          (KeyTableReader, "docnums")]:
            original = getattr(cls, name)

            def counted(self: object, *args: object, _name: str = name, _original=original) -> object:
                looked.append(_name)
                return _original(self, *args)
            monkeypatch.setattr(cls, name, counted)
        finder = SightingFinder(searcher, records=index.records)
        _cluster, found = finder.quote_sightings(text, "ledger")
        segments = len(searcher.leaf_searchers())
    assert [s.doc_id for s in found] == ["gazette", "blog"]
    keys = len(set(quote_keys(text)))
    assert set(looked) == {"docnums"} and len(looked) <= keys * segments
