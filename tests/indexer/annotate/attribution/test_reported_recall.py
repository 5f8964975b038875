"""Reported speech (issue #32), shapes a speech cue's clause takes that were
missed: a participle after a quote's attribution with a time or place
between ("...," X said at the rally, insisting that ...), a bare clause after
a participle, "that," before an aside of the clause, a subject written with
stops ("Mr. Reed had"), and a time word owning a noun ("last week's rains")."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_attribution import annotate_quotes, chunk
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ('"We will win here," Tom Reed said at the rally, insisting that the county had enough votes to carry him.',
     "the county had enough votes to carry him", "insisting"),
    ('"It is a day for the town," Tom Reed said in his speech in Dover, noting that it was a promise he made.',
     "it was a promise he made", "noting"),
    ('"It will be hard," Tom Reed added, while also saying that he expects to do well with older voters.',
     "he expects to do well with older voters", "saying"),
    ('"It is too late," Tom Reed said, while arguing the port should hire more divers this year.',
     "the port should hire more divers this year", "arguing"),
    ('"We have a plan," Tom Reed said, adding the council must pay for the new cranes.',
     "the council must pay for the new cranes", "adding"),
])
def test_a_participle_after_a_quotes_attribution_reports_its_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Tom Reed", cue)]


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed added that, in Kent, the rival chain holds most of the shops.",
     "in Kent, the rival chain holds most of the shops"),
    ("Tom Reed suggested Mr. Lane had shown a fondness for closing deals late.",
     "Mr. Lane had shown a fondness for closing deals late"),
    ("Tom Reed said last week's rains have led him to close the bakery.",
     "last week's rains have led him to close the bakery"),
])
def test_a_clause_opening_with_an_aside_a_title_or_a_possessive_time(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


def test_a_participle_with_a_noun_object_reports_nothing() -> None:
    text = '"We have a plan," Tom Reed said at the rally, noting the crowd in the square.'
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("The meeting turned into a row about the ferry fares, according to people in attendance.",
     "The meeting turned into a row about the ferry fares"),
    ("The port will cut its fees in the spring, according to people familiar with the plans.",
     "The port will cut its fees in the spring"),
])
def test_according_to_a_plural_without_an_s_is_a_source(text: str, clause: str) -> None:
    found = reported(text)
    assert [(q.text, q.cue) for q in found] == [(clause, "according to")]
    assert found[0].speaker_mention is not None and found[0].speaker_mention.text == "people"


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed said, twice, that he was going back to work on Wednesday.", "he was going back to work on Wednesday"),
    ("Tom Reed stated, while testifying before the council in May, that the mayor was not truthful.",
     "the mayor was not truthful"),
    ("Tom Reed argued emphatically - naming the mayor eight times - that the port had played on fears.",
     "the port had played on fears"),
    ("Tom Reed said on TV, where he is now a paid pundit, that the mayor should be held to account.",
     "the mayor should be held to account"),
    ("Tom Reed revealed, somewhat stiltedly, that he would vote for the mayor.", "he would vote for the mayor"),
])
def test_an_aside_between_the_cue_and_that_is_passed_over(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


def test_that_after_a_list_is_no_aside() -> None:
    assert reported("Tom Reed noted the ports, roads and rail links that were built in May.") == []


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ('"The primary was a hot one," said Tom Reed, suggesting that the coming contests will be calmer.',
     "the coming contests will be calmer", "suggesting"),
    ("Tom Reed has raised questions about the mayor's record, falsely suggesting that she was born abroad.",
     "she was born abroad", "suggesting"),
    ('"You do not win by states," Tom Reed responded before adding that he must win some big states.',
     "he must win some big states", "adding"),
])
def test_a_participle_after_an_inverted_cue_an_adverb_or_before(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Tom Reed", cue)]


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Since announcing in October that he would not seek the post, Tom Reed has been a loyal ally.",
     "he would not seek the post", "announcing"),
    ("While saying that he does respect the mayor, Tom Reed continued to doubt her plans.",
     "he does respect the mayor", "saying"),
    ("Declaring that he alone could fix the port, Tom Reed rallied the crowd.", "he alone could fix the port",
     "Declaring"),
])
def test_a_participle_opening_the_sentence_is_its_subjects(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Tom Reed", cue)]


def test_an_opening_participle_without_a_clause_reports_nothing() -> None:
    assert reported("After saying goodbye to the crew, Tom Reed left the room.") == []


def test_some_in_the_past_reports_who_spoke_and_people_say_stays_generic() -> None:
    text = "Some said they had cringed at the harbour plan. People say the port is too old to save."
    assert [q.text for q in reported(text)] == ["they had cringed at the harbour plan"]


@pytest.mark.parametrize(("text", "clause", "fragment"), [
    ('Tom Reed said he has backed a law to curb the harbour board, which he called "a cartel for the rich".',
     "he has backed a law to curb the harbour board", '"a cartel for the rich"'),
    ('Tom Reed says he would release his papers on Friday, calling them "very boring tax returns".',
     "he would release his papers on Friday", 'them "very boring tax returns"'),
    ('Tom Reed said observers were sent with the marchers, whom he described as "peaceful and calm".',
     "observers were sent with the marchers", 'as "peaceful and calm"'),
])
def test_a_quote_a_naming_verb_introduces_leaves_the_clause_before_it_reported(
        text: str, clause: str, fragment: str) -> None:
    found = [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes]
    assert [(q.kind, q.text) for q in found] == [("indirect", clause), ("partial", fragment)]
    assert {q.speaker for q in found} == {"Tom Reed"}


@pytest.mark.parametrize(("text", "clause", "mention"), [
    ("Tom Reed is in a fight. He's suggesting that delegates from his towns should flip to him.",
     "delegates from his towns should flip to him", "He"),
    ("Tom Reed is in a fight. He\u2019s telling allies that he hopes the board will think again.",
     "he hopes the board will think again", "He"),
])
def test_a_pronouns_contracted_is_before_a_cue_is_no_possessive(text: str, clause: str, mention: str) -> None:
    found = reported(text)
    assert [(q.text, q.speaker) for q in found] == [(clause, "Tom Reed")]
    assert found[0].speaker_mention is not None and found[0].speaker_mention.text == mention


def test_its_said_is_a_passive_no_report() -> None:
    assert reported("It's said that the port will close in May.") == []


def test_an_aside_in_dashes_holding_a_quote_stands_between_speaker_and_cue() -> None:
    text = 'Ann Vole, a rep for the Acme brand - a firm pitched as "the best in town" - noted that the firm pays well.'
    assert [(q.text, q.speaker) for q in reported(text)] == [("the firm pays well", "Ann Vole")]


@pytest.mark.parametrize(("text", "clause"), [
    # the part after the stop longer than closings.MAX_TAIL: no closing of a whole sentence
    ("Tom Reed spoke. She did receive emails with secret marks, he said; his agents found them during the inquiry.",
     "She did receive emails with secret marks"),
    ("Many factors make a surge to first place unlikely, insiders said: the big lead in the polls and the money.",
     "Many factors make a surge to first place unlikely"),
])
def test_a_closing_attribution_before_a_semicolon_or_colon(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_a_surname_with_an_inner_apostrophe_no_one_introduced_is_a_person() -> None:
    found = reported("Fans were happy. O'Dwyer said the new players had the chance to stake claims for places.")
    assert [(q.speaker, q.speaker_type) for q in found] == [("O'Dwyer", "person")]


@pytest.mark.parametrize(("text", "cue"), [
    ('"We will guard the port," Tom Reed vowed, adding he intended to work with the harbour master.', "vowed"),
    ('"The tide is turning," Tom Reed warned, adding that the quay would flood by spring.', "warned"),
])
def test_a_participle_after_any_past_cue_of_a_quote_is_that_speakers(text: str, cue: str) -> None:
    assert [q.speaker for q in reported(text)] == ["Tom Reed"]


@pytest.mark.parametrize("text", [
    "Tom Reed tweeted on Friday to say he had never backed the ferry plan.",
    "Tom Reed took to Twitter to say that the ferry plan was dead.",
])
def test_a_purpose_infinitive_after_a_posting_verb_is_a_report(text: str) -> None:
    assert [q.speaker for q in reported(text)] == ["Tom Reed"]


def test_a_refusal_to_say_stays_hedged() -> None:
    assert reported("Tom Reed refused to say whether the ferry plan was dead.") == []


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    ("Skippers have attacked the new fees saying they could be forced to sell their boats.",
     "they could be forced to sell their boats", None),
    ("Ann Vole cancelled an appearance at the harbour festival in Dover saying she was too ill to sail.",
     "she was too ill to sail", "Ann Vole"),
    ("Tom Reed has rejected that idea saying the quay is only a small part of the plan.",
     "the quay is only a small part of the plan", "Tom Reed"),
])
def test_a_participle_right_after_the_object_of_its_subjects_verb_reports_a_clause(text: str, clause: str,
                                                                                 speaker: str | None) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize("text", [
    "Tom Reed watched the ferry leaving the harbour in the rain.",
    "Tom Reed criticised the harbour board for claiming the quay would reopen in May.",
    "In May, Acme Ferries issued its third profits warning in a year, and cut its fares for the summer.",
])
def test_a_participle_after_a_comma_or_no_cue_keeps_the_sentence_subject_out(text: str) -> None:
    assert reported(text) == []
