"""Spoofing: names and metadata that look like something they are not, and
links or redirects that lead somewhere else than they say.

- Bidi and invisible characters in a speaker name taken from article text,
  or in an outlet, never reach a facet, a page, a CSV or an Atom feed: the
  same-looking name is one value (#29 item 11).
- A redirect never names the request's Host (#29 item 12).
- A name holding "/../" links to its own page, however a browser resolves
  the link (#29 item 13).
"""
from __future__ import annotations

import csv
import io
import json
import unicodedata
from pathlib import Path
from urllib.parse import urljoin, urlsplit
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.indexer.annotate.corrections import load_corrections
from onrecord.indexer.annotate.institutions.registry import load_registry
from onrecord.indexer.extraction import extract_file
from onrecord.indexer.parse.metaclean import clean_value
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.config import Config
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed, make_article

# Characters that hide or reorder text: bidi controls and DEL (seen in
# speaker names taken from article text), then zero-width and filler
# characters and tags (seen in metadata).
BIDI_AND_CONTROL = ["\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c", "\x7f"]
INVISIBLE = ["\u200b", "\u2060", "\ufeff", "\u00ad", "\u3164", "\U000e0041", "\U000e007f"]
HIDDEN = BIDI_AND_CONTROL + INVISIBLE
ATOM = "http://www.w3.org/2005/Atom"


def ingest_files(tmp_path: Path, files: dict[str, str]) -> Index:
    """Return an in-memory index of `files` (name -> text) ingested from
    `tmp_path`, as `onrecord index` would."""
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    index = ram_index()
    summary = ingest_paths([tmp_path], index)
    assert not summary.skipped, summary.skipped
    return index


def client_of(index: Index) -> FlaskClient:
    return create_app(index, Config()).test_client()


# --------------------------------------------------------------- item 11

@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_a_hidden_character_in_a_speaker_name_never_reaches_a_facet_csv_or_feed(
        tmp_path: Path, char: str) -> None:
    story = (f'Budget row\n\n"We will not back down," said Ali{char}ce Smith, the council leader.\n\n'
             f'"The budget is fair," said Alice Smith.\n')
    index = ingest_files(tmp_path, {"a.txt": story})
    client = client_of(index)
    facets = client.get("/api/search?q=budget").get_json()["facets"]
    assert [v["value"] for v in facets["speaker"]] == ["Alice Smith"]
    rows = list(csv.DictReader(io.StringIO(client.get("/export.csv?q=budget").get_data(as_text=True)
                                           .lstrip("\ufeff"))))
    assert rows and {row["speaker"] for row in rows} == {"Alice Smith"}
    feed = ElementTree.fromstring(client.get("/speaker/Alice%20Smith.atom").get_data())
    terms = [c.get("term") for c in feed.iter(f"{{{ATOM}}}category")]
    assert terms == ["Alice Smith", "Alice Smith"]  # both quotes, one name
    page = client.get("/speakers").get_data(as_text=True)
    assert "Alice Smith" in page and char not in page


@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_a_hidden_character_in_an_outlet_makes_no_second_outlet(tmp_path: Path, char: str) -> None:
    files = {"a.txt": "First budget story.\n", "b.txt": "Second budget story.\n",
             "a.meta.json": json.dumps({"outlet": "BBC News"}),
             "b.meta.json": json.dumps({"outlet": f"BBC{char} News", "author": f"Ann{char} Vole"})}
    index = ingest_files(tmp_path, files)
    facets = client_of(index).get("/api/search?q=budget").get_json()["facets"]
    assert [(v["value"], v["count"]) for v in facets["outlet"]] == [("BBC News", 2)]


@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_a_hidden_character_in_an_institution_name_is_cleaned(tmp_path: Path, char: str) -> None:
    story = f"The Ministry of Fi{char}nance said it would wait.\n"
    (article,) = extract_file(_write(tmp_path / "a.txt", story))
    names = {name for p in article.paragraphs for name in p.institutions}
    assert names and all(char not in name for name in names)


@pytest.mark.parametrize(("raw", "clean"), [
    ("BBC\u200b News", "BBC News"),  # a zero-width space inside a value joins
    ("Smal\u00adlman", "Smallman"),  # a soft hyphen inside a word joins it
    ("\ufeffReuters", "Reuters"),
    ("Cafe\u0301 Society", "Caf\u00e9 Society"),  # one spelling (NFC) for one name
    ("Hangul\u3164Filler", "HangulFiller"),
    ("Tag\U000e0020\U000e0041s", "Tags"),
    ("A\u200dB", "AB"),  # a joiner between Latin letters only hides
    ("\u0645\u06cc\u200c\u0634\u0648\u062f", "\u0645\u06cc\u200c\u0634\u0648\u062f"),  # Persian keeps its ZWNJ
    ("\U0001f469\u200d\U0001f52c", "\U0001f469\u200d\U0001f52c"),  # an emoji sequence keeps its ZWJ
    ("lone \ud800 surrogate", "lone surrogate"),
])
def test_clean_value_joins_hidden_characters(raw: str, clean: str) -> None:
    assert clean_value(raw) == clean
    assert unicodedata.is_normalized("NFC", clean_value(raw))


