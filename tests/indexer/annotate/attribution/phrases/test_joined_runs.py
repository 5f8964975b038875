"""A capitalised run after a cue that "and" joins to the rest of an office or name is read whole
(indexer.annotate.attribution.phrases.joinedruns, issue #31): "said Trade and Tourism Secretary
Ann Vole" names Ann Vole, not "Trade"; two people or two bodies joined by "and" stay apart."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


def _after(sentence: str) -> str | None:
    """Return the phrase phrase_after reads after the sentence's first word (the cue)."""
    at = sentence.index(" ") + 1
    phrase = phrase_after(sentence, at, len(sentence))
    return phrase.text if phrase is not None else None


@pytest.mark.parametrize(("sentence", "phrase"), [
    # an office joined by "and", then the holder's full name
    ("said Farming and Rural Policy Minister Tamsin Quarrel.", "Tamsin Quarrel"),
    ("said Arts, Heritage and Tourism Secretary Oren Baddeley.", "Oren Baddeley"),
    ("says Quillhaven Weddings Founder and Chief Designer Maris Quillhaven.", "Maris Quillhaven"),
    # an employer's name joined by "and", in the possessive, then the person
    ("added Brackley and Thorne's Devika Ansari.", "Devika Ansari"),
    # after "the", an institution whose name ends in its head word
    ("said the Coastal Walking and Rambling Council.", "the Coastal Walking and Rambling Council"),
])
def test_a_joined_office_or_name_is_read_whole(sentence: str, phrase: str) -> None:
    assert _after(sentence) == phrase


@pytest.mark.parametrize(("sentence", "phrase"), [
    ("said Mr Quarrel and Mr Baddeley had met.", "Mr Quarrel"),  # two people
    ("said Lord Quarrel and Lord Baddeley agreed.", "Lord Quarrel"),
    ("said Tamsin Quarrel and Oren Baddeley.", "Tamsin Quarrel"),
    ("said Dutch, Danish and Belgian farmers would come.", "Dutch"),  # a list of descriptors
    ("said Brackley and Thorne.", "Brackley"),  # two names, no office after them
])
def test_two_people_or_a_list_stay_apart(sentence: str, phrase: str) -> None:
    assert _after(sentence) == phrase


def test_the_joined_office_credits_its_holder() -> None:
    text = ("Farm incomes fell again last year, figures show.\n\n"
            '"The picture is mixed but the trend is clear," said Farming and Rural Policy Minister '
            "Tamsin Quarrel. Prices rose in the spring.")
    assert _speakers(text) == ["Tamsin Quarrel"]
