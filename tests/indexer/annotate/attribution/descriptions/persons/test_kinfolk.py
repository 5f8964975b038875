"""A kinship description as a quote's speaker (indexer.annotate.attribution.descriptions.persons.kinfolk,
issue #31): "said his wife, Sheila", "Mr Vole's father, Azmat, said", "his son said" after
"Vole's son Stephen", "Ann Vole's mother has said" before "His mother Kate Vole": the relative
the article introduces with the same kin noun; one test row per noun of KIN_NOUNS.  Made-up
sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.persons.kinfolk import KIN_NOUNS, kin_speaker
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from tests.indexer.annotate.attribution.articles import speaker_of as _speaker_of


@pytest.mark.parametrize("kin", sorted(KIN_NOUNS))
def test_a_kin_noun_row_names_the_relative_introduced_with_it(kin: str) -> None:
    text = f"Vole quits stage\n\nThe singer Tom Vole has retired at 80.\n\n\"It was time,\" said his {kin}, Robin."
    assert _speaker_of(text, "It was time") == "Robin"


@pytest.mark.parametrize(("text", "needle", "speaker"), [
    # the introduction at the phrase itself, a lone given name after a name's possessive
    ("Men held on return\n\nFour men were held on their return. Mr Vole's father, Azmat, said he would call "
     "his son \"a hero\".", "hero", "Azmat Vole"),
    # introduced before: the registry's own reading of the name kept, one value a person
    ("Tapes to be sold\n\nThe tapes were kept for years. \"We have had them a long time,\" Brenn's son "
     "Stephen, 57, said. Brenn died in 1994. \"He called them his spare tapes,\" his son said.", "spare",
     "Stephen"),
    # introduced after, with the whole name
    ("Singer's mother speaks\n\nThe singer Tom Vole is on trial. Meanwhile Tom Vole's mother has said she is "
     "\"quite certain\" her son is innocent.\n\nThe trial resumes on Monday. His mother Kate Vole told a TV "
     "station he was a good man.", "quite certain", "Kate Vole"),
])
def test_a_kin_description_is_the_relative_the_article_introduces(text: str, needle: str, speaker: str) -> None:
    assert _speaker_of(text, needle) == speaker


@pytest.mark.parametrize(("text", "needle"), [
    # two sons introduced: no guess
    ("Family speaks\n\nTom Vole's son Ed was there, and his son Sam was not. \"It hurt,\" his son said.", "hurt"),
    # another family's father
    ("Family speaks\n\nTom Vole's father Azmat lives in Leeds. \"It hurt,\" Ann Brenn's father said.", "hurt"),
    # no relative named by that noun
    ("Family speaks\n\nTom Vole was hurt in the crash. \"It hurt him,\" his wife said.", "hurt him"),
    # a weekday after the noun is no name
    ("Family speaks\n\nTom Vole was hurt. His wife Monday visited. \"It hurt him,\" his wife said.", "hurt him"),
])
def test_no_one_relative_names_nobody(text: str, needle: str) -> None:
    assert _speaker_of(text, needle) is None


@pytest.mark.parametrize("phrase", ["his colleague", "the wife", "Vole's lawyer", "his wife Ann"])
def test_no_kinship_description_no_relative(phrase: str) -> None:
    text = f"Tom Vole's wife, Ann, spoke. {phrase} said so."
    assert kin_speaker(phrase, text.index(phrase), DocSpeakers(text)) is None
