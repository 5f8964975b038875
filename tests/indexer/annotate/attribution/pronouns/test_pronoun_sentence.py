"""The sentence a pronoun speaker opens is its own (indexer.annotate.attribution.
contexts.context_at): the sentence before it is the one that just ended, so
the subject of that sentence is seen as the sentence before's, not the pronoun's."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.pronouns import contexts


def test_a_pronoun_opening_a_sentence_starts_its_own_sentence() -> None:
    text = "Intro line.\nTavo Brenn met the board. Then Ann Vole spoke at length. He told them so."
    ctx = contexts.context_at(text, text.index("He told"))
    assert ctx.sentence == text.index("He told")
    assert text[ctx.previous:ctx.sentence].strip() == "Then Ann Vole spoke at length."


def test_a_quote_mark_before_the_pronoun_still_ends_the_sentence() -> None:
    text = 'Ann Vole spoke first. "We will win," she said.'
    ctx = contexts.context_at(text, text.index("We will"))
    assert ctx.sentence == text.index('"We will')
