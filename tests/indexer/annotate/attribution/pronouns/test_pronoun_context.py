"""What a pronoun speaker's choice sees (indexer.annotate.attribution.pronouns.antecedents):
the sentence before across a paragraph break, the subject of its own sentence,
and a person's first full-name mention once a later surname vouches for it."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.pronouns import antecedents, contexts
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


def test_the_sentence_before_a_paragraphs_first_sentence_ends_the_paragraph_before() -> None:
    text = 'Ann Vole left early. Then there is Tavo Brenn.\n\n"Go on," he said.'
    ctx = contexts.context_at(text, text.index("he said"))
    assert text[ctx.previous:ctx.sentence].strip() == "Then there is Tavo Brenn."


def test_the_subject_of_the_pronouns_own_sentence_is_who_it_means() -> None:
    subject, speaker = Person("Ann Vole", "Ann", "Vole", order=0), Person("Kim Reed", "Kim", "Reed", order=1)
    speaker.mentions.scan(40)
    speaker.salient.scan(40)
    speaker.spoke.add(40)
    subject.mentions.scan(60)
    subject.salient.scan(60)
    ctx = contexts.Context(pos=100, sentence=55, previous=0, paragraph=0)
    weights = [0.0] * len(antecedents.FEATURES)
    weights[antecedents.FEATURES.index("last_speaker")] = 5.0
    assert antecedents.choose([speaker, subject], ctx, "m", table=weights) is subject
    assert antecedents.choose([speaker], ctx, "m", table=weights) is speaker


def test_the_first_named_in_the_sentence_before_is_a_feature() -> None:
    first, second = Person("Ann Vole", "Ann", "Vole", order=0), Person("Kim Reed", "Kim", "Reed", order=1)
    first.mentions.scan(10)
    second.mentions.scan(30)
    ctx = contexts.Context(pos=100, sentence=50, previous=5, paragraph=0)
    rows = antecedents.features([first, second], ctx, None)
    k = antecedents.FEATURES.index("first_in_prev")
    assert [row[k] for row in rows] == [1.0, 0.0]


def test_a_full_name_a_later_surname_vouches_for_is_a_mention_from_the_start() -> None:
    text = ('Radio talk host Zeph Quillon used his show to discuss what he called '
            'a "brilliant" decision by Tavo Brenn.\n\nQuillon began by praising the idea.')
    assert _speakers(text) == ["Zeph Quillon"]


def test_a_pronoun_follows_the_pronoun_subject_of_the_sentence_before() -> None:
    # "He" opens the sentence before: a name later in it is no subject
    text = ('In a statement, Lord Vole said: "I was fully involved." He said the answer was drafted with '
            'the then Lord Chancellor, Lord Irvine of Lairg.\n\n"No other minister was involved." He suggested '
            'the claim that Lord Brandt had drafted it was a mistake. "It was my view," he said.')
    assert _speakers(text)[-1] == "Lord Vole"


def test_a_name_between_an_article_and_a_noun_is_no_one_a_pronoun_means() -> None:
    text = ("Coach Tavo Brenn felt his side were never in danger.\n\n"
            "A late own goal and a John Anker header gave them the win. "
            '"We controlled the game from the start," he said.')
    assert _speakers(text) == ["Tavo Brenn"]
