"""Quotes mode over the BBC corpus (issue #33): the brute-force check of
tests/search/test_quotes_mode.py on real text.  The 2,225 articles are
extracted as `onrecord index` does and written to an in-memory index; for
30 queries of the corpus's own words x its 10 most quoted speakers (and
none) x each kind (and none), the hits are the copy groups a scan of the
extracted quotes finds (tests/quotescan.py), the export holds exactly the
scanned quotes, and a seeded sample of the facet values and histogram bars
shown gives, clicked, a total equal to its count.  With no query, the total
counts every copy group and the export holds every quote."""
from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from onrecord.indexer.extraction import extract_file
from onrecord.search import KIND_LABELS
from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.model import Article, SearchRequest, SearchResult
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.quotescan import (
    Found,
    Where,
    assert_exported,
    assert_folded,
    copy_groups,
    extracted,
    places,
    scan,
    search_all,
)

pytestmark = pytest.mark.slow

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "bbc"
KINDS = ("direct", "partial", "indirect")
# Common and rare words, two- and three-word phrases, booleans, field
# queries; each matches some quote of the corpus (checked below).
# The empty query (every quote) pages through 13,000-odd hits 100 at a time
# (each page forms the groups before it again): 44 s of a 3m28s run under
# load; it has its own cheaper test below.
QUERIES = ("will", "we", "not", "people", "government", "election", "tax", "music", "film",
           "mobile", "iraq", "chelsea", "broadband", "hunting", "piracy",
           '"prime minister"', '"general election"', '"i think"', '"the government"',
           '"we will not"', "it is", "people years", "tax OR economy", "music OR film -award",
           "iraq -war", "election AND NOT labour", "government NOT tax", "speaker:blair",
           "iraq speaker:blair", "institution:police")
FACET_SAMPLE = 1  # facet values or histogram bars clicked per request
FILTERS = {"speaker": "speakers", "kind": "kinds", "evidence": "evidences",
           "institution": "institutions", "outlet": "outlets", "author": "authors"}


@dataclasses.dataclass(frozen=True)
class Bbc:
    """The indexed corpus and its extracted quotes."""

    index: Index
    found: list[Found]
    every: dict[Where, Found]
    speakers: tuple[str, ...]  # the 10 most quoted


def bbc_articles() -> list[Article]:
    """Return the corpus's articles as an ingest writes them: an article
    met again (the same text, so the same id) is written once."""
    if not CORPUS.is_dir():
        pytest.fail(f"the BBC corpus is missing: expected its 2,225 .txt files under {CORPUS}")
    articles: dict[str, Article] = {}
    for path in sorted(CORPUS.rglob("*.txt")):
        for article in extract_file(path):
            articles.setdefault(article.id, article)
    return list(articles.values())


@pytest.fixture(scope="module")
def bbc() -> Iterator[Bbc]:
    articles = bbc_articles()
    # Every hit is paged through, the unfiltered query's 12,000-odd too; no
    # time budget, so a loaded machine cannot cut a search short (a partial
    # result is test_deadline's subject, not this scan's).
    index = ram_index(Config(max_result_window=50_000, query_timeout=None))
    write_articles(index, articles)
    found = extracted(articles)
    counts = Counter(f.quote.speaker for f in found if f.quote.speaker)
    yield Bbc(index, found, places(found),
              tuple(name for name, _ in counts.most_common(10)))
    index.close()


def clicked(request: SearchRequest, facet: str, value: str) -> SearchRequest:
    """Return `request` with the facet value clicked (a year: its dates)."""
    if facet == "year":
        year = int(value)
        return dataclasses.replace(request, since=dt.date(year, 1, 1), until=dt.date(year, 12, 31))
    return dataclasses.replace(request, **{FILTERS[facet]: (value,)})


def assert_sampled_counts(index: Index, request: SearchRequest, result: SearchResult,
                          rnd: random.Random) -> None:
    """A seeded sample of the facet values and histogram bars shown: each
    count is the total after clicking it."""
    shown = [(clicked(request, name, v.value), v.count, (name, v.value))
             for name, values in result.facets.items() for v in values]
    shown += [(dataclasses.replace(request, since=bar.since, until=bar.until), bar.count, bar.label)
              for bar in result.histogram]
    for click, count, what in rnd.sample(shown, min(FACET_SAMPLE, len(shown))):
        assert search(index, click).total == count, (request, what)


@pytest.mark.parametrize("query", QUERIES)
def test_bbc_quotes_mode_finds_the_quotes_a_scan_finds(bbc: Bbc, query: str) -> None:
    matched = [f for f in bbc.found if scan(f, query)]
    assert matched, query  # every query finds something in the corpus
    rnd = random.Random(query)
    for speaker in (None, *bbc.speakers):
        for kind in (None, *KINDS):
            found = [f for f in matched if (speaker is None or f.quote.speaker == speaker)
                     and (kind is None or f.quote.kind == kind)]
            request = SearchRequest(query=query, mode="quotes",
                                    speakers=(speaker,) if speaker else (),
                                    kinds=(KIND_LABELS[kind],) if kind else ())
            context = (query, speaker, kind)
            result, hits = search_all(bbc.index, request)
            assert_folded(hits, bbc.every, found, context)
            assert result.total == len(hits), context
            assert_exported(bbc.index, request, found, context)
            assert_sampled_counts(bbc.index, request, result, rnd)


def test_bbc_quotes_mode_counts_and_exports_every_quote(bbc: Bbc) -> None:
    request = SearchRequest(mode="quotes")
    assert search(bbc.index, request).total == len(copy_groups(bbc.found))
    assert_exported(bbc.index, request, bbc.found, "every quote")
