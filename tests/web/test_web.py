"""Tests of the web layer: pure helpers (span rendering, parameter parsing,
URL state) and the Flask app over a small in-memory index."""
from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from onrecord.search import engine
from onrecord.search.config import Config
from onrecord.search.errors import QueryError
from onrecord.search.model import Article, Mention, Metadata, Quote, SearchRequest
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from onrecord.web.pages.links import SearchLinks, page_window, request_params, toggle_filter
from onrecord.web.pages.render import Span, paragraph_spans, render_spans, safe_href
from onrecord.web.serving.params import parse_search_request
from tests.factories import indexed, make_article

EVIL = '<script>alert(1)</script>" onmouseover="x'


# --------------------------------------------------------------- fixtures

def add_quote(article: Article, n: int, quoted: str, speaker: str, mention: str, cue: str,
              role: str | None = None) -> Quote:
    """Attach a quote found in paragraph `n` (absolute offsets) and return it."""
    para = article.paragraphs[n - 1]
    start = para.start + para.text.index(quoted)
    who = para.start + para.text.index(mention)
    verb = para.start + para.text.index(cue)
    quote = Quote(text=quoted, start=start, end=start + len(quoted), speaker=speaker,
                  speaker_mention=Mention(mention, who, who + len(mention)),
                  cue=cue, cue_mention=Mention(cue, verb, verb + len(cue)), role=role)
    para.quotes.append(quote)
    para.speakers.append(speaker)
    return quote


def sample_articles() -> list[Article]:
    met = make_article("met", [
        "The mother of two sisters dismissed an apology from the Metropolitan Police.",
        '"Sorry is something you say when you mean it," Mina Smallman told reporters.',
        "The commissioner accepted the failures and offered an apology in person.",
    ], meta=Metadata(title="Mother rejects police apology", outlet="Kent Gazette", author="Jo Reed",
                     url="https://example.org/met", published=dt.date(2021, 4, 15)))
    met.paragraphs[0].institutions.append("Metropolitan Police")
    add_quote(met, 2, '"Sorry is something you say when you mean it,"', "Mina Smallman", "Mina Smallman",
              "told", role="mother")
    council = make_article("council", [
        '"We will balance the budget," said council leader Ann Jones.',
        "The apology for the late budget came weeks later, critics said.",
    ], meta=Metadata(title="Council budget row", outlet="City Herald", published=dt.date(2020, 2, 1)))
    add_quote(council, 1, '"We will balance the budget,"', "Ann Jones", "Ann Jones", "said", role="council leader")
    undated = make_article("harbour", [
        "Harbour officials issued an apology after the ferry delays.",
    ], meta=Metadata(title=None, outlet=None))
    return [met, council, undated]


def evil_article() -> Article:
    evil = make_article("evil", [
        f"An apology {EVIL} was posted.",
        f'"Nothing to hide {EVIL}," said {EVIL}.',
    ], meta=Metadata(title=EVIL, outlet=EVIL, author=EVIL, url="javascript:alert(1)", published=dt.date(2019, 5, 5)))
    evil.paragraphs[0].institutions.append(EVIL)
    add_quote(evil, 2, f'"Nothing to hide {EVIL},"', EVIL, EVIL, "said", role=EVIL)
    return evil


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed(sample_articles() + [evil_article()])


@pytest.fixture(scope="module")
def app(index: Index) -> Flask:
    return create_app(index=index, config=Config(per_page=10))


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def query_of(href: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(href).query)


# --------------------------------------------------------------- render

