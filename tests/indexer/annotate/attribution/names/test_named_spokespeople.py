"""A spokesperson the article names beside their phrase speaks as that
person (issue #31): "Ann Vole, a spokeswoman for Acme, said" and "A
spokesman for Acme, Dr Tom Reed, said" make no proxy of Acme, so the
"she said" / "he said" after them is the named person, not the body."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.names.runs import named_spokesperson
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize(("text", "named"), [
    ("Ann Vole, a spokeswoman for Acme Mills, said the plant would reopen.", True),
    ("A spokesman for Acme Mills, Dr Reed, told reporters the plant would reopen.", True),
    ("A spokesman for Acme Mills, Tom Reed, said the plant would reopen.", True),
    ("A spokesman for Acme Mills said the plant would reopen.", False),
    ("On Monday, a spokesman for Acme Mills said the plant would reopen.", False),
    ("A spokesman for Acme Mills, which owns the plant, said it would reopen.", False),
])
def test_a_name_beside_the_phrase_makes_it_a_named_spokesperson(text: str, named: bool) -> None:
    pos = text.lower().index("a spokes")
    noun = "spokeswoman" if "spokeswoman" in text else "spokesman"
    assert named_spokesperson(text, pos, noun, "Acme Mills", {"Vole", "Reed"}.__contains__) is named


@pytest.mark.parametrize(("text", "want"), [
    ('Tom Reed, a spokesman for Acme Mills, said the plant would reopen. "We are ready," he said.', "Tom Reed"),
    ('A spokeswoman for Acme Mills, Ann Vole, said the plant would reopen. "We are ready," she said.', "Ann Vole"),
])
def test_the_pronoun_after_a_named_spokesperson_is_theirs(text: str, want: str) -> None:
    assert speakers(text) == [want]


def test_a_titled_spokesperson_is_never_the_body() -> None:
    # "Dr Reed" is no person until he speaks: unnamed beats the body he was named beside
    text = 'A spokesman for Acme Mills, Dr Reed, said the plant would reopen. He added: "We are ready."'
    assert speakers(text) != ["Acme Mills"]
