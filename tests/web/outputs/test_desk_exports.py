"""Reporter's desk exports (#14): a speaker-filtered quote export holds only
that speaker's quotes, the download name says the query and filters, the
CSV opens as UTF-8 in Excel (a BOM) and quote rows carry their paragraph."""
from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.model import Article, Metadata, Paragraph, Quote
from onrecord.web.app import create_app
from onrecord.web.outputs.exports import MAX_NAME_SLUG_CHARS, export_filename
from tests.factories import indexed

BLAIR = '"The police must be paid £5m more," said Tony Blair.'
OTHER = ' "No," replied Ann Jones.'


def two_voice_article() -> Article:
    """Return one paragraph quoting Tony Blair and Ann Jones."""
    text = BLAIR + OTHER
    q1 = '"The police must be paid £5m more,"'
    q2 = '"No,"'
    s2 = text.index(q2)
    para = Paragraph(id="tb-p1", n=1, start=0, end=len(text), text=text,
                     quotes=[Quote(text=q1, start=0, end=len(q1), speaker="Tony Blair"),
                             Quote(text=q2, start=s2, end=s2 + len(q2), speaker="Ann Jones")],
                     speakers=["Tony Blair", "Ann Jones"])
    meta = Metadata(title="Police pay", outlet="Herald", url="https://example.org/pay",
                    published=dt.date(2020, 5, 1))
    return Article(id="tb", source="tb.txt", text=text, meta=meta, paragraphs=[para])


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(index=indexed([two_voice_article()]), config=Config()).test_client()


def rows_of(body: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"), newline="")))


@pytest.mark.parametrize("speaker", ["Tony Blair", "tony   BLAIR", " Tony Blair "])
def test_speaker_filtered_export_holds_only_that_speakers_quotes(client: FlaskClient, speaker: str) -> None:
    rows = rows_of(client.get("/export.csv", query_string={"q": "police", "speaker": speaker}).get_data())
    assert [r["speaker"] for r in rows] == ["Tony Blair"]
    unfiltered = rows_of(client.get("/export.csv?q=police").get_data())
    assert sorted(r["speaker"] for r in unfiltered) == ["Ann Jones", "Tony Blair"]


def test_json_export_filters_quotes_by_speaker_too(client: FlaskClient) -> None:
    data = client.get("/export.json?speaker=Ann+Jones").get_json()
    assert [r["speaker"] for r in data] == ["Ann Jones"]


def test_quote_rows_carry_paragraph_text_and_evidence_columns(client: FlaskClient) -> None:
    row = rows_of(client.get("/export.csv?speaker=Tony+Blair").get_data())[0]
    assert row["paragraph_text"] == BLAIR + OTHER
    for column in ("evidence", "speaker_source", "confidence", "url", "permalink"):
        assert column in row
    assert row["url"] == "https://example.org/pay" and "/doc/tb" in row["permalink"]


def test_csv_starts_with_a_bom_so_the_pound_sign_survives(client: FlaskClient) -> None:
    body = client.get("/export.csv?q=police").get_data()
    assert body.startswith(b"\xef\xbb\xbf")
    assert "£5m" in body.decode("utf-8-sig")
    assert not client.get("/export.json?q=police").get_data().startswith(b"\xef\xbb\xbf")


def test_download_name_says_query_and_filters(client: FlaskClient) -> None:
    response = client.get("/export.csv?q=police&speaker=Tony+Blair")
    today = dt.date.today().isoformat()
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="onrecord-police-speaker-tony-blair-quotes-{today}.csv"')


def test_download_name_is_ascii_and_bounded() -> None:
    name = export_filename("Ünïcode " * 20, dt.date(2026, 12, 1), "csv", "quotes",
                           [("speaker", "José \"'; Bové " * 10), ("outlet", "Le Monde"), ("since", "2020-01-01")])
    assert name.isascii() and '"' not in name and ";" not in name and " " not in name
    assert name.startswith("onrecord-n-code-n-code") and name.endswith("-quotes-2026-12-01.csv")
    assert len(name) <= len("onrecord--quotes-2026-12-01.csv") + MAX_NAME_SLUG_CHARS
    assert export_filename("", dt.date(2026, 12, 1), "csv", "quotes", [("speaker", "Tony Blair")]) == (
        "onrecord-all-speaker-tony-blair-quotes-2026-12-01.csv")
