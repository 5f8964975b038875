"""A "he said" after a quote that opens its sentence means the subject of the sentence
before, like a "He said" opening it (pronouns.subjectverbs), and a lone word that is
that subject is a person even when it only opens sentences and its verb is no speech
cue (names.pronounleads, issue #31): not the last speaker named in full."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.names import pronounleads
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import opens_or_closes_quote
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    """Return the speakers of the text's direct quotes, in order."""
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("text, found", [
    ('Brennik admitted he was tired after the run. "It was hard," he said.', ["Brennik"]),
    ('Rival midfielder Brennik, once of Norland, agreed that his side lost. "It was hard," he said.',
     ["Brennik"]),
    ('Brennik, who lost to Tavo Ostrander, will face him again.\n\n"It was hard," he told us.', ["Brennik"]),
    ('But Brennik insisted he would stay. He added: "I like it here."', ["Brennik"]),
    # guards: a description ("the 25-year-old"), a name inside a clause after a verb, no personal
    # pronoun in the sentence (a noun opening it), a newcomer named in full after it, a "they" quote
    ('But the 25-year-old Dubliner said his aim was to stay. He added: "I like it here."', []),
    ('The coach also warned that wins at Brennik would be cheap. He told us: "It is money."', []),
    ('Interest has moved to the graphics cards. "It is the fashion," he said.', []),
    ('Norland, despite missing Tom Ostrander, have been boosted by him. "We are ready," he said.', []),
    ('Brennik admitted the side was tired. "It was hard," they said.', []),
    ('Norland needed to listen too, he said. "It was hard," he argued.', []),  # his report: not about him
])
def test_the_lone_subject_before_a_tied_quote_is_found(text: str, found: list[str]) -> None:
    assert [m.group(1) for m in pronounleads.tied_subjects(text)] == found


@pytest.mark.parametrize("text, pos_word, expected", [
    ('"We won," he said.', "he", True),
    ('"We won. It was close," he said.', "he", True),
    ("But he said: we won.", "he", True),
    ('"We won," Tavo Brenn said, and he left.', "he", False),  # words between the quote and the pronoun
    ('After the final he said: we won.', "he", False),
])
def test_a_pronoun_opening_or_closing_a_quote(text: str, pos_word: str, expected: bool) -> None:
    assert opens_or_closes_quote(text, 0, text.index(f" {pos_word} ") + 1 if f" {pos_word} " in text
                                 else text.index(pos_word)) is expected


@pytest.mark.parametrize("text, expected", [
    # a lone name who only opens sentences, then a newcomer's "he said" after a quote: his, not the last speaker's
    ('"The draw was fair," said Tavo Ostrander. Brennik admitted he was tired after the run. '
     '"It was hard, but we go on," he said.', ["Tavo Ostrander", "Brennik"]),
    ('"The draw was fair," said Tavo Ostrander. Rival midfielder Brennik, once of Norland, agreed that his side '
     'was poor. "It was hard, but we go on," he said.', ["Tavo Ostrander", "Brennik"]),
    # guard: a description opens the sentence before, the name follows its verb: not the subject
    ('"The draw was fair," said Tavo Ostrander. And the young defender believes Karl Brenn is the right coach. '
     '"It is normal," he said.', ["Tavo Ostrander", "Tavo Ostrander"]),
    # guard: the sentence before is the last speaker's own report ("..., he said"): him again
    ('"The draw was fair," said Tavo Ostrander. Norland needed to listen too, he said. '
     '"It was hard, but we go on," he argued.', ["Tavo Ostrander", "Tavo Ostrander"]),
])
def test_he_said_after_a_quote_means_the_subject_before(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected
