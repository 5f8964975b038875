"""A "he said" after a sentence that asks a named person a question means
the person asked, not the asker (indexer.annotate.attribution.pronouns.
askedparties, issue #31 cause C)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    """Return the speakers of the text's direct quotes, in order."""
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


_OPENING = '"We need a new depot," said Tom Reed. '


@pytest.mark.parametrize("text, expected", [
    # the one asked answers: whether / about / how, a quote before the pronoun or the pronoun first
    (_OPENING + 'Later Tom Reed asked Dan Vole whether the depot would open. "It will open in May," he said.',
     ["Tom Reed", "Dan Vole"]),
    (_OPENING + 'The host Tom Reed asked Dan Vole about the vote. "We won it fairly," he said.',
     ["Tom Reed", "Dan Vole"]),
    (_OPENING + 'Then Tom Reed asked Dan Vole how the talks went. He replied: "They went well."',
     ["Tom Reed", "Dan Vole"]),
    (_OPENING + 'A reporter asked Mayor Dan Vole why the depot closed. "It cost too much," he said.',
     ["Tom Reed", "Dan Vole"]),
])
def test_the_person_asked_answers(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a request ("asked X to") is no question: the asker goes on speaking
    (_OPENING + 'Tom Reed asked Dan Vole to back the depot. "It is our best chance," he said.',
     ["Tom Reed", "Tom Reed"]),
    # someone named in the pronoun's own sentence: that sentence decides, not the question before
    (_OPENING + 'Tom Reed asked Dan Vole whether it would open. Tom Reed later added: "It must open."',
     ["Tom Reed", "Tom Reed"]),
])
def test_no_question_to_a_named_person_leaves_the_choice(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected
