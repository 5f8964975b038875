"""A description that speaks stands for the person the article introduced:
a work or a name inside it ("the star of X and Y", "the actor, whose films
include X, said") is never the speaker; an age the article never states
("the 67-year-old") is the person it is about; "our correspondent" is the
correspondent it named, and nobody when it named none."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


def test_the_works_of_a_star_are_not_the_speaker() -> None:
    text = ("Screen veteran Maria Lindqvist has criticised modern cinema.\n\n"
            "The star of Silver Harbour and Nightfall said films were \"lazy\" these days.")
    assert _speakers(text) == ["Maria Lindqvist"]


def test_names_in_a_relative_clause_are_not_the_speaker() -> None:
    text = ("Paolo Brenner opened the new theatre on Monday.\n\n"
            "The award-winning actor, whose films include Cold River, Dark Water and Home: The Return, said: "
            "\"This stage matters to the town.\"")
    assert _speakers(text) == ["Paolo Brenner"]


def test_an_age_nobody_was_given_is_the_person_the_story_is_about() -> None:
    text = ("Singer Tomas Ekdahl has retired from touring.\n\n"
            "The 58-year-old also said he had lost his \"appetite\" for the road.")
    assert _speakers(text) == ["Tomas Ekdahl"]


def test_our_correspondent_is_the_correspondent_named_before() -> None:
    text = ("Ann Vole will speak on Monday, BBC correspondent Tom Reed said.\n\n"
            "\"She will promise lower taxes,\" our correspondent said.")
    assert _speakers(text) == ["Tom Reed"]


def test_our_correspondent_unnamed_stays_unnamed() -> None:
    text = ("Ann Vole will speak on Monday.\n\n"
            "\"She will promise lower taxes,\" our correspondent said.")
    assert _speakers(text) == [None]
