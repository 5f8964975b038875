"""An organisation speaking is credited by its whole name (issue #31, invented text): a
descriptor inside the name stays ("International ... Fund"), a noun saying what the body is
goes when it opens the sentence ("Bookmaker Quillbet said"), a finding noun inside a body's
name ("Office for ... Statistics") is no finding, a name whose "of" or "for" takes a list
keeps every item, and a place modifier ("Leeds-based") or an owner ("the UN's") before the
name is not part of it."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, phrase_before
from tests.indexer.annotate.attribution.test_attribution import annotate_quotes, chunk

LEAD = "Harbour news\n\nThe story began on Monday in a small town.\n\n"


def speakers(text: str) -> list[tuple[str, str | None]]:
    """Return (kind, speaker) of every quote, direct and reported, of LEAD + text."""
    return [(q.kind, q.speaker) for p in annotate_quotes(chunk(LEAD + text)).paragraphs for q in p.quotes]


@pytest.mark.parametrize("text, speaker", [
    # a descriptor inside a body's name ending in an org word is part of the name
    ('"Growth will stall," the International Orchard Fund said.', "International Orchard Fund"),
    ('"The film opens in May," New Harbour Cinema said.', "New Harbour Cinema"),
    ('"We are pleased," European Quill Pictures said.', "European Quill Pictures"),
    # ... and a descriptor or a role before a person's name is still not hers
    ('"It is a fine result," veteran analyst Ann Vole said.', "Ann Vole"),
    ('"We will act," Scottish First Minister Jack Dunmore said.', "Jack Dunmore"),
])
def test_a_descriptor_inside_an_org_name_stays(text: str, speaker: str) -> None:
    assert speakers(text) == [("direct", speaker)]


@pytest.mark.parametrize("text, speaker", [
    ("Bookmaker Quillbet said the odds on the race had shortened.", "Quillbet"),
    ("Distributor Vole Pictures said the film had taken $10m.", "Vole Pictures"),
    ('"Sales are up." Retailer Quillmart said it was pleased with the year.', "Quillmart"),
    # mid-sentence the capitalised word is the name's own
    ("Shares rose, and Alliance Quillbank said it was pleased with the year.", "Alliance Quillbank"),
])
def test_a_kind_noun_opening_the_sentence_is_not_the_name(text: str, speaker: str) -> None:
    assert ("indirect", speaker) in speakers(text)


@pytest.mark.parametrize("text, speaker", [
    # a place modifier before the name is not part of it, nor of the name "the court" means
    ("The plan is void, the Leeds-based Northern Court of Appeals said.", "Northern Court of Appeals"),
    ("The Leeds-based Northern Court of Appeals ruled on Monday. The court said the law was void.",
     "Northern Court of Appeals"),
    # nor is an owner in the possessive before a body's own name
    ("Food is short, the UN's Orchard Relief Agency said.", "Orchard Relief Agency"),
    ('"Food is short," Acme Holdings\' Widget Institute said.', "Widget Institute"),
    # ... while her employer before a person's name is her employer, the person speaks
    ('"We won," Acme\'s Ann Vole said.', "Ann Vole"),
])
def test_a_place_or_an_owner_before_a_name_is_not_part_of_it(text: str, speaker: str) -> None:
    assert [s for _, s in speakers(text)] == [speaker]


@pytest.mark.parametrize("text, speaker", [
    # a finding noun ("statistics", "studies") inside a body's name: the body speaks
    ("Prices rose by 2% in May, the Office for Harbour Statistics said.", "Office for Harbour Statistics"),
    ("Prices rose by 2% in May, the Institute for Orchard Studies said.", "Institute for Orchard Studies"),
    # a name whose "of" or "for" takes a list: every item, not the last one
    ("Factory output fell sharply in May, the Chartered Institute of Baking and Pastry said.",
     "Chartered Institute of Baking and Pastry"),
    ("Growth will be weak, the Economic Commission for Upper Vale and the Marshes said.",
     "Economic Commission for Upper Vale and the Marshes"),
])
def test_an_org_subject_is_credited_by_its_whole_name(text: str, speaker: str) -> None:
    assert speakers(text) == [("indirect", speaker)]


def test_a_list_item_with_an_org_word_is_another_body() -> None:
    text = "Prices rose, the Ministry of Orchards and the Harbour Office said"
    phrase = phrase_before(text, 0, text.rindex(" said"))
    assert isinstance(phrase, Phrase) and phrase.text == "the Harbour Office"


def test_a_survey_is_still_a_finding() -> None:
    assert speakers("Prices rose by 2% in May, the Acme Harbour survey said.") == []


@pytest.mark.parametrize("text", [
    "Growth will slow next year, Acme Bank chief Ann Vole said.",
    "Growth will slow next year, the Orchard Fund chief economist Ann Vole said.",
])
def test_an_office_at_a_body_before_a_name_is_not_the_speaker(text: str) -> None:
    assert speakers(text) == [("indirect", "Ann Vole")]


@pytest.mark.parametrize("text, speaker", [
    # descriptors before the plural of one name a party whole, not a "Democrats" described
    ('The plan was branded "reckless" by the Liberal Democrats.', "Liberal Democrats"),
    ('"It will fail," the Scottish Nationalists said in a statement.', "Scottish Nationalists"),
    # ... while a descriptor and a role before a person's name are still hers to lose
    ('"It will fail," said Liberal Democrat leader Ann Vole.', "Ann Vole"),
])
def test_descriptors_before_a_plural_descriptor_name_a_party(text: str, speaker: str) -> None:
    assert [s for _, s in speakers(text)] == [speaker]


def test_they_after_a_party_named_in_the_plural_is_that_party() -> None:
    # "they" opening the sentence after one naming a party in the plural means the party
    text = ('The bill is expected to be opposed by the Liberal Democrats.\n\n'
            'They have said the plan is "deeply flawed" and a waste of money.')
    assert [s for _, s in speakers(text)] == ["Liberal Democrats"]


@pytest.mark.parametrize("text", [
    # the plural is as written, though the registry's name is singular ("Conservative Party")
    'The Conservatives say they would scrap the harbour levy.\n\nThey say the Vole plan is "deeply flawed".',
    'The Tories said the harbour plan was leaked in what they describe as a "serious breach".',
])
def test_they_after_a_party_written_in_the_plural_is_that_party(text: str) -> None:
    assert [s for k, s in speakers(text) if k == "partial"] == ["Conservative Party"]


@pytest.mark.parametrize("closing, speaker", [
    # a description of a person closing the quote's clause after its comma credits the quote
    ("the Tory source said", "Conservative Party"),
    ("a Tory spokesman said", "Conservative Party"),
])
def test_a_person_description_closing_the_clause_credits_the_quote(closing: str, speaker: str) -> None:
    text = ('Ann Vole of the Liberal Democrats spoke first. "It is wrong," she said. Sources within the '
            'Conservative Party said the leader had always backed it. The party has been "agnostic" on the '
            f'issue until now but had decided to act, {closing}.')
    assert [s for k, s in speakers(text) if k == "partial"] == [speaker]


def test_they_after_the_members_of_a_body_spoke_is_that_body() -> None:
    # "the MPs said" is the committee of MPs the article named; "they said" after it is the committee too
    text = ('The Harbour Affairs Select Committee published its report on Monday. "The system is unfair," '
            'the MPs said.\n\nThey said the law should change. This would "restore the rights of parents", they said.')
    assert [s for k, s in speakers(text) if k != "indirect"] == ["Harbour Affairs Select Committee"] * 2
