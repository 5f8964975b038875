"""A label quoted after a naming verb (called, described, dubbed) is never the labelled thing's to say (invented text)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.phrases.labelled import labels_thing
from tests.indexer.annotate.attribution.test_attribution import who


def _labels(sentence: str, phrase: str, cue: str) -> bool:
    start, at = sentence.index(phrase), sentence.index(cue)
    return labels_thing(sentence, start, start + len(phrase), at, at + len(cue))


@pytest.mark.parametrize(("sentence", "phrase", "cue", "expected"), [
    ('Critics described the Zorvan elements as "jarring".', "the Zorvan elements", "described", True),
    ('Critics called the Zorvan plan "a mess".', "the Zorvan plan", "called", True),
    ('Glimnet has been described as "3G on steroids".', "Glimnet", "described", True),
    ('Glimnet (Global Link Net) has been labelled "fast".', "Glimnet", "labelled", True),
    ('Glimnet is often dubbed "the fast lane".', "Glimnet", "dubbed", True),
    ('It led Ruritania to be called a "paradise".', "Ruritania", "called", True),
    # guards: the naming verb's subject, a speech verb, words between that are no passive
    ('Ann Vole described the plan as "a disaster".', "Ann Vole", "described", False),
    ('"It is a disaster," said the Zorvan boss.', "the Zorvan boss", "said", False),
    ('Ann Vole then quickly described it as "bad".', "Ann Vole", "described", False),
    ('Critics called the plan "a mess".', "Critics", "called", False),
    ('Groups such as the Zorvan Union are calling for an end to the "raw deal".', "the Zorvan Union", "calling",
     False),
    ('"Coffee lasts," describes Ann Vole. "It stays."', "Ann Vole", "describes", False),
])
def test_labels_thing_reads_the_object_and_the_passive_subject(
        sentence: str, phrase: str, cue: str, expected: bool) -> None:
    assert _labels(sentence, phrase, cue) is expected


@pytest.mark.parametrize("text", [
    'The Glimnet Packet Access (GPA) has been described as "3G on steroids" and could offer more.',
    'Prices fell. GPA (Glimnet Packet Access) has been described as "3G on steroids" and could offer more.',
    'The law led Ruritania to be called a "machine learning paradise." Others followed.',
])
def test_no_labelled_thing_is_credited_with_its_label(text: str) -> None:
    assert who(text) == [None]


def test_a_naming_verb_after_a_whole_quote_tags_its_speaker() -> None:
    assert who('Drink it early. "Coffee has a long half-life," describes Ann Vole. "It stays."')[0] == "Ann Vole"
