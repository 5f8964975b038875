"""Reported speech (issue #32): a body named only by its own noun ("Police
said", "police say", "the police said", "Dunmore police confirmed") is that
body (indirect.selfnamed.self_named_body): the force a place run before it
writes, the police body that spoke last or the one the article names, else
"police"; never unnamed, never the last other body that spoke."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.selfnamed import one_named_body, place_run
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "word", "speaker"), [
    # a capitalised "Police" opening the sentence: the noun, as "the government" is credited
    ("Singer found dead\n\nThe singer was found at his flat in Dunmore on Sunday. "
     "Police said that he had died of natural causes.", "natural", "police"),
    # lowercase, closing the clause
    ("Vole charged\n\nTavo Vole and two friends were charged with affray on Monday, police said.",
     "affray", "police"),
    # "the police" after another body spoke: the police, never that body (the newspaper)
    ("Stadium cleared\n\nThe newspaper Dunmore Times said it had received a warning call. "
     "After a search, the police said that no device had been found.", "device", "police"),
    # a place run before the noun: the force as written
    ("Vole arrested\n\nA spokesman said Tavo Vole was held. Dunmore Vale police confirmed they had "
     "arrested a man of 45.", "arrested", "Dunmore Vale police"),
    # the one force the article names, here only later
    ("Man sought\n\nThe Carrick Executive said it would look into the leave. Police said the man posed a "
     "danger to the public. An aide said it was urgent.\n\nCarrick Police asked anyone who sees him to call.",
     "danger", "Carrick Police"),
])
def test_a_self_named_body_speaks(text: str, word: str, speaker: str) -> None:
    found = [q for q in reported(text) if word in q.text]
    assert found and found[0].speaker == speaker


@pytest.mark.parametrize(("text", "expected"), [
    ("The man was seen. Dunmore Vale ", "Dunmore Vale"),     # two words opening a sentence: a place
    ("He was held, San Carrick ", "San Carrick"),             # mid-sentence
    ("He was held. Local ", None),                            # one word opening a sentence: its capital
    ("He was held, and on Thursday ", None),                  # lowercase before: no run
    ("He was held. Thursday Dunmore ", None),                 # a weekday first
    ("He was found on Sunday. ", None),                       # a sentence's end is no part of a run
    ("He was held by the ", None),
])
def test_place_run(text: str, expected: str | None) -> None:
    found = place_run(text, len(text))
    assert (found and found[0]) == expected
    assert found is None or text[found[1]:].split() == found[0].split()  # where the run starts


@pytest.mark.parametrize(("names", "expected"), [
    (["Carrick Executive", "Carrick Police"], "Carrick Police"),     # the one force named
    (["Carrick Police", "Carrick Police"], "Carrick Police"),        # named twice: still one
    (["Carrick Police", "Dunmore Police"], None),                    # two forces: none of them
    (["Police"], None),                                              # the noun alone names no force
    (["Police Federation"], None),                                   # the noun first: another body
    ([], None),
])
def test_one_named_body(names: list[str], expected: str | None) -> None:
    assert one_named_body("police", names) == expected
