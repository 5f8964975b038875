"""Prefix and fuzzy terms expanded up front (search.query.queryterms.expand_terms):
one cap over the whole query shared out between its terms, fuzzy words
nearest first, the deadline, and ranking unchanged by the rewrite."""
from __future__ import annotations

import itertools

import pytest
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.engine import search
from onrecord.search.model import Article, Metadata, SearchRequest
from onrecord.search.query.collecting import collect
from onrecord.search.query.querying import build_parser, parse_query
from onrecord.search.query.queryterms import expand_terms
from onrecord.search.query.ranking import build_lengths
from onrecord.search.query.resultcache import ResultCache
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article

# 25 distinct "ab..." words and 25 "ac..." words, plus the fuzzy family of "cart".
AB_WORDS = [f"ab{a}{b}ox" for a, b in itertools.product("bcdfg", "aeiou")]
AC_WORDS = [w.replace("ab", "ac", 1) for w in AB_WORDS]
CART = ["cart", "carts", "card", "care", "carp", "cast", "cat"]


@pytest.fixture(autouse=True)
def no_result_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ResultCache, "get", lambda self, request: None)


def one_paragraph(doc_id: str, text: str) -> Article:
    return make_article(doc_id, [text], meta=Metadata(title=f"Story {doc_id}"))


@pytest.fixture(scope="module")
def index() -> Index:
    idx = ram_index()
    texts = [f"{ab} and {ac} filler" for ab, ac in zip(AB_WORDS, AC_WORDS, strict=False)]
    texts += [f"the {word} here" for word in CART]
    # Two commits: two segments, so expansion has to merge them.
    write_articles(idx, [one_paragraph(f"a{i}", t) for i, t in enumerate(texts[:20])])
    write_articles(idx, [one_paragraph(f"b{i}", t) for i, t in enumerate(texts[20:])])
    return idx


def expand(index: Index, text: str, limit: int, deadline: Deadline | None = None):  # type: ignore[no-untyped-def]
    q = parse_query(build_parser(index.schema), text)
    with index.reading() as searcher:
        return expand_terms(q, searcher.reader(), deadline or Deadline(None), limit)


def words_of(q: wq.Query, fieldname: str = "text") -> list[str]:
    return [t.text for t in q.leaves() if isinstance(t, wq.Term) and t.fieldname == fieldname]


def test_a_prefix_becomes_its_words_when_under_the_cap(index: Index) -> None:
    found = expand(index, "ab*", 1000)
    assert sorted(words_of(found.query)) == sorted(AB_WORDS)
    assert found.truncated == [] and found.words == len(AB_WORDS)


def test_the_cap_covers_the_whole_query_shared_between_its_terms(index: Index) -> None:
    # Four multi-word terms (ab* and ac*, each over text and title): 10 words
    # each at most, and the title ones match nothing, so what they leave
    # goes to the terms after them.
    found = expand(index, "ab* OR ac*", 40)
    assert found.words <= 40
    text_words = words_of(found.query)
    assert len([w for w in text_words if w.startswith("ab")]) == 10
    assert len([w for w in text_words if w.startswith("ac")]) == 15  # 30 left for 2 terms
    assert found.truncated == ["ab*", "ac*"]


def test_a_small_cap_truncates_and_search_marks_the_result_partial(index: Index) -> None:
    full = search(index, SearchRequest(query="ab*", per_page=50))
    assert full.total == len(AB_WORDS) and not full.partial
    saved = index.max_expanded_terms
    index.max_expanded_terms = 8
    try:
        capped = search(index, SearchRequest(query="ab*", per_page=50))
    finally:
        index.max_expanded_terms = saved
    assert capped.partial and "ab*" in (capped.note or "") and "8 in all" in (capped.note or "")
    assert 0 < capped.total <= 4  # ab* over text gets half of 8 words


def test_fuzzy_words_are_taken_nearest_first(index: Index) -> None:
    found = expand(index, "cart~2", 2)  # one word each for text and title
    assert words_of(found.query) == ["cart"]
    found = expand(index, "cart~2", 100)
    near = words_of(found.query)
    assert near[0] == "cart" and set(near) == {"cart", "card", "care", "carp", "cast", "cat"}


def test_an_expired_deadline_stops_expansion_and_records_it(index: Index) -> None:
    deadline = Deadline(0.0)
    found = expand(index, "ab* cart~1", 1000, deadline)
    assert words_of(found.query) == [] and deadline.stopped == ["expand"]
    assert found.truncated == []  # not the cap: the note says the search took too long


def test_prefix_and_fuzzy_matches_score_their_boost_in_bulk_as_whoosh_does(index: Index) -> None:
    q = parse_query(build_parser(index.schema), "ab* OR cart~2 OR filler")
    with index.reading() as searcher:
        expanded = expand_terms(q, searcher.reader(), Deadline(None), 1000).query
        whoosh = collect(searcher, expanded, True, 100, None, Deadline(None))  # Whoosh's collector
        bulk = collect(searcher, expanded, True, 100, None, Deadline(None), build_lengths)
    assert bulk.scores is not None  # the expanded query was scored in bulk
    assert [d for d, _ in bulk.ranked] == [d for d, _ in whoosh.ranked]
    assert [s for _, s in bulk.ranked] == pytest.approx([s for _, s in whoosh.ranked], rel=1e-9)
    assert bulk.docnums == whoosh.docnums and len(bulk.docnums) == len(AB_WORDS) + len(CART)
    # Every ab* word counts the same (the text field's boost, 2), plus the
    # BM25 score of "filler" that each of those paragraphs also has.
    ab_scores = {round(s, 9) for d, s in bulk.ranked if d < len(AB_WORDS)}
    cart_scores = {round(s, 9) for d, s in bulk.ranked if d >= len(AB_WORDS)}
    assert len(ab_scores) == 1 and cart_scores == {2.0}


def test_strict_expansion_stops_at_the_first_term_cut_short(index: Index) -> None:
    found = expand(index, "ab* OR ac*", 8)  # 2 words per term: both prefixes are cut
    assert found.truncated == ["ab*", "ac*"]
    q = parse_query(build_parser(index.schema), "ab* OR ac*")
    with index.reading() as searcher:
        strict = expand_terms(q, searcher.reader(), Deadline(None), 8, strict=True)
    assert strict.truncated == ["ab*"] and strict.words == 0  # ac* was never expanded
