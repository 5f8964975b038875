"""Batch look-up (#14): /lookup, /lookup.csv and /lookup.json match each
pasted name to speakers (full name, or surname with a compatible first
name or initial), with quote counts, first and last dates and links;
more than 500 names is a clear 400."""
from __future__ import annotations

import csv
import datetime as dt
import io
from urllib.parse import urlencode

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.errors import QueryError
from onrecord.search.features.lookup import MAX_NAMES, lookup_speakers, match_kind, name_tokens
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from onrecord.web.outputs.lookup import parse_names
from tests.factories import indexed, make_article


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed([
        make_article("t1", ['"We must act," said Tony.', "A paragraph naming nobody."], speaker="Tony Blair",
                     published=dt.date(2001, 6, 7)),
        make_article("t2", ['"Again," said Tony.'], speaker="Tony Blair", published=dt.date(2005, 5, 5)),
        make_article("t3", ['"Undated," said Tony.'], speaker="Tony Blair", published=None),
        make_article("c1", ['"Not me," said Cherie.'], speaker="Cherie Blair", published=dt.date(2003, 1, 1)),
        make_article("g1", ['"Prudence," said Brown.'], speaker="Gordon Brown", published=dt.date(2007, 1, 1)),
    ])


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    return create_app(index=index, config=Config()).test_client()


@pytest.mark.parametrize("wanted, speaker, kind", [
    ("Tony Blair", "Tony Blair", "full name"), ("tony  BLAIR", "Tony Blair", "full name"),
    ("T. Blair", "Tony Blair", "surname"), ("T Blair", "Tony Blair", "surname"),
    ("Mr Blair", "Tony Blair", "surname"), ("Blair", "Tony Blair", "surname"),
    ("Tony Blair", "Blair", "surname"), ("Dr. Tony Blair", "Tony Blair", "full name"),
    ("Cherie Blair", "Tony Blair", None), ("Tony Brown", "Tony Blair", None), ("C. Blair", "Tony Blair", None),
])
def test_match_kind(wanted: str, speaker: str, kind: str | None) -> None:
    assert match_kind(name_tokens(wanted), name_tokens(speaker)) == kind


def test_lookup_counts_quotes_and_dates(index: Index) -> None:
    rows = lookup_speakers(index, ["T. Blair", "Blair", "Gordon Brown", "Nobody Here", "  "])
    assert [r.name for r in rows] == ["T. Blair", "Blair", "Gordon Brown", "Nobody Here"]
    tony = rows[0].matches
    assert [(m.speaker, m.quote_count, m.first, m.last) for m in tony] == [
        ("Tony Blair", 4, "2001-06-07", "2005-05-05")]  # the undated quote counts, dates skip it
    assert [m.speaker for m in rows[1].matches] == ["Tony Blair", "Cherie Blair"]  # most quoted first
    assert rows[2].matches[0].how == "full name" and rows[3].matches == []


def test_more_than_the_cap_is_a_query_error(index: Index) -> None:
    lookup_speakers(index, [f"Name {i}" for i in range(MAX_NAMES)])
    with pytest.raises(QueryError, match=f"At most {MAX_NAMES} names"):
        lookup_speakers(index, [f"Name {i}" for i in range(MAX_NAMES + 1)])


def test_parse_names_lines_and_csv_first_column() -> None:
    assert parse_names("Tony Blair\n\n  T.  Blair \r\nTony Blair\n", False) == ["Tony Blair", "T. Blair"]
    text = '\ufeffName,Outlet\n"Blair, Tony",BBC\nGordon Brown,ITV\n'
    assert parse_names(text, True) == ["Blair, Tony", "Gordon Brown"]


def lookup_url(path: str, names: list[str], as_csv: bool = False) -> str:
    return f"{path}?" + urlencode({"names": "\n".join(names), **({"csv": "1"} if as_csv else {})})


def test_lookup_page_shows_the_table(client: FlaskClient) -> None:
    assert client.get("/lookup").status_code == 200
    response = client.get(lookup_url("/lookup", ["T. Blair", "Nobody Here"]))
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    match = soup.select_one("tr.lookup-match")
    cells = [td.get_text() for td in match.find_all("td")]
    assert cells == ["Tony Blair", "surname", "4", "2001-06-07", "2005-05-05"]
    assert match.select_one("a.speaker-link")["href"] == "/speaker/Tony%20Blair"
    assert soup.select_one("tr.lookup-none th").get_text() == "Nobody Here"
    assert soup.select_one("#lookup-names").get_text() == "T. Blair\nNobody Here"  # the list stays in the box


def test_lookup_json_and_csv_match_the_page(client: FlaskClient) -> None:
    names = ["Blair", "Gordon Brown", "Nobody Here"]
    data = client.get(lookup_url("/lookup.json", names)).get_json()
    assert data["names"] == 3 and data["matched"] == 2
    assert [[m["speaker"] for m in r["matches"]] for r in data["rows"]] == [["Tony Blair", "Cherie Blair"],
                                                                          ["Gordon Brown"], []]
    body = client.get(lookup_url("/lookup.csv", names)).get_data()
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
    assert [(r["name"], r["speaker"], r["quote_count"]) for r in rows] == [
        ("Blair", "Tony Blair", "4"), ("Blair", "Cherie Blair", "1"), ("Gordon Brown", "Gordon Brown", "1"),
        ("Nobody Here", "", "")]
    assert rows[0]["url"] == "/speaker/Tony%20Blair"


def test_csv_list_uses_the_first_column(client: FlaskClient) -> None:
    data = client.get(lookup_url("/lookup.json", ["name,notes", "Gordon Brown,chancellor"], as_csv=True)).get_json()
    assert [r["name"] for r in data["rows"]] == ["Gordon Brown"] and data["matched"] == 1


def test_over_500_names_is_a_clear_400(client: FlaskClient) -> None:
    names = [f"Person {i}" for i in range(MAX_NAMES + 1)]
    response = client.get(lookup_url("/lookup.json", names))
    assert response.status_code == 400 and "At most 500 names" in response.get_json()["error"]
    page = client.get(lookup_url("/lookup", names))
    soup = BeautifulSoup(page.get_data(as_text=True), "html.parser")
    assert page.status_code == 400 and "At most 500 names" in soup.select_one(".lookup-form .form-error").get_text()
    assert soup.select_one("#lookup-names").get_text().startswith("Person 0\nPerson 1\n")  # the list is kept
    assert client.get(lookup_url("/lookup.json", names[:MAX_NAMES])).status_code == 200


def test_the_benchmark_builds_its_list_and_times_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bench.querying import lookup as bench_lookup
    from tests.factories import write_index
    path = write_index(tmp_path / "ix", [[make_article("t1", ['"Go," said Tony.'], speaker="Tony Blair")]])
    names = bench_lookup.build_names(path, 6)
    assert names[:3] == ["Tony Blair", "T. Blair", "Nobody2 Unknown2"]
    seconds, matched = bench_lookup.run_once(path, names)
    assert matched == 4 and seconds >= 0
    assert bench_lookup.main(["--index", str(path), "--names", "3", "--runs", "1"]) == 0
