"""A person the article names by one word only is a person from their first
mention (names.lonespeakers): a surname that is the subject of a reporting
verb somewhere ("Vole said") and a first name written alone as a subject
("Ann, who runs the club, ..."), so a "he" or "she" before the cue naming them
can reach them; a word the article shows to be a body's, or
that the next pronoun after it calls "it", is none."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.names import lonespeakers
from onrecord.indexer.annotate.attribution.names.names import lexicon, lowercase_words


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes]


def _words(text: str) -> list[str]:
    return lonespeakers.speaking_words(text, lowercase_words(text), set(), lambda _run: None)


@pytest.mark.parametrize(("text", "found"), [
    ("The talks ended and Tamble said he was done.", ["Tamble"]),
    ("In the end Tamble also revealed his price.", ["Tamble"]),
    ("The talks ended and Tamble\u00a0said he was done.", ["Tamble"]),  # a no-break space before the verb
    ("The bid failed,\u00a0said Tamble. He left.", ["Tamble"]),
    ("The bid failed, said Tamble. He left.", ["Tamble"]),
    ("But Tamble insisted she would go ahead.", ["Tamble"]),
    ("Acme Tamble said the deal was done.", []),  # inside a longer name
    ("The star 50 Cent said he was hurt.", []),  # a number glued to the name
    ("Banks turn to Acmesoft said Ann Tamble. She left.", []),  # her cue, inverted with no comma
    ("A spokesman for Arts, Media and Leisure said he would wait.", []),  # the end of a body's name
    ("Asked again, the 24-year-old Swiss added that she would play.", []),  # a nationality
    ("The cartel Acmeco said it would cut. Acmeco secretary Ann Tamble agreed; he said so.", []),
    ("The match ended and the Scot admitted he was tired.", []),  # a description after "the"
    ("The talks ended and Tamble said the deal was done. Tamble admits it still has to sell.", []),
    ("He said he was done.", []),  # a pronoun
    ("So Tamble said he was done. Tamble is confident of its case.", []),  # its case: a body's
    ("Ann was there. Ann, who runs the club, agreed.", ["Ann"]),  # a first name as a subject
    ("The book is by Ann Tamble.", []),  # a first name before a surname
    ("It will rain. Will, he asked, come?", []),  # "will" is also a common word here
])
def test_speaking_words_are_lone_names_that_speak(text: str, found: list[str]) -> None:
    assert _words(text) == found


@pytest.mark.parametrize(("body", "who"), [
    ("Tamble, speaking to reporters, praised his striker Joe Bloggs. He told the press: "
     "\u201cWe will not sell him.\u201d Later Tamble said the club was calm.", "Tamble"),
    ("A blog collects their stories. Jane, who runs the site, keeps a record. "
     "\u201cThere are more of us than anyone thinks,\u201d she said.", "Jane"),
])
def test_a_lone_name_is_a_pronoun_s_antecedent_before_its_cue(body: str, who: str) -> None:
    assert _speakers(body)[0] == who


_FILLER = "The long report on the harbour plans was written last spring with help from"


@pytest.mark.parametrize(("text", "found"), [
    (f"{_FILLER} Ann and her team. Tom, who runs the club, agreed.", ["Tom"]),  # Ann is no subject
    (f"{_FILLER} Ann and her team. Tom, who runs the club, agreed. Later Ann, who runs the shop, left.",
     ["Ann", "Tom"]),  # in the order first met, each judged by its own mentions
    (f"Tom, who runs the club, agreed. {_FILLER} Ann and Tom's team.", ["Tom"]),
    (f"{_FILLER} Mrs Ann. Jane, who runs it, agreed. Ann's plan won.", ["Ann", "Jane"]),  # a possessive subject
    (f"Jane, who runs it, agreed while Tom stayed. {_FILLER} Tom.", ["Jane"]),
])
def test_subject_first_names_are_judged_in_one_scan(text: str, found: list[str]) -> None:
    assert lonespeakers.subject_first_names(text, lowercase_words(text)) == found


@pytest.mark.parametrize("end", ["'s", "\u2019s"])
def test_no_first_name_is_a_possessive(end: str) -> None:
    # subject_first_names scans for all first names at once: a name ending in "'s" would take
    # the possessive mentions of the name before it ("Ann's") that a scan for that name alone finds
    assert not [w for w in lexicon().first_names if w.endswith(end)]
