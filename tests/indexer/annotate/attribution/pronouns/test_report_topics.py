"""A person named inside what the sentence before's subject reports is that
report's topic, not who a following "he said" means, whether or not that
person spoke earlier in the article; a subject written "Vole (D-Ga.) said"
speaks; an owner opening the sentence ("Asked about Reed's charges, Vole
said") is no speaking subject (pronouns.antecedents.outside_report, issue #31).
Made-up sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.pronouns import antecedents, contexts, reporttopics


def _outside(text: str, names: list[str], spoke: dict[str, int]) -> list[str]:
    """Return the names outside_report keeps for the last "he" of `text`;
    each name is mentioned where it first occurs, `spoke` gives turns."""
    pool = []
    for k, name in enumerate(names):
        person = Person(name, name.split()[0], name.split()[-1], order=k)
        person.mentions.scan(text.index(name))
        if name in spoke:
            person.spoke.scan(spoke[name])
        pool.append(person)
    ctx = contexts.context_at(text, text.rindex("he said"))
    return [p.name for p in antecedents.outside_report(pool, ctx, text)]


_EARLIER = '"We will win," said the leader. ' + "x" * 40 + "\n\n"  # a turn at 0, before the sentences below

CASES = [
    pytest.param(_EARLIER + 'Dan Vole said on Monday that the voters had backed Tom Reed. "Nobody expected it," he said.',
                 ["Dan Vole", "Tom Reed"], {"Tom Reed": 0}, ["Dan Vole"], id="topic-who-spoke-before"),
    pytest.param(_EARLIER + 'Dan Vole said on Monday that the voters had backed Tom Reed. "Nobody expected it," he said.',
                 ["Dan Vole", "Tom Reed"], {}, ["Dan Vole"], id="topic-who-never-spoke"),
    pytest.param(_EARLIER + "Rep. Dan Vole (D-Ga.) said in 2008 that the will to back Tom Reed was new. "
                 '"It opened eyes," he said.', ["Dan Vole", "Tom Reed"], {"Tom Reed": 0}, ["Dan Vole"],
                 id="bracketed-party-and-state"),
    pytest.param(_EARLIER + "Asked about Tom Reed's calling Ann Hale a liar, Dan Vole defended Ann Hale. "
                 '"It has gone on too long," he said.', ["Tom Reed", "Dan Vole", "Ann Hale"], {"Tom Reed": 0},
                 ["Tom Reed", "Dan Vole", "Ann Hale"], id="an-owner-is-no-speaking-subject"),
    pytest.param(_EARLIER + 'Dan Vole met Tom Reed in Leeds. "It went well," he said.',
                 ["Dan Vole", "Tom Reed"], {"Tom Reed": 0}, ["Dan Vole", "Tom Reed"], id="no-report-no-topic"),
    pytest.param(_EARLIER + "Even before Dan Vole said the deal was off, Tom Reed insisted he would stay. "
                 '"I love this club," he said.', ["Dan Vole", "Tom Reed"], {"Tom Reed": 0},
                 ["Dan Vole", "Tom Reed"], id="a-name-opening-a-clause-acts"),
    pytest.param(_EARLIER + "Dan Vole said the plan went further than his predecessor, Tom Reed. "
                 '"It is a start," he said.', ["Dan Vole", "Tom Reed"], {"Tom Reed": 0},
                 ["Dan Vole"], id="an-appositive-after-a-comma-is-a-topic"),
    pytest.param(_EARLIER + "Lady Vole said it was wrong for the minister to hold the role of Speaker Vole. "
                 '"It must change," she said.',
                 ["Lady Vole", "Speaker Vole"], {"Speaker Vole": 0}, ["Lady Vole", "Speaker Vole"],
                 id="the-subject-written-another-way"),
]


@pytest.mark.parametrize(("text", "names", "spoke", "kept"), CASES)
def test_a_reported_topic_is_not_the_pronouns_person(text: str, names: list[str], spoke: dict[str, int],
                                                     kept: list[str]) -> None:
    assert _outside(text, names, spoke) == kept


@pytest.mark.parametrize(("text", "word", "cued"), [
    ("Rep. Dan Vole (D-Ga.) said the plan works.", "Dan", 1.0),
    ("Dan Vole (pictured) told the BBC it works.", "Dan", 1.0),
    ("Dan Vole (and his brother) left early.", "Dan", 0.0),
])
def test_a_bracket_between_a_name_and_its_cue(text: str, word: str, cued: float) -> None:
    assert antecedents._shape(text, text.index(word))[0] == cued


@pytest.mark.parametrize(("text", "name", "opens"), [
    ("Before Acme said the deal was off, Tom Reed insisted he would stay.", "Tom Reed", True),
    ("As Vole spoke, and Tom Reed has been quiet since.", "Tom Reed", True),
    ("Vole said it went further than his predecessor, Tom Reed.", "Tom Reed", False),
    ("Dan Vole, Tom Reed's spokesman, suggested that it was over.", "Tom Reed", False),
    ("Dan Vole said that Tom Reed insisted on it.", "Tom Reed", False),
])
def test_a_name_opening_a_clause_after_a_comma(text: str, name: str, opens: bool) -> None:
    assert reporttopics.opens_clause(text, text.index(name)) is opens
