"""Quotes mode (issue #33): a search matches the words inside one quote
and filters on that same quote's speaker, kind and evidence.

Over a generated corpus whose paragraphs hold several quotes (direct and
partial ones with verbatim pieces, reported clauses), 30 queries x 10
speakers x kinds are checked against a Python scan of the extracted
quotes: the hits are exactly the quotes the scan finds, every facet value
shown, clicked, gives a total equal to its count, and the export holds
the same rows.  Some articles copy a paragraph of another, in another
outlet and on another date, its quotes by the same speakers (copies,
which fold into one hit and count once) or by another (which must not);
the scan groups quotes by speaker and words as written.  Paragraph mode
is checked against an index of the same articles without quote documents
(what the index held before them), and the pager of both modes against
its pages."""
from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections import defaultdict
from collections.abc import Iterator

import pytest

from onrecord.search import KIND_LABELS
from onrecord.search.engine import search
from onrecord.search.errors import QueryError
from onrecord.search.features.articleview import get_article
from onrecord.search.features.entities import list_entities
from onrecord.search.features.exporting import iter_export_rows
from onrecord.search.model import EVIDENCE, Article, Metadata, Paragraph, Quote, SearchRequest
from onrecord.search.query.docsets import hidden_docs
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.schema import paragraph_fields
from onrecord.search.storage.store import Index
from onrecord.search.writing import commits
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article
from tests.quotescan import Found, Where, all_hits, assert_exported, assert_folded, copy_groups, extracted, places, scan

SPEAKERS = ("Tony Blair", "Ian Blair", "Gordon Brown", "Nick Brown", "Ann Smallman",
            "Carl Reyes", "Jo Marsh", "Lee Park", "Sam Okafor", "Rita Vale")
INSTITUTIONS = ("Metropolitan Police", "Home Office", "Treasury", "NHS")
OUTLETS = ("The Ledger", "Daily Post", None)
WORDS = ("iraq war police budget cuts hospital beds minister plan council report school "
         "the of will not we it is told said blair brown").split()
KINDS = ("direct", "partial", "indirect")
# (query, scan): words (stemmed), common words, phrases, booleans with NOT,
# and field queries, each with the scan that finds the same quotes.
QUERIES = ("", "iraq", "war", "police", "budget", "cuts", "hospital", "beds", "minister",
           "plan", "council", "report", "school", "iraq war", "police budget", "we will not",
           '"told the"', '"iraq war"', '"the police"', "iraq OR school", "hospital OR beds",
           "cuts -police", "iraq NOT war", "budget AND NOT minister", "speaker:blair",
           "speaker:brown", "outlet:ledger", "institution:police", "iraq speaker:blair",
           "report OR council -cuts")
EVIDENCES: tuple[str, ...] = EVIDENCE


def generated_articles(count: int = 60, seed: int = 33, copies: int = 24) -> list[Article]:
    """Return articles whose paragraphs hold 0-3 quotes of distinct speakers:
    each a run of the paragraph's words, direct (one piece), partial (two
    pieces inside it) or reported (its clause), with a random evidence;
    then `copies` articles each copying a quoting paragraph of one of them
    (copied_article)."""
    rnd = random.Random(seed)
    articles = []
    for a in range(count):
        paragraphs, offset = [], 0
        for n in range(1, rnd.randint(1, 4) + 1):
            runs = [" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(3, 7)))
                    for _ in range(rnd.randint(2, 4))]
            text = ", ".join(runs).capitalize() + "."
            speakers = rnd.sample(SPEAKERS, min(len(runs) - 1, rnd.choice((0, 1, 2, 3))))
            quotes, at = [], 0
            for name, run in zip(speakers, runs[1:], strict=False):
                lo = text.index(run, at)
                hi = lo + len(run)
                at = hi
                kind = rnd.choice(KINDS)
                pieces: tuple[tuple[int, int], ...] = ()
                if kind == "direct":
                    pieces = ((offset + lo, offset + hi),)
                elif kind == "partial":
                    cut = text.index(" ", lo) if " " in run else hi
                    pieces = ((offset + lo, offset + cut),) if cut < hi else ((offset + lo, offset + hi),)
                    rest = text.find(" ", cut + 1)
                    if 0 < rest < hi:
                        pieces = (*pieces, (offset + rest + 1, offset + hi))
                quotes.append(Quote(text=run, start=offset + lo, end=offset + hi, kind=kind,
                                    speaker=name, evidence=rnd.choice(EVIDENCES), pieces=pieces))
            paragraphs.append(Paragraph(
                id=f"q{a}-p{n}", n=n, start=offset, end=offset + len(text), text=text,
                quotes=quotes, speakers=[q.speaker for q in quotes if q.speaker],
                institutions=rnd.sample(INSTITUTIONS, rnd.choice((0, 1, 2)))))
            offset += len(text) + 2
        published = (None if rnd.random() < 0.1 else
                     dt.date(2019, 1, 1) + dt.timedelta(days=rnd.randrange(4 * 365)))
        meta = Metadata(title=f"Iraq report {a}", outlet=rnd.choice(OUTLETS), published=published)
        articles.append(Article(id=f"q{a}", source=f"q{a}.txt", meta=meta, paragraphs=paragraphs,
                                text="\n\n".join(p.text for p in paragraphs)))
    quoting = [(a, p) for a in articles for p in a.paragraphs if p.quotes]
    for c in range(copies):
        articles.append(copied_article(f"c{c}", *rnd.choice(quoting), rnd))
    return articles


