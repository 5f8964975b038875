"""Speaker values no one person or organisation holds are cleared (issue #31, invented
text).  Words two people said together: "Princes Olek and Tam said" credits neither
prince, while an "and" inside an office ("Ports and Harbours Minister Ada Lowe") or after
a preposition's object ("a draw at Quill Park and Vole said") leaves the one speaker as
she was.  A cue-less partial quote credited to the organisation opening its sentence
('The Quill Agency fined the firm for a "wardrobe malfunction"') is the writer's words
unless a stance verb stands between ("has expressed") or a description introduces the
body; so is one credited to a person opening a narrative sentence ('She played a clerk,
and as a "fiery" queen'), but not in a headline nor a spokeswoman's.  The phrase stays as
the quote's mention."""
from __future__ import annotations

from dataclasses import replace

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.cleanup.values import is_description, is_joint, is_unvoiced
from onrecord.search import Mention, Quote
from tests.indexer.annotate.attribution.test_attribution import chunk

LEAD = "Harbour news\n\nThe story began on Monday in a small town.\n\n"


def credited(text: str) -> list[tuple[str | None, str | None]]:
    """Return (speaker, mention text) of every direct or partial quote of LEAD + text, fully annotated."""
    article = annotate_article(chunk(LEAD + text))
    return [(q.speaker, q.speaker_mention.text if q.speaker_mention else None)
            for p in article.paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("text", [
    'Princes Olek and Tam said they were "delighted" by the news.',
    'The Vole Trust and Quill Society said the plan was "a fudge".',
    '"The results are clear," said Ann Vole and Bob Pike.',
    'Mr Vole and Mr Pike issued a statement saying they stayed "long-term investors".',
    'The Quill Fellowship (QF) and Harbour Fellowship (HF) said the bill went "too far".',
])
def test_words_two_people_said_together_have_no_speaker_value(text: str) -> None:
    [(speaker, mention)] = credited(text)
    assert speaker is None and mention  # the phrase is still the evidence shown


@pytest.mark.parametrize("text, speaker", [
    ('Ports and Harbours Minister Ada Lowe said: "We will act."', "Ada Lowe"),
    ('After a draw at Quill Park and Vole said: "We were unlucky."', "Vole"),
    ('"We will act," said Ann Vole. "Soon."', "Ann Vole"),
])
def test_an_and_inside_an_office_or_before_a_place_leaves_one_speaker(text: str, speaker: str) -> None:
    assert {s for s, _ in credited(text)} == {speaker}


def test_is_joint_reads_the_name_beside_the_phrase() -> None:
    text = "The Queen and Duke of Quill said"
    start = text.index("Duke")
    assert is_joint(text, start, start + len("Duke of Quill"))
    assert not is_joint("A tie at Quill Park and Vole said", 24, 28)


ORGS = "The Quill Agency is a public body. Quillsoft Inc is a software firm.\n\n"


@pytest.mark.parametrize("text", [
    'The Quill Agency fined the firm for a "wardrobe malfunction" on air.',
    'The Quill Agency has distinct "industry pods" for each sector.',
    'Quillsoft Inc has classed the bonds as "investment grade" this week.',
])
def test_an_organisation_voicing_nothing_gets_no_value(text: str) -> None:
    [(speaker, mention)] = credited(ORGS + text)
    assert speaker is None and mention


@pytest.mark.parametrize("text, speaker", [
    ('The Quill Agency has expressed "serious misgivings" about the plan.', "Quill Agency"),
    ('The Quill Agency credited the film\'s "raw energy" with its success.', "Quill Agency"),
    ('Quillsoft Inc highlights "a surge in sales" this year.', "Quillsoft Inc"),
])
def test_an_organisation_voicing_a_view_keeps_its_value(text: str, speaker: str) -> None:
    assert [s for s, _ in credited(ORGS + text)] == [speaker]


def test_a_description_introducing_the_body_keeps_its_words() -> None:
    text = 'US rock band Quillies have cancelled shows after "severe flu".'
    start = text.index('"')
    mention = Mention("US rock band Quillies", 0, len("US rock band Quillies"))
    quote = Quote(text=text[:-1], start=0, end=len(text) - 1, kind="partial", pieces=((start + 1, len(text) - 2),),
                  speaker="Quillies", speaker_mention=mention, speaker_type="organisation",
                  speaker_source="rule:clause_subject")
    assert not is_unvoiced(text, quote)
    bare = Mention("Quillies", 13, 21)
    assert is_unvoiced(text, replace(quote, speaker_mention=bare))  # the bare name: the writer's words



def test_a_bare_one_word_subject_voicing_nothing_gets_no_value() -> None:
    [(speaker, _)] = credited('Later, Quillby has signed a "letter of intent" with the lenders.')
    assert speaker is None  # a one-word name, no one's full name: a country, a firm, a product


def test_an_owners_one_word_name_keeps_its_value() -> None:
    text = 'Quillby\'s research has shown that buyers form "tribes".'
    start = text.index('"')
    quote = Quote(text=text[:-1], start=0, end=len(text) - 1, kind="partial", pieces=((start + 1, len(text) - 2),),
                  speaker="Quillby", speaker_mention=Mention("Quillby's", 0, 9), speaker_type="person",
                  speaker_source="rule:clause_subject")
    assert not is_unvoiced(text, quote)  # the owner's research may speak for it
    assert is_unvoiced(text, replace(quote, speaker_mention=Mention("Quillby", 0, 7)))


def speakers_by_kind(text: str) -> list[tuple[str, str | None, str | None]]:
    """Return (kind, speaker, role) of every quote of `text` (its first line the headline), fully annotated."""
    article = annotate_article(chunk(text))
    return [(q.kind, q.speaker, q.role) for p in article.paragraphs for q in p.quotes]


@pytest.mark.parametrize("headline, lead, speaker", [
    ("US firm 'bids for Vole label'",
     "A US firm has said it is in final talks with the Quill group to buy the Vole fashion house.", None),
    # a lead's person description is the person named next (indirect.described.named_next), never its words
    ("Quill MEP attacked Vole 'empire'",
     "A Quill Party MEP suggested Voleland saw the union as an empire, a new film has revealed.", "Sam Barrow"),
    ("Crisis 'ahead in harbour science'",
     "A national body to tackle skills shortages should be set up, a committee of MPs has said.", None),
])
def test_a_headline_given_a_description_has_no_speaker_value(headline: str, lead: str, speaker: str | None) -> None:
    text = f"{headline}\n\n{lead}\n\n\"We are buying his name,\" Sam Barrow told reporters."
    found = speakers_by_kind(text)
    assert found[0] == ("partial", speaker, None)  # the headline: "US firm", "Quill Party MEP", "MPs" no value
    assert ("direct", "Sam Barrow", None) in found


def test_an_office_kept_before_a_name_gives_the_name() -> None:
    text = ("Fund 'could close', says minister\n\nMinisters would not rule out scrapping the Harbour Fund if it "
            "failed to improve, Docks and Ports Secretary Ada Lowe has warned.\n\nBut she said closing it would "
            "be \"the nuclear option\". A report by the Commons docks and ports committee called for the fund to "
            "be wound up. \"I would not rule it out,\" Ms Lowe said.")
    found = speakers_by_kind(text)
    assert found[0] == ("partial", "Ada Lowe", "Docks and Ports Secretary")  # one value per person
    assert {s for _, s, _ in found} == {"Ada Lowe"}


@pytest.mark.parametrize("value, mention, described", [
    ("MPs", "MPs", True),
    ("Quill Party MEP", "Quill Party MEP", True),
    ("US firm", "A US firm", True),
    ("Tom King", "Mr King", False),  # an office word after a name is the surname
    ("LT", "LT", False),  # initials
    ("Quill University Press", "the Quill University Press", False),  # a body's own name
    ("Thames Vale Police", "Thames Vale Police", False),
    ("Quillsoft", "A Quillsoft spokesman", False),  # the body the description names
    ("American", "American", False),  # a descriptor alone may be a body's short name
])
def test_is_description(value: str, mention: str, described: bool) -> None:
    assert is_description(value, mention) is described


NARRATED = "Ann Vole began on stage in Lund in 1990.\n\n"


@pytest.mark.parametrize("text", [
    'She played a clerk in a comedy, and as a "fiery" queen in a costume drama.',  # issue #31's scare quote
    'For more than ten years, she was "the ultimate understudy".',
    'Ann Vole later assumed the "stage name" Ann Lund.',
])
def test_a_person_in_a_narrative_sentence_gets_no_value(text: str) -> None:
    [(speaker, mention)] = credited(NARRATED + text)
    assert speaker is None and mention


@pytest.mark.parametrize("text", [
    'Ann Vole has attacked "false" stories about her.',  # a stance verb
    'Ann Vole quipped that she was "always the tall one" in the cast.',
    'Ann Vole forecast growth "in the upper teens" for the theatre.',
    'Ann Vole had strong opinions on staging - "the smaller the better".',
])
def test_a_person_voicing_a_view_keeps_the_value(text: str) -> None:
    assert [s for s, _ in credited(NARRATED + text)] == ["Ann Vole"]


def test_a_spokeswoman_speaks_by_her_office() -> None:
    text = 'A Quill Trust spokeswoman was "satisfied" with the plan.'
    start = text.index('"')
    mention = Mention("A Quill Trust spokeswoman", 0, 25)
    quote = Quote(text=text[:-1], start=0, end=len(text) - 1, kind="partial", pieces=((start + 1, start + 10),),
                  speaker="Quill Trust", speaker_mention=mention, speaker_type="person",
                  speaker_source="rule:clause_subject")
    assert not is_unvoiced(text, quote)
    assert is_unvoiced(text, replace(quote, speaker="Ann Vole", speaker_mention=Mention("She", 0, 3)))


def test_a_headline_subject_keeps_the_value() -> None:
    article = annotate_article(chunk("Vole ready for 'fearsome' test\n\nAnn Vole opens in Lund tonight.\n\n"))
    assert [q.speaker for p in article.paragraphs for q in p.quotes] == ["Ann Vole"]


@pytest.mark.parametrize("text, opener", [
    ("Since then visitors to the store get a message saying they must queue outside.", "Since"),
    ("Until then shoppers at the market heard a notice saying the gates were closed.", "Until"),
    ("Despite the rain a sign at the gate was saying the fair would go ahead.", "Despite"),
    ("Unlike last year fans at the ground got a letter saying seats were sold out.", "Unlike"),
])
def test_a_capitalised_subordinator_opening_the_sentence_is_no_speaker(text: str, opener: str) -> None:
    """The lexicon's leading_noise rows ("since", "until", "despite", "unlike"): the word opening
    the sentence is never read as the name of whoever says the clause."""
    article = annotate_article(chunk(LEAD + text))
    quotes = [q for p in article.paragraphs for q in p.quotes]
    assert all(q.speaker != opener and not (q.role or "").startswith(opener) for q in quotes)
    assert all(not (q.speaker_mention and q.speaker_mention.text.startswith(opener)) for q in quotes)
