"""Tests of the web side of entity pages and quote clusters: the timeline
chart geometry, the "also in" links, the speaker/institution pages over a
small in-memory index and over the seeds, and entity links on the search
and article pages."""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote, urlsplit

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import engine
from onrecord.search.config import Config
from onrecord.search.features.entities import get_entity, list_entities
from onrecord.search.model import Article, Mention, Metadata, Quote, SearchRequest, Sighting
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from onrecord.web.pages.also_in import UNKNOWN_OUTLET, build_cluster, earliest, sighting_label
from onrecord.web.pages.charts import MAX_X_LABELS, build_timeline, month_range, parse_month
from tests.factories import indexed, make_article

EVIL = '<script>alert(1)</script>" onmouseover="x'
SEEDS = Path(__file__).resolve().parents[3] / "seeds"
SORRY = '"Sorry is something you say when you mean it,"'


# --------------------------------------------------------------- fixtures

def add_quote(article: Article, n: int, quoted: str, speaker: str, role: str | None = None,
              institutions: tuple[str, ...] = ()) -> None:
    """Attach a quote by `speaker` (named right after it) to paragraph `n`."""
    para = article.paragraphs[n - 1]
    start = para.start + para.text.index(quoted)
    who = para.start + para.text.index(speaker)
    para.quotes.append(Quote(text=quoted, start=start, end=start + len(quoted), speaker=speaker,
                             speaker_mention=Mention(speaker, who, who + len(speaker)), cue="said", role=role))
    para.speakers.append(speaker)
    para.institutions.extend(institutions)


def entity_articles() -> list[Article]:
    met = make_article("met", [f"{SORRY} said Mina Smallman about the police.",
                               '"We failed," said Cressida Dick of the force.'],
                       meta=Metadata(title="Mother rejects apology", outlet="Kent Gazette",
                                     url="https://example.org/met", published=dt.date(2021, 4, 15)))
    add_quote(met, 1, SORRY, "Mina Smallman", "mother", ("Metropolitan Police Service",))
    add_quote(met, 2, '"We failed,"', "Cressida Dick", "Metropolitan Police Commissioner",
              ("Metropolitan Police Service",))
    early = make_article("early", ['"They did not look," said Mina Smallman in June.'],
                         meta=Metadata(title="Sisters missing", outlet="City Herald", published=dt.date(2020, 6, 10)))
    add_quote(early, 1, '"They did not look,"', "Mina Smallman", "mother", ("Metropolitan Police Service",))
    undated = make_article("undated", ['"It becomes a joke," said Mina Smallman.'], meta=Metadata())
    add_quote(undated, 1, '"It becomes a joke,"', "Mina Smallman")
    slash = make_article("slash", ['"Loud," said Ann Bo of AC/DC Ltd.'],
                         meta=Metadata(title="Band", published=dt.date(2019, 1, 2)))
    add_quote(slash, 1, '"Loud,"', "Ann Bo", "singer", ("AC/DC Ltd",))
    evil = make_article("evil", [f'"Nothing {EVIL}," said {EVIL}.'],
                        meta=Metadata(title=EVIL, outlet=EVIL, published=dt.date(2019, 5, 5)))
    add_quote(evil, 1, f'"Nothing {EVIL},"', EVIL, EVIL, (EVIL,))
    return [met, early, undated, slash, evil]


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed(entity_articles())


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    return create_app(index=index, config=Config(per_page=10)).test_client()


@pytest.fixture(scope="module")
def seeds_client() -> FlaskClient:
    idx = ram_index()
    ingest_paths([SEEDS], idx)
    return create_app(index=idx, config=Config(per_page=10)).test_client()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def assert_no_script(html: str) -> None:
    """Only the external app.js may be a <script>; no on* attributes."""
    soup = BeautifulSoup(html, "html.parser")
    assert [(s.get("src"), s.get_text()) for s in soup.find_all("script")] == [("/static/app.js", "")]
    for tag in soup.find_all(True):
        assert not [name for name in tag.attrs if name.lower().startswith("on")], tag


# --------------------------------------------------------------- charts

@pytest.mark.parametrize("value, expected", [
    ("2020-06", (2020, 6)), ("2020-13", None), ("2020", None), ("20-xx", None), ("0000-01", None),
])
def test_parse_month(value: str, expected: tuple[int, int] | None) -> None:
    assert parse_month(value) == expected


def test_month_range_crosses_years() -> None:
    assert month_range((2020, 11), (2021, 2)) == [(2020, 11), (2020, 12), (2021, 1), (2021, 2)]


