"""Paragraph.copy, how every annotation stage builds its output: it names each field itself
(through the constructor, faster than dataclasses.replace): no field may be lost."""
from __future__ import annotations

import dataclasses

import pytest

from onrecord.search.model import Mention, Paragraph, Quote


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
