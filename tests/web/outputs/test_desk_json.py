"""Every page has a .json twin with the same data as its HTML (#14,
Datasette's convention): /speakers.json, /institutions.json,
/speaker/<name>.json, /institution/<name>.json and /doc/<id>.json."""
from __future__ import annotations

import datetime as dt

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.web.app import create_app
from tests.factories import indexed, make_article


def articles() -> list:
    """Three speakers with different counts, two institutions, one undated article."""
    return [
        make_article("a1", ['"We will act now," said Ann Jones.', '"Never," said Ann Jones again.'],
                     speaker="Ann Jones", institutions=["City Council"], url="https://example.org/a1"),
        make_article("a2", ['"We acted," said Ann Jones.'], speaker="Ann Jones", published=dt.date(2022, 5, 1),
                     institutions=["City Council", "Police"]),
        make_article("b1", ['"Not so," said Bob Lee.'], speaker="Bob Lee", published=None,
                     institutions=["Police"]),
    ]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(index=indexed(articles()), config=Config()).test_client()


def soup(client: FlaskClient, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def json_of(client: FlaskClient, url: str) -> dict:
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/json", url
    return response.get_json()


@pytest.mark.parametrize("kind", ["speaker", "institution"])
def test_index_json_matches_the_index_page(client: FlaskClient, kind: str) -> None:
    page = soup(client, f"/{kind}s")
    shown = [(li.a.get_text(), int(li.select_one(".count").get_text())) for li in page.select("#entity-list li")]
    data = json_of(client, f"/{kind}s.json")
    assert [(v["name"], v["count"]) for v in data["values"]] == shown and data["count"] == len(shown) >= 2
    assert [v["url"] for v in data["values"]] == [li.a["href"] for li in page.select("#entity-list li")]
    assert page.select_one('link[rel="alternate"][type="application/json"]')["href"] == f"/{kind}s.json"


@pytest.mark.parametrize("url", ["/speaker/Ann%20Jones", "/speaker/Bob%20Lee", "/institution/Police",
                                 "/institution/City%20Council"])
def test_profile_json_matches_the_profile_page(client: FlaskClient, url: str) -> None:
    page = soup(client, url)
    data = json_of(client, url + ".json")
    assert data["name"] == page.select_one("h1#entity-title").get_text()
    assert data["paragraph_count"] == int(page.select_one(".paragraph-count").get_text())
    if data["kind"] == "speaker":
        assert data["quote_count"] == int(page.select_one(".quote-count").get_text())
    quotes = [li.select_one(".quote-text").get_text() for li in page.select("li.entity-quote")]
    assert [q["cited"] for q in data["quotes"]] == quotes and quotes
    assert [q["permalink"].split("#")[0] for q in data["quotes"]] == [
        a["href"].split("#")[0] for a in page.select("li.entity-quote a.permalink")]
    assert page.select_one('link[rel="alternate"][type="application/json"]')["href"] == url + ".json"


def test_profile_json_counts(client: FlaskClient) -> None:
    data = json_of(client, "/speaker/Ann%20Jones.json")
    assert data["quote_count"] == 3 and data["timeline"] == [{"month": "2022-05", "count": 1},
                                                            {"month": "2023-03", "count": 2}]
    assert {r["name"]: r["count"] for r in data["institutions"]} == {"City Council": 3, "Police": 1}
    police = json_of(client, "/institution/Police.json")
    assert {r["name"] for r in police["speakers_for"] + police["speakers_about"]} >= {"Bob Lee"}


def test_doc_json_matches_the_article_page(client: FlaskClient) -> None:
    page = soup(client, "/doc/a1")
    data = json_of(client, "/doc/a1.json")
    assert data["title"] == page.select_one("h1#doc-title").get_text()
    assert [f"p{p['n']}" for p in data["paragraphs"]] == [p["id"] for p in page.select("p.para")]
    assert all(p["text"] in page.select_one(f"#p{p['n']}").get_text() for p in data["paragraphs"])
    assert data["speakers"] == [a.get_text() for a in page.select(".doc-speakers a")] == ["Ann Jones"]
    assert data["paragraphs"][0]["quotes"][0]["speaker"] == "Ann Jones"
    assert data["paragraphs"][1]["permalink"] == "/doc/a1?p=2#p2" and data["url"] == "https://example.org/a1"
    assert page.select_one('link[rel="alternate"][type="application/json"]')["href"] == "/doc/a1.json"


def test_json_twins_answer_json_errors_and_redirect_case(client: FlaskClient) -> None:
    for url in ("/speaker/Nobody.json", "/institution/Nothing.json", "/doc/zzz.json"):
        response = client.get(url)
        assert response.status_code == 404 and response.get_json()["status"] == 404
    moved = client.get("/speaker/ann%20jones.json")
    assert moved.status_code == 301 and moved.headers["Location"].endswith("/speaker/Ann%20Jones.json")


def test_json_twins_use_the_public_url() -> None:
    client = create_app(index=indexed(articles()), config=Config(public_url="https://q.example")).test_client()
    assert client.get("/doc/a1.json").get_json()["paragraphs"][0]["permalink"] == "https://q.example/doc/a1?p=1#p1"
    quote = client.get("/speaker/Bob%20Lee.json").get_json()["quotes"][0]
    assert quote["permalink"] == "https://q.example/doc/b1?p=1#p1"
