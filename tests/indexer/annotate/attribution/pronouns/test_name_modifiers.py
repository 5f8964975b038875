"""A name after an article modifies a noun ("an Ann Vole goal") only when no
preposition, clause word or finite verb follows it; otherwise it is a clause's
subject or object, someone a "he said" may mean
(indexer.annotate.attribution.pronouns.namemodifiers, issue #31)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.pronouns.namemodifiers import article_modifier
from onrecord.indexer.lexicon import words
from onrecord.search.model import Article, Metadata, Paragraph


def modifies(text: str) -> bool:
    """Return article_modifier for the first mention of Dan Vole in `text`
    (its end after an owner's 's, as subjectverbs.NAME_RE reads it)."""
    at = text.index("Dan Vole")
    end = at + len("Dan Vole's") if text.startswith("Dan Vole's", at) else at + len("Dan Vole")
    return article_modifier(text, at, end)


def speakers(text: str) -> list[str | None]:
    """Return the speakers of the text's direct quotes, in order."""
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


# one row per word of the lexicon's name_clause_words: after the name it makes a clause of it
CLAUSE_ROWS = [
    "The host quizzed Dan Vole about the depot.",
    "The panel set Dan Vole against the plan.",
    "The board saw Dan Vole as a rival.",
    "The crowd met Dan Vole at the depot.",
    "The aide led Dan Vole by the hand.",
    "The party picked Dan Vole for the seat.",
    "The fans heard Dan Vole from the stands.",
    "A reporter asked Dan Vole how he felt.",
    "The host asked Dan Vole if he would stand.",
    "The report puts Dan Vole in charge.",
    "The court sent Dan Vole into exile.",
    "The book accuses Dan Vole of wasting money.",
    "The voters put Dan Vole on the ballot.",
    "The club chose Dan Vole over his brother.",
    "The host told Dan Vole that he had won.",
    "The mayor sent Dan Vole to the depot.",
    "When the interview steered Dan Vole toward the budget, he spoke.",
    "The party pushed Dan Vole towards the exit.",
    "The host asked Dan Vole what he wanted.",
    "The host asked Dan Vole when he would leave.",
    "The host asked Dan Vole where he had been.",
    "The host asked Dan Vole whether he would stand.",
    "The board backed Dan Vole which angered many.",
    "The judge heard Dan Vole who spoke first.",
    "The judge heard Dan Vole whom the paper named.",
    "The host asked Dan Vole why he left.",
    "The press linked Dan Vole with the unions.",
]


@pytest.mark.parametrize("text", CLAUSE_ROWS)
def test_a_clause_word_after_the_name_is_no_modifier(text: str) -> None:
    assert not modifies(text)


def test_every_lexicon_word_has_a_row() -> None:
    followers = {text.split("Dan Vole ")[1].split()[0] for text in CLAUSE_ROWS}
    assert followers == set(words("name_clause_words"))


@pytest.mark.parametrize("text", [
    "Contacted by the paper, a terse Dan Vole agreed that it was late.",  # a regular past
    "The federal judge Dan Vole was referring to is a rival.",  # an auxiliary
    "The old rival Dan Vole said it was over.",  # a speaking verb
])
def test_a_finite_verb_after_the_name_is_no_modifier(text: str) -> None:
    assert not modifies(text)


@pytest.mark.parametrize("text", [
    "It was a Dan Vole goal.",
    "They met the Dan Vole family.",
    "In the Dan Vole stump speech there are clues.",
    "The rise of Dan Vole gave the party hope.",  # a preposition before: inside the noun phrase
    "A reporter for Dan Vole called it chaos.",
    "The talks with Dan Vole were over.",
    "At the heart of Dan Vole's political agenda is the depot.",
])
def test_a_noun_after_the_name_or_a_preposition_before_it_is_a_modifier(text: str) -> None:
    assert modifies(text)


@pytest.mark.parametrize("text", [
    "Dan Vole said it was over.",  # no article
    "The depot opened. Dan Vole left.",
    "They asked the man, Dan Vole, to go.",
])
def test_no_article_run_is_no_modifier(text: str) -> None:
    assert not modifies(text)


_TURN = '"I love the depot," said Dan Vole. Tom Reed wrote a book about it. '


@pytest.mark.parametrize("text, expected", [
    # the name after an article is a verb's object, then the pronoun's person: not dropped as a modifier
    (_TURN + 'The book accuses Dan Vole of wasting money on the depot. "That is a distortion," he said.',
     ["Dan Vole", "Dan Vole"]),
    (_TURN + 'A reporter asked Dan Vole how he was feeling. He replied: "The bigger the turnout, the better."',
     ["Dan Vole", "Dan Vole"]),
    ('"I love the depot," said Ann Vole. Jane Reed wrote a book about it. Contacted by the paper, a terse '
     'Ann Vole agreed that the depot was late. "I back it anyway," she said.', ["Ann Vole", "Ann Vole"]),
    # a preposition before the name keeps it inside the noun phrase: the choice is as before
    ('"I love the depot," said Tom Reed. Dan Vole wrote a book about it. The rise of Tom Reed gave Dan Vole '
     'new hope. "He is the future," he said.', ["Tom Reed", "Dan Vole"]),
])
def test_the_pronoun_may_mean_a_name_a_clause_holds(text: str, expected: list[str]) -> None:
    assert speakers(text) == expected
