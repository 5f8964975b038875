"""A document as the speaker is its issuer where the article says who issued it
(issue #31): "a report published by research firm Acme" is Acme's; "the council's
ruling" and "the message" are documents like "the report"."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _quotes(text: str) -> list[tuple[str, str | None]]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [(q.kind, q.speaker) for p in article.paragraphs for q in p.quotes]


def _direct_speakers(text: str) -> list[str | None]:
    return [speaker for kind, speaker in _quotes(text) if kind == "direct"]


@pytest.mark.parametrize(("text", "speaker"), [
    # the issuer after an issuing participle, past its description ("UK-based research firm")
    ("Phone makers met in Leeds.\n\n\u201cFaster links will arrive by 2027,\u201d according to a report "
     "published by UK-based research firm Quillmark. Two firms are testing them.", "Quillmark"),
    ("Ferry crews met on Monday.\n\n\u201cChecks take too long,\u201d according to a report "
     "commissioned by the Norland Harbour Board.", "Norland Harbour Board"),
    # a description's lowercase words before a preposition are no issuer's description
    ("Ferry crews met on Monday.\n\n\u201cChecks take too long,\u201d according to a report "
     "issued by Quillmark into the Norland Harbour Board.", "Quillmark"),
])
def test_a_document_issued_by_a_named_body_is_that_bodys(text: str, speaker: str) -> None:
    assert _direct_speakers(text) == [speaker]


@pytest.mark.parametrize(("text", "quote"), [
    ("The Norland Media Council met on Monday.\n\n\u201cThe play is banned,\u201d the council's ruling said.",
     ("direct", "Norland Media Council")),
    ("Quillmark.com closed its shop.\n\nIn a message posted on Quillmark.com on Sunday, the site's owners said "
     "the shop was \"closing for good\". If the shop did return, the message said, it would sell no more maps.",
     ("indirect", "Quillmark.com")),
])
def test_a_ruling_or_a_message_is_a_document_of_its_owner(text: str, quote: tuple[str, str]) -> None:
    assert quote in _quotes(text)
