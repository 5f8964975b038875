"""Reported speech (issue #32): each shape of a reported clause as an
`indirect` quote with its speaker and cue, the span the clause alone; and
what is not speech (thoughts, wishes, plans, findings, hedged talk) left out."""
from __future__ import annotations

import pytest

from onrecord.search.model import Quote
from tests.indexer.annotate.attribution.test_attribution import annotate_quotes, chunk, quotes


def reported(text: str) -> list[Quote]:
    return [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes if q.kind == "indirect"]


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    ("Ann Vole said the harbour would reopen in May.", "the harbour would reopen in May", "Ann Vole", "said"),
    ("Ann Vole said that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "said"),
    ("Ann Vole said on Monday that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "said"),
    ("Ann Vole told reporters that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "told"),
    ("Ann Vole denied that the port had not done enough.", "the port had not done enough", "Ann Vole", "denied"),
    ("Ann Vole asked whether the harbour would reopen.", "the harbour would reopen", "Ann Vole", "asked"),
    ("According to Ann Vole, the harbour will reopen in May.", "the harbour will reopen in May", "Ann Vole",
     "According to"),
    ("The harbour will reopen in May, according to Ann Vole.", "The harbour will reopen in May", "Ann Vole",
     "according to"),
    ("The harbour will reopen in May, Ann Vole said.", "The harbour will reopen in May", "Ann Vole", "said"),
    ("The harbour will reopen in May, said Ann Vole.", "The harbour will reopen in May", "Ann Vole", "said"),
    ("The harbour, Ann Vole said, will reopen in May.", "will reopen in May", "Ann Vole", "said"),
    ("Ann Vole struck a calm tone, saying the harbour would reopen.", "the harbour would reopen", "Ann Vole",
     "saying"),
])
def test_a_reported_clause_is_an_indirect_quote(text: str, clause: str, speaker: str, cue: str) -> None:
    found = reported(text)
    assert [(q.text, q.speaker, q.cue) for q in found] == [(clause, speaker, cue)]
    assert text[found[0].start:found[0].end] == clause
    assert found[0].speaker_source == "rule:reported" and found[0].confidence is not None


@pytest.mark.parametrize("text", [
    "Ann Vole believes the harbour will reopen in May.",
    "Ann Vole thinks the harbour will reopen in May.",
    "Ann Vole wants the harbour to reopen in May.",
    "Ann Vole hopes the harbour will reopen in May.",
    "Ann Vole plans to reopen the harbour in May.",
    "A poll shows the harbour is popular with most voters.",
    "According to the study, the harbour is popular with most voters.",
    "You could say that the harbour is popular with most voters.",
    "Ann Vole announced a plan for the harbour on Monday.",
    "Ann Vole was told the harbour would reopen in May.",
])
def test_thoughts_wishes_plans_and_findings_are_not_speech(text: str) -> None:
    found = reported(f"{text} Ben Tamm said the port was closed for repairs.")  # beside one that is speech
    assert [q.text for q in found] == ["the port was closed for repairs"]


def test_a_pronoun_speaker_resolves_across_sentences() -> None:
    found = reported("Ann Vole runs the harbour. She said the port would reopen in May.")
    assert [(q.text, q.speaker, q.evidence) for q in found] == [("the port would reopen in May", "Ann Vole", "pronoun")]


@pytest.mark.parametrize("attribution", ["an Acme spokesman said", "Ann Vole's spokesman said", "she said"])
def test_a_reported_clause_is_credited_as_a_direct_quote_is(attribution: str) -> None:
    lead = "Acme Holdings Ltd cut 200 jobs, Ann Vole said. "
    indirect = reported(f"{lead}{attribution[0].upper() + attribution[1:]} the company would appeal against the ruling.")
    direct = quotes(f'{lead}"We will appeal against the ruling," {attribution}.')
    assert [(q.speaker, q.evidence) for q in indirect[1:]] == [(q.speaker, q.evidence) for q in direct]


@pytest.mark.parametrize("text", [
    'Ann Vole said the plan was "a disaster" for the harbour.',  # a clause with quoted words: a partial quote
    '"Ann Vole said the harbour would reopen," Ben Tamm said.',  # a clause inside a quote is the quote\'s
])
def test_a_clause_holding_or_inside_a_quote_is_no_indirect_quote(text: str) -> None:
    found = reported(f"{text} Ben Tamm said the port was closed for repairs.")
    assert [q.text for q in found] == ["the port was closed for repairs"]


def test_indirect_quotes_sit_among_the_quotes_by_start() -> None:
    text = 'Ann Vole said the harbour would reopen. "We are ready," Ben Tamm said.'
    quotes = [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes]
    assert [q.kind for q in quotes] == ["indirect", "direct"]
    assert annotate_quotes(chunk(text)).paragraphs[0].speakers == ["Ann Vole", "Ben Tamm"]
