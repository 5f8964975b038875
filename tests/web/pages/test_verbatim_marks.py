"""Only verbatim words stand inside quote marks (issue #32): every surface
shows a quote through search's cite_quote, with its kind.  Fast tests on
invented articles for each kind and surface; a slow one over the BBC corpus."""
from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.indexer.extraction import extract_file
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import Article, Metadata, ParsedArticle, open_index
from onrecord.search.features.citations import cite_quote
from tests.factories import write_index

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO.parent / "shared" / "corpus" / "bbc"
MARKED_RE = re.compile("\u201c([^\u201c\u201d]*)\u201d")
TEXT = ("Vole says port is a mess\n\n"
        'Ann Vole said the harbour was "in a sorry state" and "badly run", and she blamed the board.\n\n'
        '"We will rebuild it," Ann Vole said.')


def _article() -> Article:
    parsed = ParsedArticle(source="t.txt", text=TEXT, meta=Metadata(title="Port", outlet="Herald"))
    return annotate_article(chunk_article(parsed))


@pytest.mark.parametrize(("text", "kind", "pieces", "shown"), [
    ('"We will appeal," she said', "direct", ((1, 15),), "\u201cWe will appeal\u201d"),
    ('they were a "ludicrous improbability"', "partial", ((13, 36),),
     "they were a \u201cludicrous improbability\u201d"),
    ('it was "a mess" and "a farce"', "partial", ((8, 14), (21, 28)), "it was \u201ca mess\u201d and \u201ca farce\u201d"),
    ("the Met had not done enough", "indirect", (), "(reported) the Met had not done enough"),
    ('the plan was "dead"', "partial", (), "(reported) the plan was dead"),  # pieces unknown: no marks
])
def test_cite_quote_marks_only_the_pieces(text: str, kind: str, pieces: tuple[tuple[int, int], ...],
                                          shown: str) -> None:
    assert cite_quote(text, 0, kind, pieces) == shown


@pytest.fixture()
def client(tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> FlaskClient:
    return app_client(write_index(tmp_path / "ix", [[_article()]]))


def _marked_words_are_verbatim(cited: str, text: str) -> None:
    for words in MARKED_RE.findall(cited):
        assert words and " ".join(words.split()) in " ".join(text.split()), (words, cited)


def test_json_export_labels_each_kind_and_marks_only_verbatim_words(client: FlaskClient) -> None:
    rows = json.loads(client.get("/export.json?q=harbour+OR+rebuild&rows=quotes").get_data(as_text=True))
    by_label = {r["label"]: r for r in rows}
    assert by_label["partial"]["cited"] == "the harbour was \u201cin a sorry state\u201d and \u201cbadly run\u201d"
    assert by_label["verbatim"]["cited"] == "\u201cWe will rebuild it\u201d"
    for row in rows:
        _marked_words_are_verbatim(row["cited"], TEXT)


def test_csv_export_has_the_kind_label_and_cited_columns(client: FlaskClient) -> None:
    body = client.get("/export.csv?q=harbour&rows=quotes").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(body)))
    assert [(r["label"], r["cited"]) for r in rows] == [
        ("partial", "the harbour was \u201cin a sorry state\u201d and \u201cbadly run\u201d")]


def test_search_page_and_citation_quote_only_the_pieces(client: FlaskClient) -> None:
    page = BeautifulSoup(client.get("/?q=harbour").get_data(as_text=True), "html.parser")
    item = page.select_one("li.hit-quote")
    assert item.select_one(".quote-kind").get_text() == "partial"
    citation = item.select_one("button.copy-citation")["data-citation"]
    assert citation.startswith("the harbour was \u201cin a sorry state\u201d and \u201cbadly run\u201d \u2014 Ann Vole")


def test_speaker_page_shows_kinds(client: FlaskClient) -> None:
    page = BeautifulSoup(client.get("/speaker/Ann%20Vole").get_data(as_text=True), "html.parser")
    shown = {li.select_one(".quote-kind").get_text(): li.select_one(".quote-text").get_text()
             for li in page.select("li.entity-quote")}
    assert shown["partial"] == "the harbour was \u201cin a sorry state\u201d and \u201cbadly run\u201d"
    assert shown["verbatim"] == "\u201cWe will rebuild it\u201d"


def test_article_page_shades_pieces_inside_a_marked_clause(client: FlaskClient) -> None:
    doc_id = json.loads(client.get("/export.json?q=harbour&rows=quotes").get_data(as_text=True))[0]["paragraph_id"]
    page = BeautifulSoup(client.get(f"/doc/{doc_id.rsplit('-p', 1)[0]}").get_data(as_text=True), "html.parser")
    # the headline "Vole says port is a mess" is a reported clause of its own
    clause = next(c for c in page.select("span.reported") if c["title"].startswith("partial quote"))
    assert [s.get_text() for s in clause.select("span.quote")] == ["in a sorry state", "badly run"]


def test_feed_entries_list_their_quotes_with_kinds(client: FlaskClient) -> None:
    feed = client.get("/feed.atom?q=harbour").get_data(as_text=True)
    assert "[partial] the harbour was \u201cin a sorry state\u201d and \u201cbadly run\u201d - Ann Vole" in feed


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"BBC corpus absent ({CORPUS})")
def test_every_exported_bbc_quote_marks_only_verbatim_words(
        tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    index = open_index(tmp_path / "ix", create=True)
    try:
        ingest_paths([CORPUS], index)
    finally:
        index.close()
    texts = {a.id: a.text for path in sorted(CORPUS.rglob("*.txt")) for a in extract_file(path)}
    rows = json.loads(app_client(tmp_path / "ix").get("/export.json?rows=quotes").get_data(as_text=True))
    assert len(rows) > 5000  # the corpus holds about 8,600 quotes
    for row in rows:
        marked = MARKED_RE.findall(row["cited"])
        # each marked stretch is one piece, the article's own words at the piece's offsets
        assert len(marked) == len(row["pieces"]), row
        text = texts[row["paragraph_id"].rsplit("-p", 1)[0]]
        for words, (lo, hi) in zip(marked, row["pieces"], strict=True):
            assert " ".join(text[lo:hi].split()).rstrip(",").rstrip() == words, (words, text[lo:hi])
        assert row["kind"] != "partial" or marked, row


def test_api_search_hits_carry_each_quote_as_shown(client: FlaskClient) -> None:
    hit = json.loads(client.get("/api/search?q=harbour").get_data(as_text=True))["hits"][0]
    [quote] = hit["quotes"]
    assert (quote["kind"], quote["label"]) == ("partial", "partial")
    assert quote["cited"] == "the harbour was \u201cin a sorry state\u201d and \u201cbadly run\u201d"
    assert [TEXT[lo:hi] for lo, hi in quote["pieces"]] == ["in a sorry state", "badly run"]
