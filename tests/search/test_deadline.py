"""One deadline over the whole request (issue #17): each stage of search()
stops when the request's Deadline has passed and the result is marked
partial; deep pages are refused; long words skip suggestions and fuzzy
matching.  Deadlines here expire at a named stage (no clocks involved), so
every test is deterministic."""
from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask

from onrecord.search.config import Config
from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.engine import search
from onrecord.search.errors import QueryError
from onrecord.search.model import Article, SearchRequest, SearchResult
from onrecord.search.query.resultcache import ResultCache
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed, make_article

QUOTE = "We will not close a single library while I lead this council"
STORY = ("The council leader promised on Tuesday that every branch library in the "
         "borough would stay open despite the budget gap of four million pounds")
LONG_WORD = "pneumonoultramicroscopicsilicovolcanoconiosis"  # 45 letters
SHORT_WORD = "antidisestablishmentarianisms"  # 29 letters


class ExpireAt(Deadline):
    """No time limit until `target` begins; expired from then on."""

    def __init__(self, target: str) -> None:
        super().__init__(None)
        self.target = target
        self.fired = False

    def begin(self, stage: str) -> None:
        super().begin(stage)
        self.fired = self.fired or stage == self.target

    def expired(self) -> bool:
        return self.fired

    def remaining(self) -> float | None:
        return 0.0 if self.fired else None


def article(doc_id: str, published: dt.date, paras: list[tuple[str, str | None]]) -> Article:
    return make_article(doc_id, paras, title="Title {doc_id}", published=published,
                        speaker="Ann Smallman", institutions=["City Council"])


