"""A title written with a period before a name, US style ("Mr. Tamble", "Sen.
Tamble"), is never a person's name (names.periodtitles): the lone-speaker scan
takes the name after it, and a "he said" after "said Mr. Tamble" goes to Tamble,
not to a person called "Mr" (issue #31).  One row per title of the lexicon list."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.names import lonespeakers, periodtitles
from onrecord.indexer.annotate.attribution.names.names import lowercase_words

TITLES = ["Mr", "Mrs", "Ms", "Dr", "Gov", "Sen", "Rep", "Gen", "Lt", "St", "Prof", "Sgt", "Capt", "Col", "Rev"]


def _words(text: str) -> list[str]:
    return lonespeakers.speaking_words(text, lowercase_words(text), set(), lambda _run: None)


def test_every_row_is_tested() -> None:
    assert {t.lower() for t in TITLES} == set(periodtitles.PERIOD_TITLES)


@pytest.mark.parametrize("title", TITLES)
def test_title_before_a_name_is_not_a_lone_speaker(title: str) -> None:
    text = f"The bid by Tamble failed, said {title}. Tamble. He left."
    assert _words(text) == ["Tamble"]


@pytest.mark.parametrize("title", TITLES)
def test_title_alone_is_never_a_name(title: str) -> None:
    assert not periodtitles.is_period_title(title + "x")
    assert periodtitles.is_period_title(title)


@pytest.mark.parametrize(("text", "pos", "after"), [
    (" Mr. Tamble said", 0, 4),     # past "Mr."
    (" Mrx. Tamble said", 0, 0),    # not a title
    (" Mr. tamble said", 0, 0),     # no capitalised word after it
    (" Tamble said", 0, 0),         # no title at all
])
def test_past_title(text: str, pos: int, after: int) -> None:
    assert periodtitles.past_title(text, pos) == after


@pytest.mark.parametrize(("text", "speaker"), [
    ("Orlan Tamble runs a tax group in Ohio.\n\n''No plan can last,'' said Mr. Tamble of the group. "
     "Other plans, he added, amount to ''mere tinkering.''", "Orlan Tamble"),
    ("''No plan can last,'' said Mr. Tamble of the group. "
     "Other plans, he added, amount to ''mere tinkering.''", None),  # no person yet: nobody, not "Mr"
])
def test_he_after_a_titled_cue_is_the_person(text: str, speaker: str | None) -> None:
    speakers = [q.speaker for p in extract_text(text).paragraphs for q in p.quotes]
    assert "Mr" not in speakers
    assert speakers[-1] == speaker
