"""A closing cue's speaker phrase of a body's name and role words before a
person's name ('," said Acme physio Tom Reed.') is that person, not the
body its first capitalised word names
(indexer.annotate.attribution.phrases.clues.name_past_role)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(body: str) -> list[str | None]:
    return [q.speaker for p in extract_text("Harbour news\n\n" + body).paragraphs for q in p.quotes]


@pytest.mark.parametrize("tag", [
    "said Fenwick Rovers physio Tom Reed.",                         # the lexicon's "physio" row
    "said Acme director of harbour planning, Tom Reed.",            # "of ..." and a comma before the name
    "said Vole and Tamm executive producer Tom Reed.",              # a body named with "and"
    "explained Norland state archivist Tom Reed.",
])
def test_a_closing_cue_s_role_words_lead_to_the_name_after_them(tag: str) -> None:
    body = f'The quay wall fell in the storm.\n\n"We will rebuild it by the spring," {tag}'
    assert _speakers(body) == ["Tom Reed"]


def test_a_name_closing_a_cue_with_no_role_words_is_unchanged() -> None:
    body = 'The quay wall fell in the storm.\n\n"We will rebuild it by the spring," said Tom Reed.'
    assert _speakers(body) == ["Tom Reed"]


def test_a_cue_closing_a_partial_quote_s_sentence_reaches_the_name_too() -> None:
    body = 'The quay wall will be rebuilt by the "early spring", said Fenwick Rovers physio Tom Reed.'
    assert _speakers(body) == ["Tom Reed"]
