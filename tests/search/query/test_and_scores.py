"""An And of a rare part and a frequent word scores the word only where the
rare part matches, with the floats of scoring both parts whole."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from onrecord.search.deadline import Deadline
from onrecord.search.model import SearchRequest
from onrecord.search.query import ranking
from onrecord.search.query.collecting import restrict_query
from onrecord.search.query.querying import build_filter, build_parser, parse_query
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article

# Invented: "harbour" in every paragraph, "lantern" in one of ten.
PARAGRAPHS = [f"The harbour lights {n} burned{' beside the lantern' * (n % 10 == 0)}, harbour men said."
              for n in range(300)]


@pytest.fixture(scope="module")
def index() -> Iterator[Index]:
    index = ram_index()
    write_articles(index, [make_article("harbour", PARAGRAPHS)])
    yield index
    index.close()


@pytest.mark.parametrize("text", ["lantern harbour", "harbour lantern", '"the lantern" harbour'])
def test_a_frequent_word_is_scored_within_the_rare_parts_matches(
        index: Index, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    q = restrict_query(parse_query(build_parser(index.schema), text), build_filter(SearchRequest()))
    within = _spy_within(monkeypatch)
    with index.reading() as searcher:
        narrowed = ranking.score_all(searcher, q, ranking.build_lengths, Deadline(None))
        assert within == [30]  # "harbour" scored in the 30 documents "lantern" holds
        monkeypatch.setattr(ranking, "_words_floor", lambda reader, part: 0)  # both parts whole
        whole = ranking.score_all(searcher, q, ranking.build_lengths, Deadline(None))
    assert narrowed is not None and len(narrowed) == 30
    assert narrowed == whole and list(narrowed) == list(whole)  # the same floats, in the same order


def test_a_filter_in_half_the_words_documents_narrows_before_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    index = ram_index()
    board = make_article("board", PARAGRAPHS[:150], institutions=("Harbour Board",))
    write_articles(index, [board, make_article("rest", PARAGRAPHS[150:])])
    flt = build_filter(SearchRequest(institutions=("Harbour Board",)))
    q = restrict_query(parse_query(build_parser(index.schema), "harbour"), flt)
    within = _spy_within(monkeypatch)
    with index.reading() as searcher:
        narrowed = ranking.score_all(searcher, q, ranking.build_lengths, Deadline(None))
        assert within == [150]  # "harbour" scored only in the board's 150 of its 300 documents
        monkeypatch.setattr(ranking, "FILTER_FIRST_SHARE", 0.0)  # scored whole, then narrowed
        whole = ranking.score_all(searcher, q, ranking.build_lengths, Deadline(None))
    assert narrowed is not None and len(narrowed) == 150
    assert narrowed == whole and list(narrowed) == list(whole)
    index.close()


def _spy_within(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every word as big in these small indexes and return the list
    that records how many documents each `_words_within` call scored in."""
    monkeypatch.setattr(ranking, "_WITHIN_MIN", 100)
    within: list[int] = []
    words_within = ranking._words_within

    def spied(*args: object) -> ranking.Scores:
        within.append(len(args[-1]))  # type: ignore[arg-type]
        return words_within(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ranking, "_words_within", spied)
    return within