@pytest.mark.parametrize(("raw", "clean"), [
    ("Ali\u202ece Smith", "Alice Smith"),
    ("..", None),  # no letter or digit: no name (and no "/speaker/.." link)
    ("\u200b", None),
    ("Smal\u00adlman", "Smallman"),
])
def test_clean_name(raw: str, clean: str | None) -> None:
    from onrecord.indexer.parse.invisibles import clean_name  # new in #29: imported here so the rest runs on main

    assert clean_name(raw) == clean


def test_speakers_file_names_are_cleaned(tmp_path: Path) -> None:
    speakers = _write(tmp_path / "speakers.json", json.dumps(
        {"speakers": [{"name": "Tony\u200b Bl\u202eair", "aliases": ["Anthony\u2060 Blair"]}]}))
    corrections = load_corrections(speakers)
    assert set(corrections.aliases.values()) == {("Tony Blair", None)}
    assert "anthony blair" in corrections.aliases


def test_institutions_file_names_are_cleaned(tmp_path: Path) -> None:
    extra = _write(tmp_path / "inst.json", json.dumps(
        {"institutions": [{"name": "Fens\u200b Water\u202e Board", "aliases": ["F\u2060WB"]}]}))
    registry = load_registry(extra)
    assert registry.canonical("FWB") == "Fens Water Board"
    assert "Fens Water Board" in {i.name for i in registry.institutions}


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------- item 12

@pytest.mark.parametrize("path", ["/doc//x", "//doc/x", "/speaker//Ann", "/doc//x?p=2"])
def test_a_redirect_never_names_the_requests_host(path: str) -> None:
    client = client_of(indexed([make_article("x", ["Some text."])]))
    response = client.get(path, headers={"Host": "attacker.test"})
    location = response.headers.get("Location", "")
    assert "attacker.test" not in location
    if response.status_code in (301, 302, 303, 307, 308):
        parts = urlsplit(location)
        assert not parts.scheme and not parts.netloc and location.startswith("/")
        assert not location.startswith("//")


def test_the_merged_slash_redirect_still_lands_on_the_page() -> None:
    client = client_of(indexed([make_article("x", ["Some text."])]))
    response = client.get("/doc//x", headers={"Host": "attacker.test"})
    assert response.status_code == 308 and response.headers["Location"] == "/doc/x"


# --------------------------------------------------------------- item 13

TRICKY_NAMES = ["a/../b", "../../help", "x/./y", "a/..", "./x", "100%/..%2F", "a?b#c"]


@pytest.mark.parametrize("name", TRICKY_NAMES)
@pytest.mark.parametrize("kind", ["speaker", "institution"])
def test_a_name_with_dot_segments_links_to_its_own_page(kind: str, name: str) -> None:
    article = make_article("a1", ["He said the words."], speaker=name if kind == "speaker" else None,
                           institutions=[name] if kind == "institution" else ())
    client = client_of(indexed([article]))
    listing = BeautifulSoup(client.get(f"/{kind}s").get_data(as_text=True), "html.parser")
    hrefs = [a["href"] for a in listing.select("a[href]") if a["href"].startswith(f"/{kind}/")]
    assert len(hrefs) == 1
    # What a browser requests: the link resolved against the page (dot
    # segments removed), then sent as it is.
    target = urljoin(f"http://news.example/{kind}s", hrefs[0])
    parts = urlsplit(target)
    assert parts.path == hrefs[0].split("?")[0]
    page = client.get(parts.path + (f"?{parts.query}" if parts.query else ""))
    assert page.status_code == 200
    heading = BeautifulSoup(page.get_data(as_text=True), "html.parser").find("h1")
    assert heading is not None and name in heading.get_text()
    for twin in (".json", ".atom"):
        assert client.get(parts.path + twin).status_code == 200


def test_the_json_twin_of_a_name_with_dot_segments_names_it() -> None:
    name = "a/../b"
    client = client_of(indexed([make_article("a1", ["Words."], speaker=name)]))
    listing = client.get("/speakers.json").get_json()
    (entry,) = listing["values"]
    assert entry["name"] == name and "/../" not in entry["url"] and "/./" not in entry["url"]
    assert client.get(entry["url"] + ".json").get_json()["name"] == name


@pytest.mark.browser
@pytest.mark.parametrize("name", ["a/../b", "../../help", "x/./y"])
def test_chromium_follows_a_dot_segment_name_to_its_own_page(name: str) -> None:
    """What a browser really does with the link: Chromium clicks it on the
    speakers page, served by waitress (which decodes the path itself)."""
    from playwright.sync_api import sync_playwright

    from tests.browser_server import CHROMIUM_ARGS, MISSING_CHROMIUM, start_server
    from tests.ensure_browser import find_chromium

    executable = find_chromium()
    if executable is None:
        pytest.fail(MISSING_CHROMIUM)
    live = start_server(indexed([make_article("a1", ["He said the words."], speaker=name)]))
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
            page = chromium.new_page(base_url=live.base_url)
            page.goto("/speakers")
            page.locator("#entity-list a").first.click()
            page.wait_for_load_state()
            assert page.locator("h1").inner_text() == name
            chromium.close()
    finally:
        live.close()
