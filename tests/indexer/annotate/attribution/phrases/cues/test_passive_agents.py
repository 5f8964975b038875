"""A passive cue whose agent follows the quote it reports ('was called the
"..." by Ann Vole', 'described as "..." and "..." by the union', 'in a move
branded a "..." by the Greens') gives the quote to that agent, not to the
sentence's subject (indexer.annotate.attribution.phrases.cues.passives.passive_agent)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _partials(body: str) -> list[str | None]:
    text = "Harbour news\n\nThe port reopened on Monday.\n\n" + body
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "partial"]


@pytest.mark.parametrize(("body", "speaker"), [
    ('Tom Reed starred in the play, and he was called the "heart of the cast" by its director Ann Vole.\n',
     "Ann Vole"),
    ('Her plans have been described as "reckless" and "absurd" by the Norland Sailors Union.\n',
     "Norland Sailors Union"),
    # no "be": a noun's participle, after a strong cue of the sentence's subject
    ('Ann Vole has announced plans to cut the ferries to four, in a move branded a "humiliating retreat" by '
     'Tom Reed.\n', "Tom Reed"),
])
def test_the_agent_after_the_quote_speaks(body: str, speaker: str) -> None:
    assert _partials(body) == [speaker]


def test_an_agent_before_the_quote_still_leaves_the_strong_cue_s_speaker() -> None:
    body = ('The harbour spokeswoman Ann Vole said the plan was agreed by an adviser '
            '"in talks with officials on behalf of ministers".\n')
    assert _partials(body) == ["Ann Vole"]