def test_timeline_fills_gaps_and_scales_bars() -> None:
    chart = build_timeline([("2020-01", 2), ("2020-04", 4), ("bogus", 9)], "quote")
    assert chart is not None
    assert [(b.month, b.count) for b in chart.bars] == [("2020-01", 2), ("2020-04", 4)]
    low, high = chart.bars
    assert high.height == pytest.approx(2 * low.height)
    assert high.y + high.height == pytest.approx(chart.baseline)
    # Four month slots (Jan..Apr): the April bar sits three slots right of January's.
    assert (high.x - low.x) == pytest.approx(3 * (chart.plot_right - chart.plot_left) / 4, abs=0.05)
    assert high.tooltip == "April 2020: 4 quotes" and low.tooltip == "January 2020: 2 quotes"
    assert [t.text for t in chart.x_ticks] == ["Jan 2020", "Feb 2020", "Mar 2020", "Apr 2020"]
    assert [t.text for t in chart.y_ticks] == ["0", "2", "4"]
    assert chart.label == "6 quotes per month, January 2020 to April 2020; most in April 2020 (4)."


@pytest.mark.parametrize("timeline", [[], [("2020-01", 0)], [("nonsense", 3)]])
def test_timeline_none_without_dated_counts(timeline: list[tuple[str, int]]) -> None:
    assert build_timeline(timeline) is None


def test_timeline_long_span_labels_years_sparingly() -> None:
    chart = build_timeline([("1990-03", 1), ("2024-11", 1)], "paragraph")
    assert chart is not None and len(chart.x_ticks) <= MAX_X_LABELS
    assert all(t.text.isdigit() for t in chart.x_ticks)
    assert chart.bars[0].tooltip == "March 1990: 1 paragraph"
    assert all(chart.plot_left <= b.x and b.x + b.width <= chart.plot_right for b in chart.bars)


# --------------------------------------------------------------- clusters

@pytest.mark.parametrize("dates, expected", [
    (["2021-01-02", "2020-01-01"], 1),
    (["2020-01-01", "2021-01-02", None], 0),
    (["2020-01-01", "2020-01-01"], None),  # tie: nobody was first
    (["2020-01-01", None], None),  # one date: nothing to compare
    ([None, None], None),
])
def test_earliest(dates: list[str | None], expected: int | None) -> None:
    assert earliest(dates) == expected


@pytest.mark.parametrize("outlet, title, label", [
    ("BBC", "Story", "BBC"), (None, "Story", "Story"), ("  ", None, UNKNOWN_OUTLET), (None, None, UNKNOWN_OUTLET),
])
def test_sighting_label_never_invents_an_outlet(outlet: str | None, title: str | None, label: str) -> None:
    assert sighting_label(outlet, title) == label


def test_build_cluster_links_and_first() -> None:
    sightings = [Sighting("b", 2, "Later story", "BBC", "2021-05-01"),
                 {"doc_id": "c", "n": 7, "title": None, "outlet": None, "published": "2020-01-01"}]
    cluster = build_cluster("2021-04-01", sightings, query="sorry")
    assert [(link.label, link.first) for link in cluster.links] == [("BBC", False), (UNKNOWN_OUTLET, True)]
    assert cluster.links[1].href == "/doc/c?q=sorry&p=7#p7"
    assert not cluster.self_first
    assert build_cluster("2019-01-01", sightings).self_first


# --------------------------------------------------------------- index pages

@pytest.mark.parametrize("kind", ["speaker", "institution"])
def test_index_page_lists_every_entity_with_counts(client: FlaskClient, index: Index, kind: str) -> None:
    response = client.get(f"/{kind}s")
    assert response.status_code == 200
    rows = soup_of(response).select("#entity-list li")
    shown = [(unquote(urlsplit(li.a["href"]).path), li.a.get_text(), li.select_one(".count").get_text())
             for li in rows]
    expected = [(f"/{kind}/{fv.value}", fv.value, str(fv.count)) for fv in list_entities(index, kind)]
    assert shown == expected and shown
    assert soup_of(response).select_one("input#entity-filter")


def test_index_links_are_percent_encoded(client: FlaskClient) -> None:
    hrefs = [a["href"] for a in soup_of(client.get("/institutions")).select("#entity-list a")]
    assert "/institution/AC%2FDC%20Ltd" in hrefs  # "/" too: a name is one segment
    assert all(" " not in h and "<" not in h for h in hrefs)


# --------------------------------------------------------------- profiles

