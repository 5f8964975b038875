"""BM25F per unit (search.storage.reading.searchers): the field sets it relies on
match the documents the schema writes, and Whoosh's collector and the bulk
scorer rank quote documents, paragraphs and fields both hold alike."""
from __future__ import annotations

import datetime as dt
import random
from array import array
from collections.abc import Iterator

import pytest

from onrecord.search.deadline import Deadline
from onrecord.search.model import SearchRequest
from onrecord.search.query import ranking
from onrecord.search.query.collecting import collect, restrict_query
from onrecord.search.query.querying import build_filter, build_parser, parse_query
from onrecord.search.query.ranking import build_lengths, score_all, top_scored
from onrecord.search.query.units import to_quote_fields
from onrecord.search.query.within import Within
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.reading import searchers
from onrecord.search.storage.reading.searchers import PARAGRAPH_ONLY_FIELDS, QUOTE_ONLY_FIELDS, UnitBM25F
from onrecord.search.storage.schema import paragraph_fields, quote_fields
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.search.test_quotes_mode import generated_articles


@pytest.fixture(scope="module")
def index() -> Iterator[Index]:
    articles = generated_articles(40, seed=5)
    idx = ram_index()
    write_articles(idx, articles[:20])
    write_articles(idx, articles[20:])
    write_articles(idx, articles[:3])  # written again: a segment with deletions
    yield idx
    idx.close()


def test_unit_fields_are_the_fields_each_unit_writes() -> None:
    for article in generated_articles(20):
        for para in article.paragraphs:
            assert not QUOTE_ONLY_FIELDS & paragraph_fields(article, para, "r").keys()
            for qi in range(len(para.quotes)):
                assert not PARAGRAPH_ONLY_FIELDS & quote_fields(article, para, qi, "r").keys()


def test_every_searcher_ranks_by_unit(index: Index) -> None:
    with index.reading() as searcher:
        assert isinstance(searcher.weighting, UnitBM25F)


@pytest.mark.parametrize("query", ["iraq", "police budget", '"iraq war"', "iraq OR school",
                                   "speaker:blair", "outlet:ledger iraq", "institution:police",
                                   "budget speaker:brown"])
@pytest.mark.parametrize("mode", ["paragraphs", "quotes"])
def test_bulk_scores_equal_whoosh_collector_in_both_units(index: Index, query: str,
                                                          mode: str) -> None:
    request = SearchRequest(query=query, mode=mode)  # type: ignore[arg-type]
    q = parse_query(build_parser(index.schema), query)
    q = to_quote_fields(q) if mode == "quotes" else q
    combined = restrict_query(q, build_filter(request))
    with index.reading() as searcher:
        plain = collect(searcher, combined, True, 50, None, Deadline(None))
        bulk = score_all(searcher, combined, build_lengths, Deadline(None))
    assert bulk is not None and plain.ranked
    # Each document's score (ties may swap places by the last bit's rounding).
    assert [bulk[d] for d, _ in plain.ranked] == pytest.approx(
        [s for _, s in plain.ranked], rel=1e-9)
    assert [s for _, s in top_scored(bulk, 50)] == pytest.approx(
        [s for _, s in plain.ranked], rel=1e-9)


@pytest.mark.parametrize("filters", [
    {"quotes_only": True}, {"since": dt.date(2020, 1, 1)}, {"until": dt.date(2020, 6, 30)},
    {"since": dt.date(2019, 6, 1), "until": dt.date(2021, 6, 30), "quotes_only": True},
    {"outlets": ("The Ledger",)}])
@pytest.mark.parametrize("query", ["iraq", "police budget", '"iraq war"', "iraq OR school"])
def test_bulk_scores_equal_whoosh_collector_under_filters(index: Index, query: str,
                                                          filters: dict[str, object]) -> None:
    # The bulk scorer narrows the scored words' matches by each filter
    # (a date range by its column) instead of listing the filter's documents.
    request = SearchRequest(query=query, **filters)  # type: ignore[arg-type]
    combined = restrict_query(parse_query(build_parser(index.schema), query), build_filter(request))
    with index.reading() as searcher:
        plain = collect(searcher, combined, True, 500, None, Deadline(None))
        bulk = score_all(searcher, combined, build_lengths, Deadline(None))
    assert bulk is not None
    assert sorted(bulk) == sorted(d for d, _ in plain.ranked)
    assert [bulk[d] for d, _ in plain.ranked] == pytest.approx(
        [s for _, s in plain.ranked], rel=1e-9)


