"""A definite nationality noun or age ("the Dutchman", "the 41-year-old") refers
back to the person the article is about: a mention of them for the pronoun after
it (indexer.annotate.attribution.people.referents), and of nobody when the
article gave that age to no one it names or the noun is someone new ("the
41-year-old man")."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


_VOLE_LEAD = ('Rowing coach Tavo Vole says his old club "got it wrong" by dropping him. '
              '"They made an error," Vole told a magazine. Vole joined the club in 1999. ')


@pytest.mark.parametrize(("description", "pronoun"), [
    ("the Dutchman", "he"),
    ("the Scot", "he"),
    ("the Welshman", "he"),
    ("the 41-year-old", "he"),
])
def test_a_description_after_another_persons_sentence_is_the_topic(description: str, pronoun: str) -> None:
    text = (f'{_VOLE_LEAD}But club chairman Bram Quill insisted he had to let Vole go. '
            f'The row still rankles with {description}.\n\n'
            f'"I had just bought a house, but they wanted me gone," {pronoun} said.')
    assert _speakers(text)[-1] == "Tavo Vole"


@pytest.mark.parametrize("description", ["The Dutchman", "The 41-year-old"])
def test_a_description_opening_the_sentence_is_its_subject(description: str) -> None:
    text = (f'{_VOLE_LEAD}Bram Quill, who directed the film, is a friend of Vole. '
            f'{description} crossed a bridge on the river, which he said was "far too narrow".')
    assert _speakers(text)[-1] == "Tavo Vole"


@pytest.mark.parametrize(("text", "description", "who"), [
    # the subject of the description's own sentence is not whom it describes
    ("Bram Quill met Tavo Vole. Bram Quill then sold the Dutchman to a rival.", "the Dutchman", "Bram Quill"),
    # ages are stated, none this one: unnamed beats wrong
    ("Tavo Vole, 29, spoke. Bram Quill, 52, replied. Then the 41-year-old left.", "the 41-year-old", "Bram Quill"),
    # someone new the article does not name
    ("Bram Quill spoke in court. The 41-year-old man was later arrested.", "The 41-year-old", "Bram Quill"),
    # the topic (named most, not twice as often) is not the one named last: no guess
    ("Peter Vole missed. Vole tried again. Vole missed again. Then sub Simon Quill came on. Quill scored. "
     "The 19-year-old striker was cheered.", "The 19-year-old", "Peter Vole"),
    # named as often as the one named last: a tie is no topic
    ("Peter Vole spoke. Simon Quill replied. The 19-year-old left.", "The 19-year-old", "Simon Quill"),
    # a newspaper's title inside a sentence, no description
    ("Peter Vole, editor of The Scotsman, spoke. Vole was cheered.", "The Scotsman", "Peter Vole"),
])
def test_a_description_that_names_no_one_known_adds_no_mention(text: str, description: str, who: str) -> None:
    people = DocSpeakers(text)
    at = text.index(description)
    assert people.people[who].mentions.last_before(at + 1) != at


def test_the_age_the_article_gave_picks_its_person() -> None:
    text = ("Tavo Vole, 41, spoke first. Bram Quill, 52, spoke next and at length. "
            "Quill was cheered. The 41-year-old left early.")
    people = DocSpeakers(text)
    at = text.index("The 41-year-old")
    assert people.people["Tavo Vole"].mentions.last_before(at + 1) == at
