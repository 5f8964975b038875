"""The published date's terms: two tiers a document (days and 2**40
microsecond spans), and every date range finds the documents of its days,
through Whoosh's own matcher as through the search."""
from __future__ import annotations

import datetime as dt
import random

import pytest
from whoosh import query as wq

from onrecord.search import SearchRequest, search
from onrecord.search.storage import opening
from onrecord.search.storage.schema import DATE_SHIFT_STEP, build_schema
from onrecord.search.writing.commits import write_articles
from tests.factories import indexed, make_article

# Invented days from 1999 to 2031, a few in the same fortnight, one on the epoch.
DAYS = sorted({dt.date(1999, 12, 31), dt.date(1970, 1, 1), dt.date(2031, 7, 4),
               *(dt.date(2004, 3, 1) + dt.timedelta(days=n) for n in (0, 1, 2, 9, 13, 14, 40)),
               *(dt.date(2000, 1, 1) + dt.timedelta(days=random.Random(5).randrange(12000)) for _ in range(30))})


@pytest.fixture(scope="module")
def dated_index():  # type: ignore[no-untyped-def]
    """Return an index of one single-paragraph article per day of DAYS."""
    return indexed([make_article(f"d{n}", [f"Lantern report number {n}."], published=day)
                    for n, day in enumerate(DAYS)])


def test_a_date_is_indexed_as_two_terms(dated_index) -> None:  # type: ignore[no-untyped-def]
    with dated_index.reading() as searcher:
        reader = searcher.reader()
        field = reader.schema["published"]
        terms = list(reader.lexicon("published"))
        postings = sum(reader.doc_frequency("published", term) for term in terms)
    assert field.shift_step == DATE_SHIFT_STEP == 40
    assert postings == 2 * len(DAYS)  # Whoosh's DATETIME indexed 8 a date


def _whoosh_ids(index, start: dt.datetime | None, end: dt.datetime | None) -> set[str]:  # type: ignore[no-untyped-def]
    """Return the doc_ids Whoosh's own DateRange matcher finds (no column)."""
    with index.reading() as searcher:
        found = searcher.search(wq.DateRange("published", start, end), limit=None)
        return {hit["doc_id"] for hit in found}


def _expected(first: dt.date | None, last: dt.date | None) -> set[str]:
    return {f"d{n}" for n, day in enumerate(DAYS)
            if (first is None or day >= first) and (last is None or day <= last)}


def _ranges() -> list[tuple[dt.date | None, dt.date | None]]:
    rng = random.Random(11)
    picked = [(None, None), (None, DAYS[3]), (DAYS[-4], None), (DAYS[0], DAYS[-1]),
              (dt.date(2004, 3, 2), dt.date(2004, 3, 14)), (dt.date(2004, 3, 3), dt.date(2004, 3, 8))]
    for _ in range(40):
        a, b = sorted(rng.sample(DAYS, 2))
        picked.append((a + dt.timedelta(days=rng.choice((-1, 0, 1))), b + dt.timedelta(days=rng.choice((-1, 0, 1)))))
    return picked


@pytest.mark.parametrize("first,last", _ranges())
def test_date_ranges_find_the_documents_of_their_days(dated_index, first, last) -> None:  # type: ignore[no-untyped-def]
    start = dt.datetime.combine(first, dt.time.min) if first else None
    end = dt.datetime.combine(last, dt.time(23, 59, 59)) if last else None
    expected = _expected(first, last)
    assert _whoosh_ids(dated_index, start, end) == expected
    # A range not of whole days (no column): the day terms at its edges.
    if start is not None:
        assert _whoosh_ids(dated_index, start + dt.timedelta(hours=6), end) == _expected(
            first + dt.timedelta(days=1), last)
    result = search(dated_index, SearchRequest(query="lantern", since=first, until=last, per_page=100))
    assert {hit.doc_id for hit in result.hits} == expected


def test_an_index_built_with_eight_tiers_keeps_them(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    def eight_tiers():  # type: ignore[no-untyped-def]
        schema = build_schema()
        schema["published"].shift_step = 8  # Whoosh's DATETIME, as indexes before two tiers were built
        return schema
    monkeypatch.setattr(opening, "build_schema", eight_tiers)
    index = opening.open_index(tmp_path / "ix", create=True)
    monkeypatch.undo()
    try:
        write_articles(index, [make_article(f"d{n}", [f"Lantern report number {n}."], published=day)
                               for n, day in enumerate(DAYS)])
        first, last = dt.date(2004, 3, 2), dt.date(2004, 3, 14)
        with index.reading() as searcher:
            reader = searcher.reader()
            postings = sum(reader.doc_frequency("published", term) for term in reader.lexicon("published"))
        assert postings == 8 * len(DAYS)
        assert _whoosh_ids(index, dt.datetime(2004, 3, 2, 6), dt.datetime(2004, 3, 14, 23, 59, 59)) == _expected(
            dt.date(2004, 3, 3), last)
        result = search(index, SearchRequest(query="lantern", since=first, until=last, per_page=100))
        assert {hit.doc_id for hit in result.hits} == _expected(first, last)
    finally:
        index.close()


def test_the_published_date_has_no_column(dated_index) -> None:  # type: ignore[no-untyped-def]
    """Nothing reads a published column (sorts and whole-day ranges read the date keys): none is written."""
    with dated_index.reading() as searcher:
        assert searcher.reader().schema["published"].column_type is None
        assert not any(leaf.has_column("published") for leaf, _ in searcher.reader().leaf_readers())


@pytest.mark.parametrize("sort,newest_first", [("newest", True), ("oldest", False)])
def test_date_sorts_follow_the_date_without_its_column(dated_index, sort: str, newest_first: bool) -> None:  # type: ignore[no-untyped-def]
    result = search(dated_index, SearchRequest(query="lantern", sort=sort, per_page=100))
    days = [DAYS[int(hit.doc_id[1:])] for hit in result.hits]
    assert len(days) == len(DAYS)
    assert days == sorted(DAYS, reverse=newest_first)