@pytest.mark.parametrize("request_", [
    SearchRequest(query="iraq", speakers=("Tony Blair",)),
    SearchRequest(query="budget", speakers=("Gordon Brown", "Tony Blair")),
    SearchRequest(query="police", institutions=("Metropolitan Police",)),
    SearchRequest(query="iraq", speakers=("Tony Blair",), mode="quotes"),
], ids=["one-speaker", "two-speakers", "institution", "quotes-mode"])
def test_a_small_filter_taken_first_gives_the_same_scores(index: Index, request_: SearchRequest,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    q = parse_query(build_parser(index.schema), request_.query)
    q = to_quote_fields(q) if request_.mode == "quotes" else q
    combined = restrict_query(q, build_filter(request_))
    taken: list[int] = []
    within = ranking._words_within
    monkeypatch.setattr(ranking, "_words_within", lambda *args: (taken.append(1), within(*args))[1])
    scores = {}
    for share in (0.0, 1e9):  # never first; first whenever the shapes allow
        monkeypatch.setattr(ranking, "FILTER_FIRST_SHARE", share)
        with index.reading() as searcher:
            scores[share] = score_all(searcher, combined, build_lengths, Deadline(None))
    assert taken  # the second pass took the filter first
    assert scores[0.0] is not None and scores[0.0]  # something matched
    assert scores[1e9] == scores[0.0]  # the same documents, the same floats


@pytest.mark.parametrize("given", ["set", "arrays"])
@pytest.mark.parametrize("count", [10, 300, 5000])
def test_postings_within_keep_their_order_and_types(count: int, given: str) -> None:
    ids = array("I", range(0, 3 * count, 3))
    weights = array("f", (float(i % 7 + 1) for i in range(count)))
    within = set(range(0, 3 * count, 2))  # every other posting: docnums divisible by 6
    halves = [array("I", range(0, 3 * count, 4)), array("I", range(2, 3 * count, 4))]  # the same docnums
    narrowing = (Within(3 * count, docs=within) if given == "set" else Within(3 * count, id_arrays=halves))
    kept_ids, kept_weights = ranking._postings_within(ids, weights, narrowing)
    expected = [(d, w) for d, w in zip(ids, weights, strict=True) if d in within]
    assert list(zip(kept_ids, kept_weights, strict=True)) == expected
    if count >= ranking._NUMPY_MIN:  # long lists stay arrays of the same types, for _bm25's numpy path
        assert isinstance(kept_ids, array) and kept_ids.typecode == "I"
        assert isinstance(kept_weights, array) and kept_weights.typecode == "f"


class CountingSearcher:
    """A top-level searcher's doc_frequency, counted (its other calls passed on)."""

    def __init__(self, searcher: object) -> None:
        self.searcher = searcher
        self.asked = 0

    def doc_frequency(self, fieldname: str, text: str) -> int:
        self.asked += 1
        return self.searcher.doc_frequency(fieldname, text)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.searcher, name)


@pytest.mark.parametrize(("fieldname", "text"), [("text", "iraq"), ("speaker", "blair"), ("said", "budget")])
def test_a_terms_idf_is_counted_once_per_commit(index: Index, fieldname: str, text: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with index.reading() as searcher:
        counting = CountingSearcher(searcher)
        stats = searchers.UnitStats(counting)
        for unit in ("paragraph", "quote"):
            fresh = searchers.UnitStats(searcher)._count_idf(searcher, fieldname, text, unit)
            asked = counting.asked
            assert stats.idf(counting, fieldname, text, unit) == fresh
            assert stats.idf(counting, fieldname, text, unit) == fresh
            assert counting.asked == asked + 1  # the second answer was kept
        monkeypatch.setattr(searchers, "IDF_MEMO", 1)
        stats.idf(counting, fieldname, "zzz-none", "paragraph")  # full: it starts over
        assert len(stats._idf) == 1


@pytest.mark.parametrize("count", [0, 5, 255, 256, 257, 3000])
@pytest.mark.parametrize("limit", [0, 1, 10, 300, 5000])
def test_top_scored_ranks_as_whooshs_collector(count: int, limit: int) -> None:
    rng = random.Random(count * 7 + limit)
    # Few distinct scores: many ties, broken by the lower docnum.
    scores = {rng.randrange(10 * count + 1): rng.choice([0.5, 1.25, 2.0, 7.75, 1e-9]) for _ in range(count)}
    expected = sorted(scores.items(), key=lambda pair: (-pair[1], pair[0]))[:max(limit, 0)]
    ranked = top_scored(scores, limit)
    assert ranked == expected
    assert all(type(d) is int and type(s) is float for d, s in ranked)


@pytest.mark.parametrize("fieldname", ["text", "said", "exact"])
@pytest.mark.parametrize("word", ["iraq", "budget"])
def test_bulk_figures_are_the_scorers_without_a_term_look_up(index: Index, fieldname: str, word: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """UnitBM25F.figures gives scorer()'s B, K1, idf and average lengths (of
    both units), and looks no term up for a matcher's best block score."""
    compared = 0
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            if (fieldname, word) not in sub.reader():  # bulk scoring asks only of a term its segment holds
                continue
            weighting = sub.weighting
            full = weighting.scorer(sub, fieldname, word)
            looked: list[str] = []
            monkeypatch.setattr(type(sub.reader()), "term_info", lambda *a, _looked=looked: _looked.append("x"))
            lean = weighting.figures(sub, fieldname, word)
            monkeypatch.undo()
            assert not looked
            for name in ("B", "K1", "idf", "avgfl", "quote_idf", "quote_avgfl", "quote_docs"):
                assert getattr(lean, name) == getattr(full, name), name
            compared += 1
    assert compared
