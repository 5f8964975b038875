"""Tests for indexer.annotate.dates: explicit, partial and publication-relative
dates, and the annotate stage."""
from __future__ import annotations

import datetime as dt

import pytest

from onrecord.indexer.annotate import dates
from onrecord.indexer.annotate.dates import annotate_dates, find_dates
from onrecord.search.model import Article
from tests.factories import make_article as article

PUB = dt.date(2021, 4, 21)  # a Wednesday


def isos(text: str, published: dt.date | None = PUB) -> list[str]:
    return [d.iso for d in find_dates(text, published)]


@pytest.mark.parametrize(("text", "expected"), [
    ("They were killed on June 5, 2020 in a park.", ["2020-06-05"]),
    ("They were killed on June 5 2020 in a park.", ["2020-06-05"]),
    ("They were killed on 5 June 2020 in a park.", ["2020-06-05"]),
    ("They were killed on 6th June 2020.", ["2020-06-06"]),
    ("the 6th of June, 2020 was warm", ["2020-06-06"]),
    ("early hours of Saturday, 6 June 2020, before dawn", ["2020-06-06"]),
    ("Saturday June 6 2020, before", ["2020-06-06"]),
    ("Filed 2020-06-05 by the clerk.", ["2020-06-05"]),
    ("the law changed in Sept. 3, 2019", ["2019-09-03"]),
    ("The inquiry opened in June 2020.", ["2020-06"]),
    ("It was December, 2019 when it started.", ["2019-12"]),
    ("Women were attacked between 2023 and 2025.", ["2023", "2025"]),
    ("Two officers were jailed in 2021 after the case.", ["2021"]),
    ("in mid-2019 prices rose", ["2019"]),
    ("February 30, 2020 never happened", []),
    ("31 April 2020 never happened", []),
    ("Dated 5/6/2020 in the file.", []),
    ("More than 2000 people marched.", []),
    ("Windows 2000 was released.", []),
    ("She may 2020 be right.", []),
    ("Theresa May 2017 speech", []),
    # any first name or title before a month makes it a surname, not only one written in the code
    ("Karen May 2017 speech", []),
    ("Mrs May 2017 speech", []),
    ("Lord March 2019 memoir", []),
    ("between 7 and June 23, 2020", ["2020-06-23"]),
])
def test_explicit_dates_need_no_publication_date(text: str, expected: list[str]) -> None:
    assert isos(text, None) == expected
    assert isos(text, PUB) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("It happened in June last year after a picnic.", ["2020-06"]),
    ("It happened last June after a picnic.", ["2020-06"]),
    ("It happened last April.", ["2020-04"]),  # same month as publication: a year back
    ("It happened last March.", ["2021-03"]),
    ("The report came out last year.", ["2020"]),
    ("It will be published next year.", ["2022"]),
    ("Sales fell this year.", ["2021"]),
    ("Prices rose last month.", ["2021-03"]),
    ("She spoke yesterday.", ["2021-04-20"]),
    ("She speaks today.", ["2021-04-21"]),
    ("She speaks tomorrow.", ["2021-04-22"]),
    ("He was charged on Monday.", ["2021-04-19"]),
    ("He was charged last Wednesday.", ["2021-04-14"]),  # never the publication day itself
    ("He was charged on Thursday.", ["2021-04-15"]),
    ("They went missing on June 6 and were found on June 7.", ["2021-06-06", "2021-06-07"]),
    ("charged with misconduct on May 27.", ["2021-05-27"]),
    ("They celebrated on Friday, June 5 with friends", ["2021-06-05"]),
    ("She told BBC Radio 4's Today programme she was angry.", []),
    ("It happened last week.", []),
    ("It happened recently.", []),
    ("It will happen this June.", []),
    ("It happened in August.", []),
])
def test_relative_dates_resolve_against_publication(text: str, expected: list[str]) -> None:
    assert isos(text, PUB) == expected


@pytest.mark.parametrize("text", [
    "It happened in June last year.", "It happened last June.", "She spoke yesterday.",
    "He was charged on Monday.", "They went missing on June 6.", "Prices rose last month.",
    "The report came out last year.",
])
def test_relative_dates_skipped_without_publication(text: str) -> None:
    assert isos(text, None) == []


