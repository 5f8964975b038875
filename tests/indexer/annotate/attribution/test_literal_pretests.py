"""Word look-ups that test for the word itself before compiling a pattern for it
(#31 speed): a text without the word answers as the pattern did, and a text with
it still reaches the pattern.  Made-up names and sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.cleanup import wholeruns
from onrecord.indexer.annotate.attribution.headlines import choice
from onrecord.indexer.annotate.attribution.indirect import mastheads
from onrecord.indexer.annotate.attribution.names import things
from onrecord.indexer.annotate.attribution.pronouns import subjectbodies
from onrecord.search import Quote


@pytest.mark.parametrize(("text", "name", "named"), [
    ("The firm said it would keep Brontal's lead.", "Brontal Group", True),
    ("The firm said it would keep its lead. Brontal grew.", "Brontal Group", False),
    ("The firm said it would keep Brontals' lead.", "Brontal", False),
    ("The firm said it would keep the lead.", "Brontal", False),
])
def test_named_after_reads_only_its_own_clause(text: str, name: str, named: bool) -> None:
    assert subjectbodies._named_after(text, 0, name) is named


@pytest.mark.parametrize(("text", "name", "count"), [
    ("GM said GM and GMC grew.", "GM", 2), ("Brontal said so.", "GM", 0), ("the.GM-ish", "GM", 0),
])
def test_count_of_whole_words(text: str, name: str, count: int) -> None:
    assert wholeruns._count(text, name) == count


@pytest.mark.parametrize(("text", "name", "only"), [
    ("The Bugle said so. Later The Bugle added.", "Bugle", True),
    ("The Bugle said so. Later the Bugle added.", "Bugle", False),
    ("The Daily Post said so.", "Bugle", False),
    ("The Bugle Media group said so.", "Bugle", False),
])
def test_only_capital_the(text: str, name: str, only: bool) -> None:
    assert mastheads._only_capital_the(name, text) is only


def _quote(text: str, start: int, speaker: str | None, kind: str = "direct") -> Quote:
    return Quote(text=text, start=start, end=start + len(text), kind=kind, speaker=speaker,  # type: ignore[arg-type]
                 speaker_type="person" if speaker else None)


@pytest.mark.parametrize(("lead", "claim", "topic"), [
    ("Olek Tamm is said to have left the club.", "", True),
    ("Reporters say the club has moved on.", "", False),
    ("A court heard the defendant knew.", "Tamm knew the plan", True),
    ("A court heard the defendant knew.", "the defendant knew", False),
])
def test_is_topic_reads_the_surname_in_the_lead(lead: str, claim: str, topic: bool) -> None:
    named, head = _quote("We won", 0, "Olek Tamm"), _quote("We won", 0, None)
    quotes = [_quote(claim, 20, "Ann Vole", "indirect")] if claim else []
    below = choice.Below(quotes=quotes, lead_end=200, lead_text=lead, source=[])
    assert choice._is_topic(named, head, below) is topic


@pytest.mark.parametrize(("text", "run", "thing"), [
    ("Fans filled the Brontal Arena.", "Brontal Arena", True),
    ("The Brontal Arena opened.", "Brontal Arena", True),
    ("She met Brontal Arena, Paris.", "Brontal Arena", False),
    ("Then Brontal Arena spoke; she Brontal Arena", "Brontal Arena", False),
    ("Fans filled the Brontal Arena Paris stand.", "Brontal Arena", False),
])
def test_after_the_elsewhere(text: str, run: str, thing: bool) -> None:
    assert things._after_the_elsewhere(run, text) is thing
