"""Titles, labels and names of works in quotation marks are nobody's words;
a partial quote's span stops where its attribution begins.  Invented sentences."""
from __future__ import annotations

import random
import re

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.spans import titles
from onrecord.indexer.annotate.attribution.spans.titles import is_scare_term, title_case
from onrecord.search.model import Article, Metadata, Paragraph, Quote


def quotes(text: str) -> list[Quote]:
    paras = [Paragraph(id=f"t-{i}", n=i, start=m.start(), end=m.end(), text=m.group())
             for i, m in enumerate(re.finditer(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", text, re.S), 1)]
    article = Article(id="t", source="t", text=text, meta=Metadata(), paragraphs=paras)
    return [q for p in annotate_quotes(article).paragraphs for q in p.quotes]


@pytest.mark.parametrize(("inner", "expected"), [
    ("The Rise of Worse is Better", True),
    ("How to Design a Good API and Why it Matters", True),
    ("Husbands & Lovers", True),
    ("100% Whole Grains", True),
    ("the plan was a disaster", False),
    ("We will build it", False),
    ("One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen", False),
])
def test_title_case(inner: str, expected: bool) -> None:
    assert title_case(inner) is expected


@pytest.mark.parametrize("text", [
    # a work named after a noun for it, a naming word, "in", a possessive
    'Ola Brandt\'s essay "The Quiet Harbour and Why it Matters" changed how I sail.',
    'A problem we cover in our guide "How Often Should I Sail?" is the weather.',
    'I promote an approach called "into, through, and beyond."',
    'The council published a report titled "rates will rise again" last week.',
    'Early on I fell into the trap Ola Brandt describes in "Things You Should Never Do: Part Two."',
    'Still, Ola Brandt\'s "The Rise of Slow Boats" holds a timeless lesson.',
    # a by-line or a year after a title-case name
    'Her favourite, "Tides & Winds" by Ann Vole, cost less than a coffee.',
    'The Story of "Slow is Better" (1989) is the classic here.',
    # a label after its name
    'Look for the "100% Whole Oats" stamp on the box.',
    'Her later works, such as the "tracings" series, revisit her earlier images.',
    # a slogan, motto or catchphrase is a label too
    'The party fought the campaign under its new slogan "Norland works again" in every town.',
    'The bakery chain said its "fresh every morning" catchphrase will run on every van.',
])
def test_titles_and_labels_are_not_quotes(text: str) -> None:
    assert quotes(text) == []


@pytest.mark.parametrize("text", [
    # a capitalised name before a noun for its work (issue #31's false quotes), maybe after one modifier
    'The Quill Bank ran the "Save small, save often" campaign in every branch.',
    'Mr Vole oversaw the bank\'s "Bank on us" advertising campaign for a decade.',
    "The Harbour Board's 'Best small port' award went to Lund this year.",
    'Staff can report a leak with the "Leak on site" template on the intranet.',
    'Ann Vole says to see the "Plan your wall" section above.',
    # after a noun for a work and "of"/"on" (the): the work's title
    'Ann Vole told the panel of the study "Who steers the boat, captain" about her crew.',
    'In a recent review of the "Effects of sea salt on old hulls," researchers noted more rust.',
])
def test_names_beside_nouns_for_their_works_are_not_quotes(text: str) -> None:
    assert quotes(text) == []


@pytest.mark.parametrize(("text", "speaker"), [
    ('Ola Brandt said the "reckless" campaign must end.', "Ola Brandt"),  # lowercase words: speech
    ('Ola Brandt called the decision "Unfair" and play went on.', "Ola Brandt"),  # "and" is no modifier
])
def test_words_before_a_work_noun_stay_quotes(text: str, speaker: str) -> None:
    assert [q.speaker for q in quotes(text)] == [speaker]


@pytest.mark.parametrize(("text", "speaker"), [
    ('Ola Brandt said the plan was "a disaster for the town".', "Ola Brandt"),
    ('Ola Brandt called the scheme "a disaster".', "Ola Brandt"),  # 'X called Y "..."' reports words
    ('Ola Brandt said, adding that such talk "fans the flames of anger."', "Ola Brandt"),
    ('Ola Brandt hopes a new song "will bring people together", she said.', "Ola Brandt"),
])
def test_words_near_work_nouns_stay_quotes(text: str, speaker: str) -> None:
    assert [q.speaker for q in quotes(text)] == [speaker]


@pytest.mark.parametrize("text", [
    # a whole quote set beside its work noun by a comma is the work's name, whoever is named
    'Ola Brandt wrote about the storm in her memoir, "Salt and Rope."',
    'Ola Brandt was a guest on the weekly sailing show, "Hard Tack Tonight," Sea Watch first reported.',
    'The new campaign spot, "Harbourcare," links the two plans.',
    'In a chat about her upcoming comedy project, "Knots for Beginners," the actor discussed the sea.',
])
def test_a_work_named_beside_its_noun_is_not_a_quote(text: str) -> None:
    assert quotes(text) == []


@pytest.mark.parametrize("text", [
    'Ola Brandt wrote in her column: "Build The Harbour Now."',  # a colon brings speech
    'Ola Brandt spoke about her new book, "and it is the best thing I have written," she said.',
])
def test_words_after_a_work_noun_stay_quotes(text: str) -> None:
    assert [q.speaker for q in quotes(text)] == ["Ola Brandt"]


def test_a_naming_verb_after_its_subject_reports_words() -> None:
    # 'the minister called "..."': a speaker noun calls; 'an approach called "..."' names
    assert [q.kind for q in quotes('The minister called "for calm on all sides" on Monday.')] == ["partial"]


@pytest.mark.parametrize(("text", "span"), [
    ('The Tories would leave Britain "fractured, divided and uncertain", Ann Vole told activists.',
     'The Tories would leave Britain "fractured, divided and uncertain"'),
    ('He said the party was "fractured, divided and uncertain", Ann Vole said.',
     'the party was "fractured, divided and uncertain"'),
    ('The party is "fractured" and "divided", Ann Vole told the BBC.',
     'The party is "fractured" and "divided"'),
])
def test_partial_span_stops_at_its_attribution(text: str, span: str) -> None:
    found = quotes(text)
    assert [q.text for q in found] == [span]
    assert found[0].kind == "partial"


@pytest.mark.parametrize(("text", "kept"), [
    ('There are benefits for both the tutor and the tutee. Yes, "tutee" is a correct term.', False),
    ('Don\'t begin with "throat clearing."', False),
    ('A federal judge found the agency acted in "bad faith".', True),  # a speaker noun says it
    # longer cue-less fragments are quoted findings, kept
    ('Surprisingly, there is "no law in the country that requires the disclosure of every ingredient".', True),
])
def test_cue_less_short_terms_are_not_quotes(text: str, kept: bool) -> None:
    assert bool(quotes(text)) is kept


def test_scare_term_counts_words() -> None:
    text = 'a "so-called term" and "three whole words"'
    assert is_scare_term(text, 2, 18)
    assert not is_scare_term(text, 23, len(text))


_BEFORE_TOKENS = ["a", "the", "book", "essay", "titled", "TITLED", "Entitled", "called", "Called", "known as",
                  "named", "nicknamed", "he", "said", ",", ":", "\n", " ", "\u00a0", "x", "d"]


def test_naming_scans_are_skipped_only_where_they_find_nothing() -> None:
    # is_title tests the word the sentence before the quote ends in before either naming scan
    rng = random.Random(21)
    for _ in range(4000):
        before = "".join(rng.choice(_BEFORE_TOKENS) + rng.choice([" ", "", ", ", ":  ", "\n"])
                         for _ in range(rng.randint(0, 6)))
        tail = titles._without_trailing_blanks(before)
        if tail[-1:] not in titles._NAMING_WORD_ENDS:
            assert titles._NAMING_RE.search(before) is None, before
        if not tail.endswith(titles._NAMING_VERB_WORDS):
            assert titles._NAMED_NP_RE.search(before) is None, before


@pytest.mark.parametrize("before, expected", [("", ""), ("a book titled , : ", "a book titled"),
                                              ("he said:\n", "he said"), (" ,", "")])
def test_without_trailing_blanks(before: str, expected: str) -> None:
    assert titles._without_trailing_blanks(before) == expected


@pytest.mark.parametrize("text", [
    'Sort Searches by Purpose: decide whether a search is for facts (e.g., "how to patch a canoe") or a shop.',
    'Group Phrases by Place: try names (e.g., "canoe hire in Lund", "canoe hire near me") before others.',
    'The Ovenly Baker has 12 programmes such as "rye loaf, spelt, brioche and jam" for most kitchens.',
])
def test_examples_in_quotes_are_not_quotes(text: str) -> None:
    assert quotes(text) == []


def test_an_example_after_a_cue_is_still_speech() -> None:
    text = 'Ola Brandt said that small shops, such as "the ones on our high street, are closing" every week.'
    assert [q.speaker for q in quotes(text)] == ["Ola Brandt"]
