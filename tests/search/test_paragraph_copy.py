"""Paragraph.copy, how every annotation stage builds its output: it names each field itself
(through the constructor, faster than dataclasses.replace): no field may be lost."""
from __future__ import annotations

import dataclasses

import pytest

from onrecord.search.model import Article, Mention, Metadata, Paragraph, Quote


def _paragraph() -> Paragraph:
    quote = Quote('"We stay"', 0, 9, speaker="Ann Vole", speaker_mention=Mention("Ann Vole", 10, 18))
    return Paragraph("a-p1", 1, 0, 30, '"We stay" Ann Vole said today.', "caption", [quote], ["Ann Vole"],
                     ["Acme"], ["2020-03-03"])


def test_a_copy_keeps_every_field_and_shares_no_list() -> None:
    para = _paragraph()
    copy = para.copy()
    assert copy == para
    for f in dataclasses.fields(Paragraph):
        value = getattr(para, f.name)
        assert value == getattr(copy, f.name), f.name  # every field, including ones added later
        if isinstance(value, list):
            assert getattr(copy, f.name) is not value, f.name
    assert copy.quotes[0] is not para.quotes[0]


def test_a_copy_takes_changes() -> None:
    assert _paragraph().copy(dates=[], kind="body") == dataclasses.replace(_paragraph(), dates=[], kind="body")


def test_an_unknown_field_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        _paragraph().copy(colour="red")


def test_copy_names_every_field() -> None:
    """copy names the fields itself: a field added to Paragraph must be added there (and here)."""
    assert [f.name for f in dataclasses.fields(Paragraph)] == [
        "id", "n", "start", "end", "text", "kind", "quotes", "speakers", "institutions", "dates"]


@pytest.mark.parametrize("speakers", [
    [],  # no quote
    [None],  # a quote nobody is credited with
    ["Bo Lark", "Ann Vole", "Bo Lark"],  # repeated and out of order: sorted, once
    ["Ann Vole", None, "Cy Moss"],
])
def test_with_quotes_is_replace_with_the_quotes_speakers(speakers: list[str | None]) -> None:
    para = _paragraph()
    quotes = [Quote(f'"Line {k}"', k, k + 1, speaker=who) for k, who in enumerate(speakers)]
    got = para.with_quotes(quotes)
    assert got == dataclasses.replace(para, quotes=quotes,
                                      speakers=sorted({q.speaker for q in quotes if q.speaker}))
    assert got.quotes is quotes and got.institutions is para.institutions and got.dates is para.dates


@pytest.mark.parametrize("count", [0, 1, 3])
def test_with_paragraphs_is_replace(count: int) -> None:
    """Article.with_paragraphs names the fields itself: equal to dataclasses.replace, the rest shared."""
    assert [f.name for f in dataclasses.fields(Article)] == ["id", "source", "text", "meta", "paragraphs"]
    article = Article("t1", "a.txt", "Some text.", Metadata(title="A title"), [_paragraph()])
    paragraphs = [_paragraph() for _ in range(count)]
    got = article.with_paragraphs(paragraphs)
    assert got == dataclasses.replace(article, paragraphs=paragraphs)
    assert got.paragraphs is paragraphs and got.meta is article.meta
