"""The facet table (search.facetdefs) and the author facet it proves:
every row is in the schema, the JSON, the search page, the URL and the CLI;
the author facet works end to end from bylines in HTML meta and JSON records.

A new facet is one FacetDef row; the parametrized tests below then check it."""
from __future__ import annotations

import csv
import dataclasses
import io
import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from onrecord.cli import main
from onrecord.indexer.pipeline import extract_file
from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.facetdefs import FACET_NAMES, FACETS, NAME_FACETS, FacetDef
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.schema import build_schema
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from onrecord.web.pages.links import request_params, toggle_filter
from onrecord.web.serving.params import parse_search_request

# Bylines as the indexer meets them: an HTML <meta name="author">, a JSON
# record's list of authors (joined "Jo Reed, Sam Hill"), an HTML page with
# another author, and a page with no byline at all.
FILES = {
    "treasury.html": """<html><head><title>Treasury defends budget</title>
<meta name="author" content="Jo Reed"><meta property="og:site_name" content="Kent Gazette">
<meta property="article:published_time" content="2021-04-15"></head><body><article>
<p>"We will balance the budget," said Ann Jones, a Treasury minister.</p>
<p>The Treasury published its budget figures on Monday.</p></article></body></html>""",
    "council.json": """{"title": "Council budget row", "outlet": "City Herald",
"authors": ["Jo Reed", "Sam Hill"], "published": "2020-02-01", "url": "https://example.org/council",
"body": "\\"The budget is late,\\" said Carl Reyes of the Home Office.\\n\\nCritics blamed the Treasury for the budget."}""",
    "harbour.html": """<html><head><title>Harbour budget</title><meta name="author" content="Sam Hill">
<meta property="og:site_name" content="Coast News"><meta property="article:published_time" content="2022-06-01">
</head><body><article><p>The harbour budget was cut again this year.</p></article></body></html>""",
    "anonymous.html": """<html><head><title>Unsigned budget note</title></head><body><article>
<p>An unsigned note on the budget.</p></article></body></html>""",
}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bylines")
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def index(files: Path) -> Index:
    idx = ram_index()
    write_articles(idx, [a for path in sorted(files.iterdir()) for a in extract_file(path)])
    return idx


@pytest.fixture()
def client(index: Index) -> FlaskClient:
    return create_app(index=index, config=Config(per_page=10)).test_client()


def counts(index: Index, facet: str, request: SearchRequest | None = None) -> dict[str, int]:
    """Return {value: count} of one facet over `request` (default: everything)."""
    return {v.value: v.count for v in search(index, request or SearchRequest()).facets[facet]}


# ------------------------------------------------------------ the table

@pytest.mark.parametrize("facet", FACETS, ids=FACET_NAMES)
def test_each_row_names_real_fields_and_attributes(facet: FacetDef) -> None:
    schema = build_schema()
    assert facet.count_field in schema.names() and facet.filter_field in schema.names()
    assert facet.rule in ("all", "any", "year") and facet.label
    if facet.rule == "year":
        assert facet.request_attr is None and facet.cli_option is None
    else:
        assert getattr(SearchRequest(), str(facet.request_attr)) == ()
        assert facet.source is not None and facet.cli_option == f"--{facet.name}"


def test_facet_names_are_unique_and_keep_the_table_order() -> None:
    assert len(set(FACET_NAMES)) == len(FACETS)
    assert FACET_NAMES == ("speaker", "kind", "evidence", "institution", "outlet", "author", "year")


@pytest.mark.parametrize("facet", FACETS, ids=FACET_NAMES)
def test_each_facet_count_equals_the_results_of_filtering_by_it(index: Index,
                                                                facet: FacetDef) -> None:
    values = counts(index, facet.name)
    assert values, f"the fixture gives {facet.name} no values"
    for value, count in values.items():
        filtered = toggle_filter(SearchRequest(), facet.name, value)
        assert search(index, filtered).total == count, (facet.name, value)


# ------------------------------------------------------ the author facet

def test_authors_come_from_html_meta_and_json_records(index: Index) -> None:
    paragraphs = {"treasury": 2, "council": 2, "harbour": 1}
    assert counts(index, "author") == {"Jo Reed": paragraphs["treasury"] + paragraphs["council"],
                                       "Sam Hill": paragraphs["council"] + paragraphs["harbour"]}


def test_author_filter_is_case_insensitive_and_values_combine_with_or(index: Index) -> None:
    one = search(index, SearchRequest(authors=("jo reed",)))
    both = search(index, SearchRequest(authors=("Jo Reed", "Sam Hill")))
    assert one.total == 4 and both.total == 5  # everything signed; "any" rule: OR
    # The author facet is counted without its own selection: Jo Reed's
    # count is what adding her (OR) would add.
    assert counts(index, "author", SearchRequest(authors=("Sam Hill",))) == {"Jo Reed": 4, "Sam Hill": 3}


