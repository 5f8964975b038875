"""Reported speech (issue #32): "the newspaper said" is the newspaper the
article named last by its masthead (indirect.outlets), not the body or
person it named last."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.outlets import (
    is_masthead,
    is_outlet_description,
    newspaper_before,
)
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


@pytest.mark.parametrize(("text", "speakers"), [
    # "the paper" after a masthead is the newspaper, no finding
    ("Fares will rise in May, according to the Norland Courier. The paper said the rise would be 5%.",
     ["Norland Courier", "Norland Courier"]),
    # a name the article calls a newspaper, no masthead word in it
    ("Vexa newspaper reported that the mine would close. The paper added that 300 jobs would go.",
     ["Vexa", "Vexa"]),
    # a newspaper credited by its short form after another was named: the paper is the one credited last
    ("Jobs will go at Acme, the Financial Courier (FC) reported. Unions spoke to the Norland Observer on Monday. "
     "According to the FC, talks ended on Monday. Staff would move to Leeds, the paper said.",
     ["Financial Courier"] * 3),
    # no newspaper named: "the paper" is a study's, no one speaking
    ("Vole and Tamm studied 40 lakes. The paper says warming lakes lose fish.", []),
])
def test_the_paper_is_the_newspaper_named_or_credited_last(text: str, speakers: list[str]) -> None:
    assert [q.speaker for q in reported(text)] == speakers


@pytest.mark.parametrize(("text", "said_it"), [
    ("The Norland Courier said the mayor had quit. The paper said he would stay on until May. "
     "It said the council would meet on Friday.", "The Norland Courier"),  # written only as "The ...": so named
    ("According to the Daily Bugle, the Acme Union will strike. The paper said Acme Group had been told. "
     "It said talks would go on.", "Daily Bugle"),
])
def test_it_after_the_paper_is_the_paper(text: str, said_it: str) -> None:
    assert [q.speaker for q in reported(text)][-1] == said_it


@pytest.mark.parametrize(("phrase", "outlet"), [
    ("the paper", True),
    ("The Sunday paper", True),
    ("the newspaper", True),
    ("the white paper", False),  # a government's document
    ("a paper", False),
    ("the paper's editor", False),
])
def test_outlet_descriptions(phrase: str, outlet: bool) -> None:
    assert is_outlet_description(phrase) is outlet
