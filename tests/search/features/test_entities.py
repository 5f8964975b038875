"""Tests for search.entities: entity lists with counts, speaker and
institution profiles (date order, undated last, timeline, roles), quote
clusters across articles, and the seed articles' acceptance case."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.errors import NotFoundError, QueryError
from onrecord.search.features.entities import get_entity, list_entities
from onrecord.search.model import Article, Metadata, Paragraph, Quote
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import indexed

SEEDS = Path(__file__).resolve().parents[3] / "seeds"
SORRY = "Sorry is something you say when you comprehend the wrong you do"


def quoted_para(doc_id: str, n: int, text: str, speaker: str | None,
                institutions: list[str], role: str | None = None) -> Paragraph:
    """A paragraph whose whole text is one direct quote by `speaker`."""
    quotes = [Quote(text=text, start=0, end=len(text), speaker=speaker, role=role)]
    return Paragraph(id=f"{doc_id}-p{n}", n=n, start=0, end=len(text), text=text,
                     quotes=quotes if speaker else [],
                     speakers=[speaker] if speaker else [], institutions=institutions)


def article(doc_id: str, published: dt.date | None, paras: list[Paragraph],
            outlet: str | None = "The Ledger") -> Article:
    return Article(id=doc_id, source=f"{doc_id}.txt", text="",
                   meta=Metadata(title=f"Title {doc_id}", outlet=outlet, published=published),
                   paragraphs=paras)


@pytest.fixture()
def index() -> Index:
    return indexed([
        article("late", dt.date(2023, 6, 2), [
            quoted_para("late", 1, '"The hospital budget was cut by a third this year," she said.',
                        "Ann Smallman", ["City Council"], role="council leader"),
            quoted_para("late", 2, "The council said nothing more about the budget today.",
                        None, ["City Council"])]),
        article("early", dt.date(2023, 1, 15), [
            quoted_para("early", 1, "“The hospital budget was cut by a third this year” – she said.",
                        "Ann Smallman", ["City Council"], role="council leader"),
            quoted_para("early", 2, '"We will appeal against every single closure," he said.',
                        "Bob Jones", ["City Council"], role="City Council spokesman")]),
        article("nodate", None, [
            quoted_para("nodate", 1, '"Nobody asked the patients what they wanted," she said.',
                        "Ann Smallman", ["Health Trust"])], outlet=None),
    ])


def test_list_entities_counts_paragraphs_count_desc_then_name(index: Index) -> None:
    speakers = [(v.value, v.count) for v in list_entities(index, "speaker")]
    assert speakers == [("Ann Smallman", 3), ("Bob Jones", 1)]
    institutions = [(v.value, v.count) for v in list_entities(index, "institution")]
    assert institutions == [("City Council", 4), ("Health Trust", 1)]


def test_list_entities_rejects_unknown_kind(index: Index) -> None:
    with pytest.raises(QueryError):
        list_entities(index, "outlet")  # type: ignore[arg-type]


def test_list_entities_reflects_reindexing(index: Index) -> None:
    write_articles(index, [article("nodate", None, [
        quoted_para("nodate", 1, "Nothing quoted here at all, only a report.", None, [])])])
    assert [(v.value, v.count) for v in list_entities(index, "speaker")][0] == ("Ann Smallman", 2)


def test_speaker_quotes_in_date_order_undated_last(index: Index) -> None:
    profile = get_entity(index, "speaker", "Ann Smallman")
    # "late" runs the same quote as "early": one entry, the copy under also_in (#14).
    assert [(q.doc_id, q.published) for q in profile.quotes] == [
        ("early", "2023-01-15"), ("nodate", None)]
    assert (profile.folded, profile.folded_apart) == (1, 0)
    # The copy has the same words: one quote in quotes mode, so one here (#33).
    assert (profile.quote_count, profile.paragraph_count, profile.undated) == (2, 3, 1)
    assert profile.timeline == [("2023-01", 1), ("2023-06", 1)]
    assert [(r.value, r.count) for r in profile.roles] == [("council leader", 1)]  # one quote, two copies
    assert [i.value for i in profile.institutions] == ["City Council", "Health Trust"]


def test_speaker_quote_records_carry_citation_fields(index: Index) -> None:
    record = get_entity(index, "speaker", "Ann Smallman").quotes[0]
    assert (record.title, record.outlet, record.permalink) == ("Title early", "The Ledger",
                                                               "/doc/early?p=1#p1")
    assert record.institutions == ["City Council"]


def test_copies_of_a_quote_fold_into_the_first(index: Index) -> None:
    early, nodate = get_entity(index, "speaker", "Ann Smallman").quotes
    assert [s.doc_id for s in early.also_in] == ["late"]
    assert nodate.also_in == []


@pytest.mark.parametrize("name", ["ann smallman", "ANN  SMALLMAN"])
def test_name_falls_back_to_case_insensitive_match(index: Index, name: str) -> None:
    assert get_entity(index, "speaker", name).name == "Ann Smallman"


@pytest.mark.parametrize("name", ["Nobody Here", "", "x" * 1000, None])
def test_unknown_name_is_not_found(index: Index, name: object) -> None:
    with pytest.raises(NotFoundError):
        get_entity(index, "speaker", name)  # type: ignore[arg-type]


def test_institution_profile_splits_voices_for_and_about(index: Index) -> None:
    profile = get_entity(index, "institution", "City Council")
    assert profile.paragraph_count == 4
    assert profile.quote_count == 2  # Ann Smallman's copy counts once, as in quotes mode (#33)
    assert [v.value for v in profile.speakers_for] == ["Bob Jones"]
    assert [v.value for v in profile.speakers_about] == ["Ann Smallman"]
    assert profile.timeline == [("2023-01", 2), ("2023-06", 2)]
    assert profile.undated == 0


@pytest.fixture(scope="module")
def seeds() -> Index:
    idx = ram_index()
    summary = ingest_paths([SEEDS], idx, workers=1)
    assert summary.articles == 3
    return idx


def test_seed_speaker_page_lists_quotes_from_all_three_articles(seeds: Index) -> None:
    profile = get_entity(seeds, "speaker", "Mina Smallman")
    assert len({q.doc_id for q in profile.quotes}) == 3
    assert profile.undated == profile.quote_count + profile.reported_count  # the seeds carry no dates
    assert all(q.outlet is None for q in profile.quotes)  # never an invented outlet


@pytest.mark.parametrize("speaker, opening", [
    ("Mina Smallman", SORRY),
    ("Cressida Dick", "My thoughts and deepest sympathies are with the family"),
    ("Cressida Dick", "While we know that very sadly Nicola and Bibaa had been murdered"),
])
def test_seed_quote_copies_share_a_cluster(seeds: Index, speaker: str, opening: str) -> None:
    copies = [q for q in get_entity(seeds, "speaker", speaker).quotes if opening in q.text]
    assert len(copies) == 1  # one entry (#14), naming the other outlet's article
    (shown,) = copies
    assert len(shown.also_in) == 1 and shown.also_in[0].doc_id != shown.doc_id