def copied_article(doc_id: str, source: Article, para: Paragraph, rnd: random.Random) -> Article:
    """Return an article of one paragraph copying `para` of `source`, in a
    random outlet and on a random date, each quote with a random evidence
    and one time in three said by another speaker (not a copy of it)."""
    shift = para.start
    quotes = [dataclasses.replace(
        q, start=q.start - shift, end=q.end - shift,
        pieces=tuple((lo - shift, hi - shift) for lo, hi in q.pieces),
        evidence=rnd.choice(EVIDENCES),
        speaker=(rnd.choice([s for s in SPEAKERS if s != q.speaker])
                 if rnd.random() < 1 / 3 else q.speaker)) for q in para.quotes]
    copy = Paragraph(id=f"{doc_id}-p1", n=1, start=0, end=len(para.text), text=para.text,
                     quotes=quotes, speakers=[q.speaker for q in quotes if q.speaker],
                     institutions=list(para.institutions))
    meta = Metadata(title=f"Copy {doc_id} of {source.id}", outlet=rnd.choice(OUTLETS),
                    published=dt.date(2019, 1, 1) + dt.timedelta(days=rnd.randrange(4 * 365)))
    return Article(id=doc_id, source=f"{doc_id}.txt", meta=meta, paragraphs=[copy],
                   text=para.text)


@pytest.fixture(scope="module")
def corpus() -> list[Article]:
    return generated_articles()


@pytest.fixture(scope="module")
def index(corpus: list[Article]) -> Iterator[Index]:
    idx = ram_index()
    write_articles(idx, corpus[:30])
    write_articles(idx, corpus[30:])  # two segments, copies in both
    yield idx
    idx.close()


def _expected(corpus: list[Article], query: str, speaker: str | None,
              kind: str | None) -> list[Found]:
    return [f for f in extracted(corpus)
            if (speaker is None or f.quote.speaker == speaker)
            and (kind is None or f.quote.kind == kind) and scan(f, query)]


def _every(corpus: list[Article]) -> dict[Where, Found]:
    return places(extracted(corpus))


@pytest.mark.parametrize("query", QUERIES)
def test_quotes_mode_finds_the_quotes_a_scan_finds(index: Index, corpus: list[Article],
                                                   query: str) -> None:
    for speaker in (None, *SPEAKERS):
        for kind in (None, *KINDS):
            request = SearchRequest(query=query, mode="quotes",
                                    speakers=(speaker,) if speaker else (),
                                    kinds=(KIND_LABELS[kind],) if kind else ())
            hits = all_hits(index, request)
            found = _expected(corpus, query, speaker, kind)
            assert_folded(hits, _every(corpus), found, (query, speaker, kind))
            assert len(hits) == search(index, request).total
            for hit in hits:
                assert hit.quote is not None and hit.quote in hit.quotes
                assert hit.quote["speaker"] == (speaker or hit.quote["speaker"])
                assert hit.paragraph_id == f"{hit.doc_id}-p{hit.n}"
            # Exports list every matching quote, copies too, a group a copy's.
            assert_exported(index, request, found, (query, speaker, kind))


