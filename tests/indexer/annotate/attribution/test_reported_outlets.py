"""Reported speech (issue #32): "the newspaper said" is the newspaper the
article named last by its masthead (reported.outlets), not the body or
person it named last."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.reported.outlets import is_masthead, newspaper_before
from tests.indexer.annotate.attribution.test_reported import reported


def test_the_newspaper_is_the_masthead_named_last() -> None:
    text = ("Mr Vole, who won damages from the Daily Bugle last week, said he would stand in Norton. "
            "The Norland Party backed him. The newspaper said it had been right to print the claims.")
    assert [q.speaker for q in reported(text)] == ["Vole", "Daily Bugle"]


def test_the_paper_after_a_masthead_written_after_the() -> None:
    text = ("Jobs could go at the Vole plant, according to the Clarion Observer. "
            "The Acme Union met the owners on Monday. The paper said talks would go on until May.")
    assert [q.speaker for q in reported(text)][-1] == "Clarion Observer"


@pytest.mark.parametrize(("run", "after_the", "masthead"), [
    ("Daily Bugle", False, True),
    ("Financial Courier Norland", False, True),
    ("Observer", True, True),
    ("Observer", False, False),  # a capitalised word alone, no "the": anything
    ("Post Office", True, False),  # a masthead word opening a longer name
    ("Norland Party", True, False),
    ("Sunday Tribune", True, True),
    ("Monday Ann Vole", False, False),  # a weekday before a person's name
    ("Wednesday Prime Minister Ann Vole", False, False),
])
def test_mastheads(run: str, after_the: bool, masthead: bool) -> None:
    assert is_masthead(run, after_the) is masthead


def test_no_masthead_names_no_newspaper() -> None:
    text = "The Norland Party met on Monday. The newspaper said"
    assert newspaper_before(text, len(text) - 18) is None



def test_a_masthead_is_written_whole() -> None:
    text = "The row went on. A report in the Sunday Tribune claimed the minister had been asked to quit."
    assert [q.speaker for q in reported(text)] == ["Sunday Tribune"]