def test_day_month_takes_publication_year_unless_far_ahead() -> None:
    assert isos("on June 6", dt.date(2021, 4, 21)) == ["2021-06-06"]
    assert isos("on December 20", dt.date(2021, 1, 10)) == ["2020-12-20"]


def test_offsets_and_surface() -> None:
    text = "Killed on Saturday, 6 June 2020, and charged on Monday."
    mentions = find_dates(text, PUB)
    assert [(m.surface, text[m.start:m.end]) for m in mentions] == [
        ("Saturday, 6 June 2020", "Saturday, 6 June 2020"), ("Monday", "Monday")]


def test_explicit_date_beats_overlapping_weekday() -> None:
    assert isos("murdered on Saturday June 6 2020", PUB) == ["2020-06-06"]


def test_month_last_year_beats_last_year() -> None:
    mentions = find_dates("in June last year", PUB)
    assert [(m.iso, m.surface) for m in mentions] == [("2020-06", "June last year")]


def make_article(published: dt.date | None, *texts: str) -> Article:
    return article("d", texts, title=None, outlet=None, published=published, para_id="d-{n}")


def test_annotate_dates_sorted_unique_and_pure() -> None:
    article = make_article(PUB, "On June 5, 2020 and 5 June 2020, then in 2019 and yesterday.",
                           "Nothing dated here.")
    before = article.to_dict()
    out = annotate_dates(article)
    assert [p.dates for p in out.paragraphs] == [["2019", "2020-06-05", "2021-04-20"], []]
    assert article.to_dict() == before
    assert out.paragraphs[0] is not article.paragraphs[0]


def test_annotate_dates_without_publication_keeps_only_explicit() -> None:
    out = annotate_dates(make_article(None, "On June 5, 2020 and yesterday and on Monday."))
    assert out.paragraphs[0].dates == ["2020-06-05"]


@pytest.mark.parametrize("text", [
    "Last year, this month and next Tuesday; last March and this June.",
    "In 1999 and by 2021, on 3rd May 2004, 2020-01-05 and May 5, 2019.",
    "Tonight, yesterday, today and tomorrow; on Friday.",
    "LAST year", "tHis month",
])
def test_a_rule_is_skipped_only_where_it_cannot_match(text: str) -> None:
    # find_dates skips a rule on a text holding none of its `needs`: every match must hold one
    for pattern, _resolve, needs in dates._RULES:
        for m in pattern.finditer(text):
            assert not needs or any(n in m.group() for n in needs), (pattern.pattern, m.group())


@pytest.mark.parametrize(("text", "expected"), [
    ("The ferry sailed on 9 March and docked two days later.", ["2021-03-09"]),
    ("Mrs May set 12 August 2018 as the deadline.", ["2018-08-12"]),
    ("Crews arrived on the 3rd of Oct. to clear 40 trees.", ["2021-10-03"]),
    ("Some 14 June protesters and 25 police stood by.", ["2021-06-14"]),
    ("Around 300 people came, 12 of them from 5 towns.", []),
    ("The club paid 2 million for 11 players.", []),
])
def test_the_day_first_rule_runs_where_a_month_word_stands(text: str, expected: list[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # find_dates scans for a day-first date only after the month-first rule met a month word:
    # the answer equals the one with that skip off (a _DAY_FIRST_RE no rule holds)
    assert isos(text) == expected
    monkeypatch.setattr(dates, "_DAY_FIRST_RE", dates.re.compile("never used"))
    assert isos(text) == expected


@pytest.mark.parametrize("text", [
    "Yesterday and tonight, today or tomorrow the hall stays shut.",
    "Last year, this month and next Tuesday; last March and this June.",
    "The vote was on Monday, the count on Friday, and last Sunday the rerun.",
    "Next year, last month: this year the fair moves.",
])
def test_a_dated_only_rule_places_nothing_without_a_publication_date(text: str) -> None:
    # find_dates skips the _DATED_ONLY rules' scans for an undated text: each of their matches must resolve to None
    rules = [(pattern, resolve) for pattern, resolve, _needs in dates._RULES if resolve in dates._DATED_ONLY]
    assert len(rules) == len(dates._DATED_ONLY)
    matches = [(resolve, m) for pattern, resolve in rules for m in pattern.finditer(text)]
    assert matches and all(resolve(m, None) is None for resolve, m in matches)
    assert any(resolve(m, PUB) is not None for resolve, m in matches)  # dated, the same text places one
