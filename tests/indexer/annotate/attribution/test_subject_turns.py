"""A bare quote after a narrative sentence whose subject, a new person, states a wish or a
stance is that person's, not the paragraph's previous speaker's (issue #31, attr103;
invented text).  One case per lexicon `turn_predicates` row, then the sentences that keep
the previous speaker: a state or a prospect, a body, the last speaker named again, a cue."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_attribution import chunk

LEAD = "Harbour news\n\nAnn Vole coaches the Lund side. Tom Reed plays for Acme Rovers.\n\n"
SAID = '"What a night for us," said Tom Reed. '
BARE = ' "It will help them learn how to win."'


def last_speaker(sentence: str) -> str | None:
    """Return the speaker value of the bare quote after `sentence` (after Tom Reed's quote)."""
    article = annotate_article(chunk(LEAD + SAID + sentence + BARE))
    return [q.speaker for p in article.paragraphs for q in p.quotes][-1]


# one sentence per lexicon row: the row's predicate, its subject a person named right before it
ROWS = {
    "wants": "US coach Ann Vole wants the team to play more on clay.",
    "wanted": "Ann Vole wanted the team to play more on clay.",
    "is keen": "Ann Vole, though, is keen to protect her players from injury.",
    "was keen": "Lund coach Ann Vole was keen not to talk about the title.",
    "lays the blame": "Ann Vole, the Lund coach, lays the blame on the pitch.",
    "laid the blame": "Ann Vole laid the blame on the pitch.",
}


def test_every_row_has_a_case() -> None:
    assert set(ROWS) == set(words("turn_predicates"))


@pytest.mark.parametrize("row", sorted(ROWS))
def test_a_wish_or_stance_turns_the_quote_to_its_subject(row: str) -> None:
    assert last_speaker(ROWS[row]) == "Ann Vole"


@pytest.mark.parametrize("sentence", [
    "Ann Vole looks certain to get the call.",  # a prospect, no predicate of hers
    "Ann Vole could be drawn against Acme Rovers.",  # a passive
    "Lund Council wants the team to play more on clay.",  # a body, not a person
    "Reed wants the team to play more on clay.",  # the last speaker named again
    "Reed said Ann Vole wants the team to play more.",  # a cue reports her wish: his words go on
    "The Lund coach wants the team to play more on clay.",  # a description, no name
])
def test_other_sentences_keep_the_previous_speaker(sentence: str) -> None:
    assert last_speaker(sentence) == "Tom Reed"


def test_a_quote_inside_the_sentence_is_its_own() -> None:
    # 'Ann Vole wants "more" from them': a quote in the sentence, the bare quote after keeps Reed
    assert last_speaker('Ann Vole wants "more" from them.') == "Tom Reed"
