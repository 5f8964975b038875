"""A dash and a name after a quote sign it; a dash and a description name nobody
(indexer.annotate.attribution.phrases.signatures)."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


def test_a_byline_with_a_trailing_parenthetical_names_the_speaker() -> None:
    text = "Box Two\n\nWhat Buyers Say | \u201cThe boxes came on time and the food was fresh.\u201d \u2013 Lena K. (Read all reviews.)"
    assert _speakers(text) == ["Lena K."]


def test_a_single_name_after_a_dash_signs_the_quote() -> None:
    text = "Box Three\n\nWhat Buyers Say | \u201cThey are tasty salads.\u201d \u2013 Zabeth"
    assert _speakers(text) == ["Zabeth"]


def test_initials_after_a_dash_sign_the_quote() -> None:
    text = "Box Four\n\n\u201cThe prep is easy to follow.\u201d \u2014 QT"
    assert _speakers(text) == ["QT"]


def test_a_full_stop_after_the_closing_mark_keeps_the_byline() -> None:
    text = "Box Five\n\n\"Trousers never fit me, but these do! I'm keeping two pairs\". - Odile Varga"
    assert _speakers(text) == ["Odile Varga"]


def test_a_dash_and_a_description_name_nobody() -> None:
    # the tool's name is in the paragraph before; the testimonials describe their givers, name none
    text = ("Why Engineers Like Quillmark\n\nQuillmark lets teams build what they need:\n\n"
            "\"Quillmark is the steadiest editor I have used in ten years.\" -- Platform engineer at a bank\n\n"
            "\"I moved our whole team over to Quillmark in a week.\" -- Founder of a design studio")
    assert _speakers(text) == [None, None]


def test_a_dash_before_a_name_and_role_still_signs_the_quote() -> None:
    text = "Box Six\n\n\"The lid seals well and the coffee stays hot.\" \u2014 Mirela Dost, senior editor"
    assert _speakers(text) == ["Mirela Dost"]


def test_a_dash_before_a_cue_is_no_description() -> None:
    text = "Ivo Stark met the board on Monday.\n\n\"We will rebuild the pier before summer.\" \u2014 Ivo Stark told them"
    assert _speakers(text) == ["Ivo Stark"]
