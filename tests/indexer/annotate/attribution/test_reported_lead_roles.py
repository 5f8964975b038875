"""Reported speech (issue #32): a definite role description no person of the
article was introduced with ("The Dover skipper said ...") means the
person the article's first paragraph names first, when no one else is the
person the text is about there."""
from __future__ import annotations

import pytest

from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported

HEADLINE = "Pilot wins boat ruling\n\n"
LEAD = "Harbour pilot Ann Vole has won a court order stopping a shipping firm from selling her boat.\n\n"
# no person in it, and long enough to put the role description past the sentence before the lead
FILLER = ("The order was granted at the county court in Dover on Tuesday afternoon after a hearing that lasted "
          "most of the day. The boat, a forty-foot pilot cutter built in 1961, has been moored in the outer "
          "harbour since the spring and cannot now be moved or sold until a full trial is held later this year. ")
CLAUSE = " said the firm had owed her wages for two years."


@pytest.mark.parametrize("role", ["The Dover skipper", "The Dover captain", "The veteran skipper"])
def test_a_role_description_means_the_leads_person(role: str) -> None:
    found = reported(HEADLINE + LEAD + FILLER + role + CLAUSE)
    assert [q.speaker for q in found] == ["Ann Vole"]


@pytest.mark.parametrize("role", ["A Dover skipper", "One harbour pilot"])
def test_an_indefinite_role_description_is_someone_new(role: str) -> None:
    assert [q.speaker for q in reported(HEADLINE + LEAD + FILLER + role + CLAUSE)] == [None]


def test_a_role_description_after_another_person_became_the_subject_stays_unnamed() -> None:
    other = "Ben Tamm opened the new quay on Monday. "
    assert [q.speaker for q in reported(HEADLINE + LEAD + other + FILLER + "The Dover skipper" + CLAUSE)] == [None]


def test_a_person_named_only_in_the_headline_is_not_the_leads_person() -> None:
    lead = "A harbour pilot has won a court order stopping a shipping firm from selling her boat.\n\n"
    text = "Ann Vole wins boat ruling\n\n" + lead + FILLER + "The Dover skipper" + CLAUSE
    assert [q.speaker for q in reported(text)] == [None]


@pytest.mark.parametrize("word", sorted(words("modifier_roles")))
def test_a_modifier_role_word_heads_no_person(word: str) -> None:
    found = reported(HEADLINE + LEAD + FILLER + f"The local {word}" + CLAUSE)
    assert "Ann Vole" not in [q.speaker for q in found]


@pytest.mark.parametrize("role", ["The ferry firm's skipper", "The campaign's director"])
def test_a_role_description_with_an_owner_is_not_the_leads_person(role: str) -> None:
    assert [q.speaker for q in reported(HEADLINE + LEAD + FILLER + role + CLAUSE)] == [None]


def test_a_role_the_article_spoke_of_before_is_not_the_leads_person() -> None:
    before = "A skipper from Deal had warned her about the firm in March. "
    assert [q.speaker for q in reported(HEADLINE + LEAD + before + FILLER + "The Dover skipper" + CLAUSE)] == [None]


PASSIVE_LEAD = "A court order stopping a shipping firm from selling a boat has been won by harbour pilot Ann Vole.\n\n"


@pytest.mark.parametrize(("named", "speaker"), [
    ("", "Ann Vole"),
    ("The cutter was built for Ben Tamm in 1961. ", None),  # someone named since the lead, and no subject
])
def test_a_lead_person_no_subject_names_is_the_role_only_with_no_one_named_since(named: str, speaker: str | None
                                                                                 ) -> None:
    found = reported(HEADLINE + PASSIVE_LEAD + named + FILLER + "The Dover skipper" + CLAUSE)
    assert [q.speaker for q in found] == [speaker]
