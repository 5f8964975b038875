"""A role given in an appositive beside a name is that person's role
(indexer.annotate.attribution.people.roles): "the archbishop said" later means them,
not whoever spoke last."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.roles import appositive_roles
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


@pytest.mark.parametrize(("sentence", "name", "roles"), [
    ("The service will be led by the Archbishop of Leeds, Dr Tavo Brenn, on Friday.", "Dr Tavo", {"archbishop"}),
    ("He met the Shadow Secretary of State for the Family, Ann Vole, on Monday.", "Ann", {"shadow", "secretary"}),
    ("He met Ann Vole, the health secretary, on Monday.", "Ann", {"health", "secretary"}),
    ("In the old village, Ann Vole walked home.", "Ann", set()),
    ("He met Ann Vole, the owner of the shop.", "Ann", {"owner"}),
])
def test_appositive_roles(sentence: str, name: str, roles: set[str]) -> None:
    start = sentence.index(name)
    end = sentence.index("Vole") + 4 if "Vole" in sentence else sentence.index("Brenn") + 5
    assert appositive_roles(sentence, start, end) == roles


def test_the_office_an_appositive_gave_names_its_holder_not_the_last_speaker() -> None:
    text = ('The service will be led by the Archbishop of Leeds, Dr Tavo Brenn, on Friday.\n\n'
            '"It was a shock," said Quill Marsh, who wrote a book about the couple. '
            'The Archbishop of Leeds said: "I am pleased for them."')
    assert _speakers(text) == ["Quill Marsh", "Tavo Brenn"]


@pytest.mark.parametrize(("sentence", "roles"), [
    # no article before an office of a body: still the person's office
    ("He met Ann Vole, leader of the Acme Party, on Monday.", {"leader"}),
    ("He met Ann Vole, chief executive of Acme Ltd, on Monday.", {"chief", "executive"}),
    # a place or a name after the comma gives nothing
    ("He met Ann Vole, Tom Reed of Acme, on Monday.", set()),
    ("He met Ann Vole, in front of the hall, on Monday.", set()),
])
def test_an_appositive_office_without_an_article(sentence: str, roles: set[str]) -> None:
    start = sentence.index("Ann")
    assert appositive_roles(sentence, start, start + len("Ann Vole")) == roles
