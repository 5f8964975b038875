"""'Acme backed the cuts. "...," a spokesman said.': a bare spokesperson after
the quote opening its sentence, or opening it, speaks for the body that is
the subject of the sentence before, not the body named or heard last
(indexer.annotate.attribution.descriptions.bodies.spokesbodies)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


_BEFORE = ("Broadband\n\nThe regulator Ofwatt has set out new prices for line rental. \"It is a fair deal,\" "
           "said Ofwatt's chief. \"Brimco Telecom will gain most,\" said an analyst.\n\n")


@pytest.mark.parametrize("sentence", [
    "Vantelco backed the cuts but said rules were still needed to stop Brimco Telecom.",
    "Consumer group Vantelco said the cuts came too late for Brimco Telecom users.",
    "Last year Vantelco, which opposed the sale, urged users to leave Brimco Telecom.",
    "A Vantelco spokesman said the cuts came too late for Brimco Telecom users.",
])
def test_a_bare_spokesperson_speaks_for_the_subject_body_of_the_sentence_before(sentence: str) -> None:
    text = _BEFORE + f"{sentence} \"We will keep pressing for lower prices,\" a spokesman said.\n"
    assert _speakers(text)[-1] == "Vantelco"


@pytest.mark.parametrize("opening", ["But a spokeswoman stressed", "A spokesperson said"])
def test_a_bare_spokesperson_opening_its_sentence_speaks_for_that_body(opening: str) -> None:
    text = _BEFORE + (f"Vantelco backed the cuts but said rules were still needed to stop Brimco Telecom. "
                      f"{opening}: \"We will keep pressing for lower prices.\"\n")
    assert _speakers(text)[-1] == "Vantelco"


@pytest.mark.parametrize("sentence", [
    "Tavo Brenn backed the cuts but said rules were still needed.",  # a person is no body
    "The cuts were welcomed by Vantelco.",  # the body is no subject
])
def test_no_subject_body_leaves_the_spokesperson_to_the_older_reading(sentence: str) -> None:
    text = _BEFORE + f"{sentence} \"We will keep pressing for lower prices,\" a spokesman said.\n"
    assert _speakers(text)[-1] != "Tavo Brenn"
    assert _speakers(text)[-1] in (None, "Vantelco", "Ofwatt", "Brimco Telecom")


def test_a_spokesperson_who_names_the_body_keeps_it() -> None:
    text = _BEFORE + ("Vantelco backed the cuts but said rules were still needed. "
                      "\"We will keep pressing,\" a spokesman for Brimco Telecom said.\n")
    assert _speakers(text)[-1] == "Brimco Telecom"
