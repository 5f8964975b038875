"""A "He said" after a sentence of two clauses means the second clause's subject
when its gender is the pronoun's (indexer.annotate.attribution.pronouns.clausesubjects,
issue #31): not the first clause's subject, not the last speaker."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    """Return the speakers of the text's direct quotes, in order."""
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("text, expected", [
    # "but" and an owner's lead words before the name; the first subject spoke there too
    ('Dan Hollis said he had had enough of the slow courts but the Tennis Board\'s Gary Mott '
     'dismissed his remarks. "We did change the courts," he said.', ["Gary Mott"]),
    # "and", no comma, the first clause's subject a description
    ('"We were lucky," said Tavo Brenn. Two goals helped Rovers come back and Karl Ostrander praised '
     'the Town side afterwards. "They never gave up," he said.', ["Tavo Brenn", "Karl Ostrander"]),
    # a present tense after a role word
    ('"We were lucky," said Tavo Brenn. Wales have been criticised this season but captain Karl '
     'Ostrander sees progress. "We are getting better," he said.', ["Tavo Brenn", "Karl Ostrander"]),
])
def test_he_said_means_the_second_clause_subject(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected


@pytest.mark.parametrize("text, expected", [
    # one subject of two: "he and Reed" (the pronoun's person told it)
    ('"We were lucky," said Tavo Brenn. Piet Marsh told the paper that he and Karl Ostrander had been '
     'frustrated. "They held us back," he said.', ["Tavo Brenn", "Piet Marsh"]),
    # a verb between the join and the name: the name is its object's subject, no clause of its own
    ('"We were lucky," said Tavo Brenn. Piet Marsh spoke for an hour, but suggested Karl Ostrander '
     'went too far. "It was a mistake," he said.', ["Tavo Brenn", "Piet Marsh"]),
    # a list with a plural verb: no one subject
    ('"We were lucky," said Tavo Brenn. Piet Marsh and two team-mates from Norland and Karl Ostrander '
     'have all won medals. "It was a great night," he said.', ["Tavo Brenn", "Piet Marsh"]),
])
def test_the_second_name_is_no_clause_subject(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected
