"""Paragraph mode's matched sets kept between searches (search.query.docsets):
every live paragraph of a commit, and a filter term's paragraphs, are built
once and must still equal a scan of the stored documents after updates
(deleted documents) and later commits (new segments)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.model import Article, SearchRequest
from onrecord.search.query import docsets, termids
from onrecord.search.query.collecting import restrict_query
from onrecord.search.query.docsets import match_docnums
from onrecord.search.query.querying import build_filter
from onrecord.search.storage.opening import open_index
from onrecord.search.writing.commits import write_articles
from tests.factories import indexed, make_article, write_index


def _articles(prefix: str, count: int, words: str = "budget") -> list[Article]:
    return [make_article(f"{prefix}{n}", [(f"{words} talk {n}", f"{words} talk"), f"plain {n}"],
                         speaker="Ann Vole") for n in range(count)]


def _scan(searcher: object, quoted_only: bool) -> set[int]:
    """Return the live paragraph documents (a stored paragraph_id) by
    reading every stored document: with a quote, if `quoted_only`."""
    reader = searcher.reader()  # type: ignore[attr-defined]
    found = set()
    for docnum in range(reader.doc_count_all()):
        if reader.is_deleted(docnum):
            continue
        stored = reader.stored_fields(docnum)
        if "paragraph_id" in stored and (not quoted_only or stored.get("quotes_json")):
            found.add(docnum)
    return found


@pytest.mark.parametrize("min_cached", [1, 10**9])
@pytest.mark.parametrize("quoted_only", [False, True])
def test_paragraph_sets_equal_a_scan_after_updates_and_commits(
        monkeypatch: pytest.MonkeyPatch, min_cached: int, quoted_only: bool) -> None:
    monkeypatch.setattr(termids, "MIN_CACHED", min_cached)  # paragraph_term_ids moved there
    index = indexed(_articles("a", 6), _articles("b", 4))
    request = SearchRequest(quotes_only=quoted_only)
    q = restrict_query(None, build_filter(request))
    for step in range(3):
        with index.reading() as searcher:
            for _ in range(2):  # the second search answers from what the first kept
                got = match_docnums(searcher, q, Deadline(None), index.postings_cache)
                assert set(got.docnums) == _scan(searcher, quoted_only)
        # An update deletes an article's documents; new articles add a segment.
        write_articles(index, [make_article(f"a{step}", ["rewritten without a quote"]),
                               *_articles(f"c{step}", 2, "river")])
        index.refresh()


def test_an_expired_deadline_gives_a_partial_result_not_the_kept_set() -> None:
    index = indexed(_articles("a", 3))
    every = restrict_query(None, build_filter(SearchRequest()))
    with index.reading() as searcher:
        passed = Deadline(0.0)
        assert passed.expired()
        cut = match_docnums(searcher, every, passed)
        assert cut.partial
        assert set(match_docnums(searcher, every, Deadline(None)).docnums) == _scan(searcher, False)
        assert isinstance(every, wq.ConstantScoreQuery)


@pytest.mark.parametrize(("since", "until"), [
    (dt.date(2020, 1, 1), None), (None, dt.date(2019, 12, 31)),
    (dt.date(2019, 6, 1), dt.date(2021, 6, 30)), (dt.date(2030, 1, 1), None),
    # around every date (kept whole), and before every date (none left)
    (dt.date(2000, 1, 1), dt.date(2030, 1, 1)), (None, dt.date(2017, 12, 31)),
    (dt.date(2018, 1, 1), dt.date(2022, 12, 28)), (dt.date(2018, 1, 1), dt.date(2019, 6, 30))])
def test_a_date_range_beside_words_narrows_them_as_a_scan_does(
        since: dt.date | None, until: dt.date | None) -> None:
    days = [dt.date(2018 + n % 5, 1 + n % 12, 1 + n % 28) for n in range(40)]
    index = indexed([make_article(f"d{n}", [(f"budget talk {n}", "budget talk"), "plain"],
                                  speaker="Ann Vole", published=day) for n, day in enumerate(days)])
    request = SearchRequest(query="budget", since=since, until=until)
    words = wq.Term("text", "budget")
    with index.reading() as searcher:
        got = match_docnums(searcher, restrict_query(words, build_filter(request)), Deadline(None))
        reader = searcher.reader()
        expected = {d for d in range(reader.doc_count_all())
                    if "paragraph_id" in reader.stored_fields(d)
                    and reader.stored_fields(d)["n"] == 1
                    and (since is None or days[int(reader.stored_fields(d)["doc_id"][1:])] >= since)
                    and (until is None or days[int(reader.stored_fields(d)["doc_id"][1:])] <= until)}
    assert set(got.docnums) == expected


def test_every_quote_equals_a_scan_after_updates_and_commits() -> None:
    index = indexed(_articles("a", 6), _articles("b", 4))
    every = restrict_query(None, build_filter(SearchRequest(mode="quotes")))
    for step in range(3):
        with index.reading() as searcher:
            reader = searcher.reader()
            live_quotes = {d for d in range(reader.doc_count_all()) if not reader.is_deleted(d)
                           and "qi" in reader.stored_fields(d)}
            for _ in range(2):  # the second search answers from what the first kept
                got = match_docnums(searcher, every, Deadline(None))
                assert set(got.docnums) == live_quotes and live_quotes
        write_articles(index, [make_article(f"a{step}", ["rewritten without a quote"]),
                               *_articles(f"c{step}", 2, "river")])
        index.refresh()


def test_searchers_of_one_commit_share_the_kept_set() -> None:
    # One set per commit, not per pooled searcher (one per serving thread).
    index = indexed(_articles("a", 4))
    every = restrict_query(None, build_filter(SearchRequest()))
    first, second = index.open_snapshot(), index.open_snapshot()
    try:
        assert first is not second
        a = match_docnums(first, every, Deadline(None)).docnums
        assert match_docnums(second, every, Deadline(None)).docnums is a
    finally:
        first.close()
        second.close()


def test_nested_ands_start_from_their_rarest_part_and_narrow_it(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    # "rare" AND (common over text or title), under a filter of a date range
    # and a common filter term: the same set as Whoosh's own matcher, found
    # by listing the rarest word alone; the common parts only narrow it.
    days = [dt.date(2018 + n % 4, 1 + n % 12, 1 + n % 28) for n in range(40)]
    # on disk: its postings decode as arrays, which the narrowing reads
    index = open_index(write_index(tmp_path / "ix", [[make_article(
        f"n{n}", [(f"{'zephyr ' if n % 5 == 0 else ''}budget talk {n}", "budget talk"), f"budget plain {n}"],
        speaker="Ann Vole", published=day) for n, day in enumerate(days)]]))
    words = wq.And([wq.Term("text", "zephyr"), wq.Or([wq.Term("text", "budget"), wq.Term("title", "budget")])])
    filters = wq.ConstantScoreQuery(wq.And([
        wq.DateRange("published", dt.datetime(2019, 1, 1), dt.datetime(2020, 12, 31, 23, 59, 59)),
        wq.Term("has_quote", True)]))
    q = wq.And([words, filters])
    listed: list[str] = []
    real = docsets._term_ids
    monkeypatch.setattr(docsets, "_term_ids", lambda reader, field, text, *rest: (
        listed.append(f"{field}:{text}"), real(reader, field, text, *rest))[1])
    with index.reading() as searcher:
        got = match_docnums(searcher, q, Deadline(None))
        expected = set(q.matcher(searcher).all_ids())
    index.close()
    assert got.docnums == expected and expected
    assert listed == ["text:zephyr"]


# Paragraph mode's filter of a speaker, "quotes only" and a date range, without the unit's AndNot.
_FILTER = build_filter(SearchRequest(speakers=("Ann Vole",), quotes_only=True, since=dt.date(2000, 1, 1),
                                     until=dt.date(2030, 12, 31))).a
_SPEAKER, _HAS_QUOTE = _FILTER.subqueries[0], wq.Term("has_quote", True)


@pytest.mark.parametrize(("q", "docs", "parts"), [
    (_FILTER, 3, 3),  # fewer documents than each term holds: narrowed part by part
    (wq.And([_SPEAKER, wq.ConstantScoreQuery(wq.And([_HAS_QUOTE]), 0.0)]), 3, 2),  # nested, wrapped
    (_FILTER, 10**6, None),  # more documents than a term holds: the And's own matches
    (wq.And([_SPEAKER, wq.Not(_HAS_QUOTE)]), 3, None),
    (wq.And([wq.Phrase("exact", ["budget", "talk"]), wq.Phrase("exact", ["plain", "talk"])]), 3, None),
    (_SPEAKER, 3, None),
])
def test_an_and_narrows_few_documents_part_by_part(q: wq.Query, docs: int, parts: int | None) -> None:
    index = indexed(_articles("n", 12))
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            found = docsets._narrowing_parts(q, docs, sub.reader())
            assert (None if found is None else len(found)) == parts
            every = set(range(sub.reader().doc_count_all()))
            for some in (every, set(list(every)[::3]), set()):  # the same documents either way
                assert docsets.narrow_docs(q, some, sub, Deadline(None)) == docsets.evaluate_docs(
                    q, sub, Deadline(None)) & some
    index.close()


@pytest.mark.parametrize(("term", "with_quotes", "kept"), [
    (wq.Term("has_quote", True), False, True),  # paragraphs only: the kept paragraphs narrow them
    (wq.Term("has_quote", True), True, False),  # a quote document among them: the postings
    (wq.Term("text", "budget"), False, False),  # not a yes/no field
])
def test_a_yes_no_field_narrows_paragraphs_by_its_kept_paragraphs(
        term: wq.Term, with_quotes: bool, kept: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    index = indexed(_articles("y", 12))
    read: list[str] = []
    term_ids = docsets.term_ids
    monkeypatch.setattr(docsets, "term_ids", lambda *a, **k: (read.append("postings"), term_ids(*a, **k))[1])
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            reader = sub.reader()
            quotes = docsets.quote_docs(reader)
            docs = {d for d in range(reader.doc_count_all()) if with_quotes or d not in quotes}
            expected = docsets.evaluate_docs(term, sub, Deadline(None)) & docs
            read.clear()
            assert docsets.narrow_docs(term, docs, sub, Deadline(None)) == expected
            assert (read == []) == kept
    index.close()
