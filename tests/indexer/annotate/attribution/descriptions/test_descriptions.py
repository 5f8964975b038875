"""Descriptions beside a cue: a name in an appositive after a description speaks,
and a role word is a person, never the party its modifier names."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


def test_the_name_after_a_long_office_title_speaks_whole() -> None:
    text = 'The Shadow Minister of State for the Regions, Wendy Marlow, said: "It is wrong."'
    assert _speakers(text) == ["Wendy Marlow"]


def test_a_named_spokesman_for_someone_is_not_that_someone() -> None:
    text = 'Ann Vole was hurt. A spokesman for Ann Vole, Tom Reed, said: "She is fine."'
    assert _speakers(text) == ["Tom Reed"]


def test_an_appositive_name_after_the_quote_speaks() -> None:
    text = 'Kim Reed met donors. "We can win," the campaign\'s chief of staff, Tom Vale, told reporters.'
    assert _speakers(text) == ["Tom Vale"]


def test_a_name_after_a_place_is_not_an_appositive() -> None:
    text = 'In Leeds, West Yorkshire, Ann Vole said: "Fine."'
    assert _speakers(text) == ["Ann Vole"]


def test_a_party_leader_is_the_person_not_the_party() -> None:
    text = 'Michael Howard spoke in Leeds. The Tory leader went on: "We will win."'
    assert _speakers(text) == ["Michael Howard"]


def test_a_party_office_nobody_was_introduced_with_stays_unnamed() -> None:
    assert _speakers('"No," the Labour MP for Leeds said.') == [None]


def test_a_party_spokesman_speaks_for_the_party() -> None:
    assert _speakers('"No," a Labour spokesman said.') == ["Labour Party"]


def test_the_company_is_the_institution_named_just_before() -> None:
    assert _speakers('Acme Ltd cut 300 jobs. "We regret this," the company said.') == ["Acme Ltd"]


def test_the_airline_is_an_institution_noun() -> None:
    assert _speakers('Ryanair Group cancelled flights. "Safety first," the airline said.') == ["Ryanair Group"]


def test_an_agency_statement_is_the_agency_s_words() -> None:
    text = 'The Environment Agency issued warnings. "Rivers are rising," an agency statement said.'
    assert _speakers(text) == ["Environment Agency"]


def test_the_company_stays_unnamed_when_no_institution_was_named() -> None:
    assert _speakers('Ann Vole joined Labour in 1990. "We regret this," the company said.') == [None]


@pytest.mark.parametrize("lead, speaker", [
    # a lead describes an organisation first and names it in the next sentence
    ("A US bank has said it will give $8m to the victims of the regime. Riggs Bank was fined last year.",
     "Riggs Bank"),
    ("Profits rose last year, Europe's biggest drugmaker says. Shares in Acme Pharma Group rose 2%.",
     "Acme Pharma Group"),
])
def test_a_lead_s_description_is_the_organisation_named_next(lead: str, speaker: str) -> None:
    text = f"Headline of the story\n\n{lead}\n\nMore follows here."
    found = [(q.kind, q.speaker) for p in extract_text(text).paragraphs for q in p.quotes]
    assert found[0] == ("indirect", speaker)


def test_a_description_past_the_lead_does_not_look_ahead() -> None:
    text = ("Headline of the story\n\nProfits rose last year.\n\nCosts fell too.\n\n"
            "A US bank said it will give $8m to the victims. Riggs Bank was fined last year.")
    found = [(q.kind, q.speaker) for p in extract_text(text).paragraphs for q in p.quotes]
    assert found[0] == ("indirect", None)


@pytest.mark.parametrize("text", [
    'Tom Vole starred against Leeds.\n\n"We can win," said the Acmeford player. "They are strong."',
    'Tom Vole starred against Leeds.\n\n"We can win," added the Acmeford striker.',
    'Tom Vole spoke first.\n\n"We can win," said the Acmeford senator, who sought to calm things.',
])
def test_a_club_before_a_person_noun_after_the_cue_is_a_description(text: str) -> None:
    """'said the Acmeford player': the player (the person the text is about), never the club's name."""
    assert _speakers(text)[0] == "Tom Vole"


def test_a_male_person_noun_is_the_man_the_text_is_about() -> None:
    """'the Acmeford man' is never the woman named last: a man, or nobody."""
    text = 'Tom Vole won the heat. Ann Kite won the final.\n\n"It hurt," says the Acmeford man.'
    assert _speakers(text) == ["Tom Vole"]


def test_a_name_after_the_and_an_epithet_opens_its_sentence() -> None:
    """'The versatile Tom Vole, who ..., is confident': Tom Vole is the subject, so 'the player' is him."""
    text = 'The versatile Tom Vole, who starred against Leeds, is confident.\n\n"We can win," the player said.'
    assert _speakers(text) == ["Tom Vole"]


@pytest.mark.parametrize("noun", ["two-time Acme Award winner", "Holland international", "jockey", "golfer"])
def test_news_nouns_for_a_person_stand_for_the_person_the_text_is_about(noun: str) -> None:
    """'added the two-time Acme Award winner': a definite person noun (lexicon person_nouns) is him."""
    text = f'Tom Vole is set to race on Sunday.\n\n"It is hard," added the {noun}.'
    assert _speakers(text) == ["Tom Vole"]


def test_a_campaign_after_a_name_is_no_description_of_a_person() -> None:
    """'said the Vole campaign': the name's (a campaign is an organisation word), not the person the text is about."""
    assert _speakers('Ann Kite spoke first.\n\n"It was low," said the Vole campaign.') != ["Ann Kite"]
