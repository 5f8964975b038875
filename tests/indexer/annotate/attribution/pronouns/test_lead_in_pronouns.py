"""A he/she after a short lead-in ("On Sunday, he said", "Asked about it, he said") is its sentence's
subject: it means the subject of the sentence before, as a "He said" opening
the sentence does (indexer.annotate.attribution.pronouns.leadins, issue #31 cause B)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.pronouns.leadins import after_lead_in, opening_pronoun
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    """Return the speakers of the text's direct quotes, in order."""
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("sentence, expected", [
    ("In 2010, he warned the board.", True),
    ("And on Monday, she said it.", True),
    ("During the long hearing at the court, he added more.", True),
    ("Last week, she wrote to them.", True),
    ("Asked about the fee, he said no.", True),  # clause_openers
    ("For ten years, she ran the club.", True),
    ("Vowing to fight, he said no.", False),  # no lead-in word of the lexicon's
    ("Tom Vole, he said, was late.", False),  # a name, then a parenthetical cue
    ("In his speech, a long one, he said it.", False),  # two commas: a longer lead-in
    ("In the shed, the man said it.", False),  # no pronoun after the lead-in
])
def test_a_pronoun_after_a_time_lead_in(sentence: str, expected: bool) -> None:
    found = opening_pronoun(sentence, 0)
    comma = sentence.find(", ")
    assert after_lead_in(sentence, 0, comma + 2) is expected
    assert (found is not None) is expected


_BEFORE = ('"We lost the final," said Tavo Brenn. "It was a bad night." But Brenn\'s Norland counterpart '
           'Karl Ostrander was in no mood to celebrate either. ')


@pytest.mark.parametrize("text, expected", [
    # the last speaker (Brenn) loses to the subject of the sentence before
    (_BEFORE + 'On Sunday, he said: "We were lucky today."', ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    (_BEFORE + 'In the tunnel, he told reporters: "We were lucky today."',
     ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    (_BEFORE + 'And on Sunday, he said: "We were lucky today."', ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    (_BEFORE + 'During his press conference on Sunday, he added: "We were lucky today."',
     ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    (_BEFORE + 'Asked about the referee, he said: "We were lucky today."',
     ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    (_BEFORE + 'After the match, he said: "We were lucky today."', ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    # followed back through a sentence a lead-in pronoun opens (antecedents.chained)
    (_BEFORE + 'At the final whistle, he shook his head. "We were lucky today," he said.',
     ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
    (_BEFORE + 'For ten years, he has coached the side. "We were lucky today," he said.',
     ["Tavo Brenn", "Tavo Brenn", "Karl Ostrander"]),
])
def test_the_subject_before_a_lead_in_pronoun_speaks(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected
