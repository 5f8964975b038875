"""A cue that closes its sentence after a comma (', the WHO said.', ', he
suggested.') attributes the whole sentence, a partial quote's marked words
too, however far the quote sits from it: news prose puts the attribution
last (indexer.annotate.attribution.phrases.clues._clause_final_cue); an inverted cue right after the
clause's comma names its speaker after it, the words before the comma no subject
(phrases.cues.invertedcloses)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues
from onrecord.indexer.annotate.attribution.phrases.cues.invertedcloses import inverted_close


def _partials(body: str) -> list[tuple[str, str | None]]:
    """Return (marked words, speaker) of each partial quote of a one-line body under a title."""
    article = extract_text("Norland news\n\n" + body)
    return [(article.text[q.pieces[0][0]:q.pieces[0][1]], q.speaker)
            for p in article.paragraphs for q in p.quotes if q.kind == "partial"]


@pytest.mark.parametrize(("body", "words", "speaker"), [
    ('Ada Vole runs the Norland Lifeboat Trust. A $4m "rescue shortfall" has held up two new stations '
     'along the northern coast and three more on the outer islands, the NLT said.', "rescue shortfall",
     "Norland Lifeboat Trust"),
    ('Ada Vole runs the Norland Lifeboat Trust. A $4m "rescue shortfall" has held up two new stations '
     'along the northern coast and three more on the outer islands, Ada Vole said on Monday.',
     "rescue shortfall", "Ada Vole"),
    ('Owners would be told if any "odd traffic" was seen on the quay, harbour officials said.',
     "odd traffic", None),
    ('Tom Reeve chairs the Fenwick harbour board. The quay was "badly neglected" for years before the '
     'storm broke its outer wall, he suggested.', "badly neglected", "Tom Reeve"),
    ('Ada Vole chairs the schools panel. Pupils could be moved under a "calm classroom" plan drawn up '
     'with heads in three counties, Ada Vole has suggested.', "calm classroom", "Ada Vole"),
    # the cue right after the last comma, its speaker after it and an appositive to the full stop
    ('Ada Vole spoke on Monday. That would bring a "winter of drift" for the council leading up to the '
     'budget in the spring, forcing it to fend off both of its loudest critics at once, said Bo Renk, a Fenwick pollster and consultant.',
     "winter of drift", "Bo Renk"),
    ('Ada Vole spoke on Monday. The trust is paying "dozens" of stewards $15 an hour to walk the coast '
     'path, mostly in the northern villages, to count the nesting birds, according to trust manager Bo Renk.',
     "dozens", "Bo Renk"),
    # an inverted cue after the clause's comma (issue #31): the words before the comma are no subject
    ('Ada Vole spoke on Monday. Tom Reeve "should have left the quay at once" once he saw the storm was '
     'coming, said Ms Vole.', "should have left the quay at once", "Ada Vole"),
    ('Bo Renk spoke on Monday. You can now buy "trusted boats", but can we really trust the yards, asks '
     'harbour analyst Bo Renk.', "trusted boats", "Bo Renk"),
    # a closing mark left between the comma and the cue is no words of a subject
    ('Ada Vole spoke on Monday. Crews were already "buried" under new rules and there was little in the '
     'plans to reassure them," said Ms Vole.', "buried", "Ada Vole"),
])
def test_a_closing_cue_claims_the_sentences_partial_quote(body: str, words: str, speaker: str | None) -> None:
    assert _partials(body) == [(words, speaker)]


def test_a_far_cue_that_does_not_close_the_sentence_claims_nothing() -> None:
    body = ('The clinic said its "open door" week had brought in families from the whole of the eastern '
            'valley and beyond, which officials said would help the new wing.')
    assert [w for w, _ in _partials(body)] == ["open door"]


def test_a_weak_cue_after_a_description_claims_nothing() -> None:
    body = ('A "quiet revolution" is under way in how the small farms of the eastern valley sell their '
            'cheese and their milk, the figures suggested.')
    assert _partials(body) == []


@pytest.mark.parametrize(("tail", "name"), [
    (" once he saw the storm, said Ann Vole.", "Ann Vole"),
    (" once he saw the storm, said Ann Vole at Acme on Thursday.", "Ann Vole"),  # a place and time tail
    (" once he saw the storm, told Ann Vole.", None),  # lexicon listener_cues: who heard it
    (" once he saw the storm, said Ann Vole, who chairs it.", None),  # the name goes on into a clause
    (" once he saw the storm, said Ann Vole was wrong to say so.", None),  # a clause after the name
    (" once he saw the storm, said the board.", None),  # a description: left to the closing cue's reading
    (" once he saw the storm said Ann Vole.", None),  # no comma before the cue
])
def test_an_inverted_cue_after_the_comma_names_who_closes_the_sentence(tail: str, name: str | None) -> None:
    s = 'Tom Reeve "########"' + tail
    gap = s.index('"', 11) + 1
    cue = find_cues(s, gap, len(s))[0]
    found = inverted_close(s, gap, cue, len(s))
    assert (found.text if found else None) == name
