"""Facet counts a reporter can click (issue #10): over a generated corpus
whose speakers, institutions, outlets and authors clash on words ("Tony
Blair", "Ian Blair" and a bare "Blair"; "Police" and "Metropolitan Police"),
every facet value shown on the search page, for 24 queries, is clicked
through the test client and the total after the click must equal the count
shown beside it.  The totals are also checked against a brute-force scan of
the generated paragraphs for the empty query.  Each speaker's quote is
verbatim, partial or reported (issue #32), and every check runs with the
verbatim switch off and on: on, the speaker facet and quotes_only count
verbatim and partial quotes only."""
from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search import KIND_LABELS
from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.features.exporting import iter_export_rows
from onrecord.search.model import Article, Metadata, Paragraph, Quote, QuoteKind, SearchRequest
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app

SPEAKERS = ("Tony Blair", "Ian Blair", "Blair", "Gordon Brown", "Nick Brown", "Brown",
            "Ann Smallman", "Carl Reyes")
INSTITUTIONS = ("Metropolitan Police", "Police", "Home Office", "Office", "Treasury")
OUTLETS = ("The Ledger", "Ledger", "Daily Post", None)
AUTHORS = ("Jo Reed", "Sam Hill", "Jo Reed, Sam Hill", None)
WORDS = ("police budget the of will not told minister plan cuts hospital beds we it is "
         "one report council said blair brown office").split()
QUERIES = ("", "police", "budget", "the", "we will not", '"told the"', "blair", "brown",
           "office", "minister plan", "hospital OR beds", "cuts -police", "speaker:blair",
           "council", "report", '"the police"', "it is", "one", "plan", "beds",
           "institution:police", "outlet:ledger", "said", "not")
KINDS: tuple[QuoteKind, ...] = ("direct", "partial", "indirect")
# The verbatim switch off and on, as URL parameters.
SWITCHES = ("", "&verbatim=1")


def generated_articles(count: int = 80, seed: int = 10) -> list[Article]:
    """Return `count` articles of 1-5 paragraphs with random words, speakers
    (each with a quote of the whole paragraph, of a random kind),
    institutions, outlet, author and date (2019-2023, some undated)."""
    rnd = random.Random(seed)
    articles = []
    for a in range(count):
        paragraphs, offset = [], 0
        for n in range(1, rnd.randint(1, 5) + 1):
            text = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(4, 14))).capitalize() + "."
            speakers = rnd.sample(SPEAKERS, rnd.choice((0, 0, 1, 2)))
            quotes = [Quote(text=text, start=offset, end=offset + len(text), kind=rnd.choice(KINDS),
                            speaker=name) for name in speakers]
            paragraphs.append(Paragraph(
                id=f"g{a}-p{n}", n=n, start=offset, end=offset + len(text), text=text,
                quotes=quotes, speakers=speakers,
                institutions=rnd.sample(INSTITUTIONS, rnd.choice((0, 1, 2)))))
            offset += len(text) + 2
        published = (None if rnd.random() < 0.1 else
                     dt.date(2019, 1, 1) + dt.timedelta(days=rnd.randrange(5 * 365)))
        meta = Metadata(title=f"Report {a}", outlet=rnd.choice(OUTLETS),
                        author=rnd.choice(AUTHORS), published=published)
        articles.append(Article(id=f"g{a}", source=f"g{a}.txt", meta=meta, paragraphs=paragraphs,
                                text="\n\n".join(p.text for p in paragraphs)))
    return articles


@pytest.fixture(scope="module")
def corpus() -> list[Article]:
    return generated_articles()


@pytest.fixture(scope="module")
def index(corpus: list[Article]) -> Iterator[Index]:
    idx = ram_index(Config(query_timeout=None))
    write_articles(idx, corpus)
    yield idx
    idx.close()


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    # These tests check counts, not the deadline (query_timeout): on a loaded machine a
    # search cut by it returns what it has, and its counts would differ from a click's.
    return create_app(index=index, config=Config(query_timeout=None)).test_client()


