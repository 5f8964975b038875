"""bench.ingest.repeated_calls: a call repeats when an article already asked the same function with equal arguments."""
from __future__ import annotations

import re

import pytest

from bench.ingest.repeated_calls import RepeatCounter, arg_key, counted
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.search import Paragraph

TEXT = 'Ann Vole said the plan would work. "It will," she added.'


def _frame() -> Frame:
    return Frame(TEXT, Paragraph(id="p1", n=1, start=0, end=len(TEXT), text=TEXT), [])


@pytest.mark.parametrize(("first", "second", "equal"), [
    ("said", "said", True),
    ("said", "told", False),
    ((1, [2, 3]), (1, [2, 3]), True),
    (_frame(), _frame(), True),  # two frames of one line: one value
    (re.search("said", TEXT), re.search("said", TEXT), True),
    (re.search("said", TEXT), re.search("added", TEXT), False),
    (len, len, True),
])
def test_arguments_compare_by_value(first: object, second: object, equal: bool) -> None:
    assert (arg_key(first) == arg_key(second)) is equal


def test_repeats_count_within_one_article() -> None:
    counter = RepeatCounter()
    upper = counted("upper", str.upper, counter)
    assert [upper("a"), upper("a"), upper("b")] == ["A", "A", "B"]
    counter.new_article()
    upper("a")  # a new article: distinct again
    assert counter.rows() == [("upper", 4, 3, 1)]
    assert counter.rows(["lower"]) == []
