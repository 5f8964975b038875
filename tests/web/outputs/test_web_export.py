"""Tests of exports, citations, permalinks and the help page: the pure
encoders and helpers, the streamed /export.csv and /export.json responses
(over a fake row source, to prove streaming, and over a real index, to
prove every row arrives), copy-citation buttons and ?p=N marking."""
from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.errors import QueryError
from onrecord.search.features import exporting
from onrecord.search.model import Article, Mention, Metadata, Paragraph, Quote, SearchRequest
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from onrecord.web.outputs.citations import (
    absolute_url,
    build_citation,
    permalink,
    strip_quote_marks,
    text_fragment,
    text_fragment_url,
)
from onrecord.web.outputs.exports import cell_value, export_filename, iter_csv, iter_json, parse_rows
from tests.factories import indexed

TRICKY = 'He said, "no\nway" = 5'
ARTICLES = 25  # more than two pages of 10
PUBLIC = "https://news.example"  # the public_url setting: permalinks are absolute on it
A3_PAGE = "/?q=budget&sort=oldest&per_page=1&page=4"  # exactly the hit of article a3


# --------------------------------------------------------------- fixtures

def quoted_article(i: int) -> Article:
    """Return article i: one paragraph with one quote by Ann Jones."""
    quoted = f'"Budget line {i}, {TRICKY}," '
    text = f'{quoted}said Ann Jones about the budget.'
    start = 0
    para = Paragraph(id=f"a{i}-p1", n=1, start=0, end=len(text), text=text,
                     quotes=[Quote(text=quoted.strip(), start=start, end=len(quoted.strip()), speaker="Ann Jones",
                                   speaker_mention=Mention("Ann Jones", text.index("Ann"), text.index("Ann") + 9),
                                   cue="said", role="council leader")],
                     speakers=["Ann Jones"], institutions=["City Council"])
    meta = Metadata(title=f"Budget story {i}", outlet="City Herald" if i % 2 else None,
                    url=f"https://example.org/{i}", published=dt.date(2020, 1, 1) + dt.timedelta(days=i))
    return Article(id=f"a{i}", source=f"a{i}.txt", text=text, meta=meta, paragraphs=[para])


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed([quoted_article(i) for i in range(ARTICLES)])


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    return create_app(index=index, config=Config(per_page=10, public_url=PUBLIC)).test_client()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


# --------------------------------------------------------------- pure helpers

@pytest.mark.parametrize("raw, expected", [(None, "quotes"), ("", "quotes"), ("Paragraphs", "paragraphs")])
def test_parse_rows(raw: str | None, expected: str) -> None:
    assert parse_rows(raw) == expected


def test_parse_rows_rejects_other_values() -> None:
    with pytest.raises(QueryError, match="rows"):
        parse_rows("hits")


@pytest.mark.parametrize("query, name", [
    ("police apology", "onrecord-police-apology-quotes-2021-04-15.csv"),
    ("", "onrecord-all-quotes-2021-04-15.csv"),
    ('"; rm -rf / <script>', "onrecord-rm-rf-script-quotes-2021-04-15.csv"),
    ("Ünïcode ÷ only", "onrecord-n-code-only-quotes-2021-04-15.csv"),
    ("x" * 80, f"onrecord-{'x' * 40}-quotes-2021-04-15.csv"),
])
def test_export_filename_is_sanitised(query: str, name: str) -> None:
    assert export_filename(query, dt.date(2021, 4, 15), "csv") == name


@pytest.mark.parametrize("value, cell", [
    (None, ""), (3, "3"), (["a", "b"], "a; b"), ("=SUM(A1)", "'=SUM(A1)"), ("+44 20", "'+44 20"),
    ("@x", "'@x"), ("plain", "plain"),
])
def test_cell_value(value: Any, cell: str) -> None:
    assert cell_value(value) == cell


def test_iter_csv_quotes_and_round_trips() -> None:
    rows = [{"quote": TRICKY, "institutions": ["A, B", "C"], "n": 2}, {"quote": None}]
    chunks = list(iter_csv(iter(rows), ["quote", "institutions", "n"]))
    assert len(chunks) == 3  # header + one chunk per row: nothing is buffered
    parsed = list(csv.reader(io.StringIO("".join(chunks), newline="")))
    assert parsed == [["quote", "institutions", "n"], [TRICKY, "A, B; C", "2"], ["", "", ""]]


