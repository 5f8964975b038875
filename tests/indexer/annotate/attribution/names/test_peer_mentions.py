"""A peer named by title and one word ("Lord Vole agreed") is a person from
that mention on, so a pronoun after it can mean them before they have spoken;
and a long description before a name ("Green rural affairs spokesman Sir Ann
Vole said") leaves the name its sentence's subject."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.names import singles
from onrecord.indexer.annotate.attribution.names.placements import is_subject


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes]


@pytest.mark.parametrize(("body", "who"), [
    ("Lord Tamm said the plan was sound. \u201cIt is settled,\u201d he added.\n\n"
     "Lord Vole agreed to drop his bill, but urged ministers to think again. "
     "\u201cWe cannot wait forever,\u201d he told peers.", "Lord Vole"),
    ("Baroness Tamm opened the debate. \u201cWe will wait,\u201d she said.\n\n"
     "Lady Vole withdrew her motion after a long debate. "
     "\u201cThe time is not right,\u201d she told the chamber.", "Lady Vole"),
])
def test_a_peer_named_before_speaking_is_a_pronoun_s_antecedent(body: str, who: str) -> None:
    assert _speakers(body)[-1] == who


@pytest.mark.parametrize(("text", "found"), [
    ("Lord Vole agreed.", [("Lord", "Vole")]),
    ("Lord Vole's bill fell.", [("Lord", "Vole")]),
    ("Lord Vole of Tamm spoke.", [("Lord", "Vole")]),
    ("The Lord Chancellor spoke.", []),
    ("Prince Vole Street is long.", []),
])
def test_peer_mentions_find_a_title_and_one_word(text: str, found: list[tuple[str, str]]) -> None:
    assert [(t, w) for _, t, w in singles.peer_mentions(text, set())] == found


@pytest.mark.parametrize(("text", "subject"), [
    ("It rained. Green rural affairs spokesman Sir Ann Vole said so.", True),
    ("It rained. Former welfare minister Ann Vole said so.", True),
    ("It rained. A report by the party spokesman Ann Vole said so.", False),
])
def test_words_before_a_role_keep_the_name_a_subject(text: str, subject: bool) -> None:
    assert is_subject(text, text.index("Ann")) is subject
