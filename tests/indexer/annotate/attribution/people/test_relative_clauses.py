"""A full name a person's relative clause follows ("student Quillon Marsh, who told me") is a
person's from that mention, whatever its first name, so a later "she said" can reach them
(indexer.annotate.attribution.people.relatives, issue #31: the referent not in the pool)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.relatives import relative_follows
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.search.model import Article, Metadata, Paragraph

_NAME = "Quillon Marsh"


@pytest.mark.parametrize("text, expected", [
    # personal_relatives, one row each
    ("The prize went to Quillon Marsh, who spoke first.", True),
    ("The prize went to Quillon Marsh, whom the jury chose.", True),
    # after an appositive opened by an article
    ("The crowd cheered Quillon Marsh, a delegate from Norland who dressed as a judge.", True),
    ("It came from Quillon Marsh, the Tarnish engineer who built it.", True),
    # plural_relative_leads, one row each: several, not one person
    ("The prize went to Quillon Marsh, who all spoke first.", False),
    ("The prize went to Quillon Marsh, who are third.", False),
    ("The prize went to Quillon Marsh, who both scored.", False),
    ("The prize went to Quillon Marsh, who do well here.", False),
    ("The prize went to Quillon Marsh, who have won twice.", False),
    ("The prize went to Quillon Marsh, who were third.", False),
    # a body's noun or a determiner before the name, a body's noun in the appositive
    ("The prize went to band Quillon Marsh, who played first.", False),
    ("The prize went to the Quillon Marsh, who played first.", False),
    ("The crowd cheered Quillon Marsh, a group of pupils who sang.", False),
    # no relative, or a body's relative
    ("The prize went to Quillon Marsh, which spoke first.", False),
    ("The prize went to Quillon Marsh. Who spoke first?", False),
    ("The prize went to Quillon Marsh, a delegate. Who spoke first?", False),
])
def test_a_relative_clause_after_a_full_name(text: str, expected: bool) -> None:
    start = text.index(_NAME)
    assert relative_follows(text, start, start + len(_NAME)) is expected


_OPENING = "The senator Ann Vole spoke at length about the plan. "


@pytest.mark.parametrize("text, registered", [
    (_OPENING + "My best reply came from college student Quillon Marsh, who told me the plan was dead.", True),
    (_OPENING + "The crowd cheered Quillon Marsh, a delegate from Norland who dressed as a judge.", True),
    (_OPENING + "The crowd cheered Quillon Marsh.", False),  # nothing vouches: a candidate still
    (_OPENING + "The crowd cheered the Quillon Marsh, who are third.", False),
])
def test_the_registry_holds_the_person(text: str, registered: bool) -> None:
    assert (_NAME in [p.name for p in DocSpeakers(text).by_order]) is registered


def speakers(text: str) -> list[str | None]:
    """Return the speakers of the text's direct quotes, in order."""
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("text", [
    _OPENING + 'My best reply came from college student Quillon Marsh, who told me the plan was dead. '
               '"It will never pass," she said.',
    _OPENING + 'The crowd cheered Quillon Marsh, a delegate from Norland who dressed as a judge. '
               '"It will never pass," she said.',
])
def test_her_she_said_is_hers(text: str) -> None:
    assert speakers(text) == [_NAME]  # on main the newcomer is no candidate: Ann Vole
