"""The public_url setting (#14): onrecord permalinks in citations, exports
and JSON are absolute on it when set, site-relative when unset, and never
the loopback address a request came in on; a citation names the article's
own URL (with a text fragment) before the onrecord permalink."""
from __future__ import annotations

import re
from typing import Any

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask.testing import FlaskClient

from onrecord.cli import main
from onrecord.search.config import Config, ConfigError, load_config
from onrecord.web import app as web_app
from onrecord.web.app import create_app
from onrecord.web.outputs.citations import public_permalinks
from tests.factories import indexed, make_article

LOOPBACK = re.compile(r"127\.0\.0\.1|localhost|\[::1\]")
QUOTE = '"We will publish every page of it," said Ann Jones.'


@pytest.fixture(scope="module")
def index() -> Any:
    return indexed([make_article("d1", [(QUOTE, '"We will publish every page of it,"')],
                                 speaker="Ann Jones", url="https://example.org/story")])


def client_for(index: Any, public_url: str = "") -> FlaskClient:
    return create_app(index=index, config=Config(public_url=public_url)).test_client()


def texts(client: FlaskClient, base_url: str) -> list[str]:
    """Return every text a reporter could paste: citations on the search and
    speaker pages, the CSV and JSON exports and the API answer."""
    out = []
    for page in ("/?q=publish", "/speaker/Ann%20Jones"):
        soup = BeautifulSoup(client.get(page, base_url=base_url).get_data(as_text=True), "html.parser")
        out += [b["data-citation"] for b in soup.select("button.copy-citation")]
    for url in ("/export.csv?q=publish", "/export.json?rows=paragraphs", "/api/search?q=publish"):
        out.append(client.get(url, base_url=base_url).get_data(as_text=True))
    return out


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:5000", "http://localhost", "http://[::1]:8000"])
def test_no_loopback_address_leaks_with_or_without_a_public_url(index: Any, base_url: str) -> None:
    for public in ("", "https://quotes.example.org/desk"):
        pasted = texts(client_for(index, public), base_url)
        assert len(pasted) >= 5 and not any(LOOPBACK.search(t) for t in pasted)


def test_unset_public_url_gives_site_relative_permalinks(index: Any) -> None:
    client = client_for(index)
    data = client.get("/api/search?q=publish").get_json()
    assert data["hits"][0]["permalink"] == "/doc/d1?p=1#p1"
    assert client.get("/export.json").get_json()[0]["permalink"] == "/doc/d1?p=1#p1"


def test_public_url_makes_citations_exports_and_json_absolute(index: Any) -> None:
    client = client_for(index, "https://quotes.example.org/desk")
    data = client.get("/api/search?q=publish").get_json()
    assert data["hits"][0]["permalink"] == "https://quotes.example.org/desk/doc/d1?p=1#p1"
    assert client.get("/export.json").get_json()[0]["permalink"] == "https://quotes.example.org/desk/doc/d1?p=1#p1"
    soup = BeautifulSoup(client.get("/?q=publish").get_data(as_text=True), "html.parser")
    citation = soup.select_one(".hit-quote button.copy-citation")["data-citation"]
    # The article's own URL, selecting the quote, then the onrecord permalink.
    assert citation.endswith(", https://example.org/story#:~:text=We%20will%20publish%20every%20page%20of%20it, "
                             "https://quotes.example.org/desk/doc/d1?p=1#p1")


def test_public_permalinks_walks_nested_json() -> None:
    data = {"hits": [{"permalink": "/doc/a?p=1#p1", "also_in": [{"permalink": "/doc/b?p=2#p2"}]}],
            "permalink": "https://other/x"}
    out = public_permalinks(data, "https://q.example")
    assert out["hits"][0]["also_in"][0]["permalink"] == "https://q.example/doc/b?p=2#p2"
    assert out["hits"][0]["permalink"] == "https://q.example/doc/a?p=1#p1" and out["permalink"] == "https://other/x"
    assert public_permalinks(data, "") is data


def test_public_url_comes_from_the_environment_and_setting() -> None:
    assert load_config({}).public_url == ""
    assert load_config({"ONRECORD_PUBLIC_URL": "https://a.example/"}).public_url == "https://a.example"
    assert load_config({"ONRECORD_PUBLIC_URL": "https://a.example"},
                       ["public_url=https://b.example/x/"]).public_url == "https://b.example/x"


@pytest.mark.parametrize("raw", ["http://127.0.0.1:5000", "http://localhost/", "http://[::1]/", "http://0.0.0.0",
                                 "ftp://x.example", "quotes.example.org", "https://x.example/?a=1"])
def test_a_bad_or_loopback_public_url_is_refused(raw: str) -> None:
    with pytest.raises(ConfigError, match="public_url"):
        load_config({}, [f"public_url={raw}"])


def test_serve_takes_public_url_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[Config] = []
    monkeypatch.setattr(web_app, "serve", served.append)
    env = {"PORT": None, "ONRECORD_PORT": None, "ONRECORD_PUBLIC_URL": "https://env.example"}
    result = CliRunner().invoke(main, ["serve", "--public-url", "https://flag.example/"], env=env)
    assert result.exit_code == 0, result.output
    assert served[0].public_url == "https://flag.example"
    bad = CliRunner().invoke(main, ["serve", "--public-url", "http://localhost:5000"], env=env)
    assert bad.exit_code == 2 and "loopback" in bad.output