@pytest.mark.parametrize("count", [0, 1, 3])
def test_iter_json_is_one_valid_array(count: int) -> None:
    rows = ({"b": i, "a": TRICKY, "extra": 1} for i in range(count))
    data = json.loads("".join(iter_json(rows, ["a", "b"])))
    assert data == [{"a": TRICKY, "b": i} for i in range(count)]


@pytest.mark.parametrize("text, stripped", [
    ('"Sorry is something you say when you mean it,"', "Sorry is something you say when you mean it"),
    ("“Curly.”", "Curly."),
    ('"Said: \'How many times?\'', "Said: 'How many times?'"),  # inner closing mark kept
    ("the Met's 'racial profiling'", "the Met's 'racial profiling'"),  # partial quote untouched
    ("", ""),
])
def test_strip_quote_marks(text: str, stripped: str) -> None:
    assert strip_quote_marks(text) == stripped


def test_build_citation_leaves_out_unknowns_but_never_the_date() -> None:
    full = build_citation('"We will,"', speaker="Ann Jones", role="leader", outlet="Herald", title="Row",
                          published="2020-02-01", link="https://s/doc/x?p=1#p1")
    assert full == "“We will” — Ann Jones, leader, Herald, Row, 2020-02-01, https://s/doc/x?p=1#p1"
    assert build_citation("Text  with\nbreaks", title="T") == "“Text with breaks” — T, undated"


@pytest.mark.parametrize("root, path, url", [
    ("http://localhost/", "/doc/a?p=1#p1", "http://localhost/doc/a?p=1#p1"),
    ("https://x.org/onrecord/", "/doc/a", "https://x.org/onrecord/doc/a"),
])
def test_absolute_url(root: str, path: str, url: str) -> None:
    assert absolute_url(root, path) == url


def test_permalink_encodes_and_carries_query() -> None:
    assert permalink("a/b c", 4, "x&y") == "/doc/a%2Fb%20c?q=x%26y&p=4#p4"


@pytest.mark.parametrize("text, fragment", [
    ("", ""),
    ('"Sorry," she said.', "#:~:text=Sorry%2C%22%20she%20said"),
    ("one two three four five six seven eight nine ten eleven twelve thirteen",
     "#:~:text=one%20two%20three%20four%20five%20six%20seven%20eight,ten%20eleven%20twelve%20thirteen"),
    ("“Well-known & loved, yes” a b c d e f g h i j k l m n – the end.",
     "#:~:text=Well%2Dknown%20%26%20loved%2C%20yes%E2%80%9D%20a%20b%20c%20d,n%20%E2%80%93%20the%20end"),
])
def test_text_fragment(text: str, fragment: str) -> None:
    assert text_fragment(text) == fragment


@pytest.mark.parametrize("url, expected", [
    ("https://x.org/a", "https://x.org/a#:~:text=Hello%20world"),
    ("https://x.org/a#top", "https://x.org/a#top:~:text=Hello%20world"),
    ("https://x.org/a#:~:text=old", "https://x.org/a#:~:text=Hello%20world"),
])
def test_text_fragment_url(url: str, expected: str) -> None:
    assert text_fragment_url(url, "Hello world.") == expected


# --------------------------------------------------------------- streaming (fake rows)

def fake_rows(pulled: list[int], total: int, fail: Exception | None = None):
    """Return a stand-in for iter_export_rows that records how many rows
    were taken, so tests can see the response stream lazily."""
    def iter_export_rows(index: Index, req: SearchRequest, rows: str) -> Iterator[dict[str, Any]]:
        if fail is not None:
            raise fail
        for i in range(total):
            pulled.append(i)
            yield {"quote": f"q{i}", "paragraph_id": f"p{i}", "permalink": f"/doc/d{i}#p1", "speaker": "A"}
    return iter_export_rows


