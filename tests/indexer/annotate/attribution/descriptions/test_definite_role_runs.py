"""'the Norland Central MP said': "the", capitalised words and a role word
describe an office (indexer.annotate.attribution.descriptions.definites); the words
before the role are a place or a body, never the speaker's name."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.descriptions.definites import is_role_description


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind != "indirect"]


def test_an_mp_described_by_constituency_is_the_mp_named_beside_it() -> None:
    text = ("Club sale\n\nMPs have signed a motion, and Tom Reeve, the Norland Central MP, whose seat "
            "includes the ground, has pledged to take the matter \"to the prime minister if necessary\".")
    assert _speakers(text) == ["Tom Reeve"]


def test_a_constituency_is_never_credited_as_a_speaker() -> None:
    text = ("Seat fight\n\nPeter Tamlin said he would stand in Eastfield. \"It is time,\" the Norland "
            "Forest MP said.")
    assert _speakers(text) == ["Peter Tamlin"]


@pytest.mark.parametrize(("run", "described"), [
    ("The Norland Forest MP", True), ("the Acme Holdings chairman", True),
    ("The Prime Minister Tom Reeve", False), ("Norland Forest MP", False), ("the MP", False),
])
def test_a_role_description_is_the_definite_article_capitals_and_a_role(run: str, described: bool) -> None:
    assert is_role_description(run) is described