@pytest.mark.parametrize("query", QUERIES[:12])
def test_every_quote_facet_count_is_the_total_after_clicking_it(index: Index, corpus: list[Article],
                                                               query: str) -> None:
    request = SearchRequest(query=query, mode="quotes")
    result = search(index, request)
    assert result.to_dict()["counts"] == "quotes" and result.to_dict()["mode"] == "quotes"
    # Copies count once: a speaker's or an outlet's count is its copy groups.
    found = _expected(corpus, query, None, None)
    for value in result.facets["speaker"]:
        assert value.count == len(copy_groups([f for f in found if f.quote.speaker == value.value]))
    for value in result.facets["outlet"]:
        assert value.count == len(copy_groups([f for f in found if f.outlet == value.value]))
    for name, values in result.facets.items():
        for value in values:
            if name == "year":
                year = int(value.value)
                clicked = dataclasses.replace(request, since=dt.date(year, 1, 1),
                                              until=dt.date(year, 12, 31))
            else:
                attr = {"speaker": "speakers", "kind": "kinds", "evidence": "evidences",
                        "institution": "institutions", "outlet": "outlets", "author": "authors"}[name]
                clicked = dataclasses.replace(request, **{attr: (value.value,)})
            assert search(index, clicked).total == value.count, (query, name, value)
    for bar in result.histogram:
        clicked = dataclasses.replace(request, since=bar.since, until=bar.until)
        assert search(index, clicked).total == bar.count, (query, bar)


def test_the_evidence_filter_keeps_quotes_known_that_way(index: Index, corpus: list[Article]) -> None:
    for evidence in EVIDENCES:
        hits = all_hits(index, SearchRequest(mode="quotes", evidences=(evidence,)))
        found = [f for f in extracted(corpus) if f.quote.evidence == evidence]
        assert_folded(hits, _every(corpus), found, evidence)


def test_the_corpus_holds_copies_and_quotes_of_the_same_words_by_others(
        corpus: list[Article]) -> None:
    groups = copy_groups(extracted(corpus))
    assert sum(len(members) > 1 for members in groups.values()) >= 10
    words: dict[str, set[str]] = defaultdict(set)
    for speaker, said in groups:
        words[said].add(speaker)
    assert sum(len(speakers) > 1 for speakers in words.values()) >= 5


@pytest.mark.parametrize("sort", ["oldest", "newest"])
def test_a_group_is_listed_at_its_first_member_by_the_date_sort(index: Index, sort: str) -> None:
    hits = all_hits(index, SearchRequest(mode="quotes", sort=sort))  # type: ignore[arg-type]
    folded = [h for h in hits if h.duplicates]
    assert folded
    for hit in folded:
        dates = [d.published for d in hit.duplicates if d.published]
        if hit.published is None:
            assert not dates  # undated sorts last
        elif dates:
            first = min(dates) if sort == "oldest" else max(dates)
            assert (hit.published <= first) if sort == "oldest" else (hit.published >= first)


def test_a_quote_hit_opens_at_its_quote(index: Index) -> None:
    hit = search(index, SearchRequest(query="iraq", mode="quotes")).hits[0]
    assert hit.quote is not None and hit.quote_permalink is not None
    assert hit.quote_permalink.startswith(hit.permalink + ":~:text=")
    data = hit.to_dict()
    assert data["quote"] == hit.quote and data["quote_permalink"] == hit.quote_permalink
    assert "<mark>" in hit.snippet
    paragraph = search(index, SearchRequest(query="iraq")).hits[0]
    assert paragraph.quote is None and paragraph.quote_permalink is None
    assert "quote" not in paragraph.to_dict() and "quote_permalink" not in paragraph.to_dict()


@pytest.mark.parametrize("words,fragment", [
    ("We will not go", ":~:text=We%20will%20not%20go"),
    ("“Cuts-and-beds, now”", ":~:text=Cuts%2Dand%2Dbeds%2C%20now"),
    ("one two three four five six seven eight nine & ten",
     ":~:text=one%20two%20three%20four,eight%20nine%20%26%20ten"),
])
def test_the_text_fragment_escapes_what_the_spec_reserves(words: str, fragment: str) -> None:
    from onrecord.search.answers import quote_fragment
    assert quote_fragment(words) == fragment


