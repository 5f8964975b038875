"""The speaker phrase beside a cue (indexer.annotate.attribution.phrases.cues.cues and
clues): a name right beside a quote's cue is its speaker, whatever words
lead it, and a soft speech verb counts only right after a quote's comma."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.articles import quoted_only as _quotes
from tests.indexer.annotate.attribution.test_attribution import who


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for q in _quotes(text)]


def _by_cue(text: str) -> list[str | None]:
    """The speakers the rules found beside a cue (not the learned ranker's guesses)."""
    return [q.speaker if q.speaker_source == "rule:cue" else None for q in _quotes(text)]


@pytest.mark.parametrize("text", [
    "\u201cIt held up well on long runs,\u201d said wear-tester Ann Vole.",  # a hyphenated role
    "\u201cIt held up well on long runs,\u201d said theBLOG\u2019s Ann Vole.",  # a lowercase-led owner
    "\u201cIt held up well on long runs,\u201d said the magazine\u2019s editor Ann Vole.",
    "\u201cIt held up well on long runs,\u201d says Co-Founder, Ann Vole.",  # an office, a comma, the name
    "\u201cIt held up well on long runs,\u201d says Acme Shoes\u2019 Vice President, Ann Vole.",
    "\u201cIt held up well on long runs,\u201d said ARA chief economist, Ann Vole.",  # lowercase role, comma
])
def test_words_leading_a_name_after_an_inverted_cue_leave_the_name(text: str) -> None:
    assert _by_cue(text) == ["Ann Vole"]


@pytest.mark.parametrize("text", [
    "\u201cGuests love a painter at the party,\u201d Ann Vole shares, noting that it costs little.",
    "\u201cGuests love a painter at the party,\u201d shares Ann Vole.",
    "\u201cGuests love a painter at the party,\u201d Ann Vole recommends.",
])
def test_a_soft_cue_right_after_a_quotes_comma_names_its_speaker(text: str) -> None:
    assert _by_cue(text) == ["Ann Vole"]


def test_a_soft_cue_speaker_speaks_on_in_the_paragraph() -> None:
    text = "\u201cGuests love a painter,\u201d Ann Vole shares, noting that it is cheap. \u201cIt sparks joy.\u201d"
    assert _speakers(text) == ["Ann Vole", "Ann Vole"]


def test_a_soft_cue_word_as_a_noun_names_nobody() -> None:
    text = "\u201cWe expect a good year,\u201d Acme shares fell 5% on Monday."
    assert _speakers(text) == [None]


def test_according_to_after_a_quote_names_who_follows_it() -> None:
    text = "Machines can show \u201cclever behaviour\u201d like people, according to Ann Vole, a scientist at Acme."
    assert _speakers(text) == ["Ann Vole"]


def test_a_participle_right_after_a_quote_leaves_the_speaker_to_the_subject() -> None:
    text = "Ann Vole tested it. She highlights its \u201csolid build,\u201d noting that it offers more for less."
    assert _speakers(text) == ["Ann Vole"]


@pytest.mark.parametrize("text", [
    "\u201cIt is a complicated field,\u201d Ann Vole, vice president of Acme Security told us last week.",
    "\u201cIt is a complicated field,\u201d Ann Vole, Acme director said.",
    "The watchdog counted them. Ann Vole, Acme president and activist said: \u201cIt is a disgrace.\u201d",
    # the body she speaks for, its name ending in an institution noun (#31)
    "The watchdog counted them. Ann Vole, Tarn Valley Hotel Association said: \u201cIt is a disgrace.\u201d",
])
def test_a_name_before_an_office_missing_its_closing_comma_is_the_speaker(text: str) -> None:
    assert _by_cue(text) == ["Ann Vole"]


def test_a_second_name_after_the_comma_is_the_speaker() -> None:
    assert _speakers("\u201cIt is a complicated field,\u201d Ann Vole, Bob Smith said.") == ["Bob Smith"]


@pytest.mark.parametrize("text", [
    "Critics were harsh. \u201cThe agency has failed to act.\u201d Ann Vole, Acme director said. Nothing changed.",
    "\u201cThe agency has failed to act.\u201d Mr. Vole said.",
])
def test_a_sentence_of_only_a_name_and_a_cue_after_a_quote_tags_it(text: str) -> None:
    assert _speakers(text)[0] in ("Ann Vole", "Vole")


def test_a_sentence_after_a_quote_that_goes_on_does_not_tag_it() -> None:
    assert _speakers("Bob Smith said \u201cwe will win.\u201d Ann Vole said later that it was wrong.") == ["Bob Smith"]


def test_a_comma_outside_the_quote_before_said_x_still_closes_it() -> None:
    text = "Hiring fell, according to a survey \u201cwe need fewer of them\u201d, said Ann Vole, a professor at Leeds."
    assert _speakers(text) == ["Ann Vole"]


@pytest.mark.parametrize("text", [
    "Jobs may go, with Mr Ben Vole quoted as saying that \u201cthe cuts are deep\u201d.",
    "Ben Vole tried it for a month. Here is what he had to say about it:\n\n\u201cIt fits well and I wear it daily.\u201d",
])
def test_cue_phrases_name_their_subject(text: str) -> None:
    assert _speakers(text) == ["Ben Vole"]


def test_a_gerund_cue_after_the_opening_preposition_leaves_the_cue_after_the_quote() -> None:
    # "By declaring" names no one: the sentence's cue is the one after the quote (#31)
    text = "Taxes fell. By declaring their savings, people would be able to \u201cclean their money\u201d, Ann Vole stressed."
    assert _speakers(text) == ["Ann Vole"]


def test_a_sentence_with_its_subject_left_out_is_not_the_listener_s() -> None:
    # "But told Radio Tavo:" - who follows the cue heard the words; the speaker goes on (#31)
    text = ("Ann Vole, the mayor, spoke on Monday. \u201cIt is a fair report,\u201d she said. Ms Vole told "
            "Radio Tavo she had not read it in full. But told Radio Tavo: \u201cWe have drawn a line under it.\u201d")
    assert _speakers(text) == ["Ann Vole", "Ann Vole"]


@pytest.mark.parametrize("text, expected", [
    ('Tom Vole was branded "a liar" by Ann Kite on Monday.', ["Ann Kite"]),
    ('Tom Vole was criticised by the Acme Trust for his "reckless" plan.', ["Acme Trust"]),
    ('A ring was stolen, a stone described by Ann Vole as "one of the only pure ones".', ["Ann Vole"]),
    ('Tom Vole described the plan as "a fudge".', ["Tom Vole"]),  # active: the subject speaks
    # an aside's passive, or a "by" far from the verb, is not the quote's agent
    ('On Friday, Tom Vole - mentioned by Acme News as a choice - told Ann Kite that "it is serious".', ["Tom Vole"]),
    ('When Tom Vole was asked at a lunch held by The Acme Journal if he would stay, he said, "We will see."',
     ["Tom Vole"]),
])
def test_a_passive_cue_s_agent_speaks_not_its_subject(text: str, expected: list[str]) -> None:
    """'X was branded "a liar" by Y': Y said it; X is whom it is about."""
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The ministers' comments, said Ann Vole of Acme Bank in Leeds, were \"too weak to matter\".", ["Ann Vole"]),
    ('Tom Kite spoke. The issues get tested in courts which, said Ann Vole, "is part of the mess."', ["Ann Vole"]),
    # a comma before the cue, but no aside: what follows the cue is its object
    ('Tom Vole, a pastor in Leeds, slammed the Acme Scouts for promoting "bad ideas".', ["Tom Vole"]),
])
def test_a_cue_set_off_by_commas_names_its_speaker_after_it(text: str, expected: list[str]) -> None:
    """'The comments, said Ann Vole, were "...": an aside's speaker comes after its cue."""
    assert who(text) == expected