def test_author_round_trips_through_the_url() -> None:
    req = SearchRequest(query="budget", authors=("Jo Reed", "Sam Hill"), speakers=("Ann Jones",))
    params = request_params(req)
    assert ("author", "Jo Reed") in params and ("author", "Sam Hill") in params
    assert parse_search_request(MultiDict(params)) == req


def test_api_filters_by_author_and_counts_it(client: FlaskClient, index: Index) -> None:
    data = client.get("/api/search?q=budget&author=Sam+Hill").get_json()
    expected = search(index, SearchRequest(query="budget", authors=("Sam Hill",))).to_dict()
    assert data == expected and data["total"] == 3
    assert {f["value"]: f["count"] for f in data["facets"]["author"]}["Sam Hill"] == 3


def test_search_page_toggles_the_author_facet(client: FlaskClient) -> None:
    page = BeautifulSoup(client.get("/?q=budget").get_data(as_text=True), "html.parser")
    link = next(a for a in page.select(".facet-author a.facet-link")
                if a.select_one(".facet-value").get_text() == "Sam Hill")
    assert link["href"] == "/?q=budget&author=Sam+Hill"
    filtered = BeautifulSoup(client.get(link["href"]).get_data(as_text=True), "html.parser")
    assert "3 matching paragraphs" in filtered.select_one("#results-title").get_text()
    active = filtered.select_one(".facet-author a.facet-link.active")
    assert active["href"] == "/?q=budget"  # clicking it again removes the filter
    assert [c.get_text(" ", strip=True) for c in filtered.select(".chip-label")] == ["author:"]
    assert filtered.select('input[type=hidden][name=author][value="Sam Hill"]')


def test_exports_keep_the_author_filter(client: FlaskClient) -> None:
    body = client.get("/export.csv?q=budget&author=Jo+Reed&rows=paragraphs").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(body.lstrip("\ufeff"))))
    assert len(rows) == 4 and {r["doc_id"] for r in rows} == {
        h["doc_id"] for h in client.get("/api/search?author=Jo+Reed").get_json()["hits"]}


def test_cli_filters_by_author(files: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    index_dir = str(tmp_path / "index")
    built = runner.invoke(main, ["index", str(files), "--index", index_dir, "--workers", "1"])
    assert built.exit_code == 0, built.output
    result = runner.invoke(main, ["search", "budget", "--author", "Sam Hill", "--json",
                                  "--index", index_dir])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 3 and {h["title"] for h in data["hits"]} == {
        "Council budget row", "Harbour budget"}


def test_cli_excludes_a_value_and_ors_two(files: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    index_dir = str(tmp_path / "index")
    assert runner.invoke(main, ["index", str(files), "--index", index_dir, "--workers", "1"]).exit_code == 0

    def total(*args: str) -> int:
        result = runner.invoke(main, ["search", "budget", "--json", "--index", index_dir, *args])
        assert result.exit_code == 0, result.output
        return int(json.loads(result.output)["total"])

    every, sam, jo = total(), total("--author", "Sam Hill"), total("--author", "Jo Reed")
    assert total("--not-author", "Sam Hill") == every - sam
    both = total("--author", "Sam Hill", "--author", "Jo Reed")
    assert max(sam, jo) < both <= sam + jo  # OR: the council article is signed by both


# ---------------------------------------- every row in the JSON and the page

def test_every_row_is_a_key_of_the_json_facets(client: FlaskClient) -> None:
    assert list(client.get("/api/search").get_json()["facets"]) == list(FACET_NAMES)


@pytest.mark.parametrize("facet", FACETS, ids=FACET_NAMES)
def test_every_row_is_listed_on_the_search_page(client: FlaskClient, facet: FacetDef) -> None:
    page = BeautifulSoup(client.get("/").get_data(as_text=True), "html.parser")
    section = page.select_one(f"section.facet-{facet.name}")
    assert section is not None and section.h3.get_text() == facet.label
    assert section.select("a.facet-link")
    assert bool(section.select("a.profile-link")) == facet.profile


@pytest.mark.parametrize("facet", [f for f in NAME_FACETS if f.cli_option], ids=lambda f: f.name)
def test_every_name_row_is_a_cli_option(facet: FacetDef) -> None:
    help_text = CliRunner().invoke(main, ["search", "--help"]).output
    assert str(facet.cli_option) in help_text


def test_a_new_row_needs_only_its_request_attribute() -> None:
    """The table rows that filter by names are exactly SearchRequest's tuple
    fields: adding a facet is a row plus its attribute, nothing else."""
    tuples = {f.name for f in dataclasses.fields(SearchRequest) if f.default == ()} - {"excluded"}
    assert tuples == {str(f.request_attr) for f in NAME_FACETS}
