"""The reported-speech pass reuses the frames the attribution pass built for
lines holding quotes (indexer.annotate.attribution.indirect.reports'
add_reported `frames`): the same clauses as a frame built afresh, one build."""
from __future__ import annotations

from typing import Any

import pytest

from onrecord.indexer.annotate.attribution import attribution
from onrecord.indexer.annotate.attribution.indirect import reports
from tests.indexer.annotate.attribution.articles import quotes_in as _quotes

TEXTS = [
    'Ann Vole said the plan was "a mess" and warned that costs would rise.',
    "'It is over,' Ann Vole said. She added that the talks had failed.",
    'Tom Dahl spoke first.\n\nHe said "no" and claimed that the vote was rigged.',
    'Ann Vole said that costs would rise.\n\n"It is over," she added.',  # framed as the line before a quote
]


@pytest.mark.parametrize("text", TEXTS)
def test_shared_frames_give_the_clauses_a_fresh_frame_gives(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = _quotes(text)
    plain = reports.add_reported

    def without_frames(*args: Any, **kwargs: Any) -> Any:
        return plain(*args[:5])  # every line framed afresh

    monkeypatch.setattr(attribution, "add_reported", without_frames)
    assert shared == _quotes(text)
    assert any(q.kind == "indirect" for q in shared)


@pytest.mark.parametrize("text", TEXTS)
def test_a_line_framed_for_its_quotes_is_not_framed_again(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    frame = reports.Frame

    def counted(text: str, line: Any, spans: Any) -> Any:
        built.append(line.start)
        return frame(text, line, spans)

    monkeypatch.setattr(reports, "Frame", counted)
    _quotes(text)
    assert built == []  # each clause line holds a quote or comes before one: framed already
