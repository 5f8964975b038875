"""A document as the speaker is its issuer where the article says who issued it
(issue #31): "a report published by research firm Acme" is Acme's, "the lawsuit"
the words of whom the article wrote as suing, never the sued party (nobody when
the plaintiff is unnamed); "the council's ruling" and "the message" are documents
like "the report"."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.articles import kinds_and_speakers as _quotes


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


@pytest.mark.parametrize(("text", "speakers"), [
    ("Viewer sues broadcaster\n\nA TV network is being sued by a viewer.\n\n"
     "Ann Vole is taking action against Norland TV over its quiz show. The four-page lawsuit said: "
     "\u201cThe show made me ill.\u201d", ["Ann Vole"]),
    ("A user is suing Quillmark over its player.\n\nCalifornian Tom Brenn filed the suit in San Jose.\n\n"
     "\u201cQuillmark has locked its players,\u201d the lawsuit states. A Quillmark spokesman declined to "
     "comment.\n\n\u201cQuillmark has broken the law,\u201d the lawsuit said.", ["Tom Brenn", "Tom Brenn"]),
])
def test_a_lawsuit_is_its_plaintiffs_words(text: str, speakers: list[str]) -> None:
    assert _direct_speakers(text) == speakers


@pytest.mark.parametrize("text", [
    # passives and a reduced relative: Quillmark is the party sued
    "Quillmark was sued on Monday. Quillmark, sued by two viewers, said nothing.\n\n"
    "\u201cThe show made us ill,\u201d the lawsuit said.",
    "Singer Tom Brenn sued over show\n\nA viewer has gone to court.\n\n"
    "\u201cThe show made me ill,\u201d the lawsuit said.",
    # the plaintiff unnamed: the body named last is the one sued, so nobody
    "A Leeds woman is suing Quillmark over its printers.\n\n"
    "\u201cThe chip is built to fail,\u201d the suit said.",
    # a run inside a word is no plaintiff: "Shop service" in "eShop service"
    "A user of Quillmark's eShop service is suing the firm.\n\n"
    "\u201cThe chip is built to fail,\u201d the suit said.",
])
def test_a_suit_with_no_plaintiff_named_names_nobody(text: str) -> None:
    assert _direct_speakers(text) == [None]


@pytest.mark.parametrize(("text", "quote"), [
    ("The Norland Media Council met on Monday.\n\n\u201cThe play is banned,\u201d the council's ruling said.",
     ("direct", "Norland Media Council")),
    ("Quillmark.com closed its shop.\n\nIn a message posted on Quillmark.com on Sunday, the site's owners said "
     "the shop was \"closing for good\". If the shop did return, the message said, it would sell no more maps.",
     ("indirect", "Quillmark.com")),
])
def test_a_ruling_or_a_message_is_a_document_of_its_owner(text: str, quote: tuple[str, str]) -> None:
    assert quote in _quotes(text)
