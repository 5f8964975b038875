"""A doubled opening mark ('""word"', '\u201c\u201dWord') opens one quote, not an
empty one followed by unquoted text.  Invented sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.spans.quotes import find_quote_spans


@pytest.mark.parametrize(("text", "inner"), [
    ('The port will pay an ""unfair and grossly low" sum, Ola Brandt said.', "unfair and grossly low"),
    ("Readers say |\u201c\u201dThe best harbour tour I have taken!\u201d\u201d \u2013 Ada L.",
     "The best harbour tour I have taken!"),
])
def test_doubled_opener_opens_one_quote(text: str, inner: str) -> None:
    spans = find_quote_spans(text)
    assert len(spans) == 1
    assert inner in text[spans[0].start:spans[0].end]


def test_empty_marks_before_a_space_stay_empty() -> None:
    text = 'He typed "" and then "hello," said Ann Vole.'
    assert [text[s.start:s.end] for s in find_quote_spans(text)] == ['"hello,"']
