"""A pronoun speaker's antecedent: the learned choice among the people named last
(indexer.annotate.attribution.pronouns.antecedents) and the mentions it chooses from."""
from __future__ import annotations

import json

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.positions import Positions
from onrecord.indexer.annotate.attribution.pronouns import antecedents, contexts
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


def test_pronoun_picks_the_person_named_just_before_not_an_earlier_subject() -> None:
    text = ('"We cut costs," said Quill Marsh, head of Acme Outdoor Goods.\n\n'
            "Tavo Brenn disagreed with the plan at the time.\n\n"
            'While Marsh has found savings, others have not. For Marsh, the change was modest. '
            '"It helped," he told me.')
    assert _speakers(text)[-1] == "Quill Marsh"


def test_a_surname_after_a_possessive_is_a_mention() -> None:
    text = ('Tavo Brenn leads the lab. "Cells decide," said Quill Marsh.\n\n'
            "Brenn hopes the work spreads. For Adelaide's Marsh, kinship is the promise. "
            '"We are kin," she says.')
    assert _speakers(text)[-1] == "Quill Marsh"


def test_a_name_inside_a_quote_is_never_the_antecedent() -> None:
    text = 'Quill Marsh spoke first. "Tavo Brenn is wrong," Marsh said. "It never works," he added.'
    assert _speakers(text) == ["Quill Marsh", "Quill Marsh"]


def test_the_pool_holds_the_few_people_named_last() -> None:
    people = [Person(f"P{k} Vole", f"P{k}", "Vole", order=k) for k in range(10)]
    mentions = Positions()
    for k in range(10):
        mentions.scan(k * 10, k)
    pool = antecedents.candidates(mentions, people, 1000, lambda p: True)
    assert [p.order for p in pool] == [9, 8, 7, 6, 5, 4][:antecedents.POOL_SIZE]


def test_the_choice_follows_the_weights() -> None:
    near, far = Person("Ann Vole", "Ann", "Vole", order=0), Person("Kim Reed", "Kim", "Reed", order=1)
    near.mentions.scan(90)
    far.mentions.scan(10)
    far.salient.scan(10)
    ctx = contexts.Context(pos=100, sentence=50, previous=0, paragraph=0)
    only = [0.0] * len(antecedents.FEATURES)
    only[antecedents.FEATURES.index("last_mentioned")] = 1.0
    assert antecedents.choose([far, near], ctx, None, table=only) is near
    only[antecedents.FEATURES.index("last_mentioned")] = 0.0
    only[antecedents.FEATURES.index("last_subject")] = 1.0
    assert antecedents.choose([far, near], ctx, None, table=only) is far


def test_the_weights_table_names_known_features_and_its_sources() -> None:
    data = json.loads(antecedents.WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert set(data["weights"]) == set(antecedents.FEATURES)
    assert "bench/fit_speakers.py" in data["_about"] and "PolNeAR train" in data["_about"]


def test_context_finds_the_sentence_and_the_previous_one() -> None:
    text = "Intro line.\nFirst one here. Mr. Vole said so. Then she spoke"
    ctx = contexts.context_at(text, len(text))
    assert text[ctx.paragraph:].startswith("First")
    assert text[ctx.sentence:].startswith("Then") and text[ctx.previous:].startswith("Mr. Vole")


def test_a_carried_speaker_does_not_jump_a_paragraph_opened_by_another_person() -> None:
    text = ('"We will fight on," said Ann Vole.\n\nTom Reed, her rival, spoke to voters for an hour.\n\n'
            '"It is over."')
    assert _speakers(text) == ["Ann Vole", "Tom Reed"]


def test_a_carried_speaker_continues_over_a_paragraph_naming_nobody() -> None:
    text = '"We will fight on," said Ann Vole.\n\nLater in the day the rally ended.\n\n"It is over."'
    assert _speakers(text) == ["Ann Vole", "Ann Vole"]


def test_a_carried_speaker_continues_over_her_own_surname() -> None:
    text = '"We will fight on," said Ann Vole.\n\nVole, her voice firm, spoke for an hour.\n\n"It is over."'
    assert _speakers(text) == ["Ann Vole", "Ann Vole"]


def _modifier(text: str, name: str) -> float:
    person = Person(name, name.split()[0], name.split()[-1], order=0)
    at = text.index(name)
    person.mentions.scan(at)
    ctx = contexts.context_at(text, len(text))
    row = antecedents.features([person], ctx, None, text=text)[0]
    return row[antecedents.FEATURES.index("modifier")]


@pytest.mark.parametrize("text, name, expected", [
    ("The lawyer reacted angrily to Dick Vole's comments. ", "Dick Vole", 1.0),
    ("An early goal followed by an Alan Vole strike won it. ", "Alan Vole", 1.0),
    ("She was raised in a devout Roman Vole household. ", "Roman Vole", 1.0),
    ("Dick Vole reacted angrily to the comments. ", "Dick Vole", 0.0),
    ("The comments angered Dick Vole. ", "Dick Vole", 0.0),
])
def test_a_possessive_or_a_noun_s_modifier_is_marked(text: str, name: str, expected: float) -> None:
    assert _modifier(text, name) == expected



@pytest.mark.parametrize("employer", ["Franz Otto frontman", "Peter Lindqvist singer"])
def test_a_name_before_a_role_and_a_name_is_whom_they_work_for_not_he(employer: str) -> None:
    """'Franz Otto frontman Alex Mara ...' then 'he said': a band named like a person
    modifies the role (antecedents._shape: modifier); the subject is Alex Mara."""
    text = (f"Band news\n\n{employer} Alex Mara has asked for more council help for young bands.\n\n"
            '"Any scene needs somewhere cheap to play," he said.')
    assert _speakers(text) == ["Alex Mara"]
