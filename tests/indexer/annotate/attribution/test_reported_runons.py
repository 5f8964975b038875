"""Reported speech (issue #32): a reported clause ends where the writer's own
words resume: a coordinated present perfect after a cue in the past, or a
second cue in the past whose quote follows (clauses/runons.py)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_attribution import annotate_quotes, chunk
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole said she would back the ferry plan, but she hasn't given a date for the vote.",
     "she would back the ferry plan"),
    ("Ann Vole said the harbour needed a new crane and has asked the council for the money.",
     "the harbour needed a new crane"),
    ("Ann Vole said the quay was unsafe but has so far not taken the matter to court.",
     "the quay was unsafe"),
])
def test_a_clause_ends_before_a_coordinated_present_perfect(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


def test_a_clause_in_the_present_perfect_keeps_its_coordination() -> None:
    text = "Ann Vole said the port has grown quickly and has hired forty new pilots."
    assert [q.text for q in reported(text)] == ["the port has grown quickly and has hired forty new pilots"]


def test_a_clause_ends_before_a_second_cue_whose_quote_follows() -> None:
    text = 'Ann Vole said the bridge would reopen in May and urged drivers to use the "eastern ring road" until then.'
    assert [(q.text, q.speaker) for q in reported(text)] == [("the bridge would reopen in May", "Ann Vole")]


def test_a_present_report_is_not_cut() -> None:
    text = "Ann Vole says she backs the ferry plan and has asked the council for the money."
    assert [q.text for q in reported(text)] == ["she backs the ferry plan and has asked the council for the money"]


@pytest.mark.parametrize(("text", "clause"), [
    ('Ann Vole said it was good to be back in Dover, a man shouted "Go home!"', "it was good to be back in Dover"),
    ('Ann Vole insisted that the ferry had never been late: "Not once," she claimed.', "the ferry had never been late"),
    ('Ann Vole said the ferry would run on time, but went on to say, "The tides decide."',
     "the ferry would run on time"),
])
def test_a_clause_ends_before_a_quote_another_attribution_gives(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize("text", [
    'As Ann Vole told the Dover Gazette on Monday, "The ferry is late."',
    'Ann Vole said the quay, the oldest in the county, was "falling apart".',
])
def test_no_clause_is_cut_from_a_quote_introduction_or_a_partial_quote(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ('Ann Vole said the ferry would sail at noon, although she added that "nothing is certain."',
     "the ferry would sail at noon"),
    ("Ann Vole said the pier would be rebuilt, to which Ben Tamm replied: \"Not with my money.\"",
     "the pier would be rebuilt"),
])
def test_a_clause_ends_before_a_subordinate_second_cue_whose_quote_follows(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)][:1] == [(clause, "Ann Vole")]


def kinds(text: str) -> list[tuple[str, str, str | None]]:
    return [(q.kind, q.text, q.speaker) for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes]


@pytest.mark.parametrize(("text", "partial", "clause", "speaker"), [
    ('On Monday Ann Vole said she was "not ready" to back the plan, and suggested that the council must act first.',
     'she was "not ready" to back the plan', "the council must act first", "Ann Vole"),
    ('Although Ann Vole says that Tamm "broke the story" of the closure, others argue that Tamm caused it.',
     'Tamm "broke the story" of the closure', "Tamm caused it", None),
])
def test_a_partial_quote_ends_before_a_second_report_of_its_own(
        text: str, partial: str, clause: str, speaker: str | None) -> None:
    found = kinds(text)
    assert ("partial", partial) in [(k, t) for k, t, _ in found]
    assert ("indirect", clause, speaker) in found


def test_a_partial_quote_keeps_a_clause_joined_without_a_cue() -> None:
    text = 'Ann Vole said the quay was "a disgrace" and the council had failed.'
    assert kinds(text) == [("partial", 'the quay was "a disgrace" and the council had failed', "Ann Vole")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole said rebels hacked into the council computers and she accused Ben Tamm of helping them.",
     "rebels hacked into the council computers"),
    ("Ann Vole said the ferry stopped running, but Ann Vole did not say when.", "the ferry stopped running"),
])
def test_a_clause_ends_before_a_new_subjects_second_attribution(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


def test_a_negated_verb_of_the_clause_itself_stays_in_it() -> None:
    text = "Ann Vole said the harbour board would not say anything new."
    assert [q.text for q in reported(text)] == ["the harbour board would not say anything new"]


def test_a_partial_quote_starts_after_a_second_report_before_it() -> None:
    text = 'Ben Tamm complained that Vole is too cautious, suggesting the mayor sees the port as "black and white."'
    found = kinds(text)
    assert ("indirect", "Vole is too cautious", "Ben Tamm") in found
    assert ("partial", 'the mayor sees the port as "black and white."') in [(k, t) for k, t, _ in found]


def test_a_clause_its_cue_closes_is_not_cut_before_the_quote_the_cue_credits() -> None:
    text = 'Ferry traffic across the strait, the busiest in years, is now "a daily nightmare," said Ann Vole.'
    assert reported(text) == []


def test_repeat_reports_no_bare_clause() -> None:
    assert reported("Puppies repeat behaviours that have a good result for them.") == []


@pytest.mark.parametrize(("text", "clause"), [
    ('Ann Vole said the ferry was running late again: "We are sorry for the wait."', "the ferry was running late again"),
    ('Ann Vole says the quay has cracked in two places: "It cannot take another winter."', "the quay has cracked in two places"),
])
def test_a_clause_of_its_own_before_a_colon_and_its_quote_is_reported(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize("text", [
    'Ann Vole said in a statement on Monday: "We are sorry for the wait."',
    'Ann Vole told a packed meeting of the harbour board: "We are sorry for the wait."',
])
def test_where_or_to_whom_before_a_colon_and_its_quote_is_no_report(text: str) -> None:
    assert [q.text for q in reported(text)] == []