@pytest.fixture(autouse=True)
def no_result_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cached complete answer is rightly returned whatever the deadline;
    these tests compare full and cut runs of the same request."""
    monkeypatch.setattr(ResultCache, "get", lambda self, request: None)


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed([
        article("ledger", dt.date(2023, 3, 2), [(f'"{QUOTE}," she told reporters.', f'"{QUOTE},"'),
                                                (STORY + ".", None)]),
        article("gazette", dt.date(2023, 3, 1), [(f'"{QUOTE}," Ms Smallman said.', f'"{QUOTE},"'),
                                                 (STORY + " (agencies).", None)]),
        article("words", dt.date(2023, 3, 3), [(f"Rare words: {LONG_WORD} and {SHORT_WORD}.", None)]),
    ])


def run(index: Index, deadline: Deadline | None = None, **request: object) -> SearchResult:
    return search(index, SearchRequest(**request), deadline=deadline)  # type: ignore[arg-type]


def test_deadline_records_stages_cut_and_portions_share_the_record() -> None:
    deadline = Deadline(None)
    assert not deadline.expired() and deadline.remaining() is None and not deadline.partial
    deadline.begin("facets")
    deadline.cut()
    deadline.cut("facets")
    share = deadline.portion(0.5)
    assert share.remaining() is None  # half of unlimited is unlimited
    share.cut("expand")
    assert deadline.stopped == ["facets", "expand"] and deadline.partial
    gone = Deadline(0.0)
    assert gone.expired() and gone.remaining() == 0.0 and gone.portion(0.5).expired()
    with pytest.raises(DeadlineExceeded):
        gone.check()


def test_an_expired_deadline_stops_every_stage(index: Index) -> None:
    deadline = Deadline(0.0)
    result = run(index, deadline, query="library")
    assert result.partial and "took too long" in (result.note or "")
    assert (result.total, result.hits) == (0, [])
    assert deadline.stopped[0] == "collect"


def test_expansion_stops_when_the_deadline_passes(index: Index) -> None:
    assert run(index, query="libr* branch").total == 2
    deadline = ExpireAt("expand")
    result = run(index, deadline, query="libr* branch")
    assert result.partial and deadline.stopped[0] == "expand"
    assert result.total == 0  # the prefix stood for no word in time


def test_collection_stops_when_the_deadline_passes(index: Index) -> None:
    deadline = ExpireAt("collect")
    result = run(index, deadline, query="library")
    assert result.partial and deadline.stopped[0] == "collect"
    assert (result.total, result.hits) == (0, [])


def test_grouping_stops_folding_copies_when_the_deadline_passes(index: Index) -> None:
    full = run(index, query="branch library borough", sort="oldest")
    assert [h.doc_id for h in full.hits] == ["gazette"] and full.hits[0].duplicates
    deadline = ExpireAt("group")
    cut = run(index, deadline, query="branch library borough", sort="oldest")
    assert cut.partial and deadline.stopped[0] == "group"
    assert [h.doc_id for h in cut.hits] == ["gazette", "ledger"]  # unfolded, in rank order
    assert all(not h.duplicates for h in cut.hits) and cut.total == full.total


def test_facets_are_left_out_when_the_deadline_passes(index: Index) -> None:
    full = run(index, query="library")
    assert full.facets["speaker"] and not full.partial
    deadline = ExpireAt("facets")
    cut = run(index, deadline, query="library")
    assert cut.partial and deadline.stopped[0] == "facets"
    assert cut.facets == {"speaker": [], "kind": [], "evidence": [], "institution": [], "outlet": [], "author": [],
                          "year": []}
    assert cut.total == full.total and [h.paragraph_id for h in cut.hits] == [
        h.paragraph_id for h in full.hits]


def test_hits_come_plain_when_the_deadline_passes(index: Index) -> None:
    full = run(index, query="single library")
    assert all("<mark>" in h.snippet and h.also_in for h in full.hits)
    deadline = ExpireAt("hits")
    cut = run(index, deadline, query="single library")
    assert cut.partial and deadline.stopped == ["hits"]
    assert [h.paragraph_id for h in cut.hits] == [h.paragraph_id for h in full.hits]
    assert all("<mark>" not in h.snippet and not h.also_in for h in cut.hits)
    assert cut.facets == full.facets


def test_suggestion_is_skipped_when_the_deadline_passes(index: Index) -> None:
    assert run(index, query="libary").suggestion == "library"
    deadline = ExpireAt("suggest")
    cut = run(index, deadline, query="libary")
    assert cut.suggestion is None and cut.partial and deadline.stopped == ["suggest"]


def test_partial_results_carry_the_note_in_the_api(index: Index) -> None:
    body = run(index, ExpireAt("facets"), query="library").to_dict()
    assert body["partial"] is True and "took too long" in body["note"]


def test_long_misspellings_get_no_suggestion(index: Index) -> None:
    # One letter off each: the 29-letter word is suggested, the 45-letter one
    # is past MAX_SUGGEST_CHARS and never looked up.
    assert run(index, query=SHORT_WORD[:-1] + "x").suggestion == SHORT_WORD
    result = run(index, query=LONG_WORD[:-1] + "x")
    assert result.suggestion is None and result.total == 0 and not result.partial


def test_long_fuzzy_words_are_refused(index: Index) -> None:
    with pytest.raises(QueryError, match="at most 30 letters"):
        run(index, query=LONG_WORD + "~1")
    assert run(index, query=SHORT_WORD[:-1] + "x~1").total == 1


@pytest.mark.parametrize("page, per_page, ok", [(100, 100, True), (101, 100, False),
                                                 (1000, 10, True), (1001, 10, False),
                                                 (10_000, 1, True), (10_000, 100, False)])
def test_pages_beyond_the_result_window_are_refused(index: Index, page: int, per_page: int,
                                                    ok: bool) -> None:
    if ok:
        assert run(index, query="library", page=page, per_page=per_page).hits == []
        return
    with pytest.raises(QueryError, match="only the first 10,000 results"):
        run(index, query="library", page=page, per_page=per_page)


def test_result_window_comes_from_the_config(index: Index) -> None:
    app: Flask = create_app(index=index, config=Config(max_result_window=20))
    client = app.test_client()
    assert client.get("/api/search?q=library&page=2&per_page=10").status_code == 200
    refused = client.get("/api/search?q=library&page=3&per_page=10")
    assert refused.status_code == 400 and "first 20 results" in refused.get_json()["error"]
    create_app(index=index, config=Config())  # back to the default for the other tests
    assert index.max_result_window == 10_000
