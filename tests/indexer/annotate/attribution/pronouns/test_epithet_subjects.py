"""A "he said" after a sentence whose subject is a definite person epithet ("The Brazilian
confirmed ...") means that epithet, the person the headline names first, else the person
the sentence before the epithet's names as its acting subject
(indexer.annotate.attribution.pronouns.epithetsubjects, issue #31), not a name met later
in that sentence nor the last speaker.  Made-up sentences."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.pronouns.antecedents import candidates
from onrecord.indexer.annotate.attribution.pronouns.contexts import context_at, whole_quote
from onrecord.indexer.annotate.attribution.pronouns.epithetsubjects import epithet_referent, opening_epithet
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


@pytest.mark.parametrize(("sentence", "head"), [
    ("The Australian confirmed the news.", "australian"),  # a nationality noun, a regular past
    ("But the midfielder also claims he was wronged.", "midfielder"),  # a conjunction, an adverb, a cue
    ("The writer was known for his research.", "writer"),  # an auxiliary
    ("The Scot initially defended the striker.", "scot"),  # an -ly adverb
    ("Speaking to the paper, the comedy star said it was over.", "star"),  # a lead-in closed by a comma
    ("The Australian, 28, has suffered injuries.", "australian"),  # an appositive between commas
    ("The former Acme striker has denied it.", "striker"),  # words before the head
    # _HEAD_SHAPES, a row each: an epithet noun, an age
    ("The seventh seed, who has never won here, is looking forward to it.", "seed"),
    ("The confident 23-year-old is undaunted by it.", "23-year-old"),
])
def test_an_epithet_opening_its_sentence_with_a_verb_after_it(sentence: str, head: str) -> None:
    found = opening_epithet(sentence, 0, len(sentence))
    assert found is not None and found[0] == head
    assert sentence[found[1]:found[1] + 3].lower() == "the"


@pytest.mark.parametrize("sentence", [
    "The striker Tom Reed has denied it.",  # a name after the head: a named mention, not an epithet
    "The Australian's agent confirmed it.",  # an owner: the agent acts
    "The team confirmed the news.",  # no person noun
    "A Australian confirmed the news.",  # indefinite
    "The Australian in the squad of twenty players is fit.",  # no verb right after the head
    "Tom Reed and the Australian met.",  # the epithet does not open the sentence
])
def test_no_opening_epithet(sentence: str) -> None:
    assert opening_epithet(sentence, 0, len(sentence)) is None


def _referent(text: str, gender: str = "m") -> str | None:
    """Return whom the rule makes the last pronoun of the text mean (None: the learned choice stands)."""
    people = DocSpeakers(text)
    pos = max(text.rfind(" he "), text.rfind(" she ")) + 1
    pool = candidates(people.mentions, people.by_order, pos, lambda p: p.gender in (None, gender))
    found = epithet_referent(people.by_order, pool, whole_quote(text, context_at(text, pos)), gender, text)
    return None if found is None else found.name


_HEAD = "Karl Ostrander: king of the thriller\n\n"
_STORY = ("Novelist Karl Ostrander, who has died aged 84, was known for his page-turners. Ostrander moved to "
          "Canada in 1947. Airport remains Ostrander's best-loved work. The book became a film in 1970, starring "
          "Dan Vole as a pilot and Tom Reed as a manager. ")
_QUOTE = '"I have never been able to write quickly. I am never satisfied," he once said.'


@pytest.mark.parametrize("epithet", [
    "The writer was known for his painstaking research. ",
    "The Canadian also claims Tom Reed was miscast. ",  # a name later in the epithet's sentence
    "Speaking to the paper, the Canadian writer said it was fine. ",  # a lead-in; words before the head
])
def test_he_after_an_epithet_subject_is_the_headline_person(epithet: str) -> None:
    assert _referent(_HEAD + _STORY + epithet + _QUOTE) == "Karl Ostrander"


def test_the_rule_is_asked_at_the_pronoun_a_chain_leads_to() -> None:
    text = _HEAD + _STORY + "The writer initially praised the film. But he has had a rethink. He said: " + _QUOTE
    people = DocSpeakers(text)
    pos = text.index("he has had")
    pool = candidates(people.mentions, people.by_order, pos, lambda p: p.gender in (None, "m"))
    found = epithet_referent(people.by_order, pool, context_at(text, pos), "m", text)
    assert found is not None and found.name == "Karl Ostrander"
    assert _speakers(text)[-1] == "Karl Ostrander"


@pytest.mark.parametrize("text", [
    # the headline names no person
    "King of the thriller\n\n" + _STORY + "The writer was known for his research. " + _QUOTE,
    # the headline's person is named in the epithet's own sentence: the epithet is someone else
    _HEAD + _STORY + "The actor has worked with Ostrander since June. " + _QUOTE,
    # no one the headline names, and the sentence before the epithet's has no acting subject after a plain lead
    "King of the thriller\n\n" + _STORY + "The book starred Tom Reed. The actor was pleased. " + _QUOTE,
    # ... nor one the epithet's noun fits ("the actress" is no man)
    "King of the thriller\n\n" + _STORY + "Tom Reed praised it. The actress was pleased. " + _QUOTE,
    # a name between the pronoun's sentence start and the pronoun
    _HEAD + _STORY + "The writer was known for his research. Asked about Tom Reed, he said it was fine.",
])
def test_the_learned_choice_stands(text: str) -> None:
    assert _referent(text) is None


@pytest.mark.parametrize("text", [
    # someone of the pool was introduced with the epithet's noun: not the headline's person; the
    # sentence before names them as its subject
    _HEAD + _STORY + "Actor Tom Reed praised it. The actor was pleased with the film. " + _QUOTE,
    # the story turned to someone else since the headline's person was last named: the epithet is theirs
    _HEAD + _STORY + "Tom Reed said he loved the part. However, the actor added that it was hard. " + _QUOTE,
    # the headline names no person
    "King of the thriller\n\n" + _STORY + "Actor Tom Reed praised it. The actor was pleased. " + _QUOTE,
    # the epithet opens a paragraph: the sentence before is the previous paragraph's last, the lead
    "U-turn over film\n\nActor Tom Reed will sue the studio after all.\n\n"
    "The Scot initially defended studio boss Dan Vole. " + _QUOTE,  # a name later in the epithet's sentence
])
def test_else_he_is_the_sentence_befores_acting_subject(text: str) -> None:
    assert _referent(text) == "Tom Reed"


@pytest.mark.parametrize("epithet", [
    "The seventh seed, who has never won here, is lined up to meet Ed Brenn again. ",  # the epithet noun row
    "The confident 23-year-old is undaunted by Ed Brenn however. ",  # the age row
])
def test_each_head_shape_end_to_end(epithet: str) -> None:
    text = ("Vole faces tough test\n\nNorland number one Tom Vole will face Ed Brenn in the first round.\n\n"
            "Vole came from two sets down to beat Brenn last year. " + epithet
            + '"He is a dangerous player," he said.')
    assert _speakers(text)[-1] == "Tom Vole"


def test_the_sentence_befores_subject_through_a_chain() -> None:
    # "He said:" chains to the "he" opening the sentence before, which follows the epithet's sentence
    text = ("U-turn over film\n\nActor Tom Reed will sue studio boss Dan Vole after all.\n\n"
            "The Scot initially defended Vole. But he has had a rethink. He said: " + _QUOTE)
    assert _speakers(text)[-1] == "Tom Reed"


def test_the_pronouns_gender_rules_the_headline_person_out() -> None:
    text = ("Anna Ostrander: queen of the thriller\n\n" + _STORY.replace("Karl", "Anna").replace(" his ", " her ")
            + "The writer was known for her research. " + _QUOTE)
    assert _referent(text, "m") is None
    assert _referent(text.replace(" he once", " she once"), "f") == "Anna Ostrander"


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind == "direct"]