def test_an_unknown_mode_is_a_query_error(index: Index) -> None:
    with pytest.raises(QueryError, match="unknown mode"):
        search(index, SearchRequest(mode="sentences"))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def paragraphs_only(corpus: list[Article]) -> Iterator[Index]:
    """The same articles indexed as before quote documents: paragraphs only."""
    patch = pytest.MonkeyPatch()
    patch.setattr(commits, "unit_documents", lambda article, para, rev: [
        paragraph_fields(article, para, rev)])
    idx = ram_index()
    try:
        write_articles(idx, corpus[:30])
        write_articles(idx, corpus[30:])
    finally:
        patch.undo()
    yield idx
    idx.close()


def _answer(index: Index, request: SearchRequest) -> tuple[object, ...]:
    result = search(index, request)
    hits = all_hits(index, request)
    return (result.total, result.pages, [h.paragraph_id for h in hits],
            {k: [(v.value, v.count) for v in vs] for k, vs in result.facets.items()},
            [(b.label, b.count) for b in result.histogram])


def _scores(index: Index, request: SearchRequest) -> list[float]:
    return [h.score for h in all_hits(index, request)]


@pytest.mark.parametrize("query", QUERIES)
def test_paragraph_mode_answers_as_an_index_without_quote_documents(
        index: Index, paragraphs_only: Index, query: str) -> None:
    # Relevance order and scores too: BM25's statistics of paragraph fields
    # count paragraphs alone (search.storage.reading.searchers).
    for request in (SearchRequest(query=query), SearchRequest(query=query, sort="newest"),
                    SearchRequest(query=query, speakers=("Tony Blair",), kinds=("reported",)),
                    SearchRequest(query=query, quotes_only=True, verbatim=True)):
        assert _answer(index, request) == _answer(paragraphs_only, request), request
        assert _scores(index, request) == pytest.approx(_scores(paragraphs_only, request),
                                                        rel=1e-9), request
        rows = [list(iter_export_rows(idx, request, "quotes")) for idx in (index, paragraphs_only)]
        assert rows[0] == rows[1]


def test_paragraph_pages_entities_and_checks_ignore_quote_documents(
        index: Index, paragraphs_only: Index, corpus: list[Article]) -> None:
    for kind in ("speaker", "institution"):
        assert list_entities(index, kind) == list_entities(paragraphs_only, kind)
    for article in corpus[:10]:
        shown = get_article(index, article.id, "iraq")
        assert [p.n for p in shown.paragraphs] == [p.n for p in article.paragraphs]
        assert shown.term_spans == get_article(paragraphs_only, article.id, "iraq").term_spans
    assert index.doc_count() == paragraphs_only.doc_count()  # paragraphs, not quotes


@pytest.mark.parametrize("mode", ["paragraphs", "quotes"])
def test_every_page_the_pager_links_has_hits(index: Index, mode: str) -> None:
    for query in QUERIES[:20]:
        first = search(index, SearchRequest(query=query, mode=mode, per_page=3))  # type: ignore[arg-type]
        assert first.pages == 1 or first.total > 0  # no match: page 1 alone, saying so
        for page in range(1, first.pages + 1):
            shown = search(index, SearchRequest(query=query, mode=mode, per_page=3, page=page))  # type: ignore[arg-type]
            assert shown.hits or shown.total == 0, (query, mode, page)


def test_a_segments_hidden_documents_are_read_once_and_follow_its_deletions() -> None:
    """Paragraph units leave out quote documents and deleted ones: read once
    per segment reader (half a search's time when read per search), and a
    later commit's deletions are seen by that commit's readers."""
    idx = ram_index()
    article = make_article("a1", [("Ann said it.", "it")], speaker="Ann Vole")
    write_articles(idx, [article])
    with idx.reading() as searcher:
        leaf = searcher.reader().leaf_readers()[0][0]
        assert hidden_docs(leaf) is hidden_docs(leaf) and len(hidden_docs(leaf)) == 1  # the quote
    write_articles(idx, [make_article("a1", [("Ann said that.", "that")], speaker="Ann Vole")])
    assert search(idx, SearchRequest(query="said")).total == 1
    assert [h.text for h in search(idx, SearchRequest(query="said")).hits] == ["Ann said that."]
