"""A body's speaker value without the kind noun written after its name (issue #31, invented
text): one test per row of the lexicon's "name_kind_tails" ("board": "the Acme United board";
"group": "The Keepers Without Limits group"; "label": "his Tarvo Records label"), the cases
that keep the value (a nationality, a person, an owner's, a lowercase word, a noun of no row),
and a whole article read end to end."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.cleanup.kindtails import KIND_TAILS, cut_kind_tail, cut_kind_tails
from onrecord.indexer.lexicon import words
from onrecord.search import Quote


def said_by(value: str, kind: str = "organisation") -> Quote:
    """Return a quote credited to `value`, typed `kind`."""
    return Quote(text='"Yes"', start=0, end=5, kind="direct", speaker=value, speaker_type=kind)


def test_every_kind_tail_row_has_its_test() -> None:
    assert set(KIND_TAILS) == set(words("name_kind_tails")) == {"board", "group", "label"}


@pytest.mark.parametrize("value, name", [
    ("Tarvale United board", "Tarvale United"),  # board
    ("Keepers Without Limits group", "Keepers Without Limits"),  # group, a lowercase joint inside the name
    ("Tarvo Records label", "Tarvo Records"),  # label
    ("2 Tarvo Records label", None),  # a name opening with a digit: not read as one here
])
def test_a_kind_noun_after_a_name_is_cut(value: str, name: str | None) -> None:
    assert cut_kind_tail(value) == name


@pytest.mark.parametrize("value, people", [
    ("Chinese group", frozenset()),  # a nationality: a description, kept whole
    ("Vole group", frozenset({"Ann Vole"})),  # a person's surname: her group, not a body's name
    ("Ann Vole group", frozenset({"Ann Vole"})),  # a person's value
    ("Keepers' group", frozenset()),  # an owner's
    ("Tarvale company", frozenset()),  # a noun of no row ("the London company" is a description)
    ("the board", frozenset()),  # no name before it
    ("board", frozenset()),  # the noun alone
])
def test_kept(value: str, people: frozenset[str]) -> None:
    assert cut_kind_tail(value, people) is None


def test_the_one_longer_body_value_ending_in_the_name_is_taken() -> None:
    quotes = [said_by("Tarvale United board"), said_by("North Tarvale United")]
    assert cut_kind_tails(quotes) == {"Tarvale United board": "North Tarvale United"}


def test_two_longer_body_values_leave_the_cut_name() -> None:
    quotes = [said_by("United board"), said_by("North United"), said_by("Fans United")]
    assert cut_kind_tails(quotes) == {"United board": "United"}


def test_an_article_read_whole() -> None:
    text = ("Tycoon bids for club\n\nThe tycoon has approached the Tarvale United board with \"detailed "
            "proposals\", it has confirmed. Tarvale United said it would study them.")
    values = {q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.speaker}
    assert "Tarvale United board" not in values
