"""Reported speech (issue #32): a definite person epithet ("The former Norland
international added", "the 40-cap Harbour man says") is the one person the
headline names, not whoever was a clause's subject last
(indirect.topicperson.headline_person)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize("text", [
    # a club official was the subject last: the epithet still means the story's person
    "Vole turns down Harbour job\n\nFormer Dockside manager Ann Vole has rejected the chance to lead Harbour. "
    "\"It is not for me,\" Vole told reporters. Club chairman Tavo Brenn held talks with Vole on Friday. "
    "The former Norland international added that the move would not be wise.",
    # a coach spoke a clause before: the story's player is the epithet's
    "Vole set for captain role\n\nNorland forward Tom Vole says leading the side will be easy. "
    "Coach Tavo Brenn says the forward should take the armband. Brenn praised Vole's work in the pack. "
    "The 40-cap Harbour man says the old captain will be missed.",
])
def test_an_epithet_is_the_headline_person(text: str) -> None:
    found = [q for q in reported(text) if "wise" in q.text or "missed" in q.text]
    assert found and found[-1].speaker in ("Ann Vole", "Tom Vole")


@pytest.mark.parametrize("text", [
    # the pick was introduced with the epithet's noun: the article tied the words to them
    "Vole turns down Harbour job\n\nFormer Dockside manager Ann Vole has rejected the chance to lead Harbour. "
    "Club director Tavo Brenn held talks with Vole on Friday. The director said that talks would go on.",
    # the pick spoke since the headline's person was last named: the story turned to them
    "Vole hails Harbour spirit\n\nHarbour boss Ann Vole praised his side on Friday. "
    "Harbour forward Tavo Brenn said the game was hard. \"We did well,\" said Brenn. "
    "The Norland international said that the side would go through.",
    # the pick opened the body, before the headline's person: the lead's own subject
    "Court halts Vole album\n\nFootballer and label boss Tavo Brenn has stopped singer Ann Vole from releasing "
    "an album. The Dockside striker said that the deal was his.",
])
def test_a_tied_or_speaking_pick_stays(text: str) -> None:
    found = [q for q in reported(text) if "go on" in q.text or "go through" in q.text or "deal" in q.text]
    assert found and found[-1].speaker == "Tavo Brenn"


def test_two_headline_people_name_no_topic() -> None:
    text = ("Vole and Brenn in row\n\nAnn Vole and Tavo Brenn met on Friday. Club chairman Ed Tarn held talks "
            "with Vole. The former Norland international added that the move would not be wise.")
    found = [q for q in reported(text) if "wise" in q.text]
    assert found and found[-1].speaker != "Ann Vole"


@pytest.mark.parametrize("text, needle", [
    # the epithet's gender is not the headline person's: a woman is no man's epithet
    ("Singer John Brenn sued\n\nSinger John Brenn is being sued by a fan. Mr Brenn denies it. "
     "Lawyer Ed Tarn filed the papers. The woman said that she was hurt at a concert.", "hurt"),
    # the headline's person is named in the clause's own sentence: the clause is about him
    ("Vole demand for Brenn talks\n\nManager Tavo Brenn has left Vole out. Club chairman Ed Tarn met the fans. "
     "The attacking midfielder claims that he lacks the backing of boss Tavo Brenn.", "backing"),
])
def test_an_epithet_that_does_not_fit_the_headline_person(text: str, needle: str) -> None:
    found = [q for q in reported(text) if needle in q.text]
    assert found and found[-1].speaker not in ("Tavo Brenn", "John Brenn")
