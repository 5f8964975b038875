"""A bare "the company" / "the bank" the sentence before does not continue is the body the story
has as a subject in its headline, else its lead (descriptions.bodies.topicbodies), not the body named
last: one test per row of TOPIC_PLACES (and a check every row has one), and the guards (the
sentence before still first, a kind head, a name of another kind or a name modifying a body noun never the topic;
each guard of topic_body read alone in _GUARDS)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.bodies.topicbodies import TOPIC_PLACES, _modifies, topic_body
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from tests.indexer.annotate.attribution.test_reported import reported

_LATER = ("\n\nQuillon Holdings also reported a loss last week. Its shares fell 5% on Monday. "
          "The company said it would close two offices in Tamm.\n")
# (place row, article): the story's body a subject only in that place, a later body named last
_ROWS = [
    ("headline", "Brannock Holdings cuts 900 jobs\n\nThe cuts follow a poor year for the Norland group." + _LATER),
    ("lead", "Jobs to go in Tamm\n\nBrannock Holdings is to cut 900 jobs after a poor year." + _LATER),
]


def test_every_place_has_a_case() -> None:
    assert [row for row, _ in _ROWS] == [place for place, _test in TOPIC_PLACES]


@pytest.mark.parametrize(("place", "article"), _ROWS, ids=[row for row, _ in _ROWS])
def test_the_company_is_the_story_body(place: str, article: str) -> None:
    assert [(q.text, q.speaker) for q in reported(article)] == [
        ("it would close two offices in Tamm", "Brannock Holdings")]


def test_the_sentence_before_still_comes_first() -> None:
    article = ("Brannock Holdings cuts 900 jobs\n\nBrannock Holdings is to cut 900 jobs after a poor year.\n\n"
               "Quillon Holdings said its profits also fell. The company said it would close two offices in Tamm.\n")
    assert [q.speaker for q in reported(article) if q.text.startswith("it would")] == ["Quillon Holdings"]


def test_a_name_of_another_kind_is_no_topic() -> None:
    article = ("Brannock Bank cuts 900 jobs\n\nThe cuts follow a poor year.\n\nQuillon Holdings also reported a "
               "loss last week. Its shares fell 5% on Monday. The company said it would close two offices in Tamm.\n")
    assert [q.speaker for q in reported(article) if q.text.startswith("it would")] == ["Quillon Holdings"]


@pytest.mark.parametrize(("text", "modifies"), [
    ("US bank 'loses' customer details", True),
    ("Norland Acme group sells its shops", True),
    ("Bank of America has lost tapes", False),
    ("Brannock Holdings cuts 900 jobs", False),
])
def test_a_name_modifying_a_body_noun_is_no_topic(text: str, modifies: bool) -> None:
    assert _modifies(text, 0) is modifies


_STAFF_TOLD = "\n\nStaff were told on Monday. The {noun} said it would close two offices in Tamm.\n"
# (guard, article, noun, topic_body's answer): each article's only candidate is the one its guard
# stops (or, for the sentence before, keeps), read by topic_body alone so no other rule answers
# first; each row fails with its guard removed
_GUARDS = [
    ("a description since the sentence before is no name",
     "Brannock Holdings cuts 900 jobs\n\nThe cuts follow a poor year.\n\nStaff at the firm were told on Monday. "
     "The company said it would close two offices in Tamm.\n", "company", "Brannock Holdings"),
    ("a kind head", "Norland Police sells its Tamm offices\n\nThe sale follows a poor year." + _STAFF_TOLD,
     "company", None),
    ("a publication", "Quill Herald cuts 900 jobs\n\nThe Quill Herald newspaper is to cut 900 jobs after a poor year."
     + _STAFF_TOLD, "company", None),
    ("an owner named", "Brannock Holdings cuts prices\n\nProfits fell at owner Quillon Group after a poor year."
     + _STAFF_TOLD, "firm", None),
    ("a name modifying a body noun", "Norland government sells its stake in Tamm\n\nThe sale follows a poor year."
     + _STAFF_TOLD, "company", None),
    ("a mention that is no subject", "Jobs to go in Tamm\n\nA report on Brannock Holdings said 900 jobs would go."
     + _STAFF_TOLD, "company", None),
]


@pytest.mark.parametrize(("guard", "article", "noun", "expected"), _GUARDS, ids=[row[0] for row in _GUARDS])
def test_each_guard_decides_the_topic(guard: str, article: str, noun: str, expected: str | None) -> None:
    text = article.replace("{noun}", noun)
    assert topic_body(noun, text.index(f"The {noun} said"), DocSpeakers(text)) == expected