def test_speaker_page_quotes_in_date_order_undated_last(client: FlaskClient) -> None:
    response = client.get("/speaker/Mina%20Smallman")
    assert response.status_code == 200
    soup = soup_of(response)
    assert soup.select_one("h1").get_text() == "Mina Smallman"
    assert soup.select_one(".quote-count").get_text() == "3"
    assert "mother" in soup.select_one(".roles").get_text()
    quotes = soup.select("li.entity-quote")
    dates = [q.select_one("time")["datetime"] if q.select_one("time") else None for q in quotes]
    assert dates == ["2020-06-10", "2021-04-15", None]
    assert quotes[-1].select_one(".undated.badge").get_text() == "undated"
    assert quotes[-1].select_one(".outlet").get_text() == "unknown outlet"
    assert [q.select_one(".outlet").get_text() for q in quotes[:2]] == ["City Herald", "Kent Gazette"]
    hrefs = [q.select_one("a.permalink")["href"] for q in quotes]
    assert hrefs == ["/doc/early?p=1#p1", "/doc/met?p=1#p1", "/doc/undated?p=1#p1"]
    inst = soup.select_one(".related-institutions a")
    assert (inst.get_text(), inst["href"]) == ("Metropolitan Police Service", "/institution/Metropolitan%20Police%20Service")


def test_speaker_page_timeline_svg(client: FlaskClient, index: Index) -> None:
    soup = soup_of(client.get("/speaker/Mina%20Smallman"))
    svg = soup.select_one("svg.timeline")
    assert svg["role"] == "img" and "2 quotes per month" in svg["aria-label"]
    assert svg.find("title").get_text() == svg["aria-label"]
    bars = svg.select("rect.bar")
    profile = get_entity(index, "speaker", "Mina Smallman")
    assert [(b["data-month"], b["data-count"]) for b in bars] == [(m, str(c)) for m, c in profile.timeline]
    assert [b.find("title").get_text() for b in bars] == ["June 2020: 1 quote", "April 2021: 1 quote"]
    assert svg.select("text.x-label") and svg.select("text.y-label")
    assert "1 undated quote" in soup.select_one(".undated-note").get_text()


def test_institution_page_voices_and_chart(client: FlaskClient) -> None:
    soup = soup_of(client.get("/institution/Metropolitan%20Police%20Service"))
    assert soup.select_one("h1").get_text() == "Metropolitan Police Service"
    voices = [a.get_text() for a in soup.select(".related-speakers-for a")]
    about = [a.get_text() for a in soup.select(".related-speakers-about a")]
    assert voices == ["Cressida Dick"] and about == ["Mina Smallman"]
    assert soup.select_one(".related-speakers-for a")["href"] == "/speaker/Cressida%20Dick"
    assert "paragraphs per month" in soup.select_one("svg.timeline")["aria-label"]
    search = soup.select_one("a.search-entity")["href"]
    assert parse_qs(urlsplit(search).query)["institution"] == ["Metropolitan Police Service"]


def test_other_case_redirects_to_canonical_name(client: FlaskClient) -> None:
    response = client.get("/speaker/mina%20SMALLMAN")
    assert response.status_code == 301 and response.headers["Location"] == "/speaker/Mina%20Smallman"


