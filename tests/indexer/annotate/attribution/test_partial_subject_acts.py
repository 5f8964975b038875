"""A cue-less partial quote in a sentence that opens on a new person's name with a finite verb of
an act of theirs, whatever the verb, is that person's, not the speaker carried from the quote
before it in its paragraph (issue #31, attr108; invented text; cleanup/voicing.acts_on_quote,
asked by partial_subjects.named_subject and values.is_unvoiced).  One case per shape of the
act reading and per lexicon `subject_state_verbs`, `have_forms` and `not_present_endings` row; a state, a passive, a modal, an owner's
noun and a paragraph's first quote leave the words where they were."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.cleanup.voicing import acts_on_quote
from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_stance_voicing import speakers

SUBJECT = "Tom Reed"


def acts(rest: str) -> bool:
    """Return acts_on_quote over SUBJECT + rest, up to rest's first quote mark."""
    text = SUBJECT + rest
    return acts_on_quote(text, len(SUBJECT), text.index('"'))


@pytest.mark.parametrize("rest", [
    ' sent Ann his "warmest congratulations"',  # lexicon past_tense_verbs
    ' told the crowd of his "pride"',  # lexicon lone_speaker_verbs
    ' dedicated the song to "old friends"',  # a regular past in -ed
    ' wants his new group to "change politics"',  # a present in -s
    ' has sent his "best wishes"',  # "has" with an irregular participle (lexicon irregular_participles)
    ' had dedicated the song to "old friends"',  # "had" with a regular participle
    ' also paid tribute to the "beautiful legacy"',  # an adverb of lexicon body_act_adverbs
    ' quietly paid tribute to the "beautiful legacy"',  # an adverb in -ly
    ', who had two nominations, paid tribute to the "beautiful legacy"',  # an aside between commas
    ' - who is nominated for a prize - dedicated the song to "old friends"',  # between dashes: its "is" no state
])
def test_a_finite_act_verb_is_read(rest: str) -> None:
    assert acts(rest)


@pytest.mark.parametrize("rest", [
    ' is a "dramatically growing talent"',  # a be-form: what is said of him
    ' has been a "safe pair of hands"',  # a be-form after "has"
    ' has a "slim chance" of playing',  # "has" without a participle: a possession, no act
    ' praised by critics for his "raw energy"',  # a passive participle before "by"
    ' will find out "within a month"',  # a modal: a prospect
    '\'s plan won "wide support"',  # an owner's noun acts, not the name
    ', contains the lyrics "fire"',  # a comma never closed: the name is itself an aside ("his song, Pump Up,")
    ' Acme Rovers thanked "the fans"',  # a name running on
    ' team named them "anthrobots"',  # a noun of the subject's, then its verb
])
def test_no_act_is_read(rest: str) -> None:
    assert not acts(rest)


# one sentence per lexicon subject_state_verbs row: a state of his, not his words
STATES = {verb: f' {verb} a "safe pair of hands"' for verb in (
    "appeared", "appears", "became", "becomes", "looked", "looks", "remained", "remains", "seemed", "seems")}


def test_every_state_row_has_a_case() -> None:
    assert set(STATES) == set(words("subject_state_verbs"))


@pytest.mark.parametrize("verb", sorted(STATES))
def test_a_state_verb_is_no_act(verb: str) -> None:
    assert not acts(STATES[verb])


# one sentence per lexicon have_forms row: a perfect of an act is his act
HAVES = {have: f' {have} sent his "best wishes"' for have in ("had", "has", "have")}


def test_every_have_row_has_a_case() -> None:
    assert set(HAVES) == set(words("have_forms"))


@pytest.mark.parametrize("have", sorted(HAVES))
def test_a_have_form_with_a_participle_is_an_act(have: str) -> None:
    assert acts(HAVES[have])


# one word per lexicon not_present_endings row: a noun after the name, not an -s present of his
NOUNS = {"is": ' crisis talks brought "no deal"', "ss": ' press office called it "nonsense"',
         "us": ' bonus plan won "wide support"'}


def test_every_not_present_ending_has_a_case() -> None:
    assert set(NOUNS) == set(words("not_present_endings"))


@pytest.mark.parametrize("ending", sorted(NOUNS))
def test_a_noun_ending_is_no_present(ending: str) -> None:
    assert not acts(NOUNS[ending])


CARRIED = 'Ann Vole, the harbour master, spoke on Monday. "The plan is ready," she said. '


@pytest.mark.parametrize("sentence", [
    'And Tom Reed, who had two nominations this year, paid tribute to the "beautiful legacy" of the port.',
    'Harbour pilot Tom Reed - who is nominated for a prize - dedicated the song to "old friends".',
    'Earlier pilot leader Tom Reed sent Ms Vole his "warmest congratulations" on the plan.',
])
def test_a_named_subjects_act_turns_the_partial_to_him(sentence: str) -> None:
    text = "Tom Reed, a harbour pilot, joined the talks.\n\n" + CARRIED + sentence + "\n"
    assert speakers(text)[-1] == "Tom Reed"


@pytest.mark.parametrize("sentence", [
    'Tom Reed seems a "safe pair of hands" for the port.',  # a state verb row: said of him
    'Tom Reed will find out "within a month" whether he stays.',  # a modal: a prospect
])
def test_a_state_or_prospect_keeps_the_carried_speaker(sentence: str) -> None:
    text = "Tom Reed, a harbour pilot, joined the talks.\n\n" + CARRIED + sentence + "\n"
    assert speakers(text)[-1] == "Ann Vole"


def test_a_paragraphs_first_partial_stays_the_writers() -> None:
    # no speaker before it in its paragraph: the act frames a scare quote, nobody's words
    text = "Tom Reed, a harbour pilot, joined the talks.\n\n" + 'Tom Reed plays a "date doctor" in the film.\n'
    assert speakers(text)[-1] is None