def shown_values(client: FlaskClient, url: str) -> list[tuple[str, str, int, str]]:
    """Return (facet, value, count shown, link) for every unselected facet
    value on the search page at `url`."""
    response = client.get(url)
    assert response.status_code == 200, url
    page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    found = []
    for section in page.select("section.facet"):
        facet = next(c[len("facet-"):] for c in section["class"] if c.startswith("facet-"))
        for link in section.select("a.facet-link"):
            if "active" in link.get("class", []):
                continue
            found.append((facet, link.select_one(".facet-value").get_text(),
                          int(link.select_one(".count").get_text().replace(",", "")), link["href"]))
    return found


def total_at(client: FlaskClient, link: str) -> int:
    """Return the total of the API answer for the search page link `link`."""
    query = urlsplit(str(link)).query
    data = client.get(f"/api/search?{query}").get_json()
    assert data is not None and "total" in data, link
    return int(data["total"])


@pytest.mark.parametrize("switch", SWITCHES)
@pytest.mark.parametrize("query", QUERIES)
def test_every_facet_value_shown_counts_what_clicking_it_gives(client: FlaskClient, query: str,
                                                              switch: str) -> None:
    url = "/?" + (f"q={query}" if query else "") + switch
    values = shown_values(client, url)
    assert values or query in ("",), f"no facet values for {query!r}"
    wrong = [(facet, value, count, total_at(client, link)) for facet, value, count, link in values]
    wrong = [w for w in wrong if w[2] != w[3]]
    assert not wrong, f"(facet, value, shown, after click) for {query!r}: {wrong}"


@pytest.mark.parametrize("switch", [*SWITCHES, "&quotes_only=1", "&quotes_only=1&verbatim=1"])
@pytest.mark.parametrize("query, selected", [
    ("", "speaker=Tony+Blair"), ("police", "outlet=Ledger"), ("the", "institution=Police"),
    ("", "author=Jo+Reed"), ("budget", "speaker=Blair"), ("", "kind=reported"),
    ("police", "kind=partial"),
])
def test_counts_beside_other_facets_hold_under_a_selection(client: FlaskClient, query: str,
                                                           selected: str, switch: str) -> None:
    """With one facet selected, a value of ANOTHER facet adds an AND: its
    count is again the total after clicking it."""
    picked = selected.split("=")[0]
    values = [v for v in shown_values(client, f"/?q={query}&{selected}{switch}") if v[0] != picked]
    assert values
    wrong = [(f, v, c, total_at(client, link)) for f, v, c, link in values]
    assert not [w for w in wrong if w[2] != w[3]]


def brute_count(corpus: list[Article], facet: str, value: str, verbatim: bool = False) -> int:
    """Return how many paragraphs of `corpus` have facet `facet` = `value`
    exactly, scanning the generated data (a speaker, under `verbatim`, by
    their direct and partial quotes only)."""
    def holds(article: Article, para: Paragraph) -> bool:
        meta = article.meta
        quoted = {q.speaker for q in para.quotes if not verbatim or q.kind != "indirect"}
        return {"speaker": value in para.speakers and value in quoted,
                "kind": value in {KIND_LABELS[q.kind] for q in para.quotes},
                "institution": value in para.institutions,
                "outlet": meta.outlet == value,
                "author": value in [a.strip() for a in (meta.author or "").split(",")],
                "year": meta.published is not None and str(meta.published.year) == value}[facet]
    return sum(holds(a, p) for a in corpus for p in a.paragraphs)


@pytest.mark.parametrize("verbatim", [False, True])
def test_empty_query_counts_equal_a_brute_force_scan(client: FlaskClient, corpus: list[Article],
                                                     verbatim: bool) -> None:
    values = shown_values(client, "/?verbatim=1" if verbatim else "/")
    assert {facet for facet, *_ in values} == {"speaker", "kind", "institution", "outlet", "author",
                                               "year"}
    assert {value for facet, value, *_ in values if facet == "kind"} == {"verbatim", "partial",
                                                                         "reported"}
    for facet, value, count, _link in values:
        assert count == brute_count(corpus, facet, value, verbatim), (facet, value)


