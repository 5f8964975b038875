"""A speaker value cut before its body's own name tail is the name with it (issue #31,
invented text): one test per row of the lexicon's "name_tails" ("'s": "Grubbin's
announced"; "& co.": "Tolley Marsh & Co."), and the cases that keep the value: written
alone anywhere, an owner's "'s" ("Grubbin's spokesman"), two tails, or a tail
running on into a word."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.cleanup.nametails import TAILS, whole_tails
from onrecord.indexer.lexicon import words
from onrecord.search import Mention, Quote


def said_by(text: str, value: str, phrase: str) -> Quote:
    """Return a quote of `value` whose speaker phrase is the first `phrase` in `text`."""
    at = text.index(phrase)
    return Quote(text='"Yes"', start=0, end=5, kind="direct", speaker=value,
                 speaker_mention=Mention(phrase, at, at + len(phrase)), speaker_type="organisation")


def test_every_tail_row_has_its_test() -> None:
    assert set(TAILS) == set(words("name_tails")) == {"'s", "& co."}


@pytest.mark.parametrize("text, value, phrase, whole", [
    # "'s": the name's own tail, its phrase the clause's subject before a verb
    ("Grubbin's announced it would shut 40 shops. Grubbin's shops opened in 1990.",
     "Grubbin", "Grubbin's", "Grubbin's"),
    ("Pell & Dorrit\u2019s has rated the bonds. Pell & Dorrit\u2019s analysts agreed.",
     "Pell & Dorrit", "Pell & Dorrit\u2019s", "Pell & Dorrit\u2019s"),
    # "& co.": the run stopped at "&"
    ("Why hire Tolley Marsh & Co.? According to Tolley Marsh & Co. it pays.",
     "Tolley Marsh", "Tolley Marsh", "Tolley Marsh & Co."),
])
def test_a_value_written_only_with_a_tail_takes_it(text: str, value: str, phrase: str, whole: str) -> None:
    assert whole_tails(text, [said_by(text, value, phrase)], {}) == {value: whole}


def test_the_whole_name_the_cleanup_gave_takes_the_tail() -> None:
    text = "Tolley Marsh & Co. grew. Marsh said so. Tolley Marsh & Co. hires."
    assert whole_tails(text, [said_by(text, "Marsh", "Marsh said")], {"Marsh": "Tolley Marsh"}) \
        == {"Marsh": "Tolley Marsh & Co."}


@pytest.mark.parametrize("text, value, phrase", [
    ("Grubbin's announced cuts. Grubbin said more.", "Grubbin", "Grubbin's"),  # written alone once
    ("Grubbin's spokesman said no. Grubbin's shops shut.", "Grubbin", "Grubbin's spokesman"),  # an owner's
    ("Tolley Marsh & Co. grew. Tolley Marsh's staff left.", "Tolley Marsh", "Tolley Marsh"),  # two tails
    ("Read Tolley Marsh & Co.uk for more.", "Tolley Marsh", "Tolley Marsh"),  # a web address
    ("For goodness' sake, Vole'sake said.", "Vole", "Vole'sake"),  # the tail runs on into a word
    ("Nobody wrote it here.", "Grubbin", "Nobody"),  # never written
    # a person's owner "'s": the surname is written alone elsewhere
    ('Actor Ann Tarvole\'s "fine career" was hailed. Tarvole said thanks.', "Ann Tarvole", "Actor Ann Tarvole's"),
    ("Minister Ian Pellow's planned law was cut. Mr Pellow said no.", "Ian Pellow", "Minister Ian Pellow's"),
])
def test_no_tail(text: str, value: str, phrase: str) -> None:
    assert whole_tails(text, [said_by(text, value, phrase)], {}) == {}


def test_a_value_widened_by_its_own_tail_is_typed_a_body() -> None:
    # the runs type "Tarkin" a person (a surname's shape); written only as "Tarkin's", it is a business
    text = ("Film wins award\n\nThe film followed Dan Vole as he ate only Tarkin's food for a month. "
            "Tarkin's announced it was to scrap its \"supersized\" meals last year, but denied the move was "
            "a result of the film. The High Court ruled Tarkin's had been libelled.")
    credited = [q for p in extract_text(text).paragraphs for q in p.quotes if q.speaker == "Tarkin's"]
    assert credited and {q.speaker_type for q in credited} == {"organisation"}
