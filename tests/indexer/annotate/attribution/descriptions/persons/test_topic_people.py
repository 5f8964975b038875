"""A definite person epithet is the one person the headline names
(indexer.annotate.attribution.descriptions.persons.topicpeople, issues #31/#32): in a
quote's speaker phrase only where no description reading named anyone ("the
lock forward said"), in a reported clause also over the person last a subject
(indirect.topicperson); the nouns of EPITHET_NOUNS head such an epithet, one
row a case.  Made-up sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.persons.topicpeople import (
    EPITHET_NOUNS,
    epithet_head,
    topic_person,
)
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from tests.indexer.annotate.attribution.articles import quotes_in as _quotes
from tests.indexer.annotate.attribution.articles import speaker_of as _speaker_of


@pytest.mark.parametrize(("phrase", "head"), [
    ("The 33-year-old chart-topper", "chart-topper"),
    ("The novelist and broadcaster", "broadcaster"),
    ("the lock forward", "forward"),
    ("The seventh seed", "seed"),
])
def test_an_epithet_noun_row_heads_an_epithet(phrase: str, head: str) -> None:
    assert head in EPITHET_NOUNS
    assert epithet_head(Phrase(phrase, 0, len(phrase), "np")) == head


@pytest.mark.parametrize("phrase", ["the lock", "a lock forward", "Harbour's forward", "the forward line"])
def test_no_definite_epithet_no_head(phrase: str) -> None:
    assert epithet_head(Phrase(phrase, 0, len(phrase), "np")) is None


@pytest.mark.parametrize(("text", "needle"), [
    # each row of EPITHET_NOUNS, in a quote's phrase no description reading names anyone by
    ("Vole hints at a break\n\nSinger Ann Vole will take a year off, her label says. Label boss Tom Brenn "
     "backed the plan. The 33-year-old chart-topper said: \"I need the rest.\"", "rest"),
    ("Vole attacks quiz show\n\nAuthor Ann Vole has called a quiz show cruel. Host Tom Brenn defended it. "
     "The novelist and broadcaster said: \"It mocks the weak.\"", "mocks"),
    ("Vole expects hard match\n\nNorland captain Tom Vole expects a close game on Saturday. Coach Ed Brenn "
     "named his side on Friday. \"It will be tight,\" said the lock forward.", "tight"),
])
def test_an_unnamed_epithet_quote_is_the_headline_person(text: str, needle: str) -> None:
    assert _speaker_of(text, needle) in ("Ann Vole", "Tom Vole")


@pytest.mark.parametrize("epithet", ["the 20-year-old", "the Harbour youngster"])
def test_an_epithet_quote_a_description_reading_named_stays(epithet: str) -> None:
    # the age's or the noun's reading named the beaten finalist, whom the story turned to: she stays
    text = ("Vole overcomes wobble\n\nAnn Vole won the title in Harbour with victory over Tessa Brenn. "
            "\"It keeps getting better,\" Vole said. Vole had lost only one set all week. Brenn, ranked 158th, "
            f"had to leave the qualifying draw. \"It was a big success,\" said {epithet}.")
    assert _speaker_of(text, "success") == "Tessa Brenn"


@pytest.mark.parametrize(("between", "topic"), [
    # the headline's person named in the paragraph before the phrase's: the story's person
    ("", "Ann Vole"),
    # a round-up: named in neither the phrase's paragraph nor the one before, the story is about others
    ("In other games, the seeds went through.\n\n", None),
])
def test_the_headline_person_named_near(between: str, topic: str | None) -> None:
    text = ("Vole wins final\n\nAnn Vole won the title on Sunday.\n\n" + between
            + "Tessa Brenn beat Ida Tarn in two sets. The lock forward said it.")
    pos = text.index("The lock")
    found = topic_person(None, Phrase("The lock forward", pos, pos + 16, "np"), pos, DocSpeakers(text))
    assert (found and found.name) == topic


def test_a_reported_epithet_of_a_row_noun_is_the_headline_person() -> None:
    text = ("Vole hints at a break\n\nSinger Ann Vole will take a year off, her label says. Label boss Tom Brenn "
            "backed the plan. The 33-year-old chart-topper told reporters that she was tired.")
    found = [q for q in _quotes(text) if q.kind == "indirect" and "tired" in q.text]
    assert found and found[-1].speaker == "Ann Vole"