@pytest.mark.parametrize("verbatim", [False, True])
def test_quotes_only_counts_reported_speech_unless_verbatim(index: Index, corpus: list[Article],
                                                            verbatim: bool) -> None:
    """A paragraph whose only quote is reported has quotes; under the
    verbatim switch it has none, and its reporter is not its speaker."""
    kept = {"direct", "partial"} if verbatim else set(KINDS)
    expected = sum(any(q.kind in kept for q in p.quotes) for a in corpus for p in a.paragraphs)
    only_reported = sum(bool(p.quotes) and all(q.kind == "indirect" for q in p.quotes)
                        for a in corpus for p in a.paragraphs)
    assert only_reported, "the corpus needs paragraphs quoting reported speech only"
    assert search(index, SearchRequest(quotes_only=True, verbatim=verbatim)).total == expected
    for name in ("Tony Blair", "Ann Smallman"):
        total = search(index, SearchRequest(speakers=(name,), verbatim=verbatim)).total
        assert total == brute_count(corpus, "speaker", name, verbatim) > 0


@pytest.mark.parametrize("facet, value, other", [
    ("speakers", "Blair", "Tony Blair"), ("speakers", "Brown", "Gordon Brown"),
    ("institutions", "Police", "Metropolitan Police"), ("outlets", "Ledger", "The Ledger"),
])
def test_a_bare_surname_or_word_is_its_own_value(index: Index, corpus: list[Article], facet: str,
                                                  value: str, other: str) -> None:
    """"Blair" filters on the value "Blair", not on a word of "Tony Blair"."""
    name = {"speakers": "speaker", "institutions": "institution", "outlets": "outlet"}[facet]
    result = search(index, SearchRequest(**{facet: (value,)}))  # type: ignore[arg-type]
    assert result.total == brute_count(corpus, name, value)
    both = search(index, SearchRequest(**{facet: (value, other)}))  # type: ignore[arg-type]
    assert both.total == len({p.id for a in corpus for p in a.paragraphs
                              if {"speaker": set(p.speakers), "institution": set(p.institutions),
                                  "outlet": {a.meta.outlet}}[name] & {value, other}})


def test_an_excluded_value_leaves_out_exactly_its_paragraphs(index: Index, corpus: list[Article]) -> None:
    every = search(index, SearchRequest()).total
    result = search(index, SearchRequest(excluded=(("speaker", "Blair"),)))
    assert result.total == every - brute_count(corpus, "speaker", "Blair")
    listed = {v.value: v.count for v in result.facets["speaker"]}
    assert listed["Blair"] == brute_count(corpus, "speaker", "Blair")  # still shown, to re-include


def test_a_typed_value_matches_its_facet_value_ignoring_case(index: Index, corpus: list[Article]) -> None:
    assert (search(index, SearchRequest(speakers=("tony blair",))).total
            == brute_count(corpus, "speaker", "Tony Blair"))


def test_a_selected_value_keeps_its_count_when_the_filter_box_leaves_it_out(
        index: Index, corpus: list[Article]) -> None:
    result = search(index, SearchRequest(speakers=("Tony Blair",), facet_all="speaker",
                                         facet_filter="brown"))
    listed = {v.value: v.count for v in result.facets["speaker"]}
    assert listed["Tony Blair"] == brute_count(corpus, "speaker", "Tony Blair")
    assert {"Gordon Brown", "Nick Brown", "Brown"} <= set(listed)
    assert result.facet_sizes["speaker"] == 3  # the values containing "brown"


def test_an_export_resolves_a_typed_value_like_the_search(index: Index) -> None:
    typed = SearchRequest(speakers=("tony blair",))
    exact = search(index, SearchRequest(speakers=("Tony Blair",))).total
    rows = list(iter_export_rows(index, typed, "paragraphs"))
    assert len(rows) == exact > 0
