"""A person's name beside their organisation or a chain of descriptions is the
speaker, not the organisation (invented text): "Ann Vole of Acme said", "Acme's Mr
Vole said", "said Acme's executive producer Ann Vole", "Ann Vole, president of
Acme, the Acme Academy, said"; and a role word closing a first name and surname
is the surname ("John Bishop")."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.names.names import cut_name
from onrecord.indexer.annotate.attribution.names.runs import split_run
from onrecord.indexer.annotate.attribution.phrases.cues.cues import tokenize
from onrecord.indexer.annotate.attribution.phrases.persons import is_person_run, opening_person
from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    # the organisation after "of" / "from", with words describing it, is not the speaker
    ('Tamsin Vole of campaign group Acme Watch said they were "wiping the slate clean".', ["Tamsin Vole"]),
    ('Nigel Tamm from the Players\' Union said members are "disadvantaged" by it.', ["Nigel Tamm"]),
    ('"We object," said Nigel Tamm of the Players\' Union.', ["Nigel Tamm"]),
    # an owner's possessive before a titled surname: the person the article named
    ('Tom Vole leads Acme Watch.\n\nAcme Watch\'s Mr Vole said: "We go on."', ["Tom Vole"]),
    # a role word closing a first name and surname is the surname, here and later
    ('John Bishop of Acme Watch said: "We go on."\n\nAcme Watch\'s Mr Bishop said: "We stay."',
     ["John Bishop", "John Bishop"]),
    # a possessive owner and lowercase role words before the name after the cue
    ('"Nothing replaces the funds," said The Ravens\' executive producer Marc Tamm.', ["Marc Tamm"]),
    ('"Nothing replaces the funds," said Acme\'s executive producer Marc Tamm.', ["Marc Tamm"]),
    # a place after the name: the person speaks from it
    ('Putin spoke.\n\nBut the BBC\'s Sarah Vole in Moscow says most Russians "believe it".', ["Sarah Vole"]),
    # a chain of descriptions between the name and the cue
    ('But Alain Terzo, president of the organisers, the Academie des Arts du Vole, said films '
     '"of French expression" may compete.', ["Alain Terzo"]),
])
def test_the_person_beside_the_organisation_speaks(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # an organisation's own name holding "of" is no person
    ('"Rates stay," the Bank of Vole said.', ["Bank of Vole"]),
])
def test_organisations_and_clauses_stay_as_they_were(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("sentence, name", [
    ("Ann Vole, president of Acme, the Acme Academy, said", "Ann Vole"),
    ("But Ann Vole, president of Acme, the Acme Academy, said", "Ann Vole"),
    ("Ann Vole, a strategist, said", None),  # one appositive: phrases.cues.cues' own rule
    ("Ann Vole, who leads Acme, the Acme Academy, said", None),  # a clause, not descriptions
    ("Ann Vole, Bob Tamm and Cy Reed, the founders, said", None),
    ("In Leeds, West Yorkshire, the mayor, said", None),
])
def test_opening_person_before_a_chain_of_descriptions(sentence: str, name: str | None) -> None:
    toks = tokenize(sentence, 0, sentence.index(" said"))
    found = opening_person(toks, len(toks) - 1)
    assert (None if found is None else " ".join(t[0] for t in toks[found[0]:found[1] + 1])) == name


@pytest.mark.parametrize("run, ok", [
    (["Brett", "Lock"], True),  # plain name words; a surname may be a role word
    (["Mr", "Vole"], True),
    (["Ann", "Vole"], True),
    (["Bank"], False),
    (["Labour", "Leader"], False),
    (["Shadow", "Home", "Secretary"], False),
    (["Royal", "Bank"], False),
    (["NATO", "Council"], False),
])
def test_is_person_run(run: list[str], ok: bool) -> None:
    assert is_person_run(run) is ok


@pytest.mark.parametrize("run, name", [(["John", "Bishop"], ["John", "Bishop"]), (["Tom", "Sergeant"], ["Tom", "Sergeant"])])
def test_a_role_word_after_a_first_name_is_the_surname(run: list[str], name: list[str]) -> None:
    assert cut_name(run).name == name
    assert split_run(" ".join(run))[2] == name


def test_a_role_word_after_a_description_stays_a_role() -> None:
    assert split_run("Labour Leader")[2] == []


@pytest.mark.parametrize("text, speaker", [
    ("Finnish security firm Acme-Secure issued a warning but said the viruses do no damage.", "Acme-Secure"),
    ("Japanese carmaker Tamm Motors said that sales rose by a third in the year to March.", "Tamm Motors"),
])
def test_words_describing_an_organisation_lead_to_its_name(text: str, speaker: str) -> None:
    found = [(q.kind, q.speaker) for p in extract_text(f"Headline\n\n{text}").paragraphs for q in p.quotes]
    assert found == [("indirect", speaker)]


@pytest.mark.parametrize("text, speaker", [
    ('"We are disappointed," said Marks & Vole.', "Marks & Vole"),
    ("Independent News & Vole said that its results would meet market forecasts this year.",
     "Independent News & Vole"),
])
def test_an_ampersand_joins_one_name(text: str, speaker: str) -> None:
    assert [q.speaker for p in extract_text(f"Headline\n\n{text}").paragraphs for q in p.quotes] == [speaker]
