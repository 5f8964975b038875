"""A definite description of an office someone was introduced with ("the
cardinal", "the prime minister") is a mention of that person for a pronoun
after it (indexer.annotate.attribution.people.roles.role_mentions), and only of the
person the role words before the name belong to."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes]


def test_the_office_named_in_the_sentence_before_is_whom_he_means() -> None:
    text = ('Cardinal Tavo Brenn spoke on the radio. He and Bishop Quill Marsh have both spoken out.\n\n'
            'Dr Marsh has since criticised the plan.\n\n'
            'On Friday, the cardinal will ask for calm. "It is possible," he will say.')
    assert _speakers(text) == ["Tavo Brenn"]


def test_a_description_means_nobody_the_article_did_not_give_the_role() -> None:
    text = "Tavo Brenn spoke on the radio. The cardinal will ask for calm."
    people = DocSpeakers(text)
    brenn = people.people["Tavo Brenn"]
    assert brenn.mentions.last_before(len(text)) == text.index("Tavo")


def test_role_words_before_a_name_stop_at_a_small_word() -> None:
    text = "Both the Cardinal and Archbishop Tavo Brenn spoke. Former welfare minister Ann Vole agreed."
    people = DocSpeakers(text)
    assert "cardinal" not in people.people["Tavo Brenn"].roles
    assert {"former", "welfare", "minister"} <= people.people["Ann Vole"].roles
