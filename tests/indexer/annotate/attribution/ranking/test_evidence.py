"""Each quote records how its speaker was found (indexer.annotate.attribution.ranking.evidence, #12):
one test row per rule of the table, on invented sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.ranking.evidence import CONFIDENCE, RULES, RULES_BY_NAME, evidence_of
from onrecord.search.engine import search
from onrecord.search.model import Article, Metadata, Paragraph, Quote, SearchRequest
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles


def chunk(text: str) -> Article:
    paras, pos = [], 0
    for n, block in enumerate(text.split("\n\n"), 1):
        paras.append(Paragraph(id=f"t-p{n}", n=n, start=pos, end=pos + len(block), text=block))
        pos += len(block) + 2
    return Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=paras)


def quotes(text: str) -> list[Quote]:
    return [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes]


@pytest.mark.parametrize("rule, text, index, speaker, evidence", [
    ("cue", '"We will win the vote," said Dana Holt, the party leader.', 0, "Dana Holt", "named"),
    ("cue", 'Dana Holt opened the meeting.\n\n"We will win the vote," she said.', 0, "Dana Holt", "pronoun"),
    ("same_paragraph", '"We will win," said Dana Holt. "Nobody doubts it."', 1, "Dana Holt", "carried"),
    ("continued", 'Dana Holt said: "We will win the vote.\n\n"Nobody doubts it."', 1, "Dana Holt", "carried"),
    ("sentence_subject", 'Asked about the vote, Dana Holt was blunt: "We will win."', 0, "Dana Holt", "named"),
])
def test_a_quote_records_the_rule_and_evidence_that_found_its_speaker(
        rule: str, text: str, index: int, speaker: str, evidence: str) -> None:
    quote = quotes(text)[index]
    assert quote.speaker == speaker
    assert (quote.speaker_source, quote.evidence) == (f"rule:{rule}", evidence)
    assert quote.confidence == CONFIDENCE[quote.evidence] and quote.speaker_type == "person"


def test_a_spokesman_speaks_for_an_organisation() -> None:
    quote = quotes('The Treasury was asked about the cuts.\n\n"We will not comment," a Treasury '
                   'spokesman said.')[0]
    assert quote.speaker == "HM Treasury" and quote.evidence == "nominal"
    assert quote.speaker_type == "organisation"


def test_an_unattributed_quote_carries_no_evidence() -> None:
    for quote in quotes('The sign read "Keep out" in red letters.'):
        assert quote.speaker is None and quote.evidence is None and quote.speaker_source is None


def test_every_rule_is_a_row_with_a_description() -> None:
    assert len(RULES_BY_NAME) == len(RULES) and all(rule.says for rule in RULES)
    assert evidence_of("continued", "name", False) == "carried"
    assert evidence_of("cue", "np", True) == "nominal"


def test_named_only_keeps_paragraphs_whose_speaker_is_named_beside_the_quote() -> None:
    text = ('"We will win the vote," said Dana Holt, the party leader.\n\n'
            'Dana Holt then left the hall.\n\n"Nobody doubts the vote," she said.')
    article = annotate_quotes(chunk(text))
    index = ram_index()
    write_articles(index, [article])
    every = search(index, SearchRequest(query="vote", quotes_only=True))
    named = search(index, SearchRequest(query="vote", named_only=True))
    assert every.total == 2 and named.total == 1
    assert named.hits[0].n == 1
