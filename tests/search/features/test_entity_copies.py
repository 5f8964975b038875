"""Entity pages, feeds and the look-up count copies of a quote as quotes
mode does (issue #33): a copy group (the same speaker and words) once,
listed under its first quote; a quote with no speaker alone."""
from __future__ import annotations

import datetime as dt

import pytest

from onrecord.search import SearchRequest, search
from onrecord.search.features.entities import get_entity
from onrecord.search.features.feeds import newest_paragraphs
from onrecord.search.features.lookup import lookup_speakers
from onrecord.search.model import Article, Metadata, Paragraph, Quote
from onrecord.search.storage.store import Index
from tests.factories import indexed, make_article

SAID = "We will keep every library open this year"


def copies(day: dt.date, doc_id: str, *others: str) -> Article:
    """Ann Jones saying SAID (then `others`, one paragraph each) on `day`."""
    return make_article(doc_id, [f"“{SAID}.”", *(f"“{o}.”" for o in others)],
                        speaker="Ann Jones", published=day, institutions=["City Council"])


@pytest.fixture()
def index() -> Index:
    # Three runs of one quote (Jan, Mar, Jun), each article with a quote of its own.
    return indexed([copies(dt.date(2024, 1, 5), "a", "The first budget was a disgrace"),
                    copies(dt.date(2024, 3, 5), "b", "The second budget was worse"),
                    copies(dt.date(2024, 6, 5), "c", "The third budget is the last")])


def test_a_speaker_page_lists_a_copied_quote_once_under_its_first_run(index: Index) -> None:
    total = search(index, SearchRequest(mode="quotes", speakers=("Ann Jones",))).total
    profile = get_entity(index, "speaker", "Ann Jones")
    assert profile.statement_count == total == 4
    listed = [(q.doc_id, q.text.strip("“.”")) for q in profile.quotes]
    assert listed.count(("a", SAID)) == 1 and all(t != SAID for d, t in listed if d != "a")
    assert len(listed) == 4 and (profile.folded, profile.folded_apart) == (2, 0)
    # Each month a run fell in counts it, as quotes mode's histogram does.
    assert profile.timeline == [("2024-01", 2), ("2024-03", 2), ("2024-06", 2)]


@pytest.mark.parametrize("per_page", [1, 2, 3])
def test_pages_of_folded_statements_hold_every_one_once(index: Index, per_page: int) -> None:
    first = get_entity(index, "speaker", "Ann Jones", per_page=per_page)
    pages = [get_entity(index, "speaker", "Ann Jones", page=p, per_page=per_page)
             for p in range(1, first.pages + 1)]
    seen = [(q.doc_id, q.n) for p in pages for q in p.quotes]
    assert first.pages == -(-4 // per_page) and len(seen) == len(set(seen)) == 4
    assert all(p.quotes for p in pages)  # no empty page after a folded copy
    assert sum(p.folded for p in pages) == 2


def test_an_institution_counts_unattributed_quotes_each_alone() -> None:
    text = "“No comment.”"
    paragraphs = [Paragraph(id=f"{d}-p1", n=1, start=0, end=len(text), text=text, institutions=["Trust"],
                            quotes=[Quote(text=text, start=0, end=len(text), speaker=None)])
                  for d in ("x", "y")]
    index = indexed([Article(id=p.id[:1], source="s.txt", text=text, paragraphs=[p],
                             meta=Metadata(title="T", published=dt.date(2024, 1, 1)))
                     for p in paragraphs])
    total = search(index, SearchRequest(mode="quotes", institutions=("Trust",))).total
    assert get_entity(index, "institution", "Trust").statement_count == total == 2


def test_an_institution_counts_a_copied_quote_once(index: Index) -> None:
    total = search(index, SearchRequest(mode="quotes", institutions=("City Council",))).total
    profile = get_entity(index, "institution", "City Council")
    assert profile.statement_count == total == 4
    assert [(v.value, v.count) for v in profile.speakers_about] == [("Ann Jones", 4)]


def test_lookup_counts_copies_once_and_dates_the_last_run(index: Index) -> None:
    (match,) = lookup_speakers(index, ["Ann Jones"])[0].matches
    assert (match.quote_count, match.first, match.last) == (4, "2024-01-05", "2024-06-05")


def test_a_quotes_feed_has_a_copied_quote_once_as_first_indexed() -> None:
    index = indexed([copies(dt.date(2024, 6, 5), "late")], [copies(dt.date(2024, 1, 5), "early")])
    request = SearchRequest(mode="quotes", speakers=("Ann Jones",))
    (entry,) = newest_paragraphs(index, request).entries
    assert entry.doc_id == "late"  # indexed first: a re-run is no new statement
