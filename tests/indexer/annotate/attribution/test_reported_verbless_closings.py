"""Reported speech (issue #32): after a clause and a comma, a closing cue
followed by a description that runs to the sentence's end with no finite verb
("..., says a top academic.", "..., said Acme's chief operating officer Ann
Vole.") names the speaker of the clause before it, never a clause of its own
(clauses.asides.is_inverted: _VERBLESS_END_RE, _FINITE_IN_RE; no comma and no
word ending in "s" after the cue, where a present tense or a plural may stand)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    # a description with "a" or "the" and a head that is_speaker_noun does not know
    ("The harbour must close before winter, says a top academic.", "The harbour must close before winter", None),
    ("Schools must improve or the port will suffer, says the education watchdog.",
     "Schools must improve or the port will suffer", None),
    # an owner's possessive, an office and the name
    ("The quay could reopen in the same way other ports have, said Acme's chief operating officer Ann Vole.",
     "The quay could reopen in the same way other ports have", "Ann Vole"),
    # the name such a description ends in speaks (closings._name_ending), not a preposition's object
    ("Ben Tamm spoke on Monday. The quay could reopen, said Acme's chief operating officer Ann Vole.",
     "The quay could reopen", "Ann Vole"),
])
def test_a_verbless_description_after_a_closing_cue_is_the_speaker(text: str, clause: str,
                                                                   speaker: str | None) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


def test_a_name_after_a_preposition_is_no_speaker_of_the_description() -> None:
    found = reported("The port must close, said the head of Acme Holdings.")
    assert [(q.text, q.speaker_mention.text if q.speaker_mention else None) for q in found] == [
        ("The port must close", "the head of Acme Holdings")]


@pytest.mark.parametrize("text", [
    # a finite verb after the cue: the words after it are its own clause, not its speaker
    "Ann Vole spoke on Monday. Asked about the quay, she said the harbour would close.",
    # a past tense in the description ("sold"): read as before, a clause of its own
    "More ships were sold last year, said the report, the highest total sold to date.",
    # a present tense ("shows") that the description may run past: the clause after the cue, read as before
    "Ann Vole, a former aide at the port, says the strategy shows frustration with the media.",
])
def test_a_finite_verb_after_the_cue_is_no_speaker_description(text: str) -> None:
    assert all(not q.text.startswith(("More ships", "Asked", "Ann Vole")) for q in reported(text))
