"""A cue-less partial quote whose sentence opens on a speaker's description
("A Tory spokesman "totally refuted" ...") is that speaker's, not the
paragraph's last speaker's (indexer.annotate.attribution.resolving.own_subject);
a name opening it is mostly whom the words are about and keeps the old carry.
A sentence turning to a spokesperson's report introduces the bare quote after
it, as one turning to a name does (phrases.introductions.introduces_speaker)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle

_LEAD = "Row over the harbour plan\n\nThe council met in Leeds on Monday.\n\n"


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=_LEAD + text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


@pytest.mark.parametrize("sentence", [
    'An Acme spokesman "totally refuted" any wrongdoing.',
    'However, an Acme spokeswoman was "satisfied" that the data was safe.',
])
def test_a_spokesperson_opening_the_sentence_speaks_its_partial_quote(sentence: str) -> None:
    text = '"This is no guess," Bexley Bets spokesman Rupert Adams said. ' + sentence
    assert _speakers(text) == ["Rupert Adams", "Acme"]


def test_a_name_opening_the_sentence_is_not_taken_for_the_speaker() -> None:
    text = '"He is fit again," coach Rupert Adams said. Centre Tom Reed has only a "slim chance" of playing.'
    assert _speakers(text) == ["Rupert Adams", "Rupert Adams"]


def test_a_sentence_turning_to_a_spokesperson_introduces_the_bare_quote_after_it() -> None:
    text = ('Mark Dorn said the plan was "trying very hard" to win trust. '
            'A Labour party spokesman played down the row and said the plan was sound. '
            '"This vote is a choice between two ways forward."')
    assert _speakers(text) == ["Mark Dorn", "Labour Party"]
