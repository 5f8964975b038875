"""Reported speech's sources (issue #32): a clause whose cue has no one
speaking as its subject (the writer, a finding, a surveyed share, a thing's
relative clause, a bare common noun) is no indirect quote; a person, a body,
a group or a document still speaks."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize("text", [
    "I recalled that the harbour had been closed for a decade.",
    "We emphasize that the harbour lessons are only one part of the course.",
    "In Welsh we'd say the harbour is a bay.",
    "A study by Acme Research reports that the harbour trade doubled in a year.",
    "According to Ports Office figures, the harbour trade doubled in a year.",
    "According to Acme's latest report, the harbour trade doubled in a year.",
    "Turn off the lamps and dim the hall, the sign that tells them the day is over.",
    "Put your toddler down in bed, say goodnight, and leave the room.",
    "The plan covers invoices, mileage, tax reports, and monthly budgets for the harbour.",
    "In the harbour poll, 72% of ferry users said they would pay more for a later boat.",
    "Over half of the students said they would take the harbour course again.",
    "A majority said the harbour course was too long.",
    "About 40% said the harbour fees were too high.",
])
def test_no_one_speaking_reports_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "speaker"), [
    ("Ann Vole said the harbour would reopen in May.", "Ann Vole"),
    ("Analysts said the harbour would reopen in May.", None),
    ("The Ports Office said the harbour would reopen in May.", "Ports Office"),
])
def test_a_person_a_body_or_a_group_still_speaks(text: str, speaker: str | None) -> None:
    found = reported(text)
    assert len(found) == 1 and found[0].speaker == speaker


@pytest.mark.parametrize(("text", "speaker"), [
    ("Ann Vole, director of policy at Acme Ports, an umbrella group for harbours, said the harbour would reopen.",
     "Ann Vole"),
    ("Ben Tamm runs the port. His wife, Ann, said the harbour would reopen in May.", "Ann"),
    ("Ann Vole, a lawyer at Acme Ports, said the harbour would reopen in May.", "Ann Vole"),
])
def test_the_named_subject_of_appositives_speaks(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)] == [speaker]


@pytest.mark.parametrize(("text", "speaker"), [
    ("The National Association of Harbour Officers said the move would be a disaster.",
     "National Association of Harbour Officers"),
    ("The Association of British harbours warned that the fees do not normally cover repairs.",
     "Association of British harbours"),
    ("Tides are rising, port lobby group the PLA says.", "PLA"),
    ("Acme Group's Ann Vole said the harbour would reopen in May.", "Ann Vole"),
])
def test_an_organisation_named_as_written_speaks(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)] == [speaker]


def test_a_name_in_apposition_to_a_role_speaks_not_the_role() -> None:
    found = reported("Director of Public Harbours, Ann Vole, who sits on the board, said the harbour would reopen.")
    assert [(q.speaker, q.speaker_mention and q.speaker_mention.text) for q in found] == [("Ann Vole", "Ann Vole")]


@pytest.mark.parametrize(("text", "speaker"), [
    ("The sole is thicker now. Zorvik told me at the fair that the extra height keeps the heel safe.", "Zorvik"),
    ("Waste is a problem. Plenara notes that in richer regions most waste happens in shops.", "Plenara"),
])
def test_a_name_no_person_has_speaks_as_written(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)] == [speaker]


@pytest.mark.parametrize("text", [
    "People say the harbour is the best in the county.",
    "Every ferry company says it runs the fastest boats to the harbour.",
    "The majority of students in the harbour course reported that the lessons helped them.",
    "Please note, however, that the harbour office closes at noon.",
    "This dominance highlights that the harbour is still the town's main employer.",
    "This visual cue tells their brain that the day is ending.",
])
def test_generic_speech_and_things_report_no_clause(text: str) -> None:
    assert reported(text) == []


def test_a_representative_for_a_body_still_tells() -> None:
    found = reported("A representative for the harbour tells the Courier that the ferry will run again in May.")
    assert [q.text for q in found] == ["the ferry will run again in May"]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ferries are here to stay, and are about to get faster, says a panel of harbour experts.",
     "Ferries are here to stay, and are about to get faster"),
    ("Small ports do not usually buy insurance for storms, said a US-based insurance expert.",
     "Small ports do not usually buy insurance for storms"),
])
def test_a_speaker_noun_after_a_closing_cue_closes_the_clause(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_a_report_after_a_closing_cue_is_a_finding() -> None:
    assert reported("Ferries are the future of the harbour, says a report.") == []


@pytest.mark.parametrize("text", [
    "Ann Vole joined calls for a probe into claims the harbour deal was drawn up in secret.",
    "The board met amid reports the harbour would be sold to a rival.",
])
def test_a_cue_word_after_a_preposition_is_a_noun(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize("text", [
    "As they say, that which gets counted gets improved at the harbour.",
    "Vole (2017) suggests that harbour training may work best if it is short.",
    "Make notes where and when you can so that you keep them for the harbour.",
])
def test_sayings_citations_and_instructions_report_no_clause(text: str) -> None:
    assert reported(text) == []


def test_the_statement_a_cue_was_issued_in_is_no_clause() -> None:
    found = reported("Most ports saw trade grow in May, the Ports Office said in its latest Harbour Book report.")
    assert all("Harbour Book" not in q.text for q in found)


def test_a_nested_report_gives_each_speaker_their_clause() -> None:
    found = reported("Ann Vole says Tom Reed warned the board in May that the harbour could close.")
    assert [(q.text, q.speaker) for q in found] == [
        ("Tom Reed warned the board in May that the harbour could close", "Ann Vole"),
        ("the harbour could close", "Tom Reed"),
    ]


@pytest.mark.parametrize("text", [
    "When harbour firms say they review your boats, those are all things you can do.",
    "If Ann Vole says the port will close, it will close.",
    "And why does she point out that the boats are on the floor?",
    "Implementing stress reduction programs at the harbour has become a priority.",
])
def test_hypothetical_speech_questions_and_gerunds_report_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("When Ann Vole said the port would close, the workers left.", "the port would close, the workers left"),
    ("That's when Ann Vole says the port would close.", "the port would close"),
    ("When the harbour manager pointed out that the port was shut, the workers left.",
     "the port was shut, the workers left"),
    ("Like a friend, Tom Ebeling said the port would close.", "the port would close"),
])
def test_a_past_or_mid_sentence_report_still_reports(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_a_clause_closed_by_a_cue_and_its_channel_is_reported() -> None:
    found = reported("Most ports saw trade grow in May, the Ports Office said in its latest Harbour Book report.")
    assert [(q.text, q.speaker) for q in found] == [("Most ports saw trade grow in May", "Ports Office")]


@pytest.mark.parametrize("text", [
    "Ann left a short note that the harbour meeting had moved to the big hall.",
    "The interesting claim Tom Reed makes is that the old harbour style tends to win.",
    "Each note the harbour board kept shows the ferry ran late in May.",
    "Ann kept behind-the-scenes notes that the harbour crew had lost the map twice.",
])
def test_a_cue_word_after_one_thing_or_an_adjective_is_a_noun(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize("text", [
    "An old harbour story tells that the king buried his gold under the pier.",
    "This article tells the story of how the town learned that the harbour was silting up.",
])
def test_a_story_tells_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("A few harbour analysts say the port will close in May.", "the port will close in May"),
    ("A group of harbour workers say the port will close in May.", "the port will close in May"),
    ("The harbour board tells staff that the port will close in May.", "the port will close in May"),
    ("People familiar with her thinking say the port will close in May.", "the port will close in May"),
    ("The editor-in-chief says the port will close in May.", "the port will close in May"),
    ("Workers who came to protest this week's harbour vote say the port will close in May.",
     "the port will close in May"),
])
def test_plural_speakers_and_a_board_still_report(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize("subject", ["Several harbour allies", "Her advocates", "Two of her associates"])
def test_allies_advocates_and_associates_can_speak_with_a_weak_cue(subject: str) -> None:
    found = reported(f"{subject} suggested that the harbour board was politically motivated.")
    assert [q.text for q in found] == ["the harbour board was politically motivated"]