@pytest.mark.parametrize("path", ["/institution/AC/DC%20Ltd", "/speaker/Mina%20Smallman", "/speaker/Ann%20Bo"])
def test_awkward_names_resolve(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert soup_of(response).select_one("h1").get_text().lower() == unquote(path.split("/", 2)[2]).lower()


@pytest.mark.parametrize("path", ["/speaker/Nobody%20Here", "/institution/Nowhere", "/speaker/%20",
                                  "/speaker/" + "x" * 400, "/speaker/Metropolitan%20Police%20Service"])
def test_unknown_entity_is_404_page(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert soup_of(response).select_one(".error-page h1")


@pytest.mark.parametrize("path", ["/speakers", "/institutions", "/speaker/" + quote(EVIL, safe=""),
                                  "/institution/" + quote(EVIL, safe=""), "/?q=nothing", "/doc/evil?p=1"])
def test_entity_names_are_escaped(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert_no_script(html)
    assert EVIL not in html  # only its escaped form


def test_evil_speaker_page_shows_text(client: FlaskClient) -> None:
    soup = soup_of(client.get("/speaker/" + quote(EVIL, safe="")))
    assert soup.select_one("h1").get_text() == EVIL
    assert EVIL in soup.select_one("button.copy-citation")["data-citation"]


# --------------------------------------------------------------- links elsewhere

def test_hits_link_entities_and_keep_filter_links(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=failed&sort=newest"))
    hit = soup.select_one("li.hit")
    assert hit.select_one(".attribution a.speaker-link")["href"] == "/speaker/Cressida%20Dick"
    pair = hit.select_one(".tag-pair")
    assert parse_qs(urlsplit(pair.select_one("a.tag.speaker")["href"]).query)["speaker"] == ["Cressida Dick"]
    assert pair.select_one("a.profile-link")["href"] == "/speaker/Cressida%20Dick"


def test_facet_profile_links_and_toggles_keep_state(client: FlaskClient) -> None:
    url = "/?q=said&sort=oldest&since=2019-01-01&quotes_only=1&outlet=Kent+Gazette&per_page=3"
    soup = soup_of(client.get(url))
    toggle = soup.select_one(".facet-speaker a")
    assert "facet-link" in toggle["class"]
    params = parse_qs(urlsplit(toggle["href"]).query)
    assert params["q"] == ["said"] and params["sort"] == ["oldest"] and params["since"] == ["2019-01-01"]
    assert params["quotes_only"] == ["1"] and params["outlet"] == ["Kent Gazette"] and params["per_page"] == ["3"]
    assert params["speaker"] == [toggle.select_one(".facet-value").get_text()]
    profile = soup.select_one(".facet-institution a.profile-link")
    assert profile["href"].startswith("/institution/")


def test_article_page_links_entities(client: FlaskClient) -> None:
    soup = soup_of(client.get("/doc/met"))
    assert [a["href"] for a in soup.select(".doc-speakers a")] == ["/speaker/Mina%20Smallman", "/speaker/Cressida%20Dick"]
    assert [a.get_text() for a in soup.select(".doc-institutions a")] == ["Metropolitan Police Service"]


def test_hit_also_in_and_duplicates_render(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine.search

    def clustered(index: Index, req: SearchRequest, *args, **kwargs):
        result = real(index, req, *args, **kwargs)
        hit = result.hits[0]
        hit.also_in = [Sighting("early", 1, "Sisters missing", None, "2020-06-10"),
                       Sighting("undated", 1, None, None, None)]
        hit.duplicates = [Sighting("copy", 3, "Copy story", "Wire", "2021-04-16")]
        hit.quotes[0]["also_in"] = [Sighting("early", 1, "Sisters missing", "City Herald", "2020-06-10").to_dict()]
        return result

    monkeypatch.setattr(engine, "search", clustered)
    hit = soup_of(client.get("/?q=sorry")).select_one("li.hit")
    line = hit.select(".also-in")[-1]
    assert [a.get_text() for a in line.select("a")] == ["Sisters missing", UNKNOWN_OUTLET]
    assert line.select_one("a")["href"] == "/doc/early?q=sorry&p=1#p1"
    assert "first" in line.get_text()  # 2020-06-10 beat this hit's 2021-04-15
    quote_line = hit.select_one(".hit-quote .also-in")
    assert quote_line.select_one("a").get_text() == "City Herald"
    details = hit.select_one("details.duplicates")
    assert details.summary.get_text() == "1 similar paragraph"
    assert details.select_one("a")["href"] == "/doc/copy?q=sorry&p=3#p3"
    assert "Wire" in details.get_text()


# --------------------------------------------------------------- seeds

def test_seed_speaker_page_mina_smallman(seeds_client: FlaskClient) -> None:
    names = [a.get_text() for a in soup_of(seeds_client.get("/speakers")).select("#entity-list a")]
    assert "Mina Smallman" in names
    soup = soup_of(seeds_client.get("/speaker/Mina%20Smallman"))
    quotes = soup.select("li.entity-quote")
    docs = {urlsplit(q.select_one("a.permalink")["href"]).path for q in quotes}
    assert len(docs) == 3  # her quotes from all three seed articles
    # The seeds carry no dates or outlets: every quote says so honestly.
    assert all(q.select_one(".undated.badge") for q in quotes)
    assert {q.select_one(".outlet").get_text() for q in quotes} == {"unknown outlet"}
    assert soup.select_one("svg.timeline") is None and "undated" in soup.select_one(".undated-note").get_text()
    assert any("Sorry is something you say" in q.blockquote.get_text() for q in quotes)


def test_entity_quote_also_in_marks_first(client: FlaskClient, index: Index,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import onrecord.web.pages.entities as web_entities

    real = web_entities.search_entities.get_entity

    def with_sightings(idx: Index, kind: str, name: str, *paging: int):
        profile = real(idx, kind, name, *paging)
        profile.quotes[1].also_in = [Sighting("copy", 2, "Copied story", "Wire", "2021-04-14"),
                                     Sighting("late", 5, None, None, None)]
        return profile

    monkeypatch.setattr(web_entities.search_entities, "get_entity", with_sightings)
    quote = soup_of(client.get("/speaker/Mina%20Smallman")).select("li.entity-quote")[1]
    line = quote.select_one(".also-in")
    assert [(a.get_text(), a["href"]) for a in line.select("a")] == [("Wire", "/doc/copy?p=2#p2"),
                                                                     (UNKNOWN_OUTLET, "/doc/late?p=5#p5")]
    assert line.select_one(".first.badge").find_previous("a").get_text() == "Wire"
    assert "this ran first" not in line.get_text()