class TagChecker(HTMLParser):
    """Records whether tags nest properly and collects the text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.ok = True
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.ok = False

    def handle_data(self, data: str) -> None:
        self.text += data


@pytest.mark.parametrize("spans", [
    [],
    [Span(0, 5, "mark")],
    [Span(0, 20, "quote", "speaker: A"), Span(3, 8, "mark")],
    [Span(0, 10, "quote"), Span(5, 15, "cue")],  # crossing
    [Span(2, 12, "cue"), Span(0, 6, "speaker"), Span(4, 18, "quote"), Span(4, 18, "mark")],
    [Span(-5, 3, "mark"), Span(15, 99, "quote"), Span(7, 7, "cue")],  # clipped / empty
])
def test_render_spans_nests_tags_and_keeps_text(spans: list[Span]) -> None:
    text = 'He <b> said "hi" & left'
    checker = TagChecker()
    checker.feed(str(render_spans(text, spans)))
    assert checker.ok and checker.stack == []
    assert checker.text == text


def test_render_spans_keeps_one_element_for_contained_span() -> None:
    html = str(render_spans("abcdefghij", [Span(0, 10, "quote", "speaker: A"), Span(2, 4, "mark")]))
    assert html == '<span class="quote" title="speaker: A">ab<mark>cd</mark>efghij</span>'


def test_render_spans_splits_crossing_span() -> None:
    html = str(render_spans("abcdef", [Span(0, 4, "quote"), Span(2, 6, "cue")]))
    assert html == '<span class="quote">ab<span class="cue">cd</span></span><span class="cue">ef</span>'


def test_render_spans_escapes_text_and_title() -> None:
    html = str(render_spans('<i>"x"', [Span(0, 3, "quote", '"><script>')]))
    assert "<i>" not in html and "<script>" not in html
    assert 'title="&#34;&gt;&lt;script&gt;"' in html


def test_render_spans_rejects_unknown_kind() -> None:
    with pytest.raises(ValueError):
        render_spans("abc", [Span(0, 1, "script")])


def test_paragraph_spans_shift_absolute_offsets() -> None:
    article = sample_articles()[0]
    spans = paragraph_spans(article.paragraphs[1], [(1, 6)])
    text = article.paragraphs[1].text
    by_kind = {s.kind: s for s in spans}
    assert text[by_kind["quote"].start:by_kind["quote"].end].startswith('"Sorry')
    assert text[by_kind["speaker"].start:by_kind["speaker"].end] == "Mina Smallman"
    assert text[by_kind["cue"].start:by_kind["cue"].end] == "told"
    assert by_kind["quote"].title == "speaker: Mina Smallman (mother)"
    assert (by_kind["mark"].start, by_kind["mark"].end) == (1, 6)


@pytest.mark.parametrize("url, expected", [
    ("https://example.org/a", "https://example.org/a"),
    ("http://example.org", "http://example.org"),
    ("javascript:alert(1)", None),
    (" JavaScript:alert(1)", None),
    ("data:text/html,x", None),
    ("/relative", None),
    ("", None),
    (None, None),
])
def test_safe_href(url: str | None, expected: str | None) -> None:
    assert safe_href(url) == expected


# --------------------------------------------------------------- params

@pytest.mark.parametrize("args, message", [
    ({"page": "abc"}, "page"),
    ({"page": "0"}, "page"),
    ({"page": "9" * 50}, "page"),
    ({"per_page": "1000"}, "per_page"),
    ({"since": "notadate"}, "since"),
    ({"until": "2021-02-30"}, "until"),
    ({"since": "2021-05-01", "until": "2021-01-01"}, "after"),
    ({"sort": "bogus"}, "sort"),
    ({"quotes_only": "maybe"}, "quotes_only"),
    ({"q": "x" * 501}, "too long"),
])
def test_parse_search_request_rejects_bad_values(args: dict[str, str], message: str) -> None:
    with pytest.raises(QueryError, match=message):
        parse_search_request(MultiDict(args))


def test_parse_search_request_reads_every_parameter() -> None:
    args = MultiDict([("q", "  apology "), ("speaker", "Ann"), ("speaker", "Bo"), ("speaker", "Ann"),
                      ("speaker", " "), ("institution", "Met"), ("outlet", "BBC"), ("since", "2020-01-01"),
                      ("until", "2020-12-31"), ("quotes_only", "1"), ("sort", "newest"), ("page", "3"),
                      ("per_page", "25")])
    assert parse_search_request(args) == SearchRequest(
        query="apology", speakers=("Ann", "Bo"), institutions=("Met",), outlets=("BBC",),
        since=dt.date(2020, 1, 1), until=dt.date(2020, 12, 31), quotes_only=True, sort="newest",
        page=3, per_page=25)


def test_parse_search_request_defaults() -> None:
    assert parse_search_request(MultiDict(), Config(per_page=7)) == SearchRequest(per_page=7)


# --------------------------------------------------------------- links

def test_request_params_round_trip() -> None:
    req = SearchRequest(query="a b&c", speakers=("Ann", "Bo"), outlets=("X",), since=dt.date(2020, 1, 1),
                        quotes_only=True, sort="oldest", page=2, per_page=5)
    assert parse_search_request(MultiDict(request_params(req))) == req
    assert request_params(SearchRequest(query="x")) == [("q", "x")]


def test_toggle_filter_adds_removes_and_resets_page() -> None:
    req = SearchRequest(query="x", speakers=("Ann",), page=4)
    added = toggle_filter(req, "speaker", "Bo")
    assert added.speakers == ("Ann", "Bo") and added.page == 1
    assert toggle_filter(added, "speaker", "Ann").speakers == ("Bo",)
    year = toggle_filter(req, "year", "2021")
    assert (year.since, year.until) == (dt.date(2021, 1, 1), dt.date(2021, 12, 31))
    assert toggle_filter(year, "year", "2021").since is None


@pytest.mark.parametrize("current, pages, expected", [
    (1, 1, [1]),
    (1, 3, [1, 2, 3]),
    (1, 10, [1, 2, 3, None, 10]),
    (6, 12, [1, None, 4, 5, 6, 7, 8, None, 12]),
    (10, 10, [1, None, 8, 9, 10]),
])
def test_page_window(current: int, pages: int, expected: list[int | None]) -> None:
    assert page_window(current, pages) == expected


def test_doc_link_carries_query() -> None:
    links = SearchLinks(SearchRequest(query="police apology"))
    assert links.doc("met", 3) == "/doc/met?q=police+apology&p=3#p3"
    assert SearchLinks(SearchRequest()).doc("met", 3) == "/doc/met?p=3#p3"


# --------------------------------------------------------------- search page

def test_search_page_renders_hits_with_marks(client: FlaskClient) -> None:
    response = client.get("/?q=apology")
    assert response.status_code == 200
    soup = soup_of(response)
    hits = soup.select("li.hit")
    assert hits, "expected hits for 'apology'"
    # Titles are searched too, so only hits whose paragraph has the word need a mark.
    with_word = [hit for hit in hits if "apology" in hit.select_one(".snippet").get_text().lower()]
    assert with_word and all(hit.select_one(".snippet mark") for hit in with_word)
    assert {m.get_text().lower() for m in soup.select(".snippet mark")} <= {"apology", "apologies"}
    assert soup.select_one("input#q")["value"] == "apology"
    assert soup.find("label", attrs={"for": "q"})
    for landmark in ("header", "main", "nav", "aside"):
        assert soup.find(landmark), landmark


def test_search_page_hit_links_and_metadata(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=balance+budget"))
    hit = soup.select_one("li.hit")
    href = hit.select_one(".hit-title a")["href"]
    assert urlsplit(href).path == "/doc/council"
    assert query_of(href) == {"q": ["balance budget"], "p": ["1"]}
    assert urlsplit(href).fragment == "p1"
    assert "City Herald" in hit.select_one(".hit-meta").get_text()
    assert hit.select_one("time")["datetime"] == "2020-02-01"
    speaker_link = hit.select_one("a.tag.speaker")
    assert speaker_link.get_text() == "Ann Jones"
    assert query_of(speaker_link["href"]) == {"q": ["balance budget"], "speaker": ["Ann Jones"]}
    quote = hit.select_one(".hit-quotes li")
    assert "“We will balance the budget”" in quote.get_text() and "Ann Jones" in quote.get_text()
    assert quote.select_one(".quote-kind").get_text() == "verbatim"


def test_search_page_shows_undated_and_untitled(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=harbour"))
    hit = soup.select_one("li.hit")
    # No badge per hit for what the source does not state: one note says it (#28).
    assert hit.select_one(".hit-meta time, .hit-meta .undated") is None
    assert "no date" in soup.select_one(".unstated-note").get_text()
    # No headline: the article's first words, marked as such (#14).
    shown = hit.select_one(".hit-title a .untitled")
    assert shown.get_text() == "Harbour officials issued an apology after the ferry delays…"


def test_search_page_facet_counts_match_engine(client: FlaskClient, index: Index) -> None:
    result = engine.search(index, SearchRequest(query="apology"))
    soup = soup_of(client.get("/?q=apology"))
    shown = {
        (section["aria-labelledby"].removeprefix("facet-"), a.select_one(".facet-value").get_text(),
         a.select_one(".count").get_text())
        for section in soup.select("aside section.facet") for a in section.select("a.facet-link")
    }
    expected = {(name, fv.value, str(fv.count)) for name, values in result.facets.items() for fv in values}
    assert shown == expected
    assert any(facet == "outlet" and value == "Kent Gazette" for facet, value, _ in shown)


def facet_link(soup: BeautifulSoup, facet: str, value: str):
    for a in soup.select(f"section[aria-labelledby=facet-{facet}] a.facet-link"):
        if a.select_one(".facet-value").get_text() == value:
            return a
    raise AssertionError(f"no {facet} facet link for {value!r}")


def test_facet_links_toggle_filters(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=apology&sort=newest&page=2&per_page=1"))
    link = facet_link(soup, "outlet", "Kent Gazette")
    assert query_of(link["href"]) == {"q": ["apology"], "outlet": ["Kent Gazette"], "sort": ["newest"],
                                      "per_page": ["1"]}
    assert query_of(facet_link(soup, "year", "2021")["href"])["since"] == ["2021-01-01"]
    assert query_of(facet_link(soup, "year", "2021")["href"])["until"] == ["2021-12-31"]

    filtered = soup_of(client.get(link["href"]))
    active = facet_link(filtered, "outlet", "Kent Gazette")
    assert "active" in active["class"]
    assert "outlet" not in query_of(active["href"])
    chip = filtered.select_one(".chips .chip a.chip-remove")
    assert "outlet" not in query_of(chip["href"]) and query_of(chip["href"])["q"] == ["apology"]
    assert {h.select_one(".outlet").get_text() for h in filtered.select("li.hit")} == {"Kent Gazette"}


def test_paging_links_keep_state(client: FlaskClient) -> None:
    response = client.get("/?q=apology&per_page=1&page=2&quotes_only=0")
    soup = soup_of(response)
    pager = soup.select_one("nav.pager")
    assert pager is not None
    assert pager.select_one("[aria-current=page]").get_text() == "2"
    prev_link, next_link = pager.select_one("a[rel=prev]"), pager.select_one("a[rel=next]")
    assert query_of(prev_link["href"]) == {"q": ["apology"], "per_page": ["1"]}
    assert query_of(next_link["href"]) == {"q": ["apology"], "per_page": ["1"], "page": ["3"]}
    numbers = [a.get_text() for a in pager.select("a:not([rel])")]
    assert "1" in numbers and "3" in numbers
    assert soup.select_one("ol.hits")["start"] == "2"


def test_empty_state(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=zeppelin&outlet=City+Herald"))
    assert not soup.select("li.hit")
    empty = soup.select_one(".empty")
    assert "No paragraphs match" in empty.get_text()
    clear = empty.find("a", string=lambda s: s and "without filters" in s)
    assert query_of(clear["href"]) == {"q": ["zeppelin"]}


def test_suggestion_link(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine.search

    def with_suggestion(index: Index, req: SearchRequest):
        result = real(index, req)
        result.suggestion = "apology"
        return result

    monkeypatch.setattr(engine, "search", with_suggestion)
    soup = soup_of(app.test_client().get("/?q=apolgy&speaker=Ann+Jones&page=1"))
    link = soup.select_one(".suggestion a")
    assert link.get_text() == "apology"
    assert query_of(link["href"]) == {"q": ["apology"], "speaker": ["Ann Jones"]}


# --------------------------------------------------------------- API

def test_api_matches_contract(client: FlaskClient, index: Index) -> None:
    response = client.get("/api/search?q=apology&per_page=2&sort=oldest")
    assert response.status_code == 200 and response.is_json
    data = response.get_json()
    expected = engine.search(index, SearchRequest(query="apology", per_page=2, sort="oldest")).to_dict()
    assert data == expected
    assert list(data) == ["query", "total", "page", "per_page", "hits", "facets", "suggestion",
                          "facet_sizes", "histogram", "pages", "pages_exact", "paging_note", "mode", "counts"]
    assert (data["query"], data["page"], data["per_page"]) == ("apology", 1, 2)
    assert data["total"] >= 4 and len(data["hits"]) == 2
    for hit in data["hits"]:
        # The contract's fields, plus the later additions for quote clusters and edits after publication.
        assert set(hit) == {"paragraph_id", "doc_id", "n", "title", "outlet", "published", "text", "snippet",
                            "speakers", "institutions", "quotes", "permalink", "url", "score",
                            "also_in", "duplicates", "changed_after_publication", "changed_at"}
        assert hit["changed_after_publication"] is False and hit["changed_at"] is None
        assert hit["permalink"] == f"/doc/{hit['doc_id']}?p={hit['n']}#p{hit['n']}"
        assert isinstance(hit["score"], float) and isinstance(hit["speakers"], list)
    assert set(data["facets"]) <= {"speaker", "kind", "institution", "outlet", "author", "year", "evidence"}
    for values in data["facets"].values():
        assert all(set(v) == {"value", "count"} and isinstance(v["count"], int) for v in values)


def test_api_filters_by_speaker_and_quotes(client: FlaskClient) -> None:
    data = client.get("/api/search?speaker=Ann+Jones&quotes_only=1").get_json()
    assert data["total"] == 1
    quote = data["hits"][0]["quotes"][0]
    assert (quote["speaker"], quote["cue"], quote["role"]) == ("Ann Jones", "said", "council leader")


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json() == {"status": "ok"}


# --------------------------------------------------------------- article page

def test_doc_page_anchors_marks_and_quote_evidence(client: FlaskClient) -> None:
    response = client.get("/doc/met?q=apology")
    assert response.status_code == 200
    soup = soup_of(response)
    paras = soup.select(".paragraphs p")
    assert [p["id"] for p in paras] == ["p1", "p2", "p3"]
    assert [p.select_one("a.pnum").get_text() for p in paras] == ["1", "2", "3"]
    assert [m.get_text() for m in soup.select(".paragraphs mark")] == ["apology", "apology"]
    quote = soup.select_one("#p2 span.quote")
    assert quote.get_text() == '"Sorry is something you say when you mean it,"'
    assert quote["title"] == "speaker: Mina Smallman (mother)"
    assert soup.select_one("#p2 span.cue").get_text() == "told"
    assert soup.select_one("#p2 span.speaker-mention").get_text() == "Mina Smallman"
    assert soup.select_one("h1").get_text() == "Mother rejects police apology"
    meta = soup.select_one(".doc-meta").get_text()
    assert "Kent Gazette" in meta and "Jo Reed" in meta and "15 April 2021" in meta
    assert soup.select_one(".source a")["href"] == "https://example.org/met"


def test_doc_page_without_query_has_no_marks(client: FlaskClient) -> None:
    soup = soup_of(client.get("/doc/council"))
    assert not soup.select(".paragraphs mark")
    assert soup.select_one("#p1 span.quote")
    assert soup.select_one(".undated") is None


# --------------------------------------------------------------- errors

@pytest.mark.parametrize("params", ["page=abc", "per_page=1000", "since=notadate", "sort=bogus",
                                    "since=2021-02-01&until=2021-01-01"])
def test_bad_params_are_400_html_and_json(client: FlaskClient, params: str) -> None:
    page = client.get(f"/?q=kept+query&{params}")
    assert page.status_code == 400
    soup = soup_of(page)
    assert soup.select_one("input#q")["value"] == "kept query"
    error = soup.select_one("#query-error")
    assert error is not None and error.get_text().strip()
    api = client.get(f"/api/search?q=x&{params}")
    assert api.status_code == 400
    body = api.get_json()
    assert body["status"] == 400 and body["error"] == error.get_text()


def test_engine_query_error_is_400(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(index: Index, req: SearchRequest):
        raise QueryError("Unbalanced parenthesis in the query.")

    monkeypatch.setattr(engine, "search", refuse)
    client = app.test_client()
    page = client.get("/?q=(a&speaker=Ann")
    assert page.status_code == 400
    soup = soup_of(page)
    assert soup.select_one("#query-error").get_text() == "Unbalanced parenthesis in the query."
    assert soup.select_one("input#q")["value"] == "(a"
    assert soup.select_one("input[type=hidden][name=speaker]")["value"] == "Ann"
    assert client.get("/api/search?q=(a").get_json() == {"error": "Unbalanced parenthesis in the query.",
                                                        "status": 400}


@pytest.mark.parametrize("path", ["/doc/no-such-doc", "/doc/no-such-doc?q=x", "/nowhere"])
def test_unknown_page_is_404(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert soup_of(response).select_one(".error-page h1")


def test_unknown_api_route_is_json_404(client: FlaskClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404 and response.get_json()["status"] == 404


def test_unexpected_error_is_generic_500(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(index: Index, req: SearchRequest):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(engine, "search", explode)
    client = app.test_client()
    for path in ("/?q=x", "/api/search?q=x"):
        response = client.get(path)
        body = response.get_data(as_text=True)
        assert response.status_code == 500
        assert "secret internal detail" not in body and "Traceback" not in body


def test_missing_index_is_503_until_built(tmp_path: Path) -> None:
    index_dir = tmp_path / "index"
    client = create_app(config=Config(index_dir=index_dir)).test_client()
    page = client.get("/?q=apology")
    assert page.status_code == 503
    assert "onrecord index seeds" in soup_of(page).select_one(".hint").get_text()
    api = client.get("/api/search?q=apology")
    assert api.status_code == 503 and "onrecord index" in api.get_json()["error"]
    assert client.get("/healthz").status_code == 503  # not ready: nothing to serve

    built = open_index(index_dir, create=True)
    write_articles(built, sample_articles())
    built.close()
    assert client.get("/?q=apology").status_code == 200
    assert client.get("/healthz").status_code == 200


# --------------------------------------------------------------- XSS + headers

def assert_no_script(html: str) -> None:
    soup = BeautifulSoup(html, "html.parser")
    # The one script allowed is the external /static/app.js, with no body.
    assert [(s.get("src"), s.get_text()) for s in soup.find_all("script")] in ([], [("/static/app.js", "")])
    for tag in soup.find_all(True):
        assert not [name for name in tag.attrs if name.lower().startswith("on")], tag
        for name in ("href", "src", "action"):
            assert not str(tag.get(name, "")).strip().lower().startswith("javascript:"), tag


@pytest.mark.parametrize("path", [
    "/?q=alert",
    "/?q=%3Cscript%3E",
    "/?q=%3Cscript%3Ealert(1)%3C/script%3E",
    "/?q=hide&quotes_only=1",
    "/?speaker=%3Cscript%3Ealert(1)%3C/script%3E%22%20onmouseover%3D%22x",
    "/?q=%22%20onmouseover%3D%22x&page=abc",
    "/doc/evil",
    "/doc/evil?q=%3Cscript%3E+alert",
    "/doc/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
])
def test_no_script_injection(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code in (200, 400, 404)
    assert_no_script(response.get_data(as_text=True))


def test_evil_article_is_shown_escaped(client: FlaskClient) -> None:
    soup = soup_of(client.get("/doc/evil?q=apology"))
    assert soup.select_one("h1").get_text() == EVIL
    assert EVIL in soup.select_one("#p1").get_text()
    assert soup.select_one(".source") is None  # javascript: URL dropped
    assert soup.select_one("#p2 span.quote")["title"] == f"speaker: {EVIL} ({EVIL})"
    hit_page = soup_of(client.get("/?q=alert"))
    assert EVIL in hit_page.select_one("li.hit .hit-title").get_text()


@pytest.mark.parametrize("path", ["/", "/?q=apology", "/?page=abc", "/doc/met", "/doc/missing",
                                  "/api/search?q=apology", "/api/search?sort=bogus", "/healthz",
                                  "/static/style.css", "/nowhere"])
def test_security_headers_on_every_response(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.headers.get("Content-Security-Policy") == "default-src 'self'"
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") == "same-origin"
    assert response.headers.get("X-Frame-Options") == "DENY"


def test_templates_have_no_inline_script_or_style(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=apology"))
    assert not soup.find_all("style") and not soup.find_all(attrs={"style": True})
    assert [link["href"] for link in soup.find_all("link", rel="stylesheet")] == ["/static/style.css"]
    # The other links are the page's feed and data twins and its icon, not styles.
    assert all(link["rel"] in (["alternate"], ["icon"]) for link in soup.find_all("link")
               if link["rel"] != ["stylesheet"])