def test_export_streams_lazily(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    pulled: list[int] = []
    monkeypatch.setattr(exporting, "iter_export_rows", fake_rows(pulled, 10_000))
    response = client.get("/export.csv?q=budget", buffered=False)
    assert response.status_code == 200
    chunks = iter(response.response)
    header = next(chunks)
    assert (header.decode() if isinstance(header, bytes) else header).startswith("\ufeffquote,")
    next(chunks)
    assert len(pulled) < 10  # the first rows went out before the rest were read
    response.close()


def test_export_query_error_is_400_before_streaming(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exporting, "iter_export_rows", fake_rows([], 0, QueryError("Unbalanced quote.")))
    response = client.get("/export.csv?q=%22budget")
    assert response.status_code == 400
    soup = soup_of(response)
    assert soup.select_one(".error-message").get_text() == "Unbalanced quote."
    assert soup.select_one(".hint a")["href"] == "/help"


def test_export_makes_permalinks_absolute(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exporting, "iter_export_rows", fake_rows([], 2))
    data = client.get("/export.json?rows=paragraphs").get_json()
    assert [row["permalink"] for row in data] == ["https://news.example/doc/d0#p1", "https://news.example/doc/d1#p1"]
    assert list(data[0]) == exporting.EXPORT_COLUMNS["paragraphs"]


# --------------------------------------------------------------- exports (real index)

def read_csv(response) -> list[dict[str, str]]:
    body = response.get_data()
    assert body.startswith("\ufeff".encode())  # Excel's cue that the file is UTF-8
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"), newline="")))


@pytest.mark.parametrize("rows", ["quotes", "paragraphs"])
def test_csv_export_has_every_row_and_citation_columns(client: FlaskClient, rows: str) -> None:
    response = client.get(f"/export.csv?q=budget&speaker=Ann+Jones&sort=oldest&page=2&per_page=5&rows={rows}")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/csv")
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="onrecord-budget-') and disposition.endswith('.csv"')
    records = read_csv(response)
    assert len(records) == ARTICLES  # not capped at a page, page 2 ignored
    assert list(records[0]) == exporting.EXPORT_COLUMNS[rows]
    assert [r["paragraph_id"] for r in records] == [f"a{i}-p1" for i in range(ARTICLES)]  # oldest first
    first = records[0]
    assert first["permalink"] == "https://news.example/doc/a0?p=1#p1"
    assert first["url"] == "https://example.org/0" and first["published"] == "2020-01-01"
    assert first["title"] == "Budget story 0" and first["outlet"] == "" and records[1]["outlet"] == "City Herald"
    if rows == "quotes":
        assert first["quote"] == f'"Budget line 0, {TRICKY},"'  # commas, quotes and a newline survive
        assert (first["speaker"], first["role"], first["institutions"]) == ("Ann Jones", "council leader", "City Council")
    else:
        assert first["speakers"] == "Ann Jones" and TRICKY in first["text"]


def test_json_export_is_a_complete_array(client: FlaskClient) -> None:
    response = client.get("/export.json?q=budget&rows=quotes&per_page=3")
    assert response.status_code == 200 and response.is_json
    assert response.headers["Content-Disposition"].endswith('.json"')
    data = json.loads(response.get_data(as_text=True))
    assert len(data) == ARTICLES and list(data[0]) == exporting.EXPORT_COLUMNS["quotes"]


@pytest.mark.parametrize("params", ["rows=hits", "sort=bogus", "page=abc", "since=2021-13-01", "q=%2Abudget"])
def test_bad_export_params_are_400(client: FlaskClient, params: str) -> None:
    for ext in ("csv", "json"):
        response = client.get(f"/export.{ext}?{params}")
        assert response.status_code == 400
        assert "Content-Disposition" not in response.headers
        assert soup_of(response).select_one(".hint a[href='/help']")


def test_search_page_export_buttons_keep_filters(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=budget&outlet=City+Herald&sort=newest&page=2&per_page=5"))
    links = {a.get_text(): a["href"] for a in soup.select(".exports a")}
    assert set(links) == {"Export CSV (quotes)", "Export CSV (paragraphs)", "JSON"}
    quotes_csv = links["Export CSV (quotes)"]
    assert urlsplit(quotes_csv).path == "/export.csv"
    assert parse_qs(urlsplit(quotes_csv).query) == {"q": ["budget"], "outlet": ["City Herald"], "sort": ["newest"],
                                                    "rows": ["quotes"]}
    assert parse_qs(urlsplit(links["Export CSV (paragraphs)"]).query)["rows"] == ["paragraphs"]
    assert urlsplit(links["JSON"]).path == "/export.json"
    assert soup.select_one("a.export-csv")
    exported = read_csv(client.get(quotes_csv))
    assert len(exported) == len([i for i in range(ARTICLES) if i % 2])  # the outlet filter held


# --------------------------------------------------------------- citations on pages

def test_copy_citation_buttons_on_hits_and_quotes(client: FlaskClient) -> None:
    soup = soup_of(client.get(A3_PAGE))
    hit = soup.select_one("li.hit")
    buttons = hit.select("button.copy-citation")
    assert len(buttons) == 2 and all(b["type"] == "button" for b in buttons)
    quote_button = hit.select_one(".hit-quote button.copy-citation")
    source = "https://example.org/3#:~:text=Budget%20line%203%2C%20He%20said%2C%20%22no%20way%22%20%3D%205"
    assert quote_button["data-citation"] == (
        f"“Budget line 3, {' '.join(TRICKY.split())}” — Ann Jones, council leader, City Herald, Budget story 3, "
        f"2020-01-04, {source}, https://news.example/doc/a3?p=1#p1")
    paragraph_button = hit.select_one(".hit-meta button.copy-citation")
    assert paragraph_button.get_text() == "Copy paragraph citation"
    assert paragraph_button["data-citation"].endswith("City Herald, Budget story 3, 2020-01-04, "
                                                      "https://example.org/3#:~:text=Budget%20line%203%2C%20He%20said%2C%20%22no%20way%22%20%3D,Jones%20about%20the%20budget, "
                                                      "https://news.example/doc/a3?p=1#p1")


# --------------------------------------------------------------- permalinks

def test_article_page_marks_requested_paragraph(client: FlaskClient) -> None:
    soup = soup_of(client.get("/doc/a3?p=1"))
    assert [p["id"] for p in soup.select("p.para.target")] == ["p1"]
    assert soup.select_one("p.para.target")["aria-current"] == "location"
    assert soup_of(client.get("/doc/a3")).select("p.para.target") == []
    original = soup.select_one("#p1 a.para-source")["href"]
    assert original.startswith("https://example.org/3#:~:text=Budget%20line%203%2C%20He%20said%2C%20%22no")


@pytest.mark.parametrize("p", ["abc", "0", "-1", "9" * 12])
def test_article_page_bad_paragraph_number_is_400(client: FlaskClient, p: str) -> None:
    assert client.get(f"/doc/a3?p={p}").status_code == 400


def test_hit_links_to_original_with_text_fragment(client: FlaskClient) -> None:
    hit = soup_of(client.get(A3_PAGE)).select_one("li.hit")
    assert hit.select_one("a.original-link")["href"].startswith("https://example.org/3#:~:text=Budget%20line%203")
    assert hit.select_one(".hit-title a")["href"] == "/doc/a3?q=budget&p=1#p1"


# --------------------------------------------------------------- help, assets

def test_help_page_linked_and_examples_run(client: FlaskClient) -> None:
    home = soup_of(client.get("/"))
    assert home.select_one("nav a[href='/help']")
    soup = soup_of(client.get("/help"))
    examples = [a["href"] for a in soup.select("a.example")]
    assert len(examples) >= 15
    for topic in ("speaker:", "institution:", "outlet:", "quote:", "date:", "*", "~", " OR ", " NOT "):
        assert any(topic in parse_qs(urlsplit(h).query)["q"][0] for h in examples), topic
    for section in ("words", "boolean", "fields", "dates", "prefix", "suggestions", "filters", "exports", "keys"):
        assert soup.select_one(f"section#{section} h2"), section
    for href in examples:
        assert client.get(href).status_code == 200, href


def test_query_error_links_to_help(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=%2Abudget"))
    assert soup.select_one("#query-error")
    assert soup.select_one(".form-help a")["href"] == "/help"


def test_app_js_is_external_and_served(client: FlaskClient) -> None:
    soup = soup_of(client.get("/?q=budget"))
    assert [s["src"] for s in soup.find_all("script")] == ["/static/app.js"]
    assert not soup.find_all(attrs={"style": True}) and not soup.find_all("style")
    script = client.get("/static/app.js")
    assert script.status_code == 200 and "javascript" in script.headers["Content-Type"]
    body = script.get_data(as_text=True)
    for needle in ("navigator.clipboard.writeText", "execCommand", "data-citation", '"/"', '"j"', '"k"'):
        assert needle in body, needle
    script.close()


def test_help_says_how_phrases_stemming_and_common_words_behave(client: FlaskClient) -> None:
    words = soup_of(client.get("/help")).select_one("section#words").get_text(" ")
    for said in ("not stemmed", "next to each other", "punctuation are ignored",
                 "Common words", "Only an empty search lists every paragraph"):
        assert said in " ".join(words.split()), said
