"""Tests for search.query.suggesting (issue #28): "Did you mean" weighs a
candidate's frequency against its edits, prefers a known speaker's whole
name, and corrects the words as typed."""
from __future__ import annotations

import pytest

from onrecord.search.engine import search
from onrecord.search.model import Article, SearchRequest
from onrecord.search.query.suggesting import MAX_EDITS, _words_within
from onrecord.search.storage.schema import WORDS_FIELD
from onrecord.search.storage.store import Index
from tests.factories import indexed, make_article


def paragraphs(word: str, count: int) -> list[str]:
    """Return `count` distinct paragraphs that each name `word` once."""
    return [f"Report {n} about {word} today." for n in range(count)]


def corpus(*, blair: int, blame: int, speaker: bool = False) -> list[Article]:
    """Return articles where "Blair" and "blame" are in as many paragraphs;
    with `speaker`, one of Blair's is quoted from speaker Tony Blair."""
    articles = [make_article("tony", ["Tony Green opened the fair."]),
                make_article("blame", paragraphs("blame", blame))]
    if blair:
        articles.append(make_article("blair", paragraphs("Blair", blair),
                                     speakers=["Tony Blair"] if speaker else ()))
    return articles


def suggestion(index: Index, query: str) -> str | None:
    result = search(index, SearchRequest(query=query))
    assert result.total == 0
    return result.suggestion


def test_a_far_more_frequent_word_two_edits_away_beats_a_rare_one_edit_away() -> None:
    # The case: Blair in 521 paragraphs, blame in 22.
    index = indexed(corpus(blair=30, blame=2))
    assert suggestion(index, "tony blare") == "tony blair"
    assert suggestion(index, "blare") == "blair"


def test_a_known_speakers_name_wins_over_a_more_frequent_word() -> None:
    # Blair is rarer than blame here: only the speaker list makes
    # "tony blair" the better guess, and "blare" alone stays "blame".
    index = indexed(corpus(blair=1, blame=5, speaker=True))
    assert suggestion(index, "tony blare") == "tony blair"
    assert suggestion(index, "blare") == "blame"


def test_without_the_speaker_the_frequent_word_wins() -> None:
    index = indexed(corpus(blair=1, blame=5))
    assert suggestion(index, "tony blare") == "tony blame"


def test_a_rare_word_is_suggested_when_nothing_else_is_within_reach() -> None:
    # "year" is frequent but three edits away; blame is in one paragraph.
    index = indexed([make_article("y", paragraphs("year", 40)),
                     make_article("b", paragraphs("blame", 1))])
    assert suggestion(index, "blare") == "blame"


@pytest.mark.parametrize(("counts", "expected"), [
    ({"blame": 2, "blade": 9}, "blade"),
    ({"blame": 9, "blade": 2}, "blame"),
])
def test_among_words_as_near_the_more_frequent_wins(counts: dict[str, int],
                                                    expected: str) -> None:
    index = indexed([make_article(word, paragraphs(word, n)) for word, n in counts.items()])
    assert suggestion(index, "blare") == expected


def test_the_word_as_typed_is_corrected_not_its_stem() -> None:
    # "seperate" stems to "seper", one edit from "super".
    index = indexed([make_article("s", paragraphs("super", 5) + paragraphs("separate", 1))])
    assert suggestion(index, "seperate") == "separate"


@pytest.mark.parametrize(("query", "expected"), [
    ("Tony Blare", "Tony Blair"),
    ("TONY BLARE", "TONY BLAIR"),
    ("date:2023 tony blare", "date:2023 tony blair"),
    ("tony blare -blaze", "tony blair -blaze"),
])
def test_the_rest_of_the_query_is_kept_as_typed(query: str, expected: str) -> None:
    index = indexed(corpus(blair=30, blame=2))
    assert suggestion(index, query) == expected


@pytest.mark.parametrize(("query", "expected"), [
    ("blare tonx*", "blair tonx*"),
    ("blare speaker:blare", "blair speaker:blare"),
    ("blare blaze~", "blair blaze~"),
])
def test_prefix_fuzzy_and_field_words_are_not_corrected(query: str, expected: str) -> None:
    index = indexed(corpus(blair=30, blame=2))
    assert suggestion(index, query) == expected


WORDS = ["blame", "blamed", "blair", "blade", "blaze", "blazer", "bl", "blxxxxxx", "lbame", "ablame",
         "bale", "blamer", "blameworthy", "b\u00e9lame", "Blame"]


@pytest.mark.parametrize("typed", ["blame", "blmae", "bla", "b", "blazers", "lame", "\u00e9", "blameworth"])
def test_near_words_are_the_readers_own_terms_within(typed: str) -> None:
    one = [make_article(f"one{n}", [f"The {w} story {n}."]) for n, w in enumerate(WORDS[::2])]
    two = [make_article(f"two{n}", [f"A {w} note {n}."]) for n, w in enumerate(WORDS[1::2] + WORDS[:3])]
    for index in (indexed(one, two, one[:2]), indexed(one + two)):
        with index.reading() as searcher:
            reader = searcher.reader()
            expected = sorted(reader.terms_within(WORDS_FIELD, typed, MAX_EDITS, prefix=1))
            assert sorted(_words_within(reader, typed)) == expected


def test_words_of_other_letters_are_passed_without_measuring(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word of the typed length with three letters the typed word lacks
    (or lacking three of its letters) is more than MAX_EDITS edits away: it
    is never measured, and the near words are still the reader's own."""
    from onrecord.search.query import suggesting
    words = ["bramble", "brambles", "bxqzjkw", "bottled", "brmbl", "rambleb"]
    index = indexed([make_article(f"w{n}", [f"The {w} tale {n}."]) for n, w in enumerate(words)],
                    [make_article("other", ["A bramble note."])])
    measured: list[str] = []
    measure = suggesting.distance

    def counted(a: str, b: str, limit: int | None = None) -> int:
        measured.append(a)
        return measure(a, b, limit)
    monkeypatch.setattr(suggesting, "distance", counted)
    with index.reading() as searcher:
        reader = searcher.reader()
        assert sorted(_words_within(reader, "brambel")) == ["bramble", "brambles", "brmbl"]
    assert "bxqzjkw" not in measured and "bottled" not in measured
    assert "bramble" in measured
