"""/speakers and /institutions come in pages (issue #29, item 10).

With 20,000 speakers the one-page list was 2.46 MB and took 0.7-1.7 s, and
?page= was ignored.  Now each list shows entity_list_page_size names (200)
a page, most named first, with a pager, a name filter (a plain GET form)
and a .json twin paged the same way (total, page, pages, per_page); a page
past the last is a 404 that says how many there are."""
from __future__ import annotations

import datetime as dt
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.features.entities import list_entities, page_entities
from onrecord.search.model import Article, Metadata, Paragraph
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed

PER_PAGE = Config().entity_list_page_size  # the setting's default
NAMES = 2 * PER_PAGE + 57  # two full pages and a remainder
PER_PARAGRAPH = 50
KINDS = ["speaker", "institution"]


def entity_name(kind: str, i: int) -> str:
    # A few names contain "Smith" (any case), for the name filter.
    surname = "SMITHERS" if i % 97 == 5 else ("smith" if i % 101 == 3 else f"Name{i:04d}")
    return f"{kind.capitalize()} {i:04d} {surname}"


def crowd_article() -> Article:
    """Return one article whose paragraphs name NAMES speakers and as many
    institutions; the first ten of each are named in more paragraphs
    (i + 1 extra), so they lead the lists."""
    people = {kind: [entity_name(kind, i) for i in range(NAMES)] for kind in KINDS}
    named: list[dict[str, list[str]]] = [
        {kind: people[kind][start:start + PER_PARAGRAPH] for kind in KINDS}
        for start in range(0, NAMES, PER_PARAGRAPH)]
    named += [{kind: people[kind][:i] for kind in KINDS} for i in range(1, 11)]
    paragraphs, texts, offset = [], [], 0
    for n, names in enumerate(named, 1):
        text = f"Paragraph {n} names many people."
        paragraphs.append(Paragraph(id=f"crowd-p{n}", n=n, start=offset, end=offset + len(text),
                                    text=text, speakers=names["speaker"],
                                    institutions=names["institution"]))
        texts.append(text)
        offset += len(text) + 2
    meta = Metadata(title="Crowd", outlet="The Ledger", url=None, published=dt.date(2023, 1, 1))
    return Article(id="crowd", source="crowd.txt", text="\n\n".join(texts), meta=meta,
                   paragraphs=paragraphs)


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed([crowd_article()])


@pytest.fixture()
def client(index: Index) -> FlaskClient:
    return create_app(index=index, config=Config()).test_client()


def listed(response) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    return [(li.a.get_text(), li.select_one(".count").get_text()) for li in soup.select("#entity-list li")]


def pager_pages(response) -> list[int]:  # type: ignore[no-untyped-def]
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    return [int(parse_qs(urlsplit(a["href"]).query).get("page", ["1"])[0])
            for a in soup.select("nav.pager a")]


@pytest.mark.parametrize("kind", KINDS)
def test_the_list_comes_in_pages_of_the_page_size(client: FlaskClient, index: Index, kind: str) -> None:
    every = [(fv.value, f"{fv.count:,}") for fv in list_entities(index, kind)]
    assert len(every) == NAMES
    pages = [client.get(f"/{kind}s"), client.get(f"/{kind}s?page=2"), client.get(f"/{kind}s?page=3")]
    assert [response.status_code for response in pages] == [200, 200, 200]
    shown = [listed(response) for response in pages]
    assert [len(rows) for rows in shown] == [PER_PAGE, PER_PAGE, NAMES - 2 * PER_PAGE]
    assert shown[0] + shown[1] + shown[2] == every  # most named first, nothing lost or repeated
    assert shown[0][0][0] == f"{kind.capitalize()} 0000 Name0000"  # named in 11 paragraphs
    assert set(pager_pages(pages[0])) == {2, 3}
    assert set(pager_pages(pages[1])) == {1, 3}
    first_page = pages[0].get_data(as_text=True)
    assert f"{NAMES:,}" in first_page  # the heading counts them all
    assert 'rel="next"' in first_page and 'rel="next"' not in pages[2].get_data(as_text=True)


@pytest.mark.parametrize("kind", KINDS)
def test_the_json_twin_is_paged_the_same_way(client: FlaskClient, kind: str) -> None:
    html = client.get(f"/{kind}s?page=2")
    data = client.get(f"/{kind}s.json?page=2").get_json()
    assert (data["total"], data["page"], data["pages"], data["per_page"]) == (NAMES, 2, 3, PER_PAGE)
    assert [(v["name"], f"{v['count']:,}") for v in data["values"]] == listed(html)
    assert data["values"][0]["url"].startswith(f"/{kind}/")
    assert data["next"] == f"/{kind}s.json?page=3" and data["previous"] == f"/{kind}s.json"
    last = client.get(f"/{kind}s.json?page=3").get_json()
    assert len(last["values"]) == NAMES - 2 * PER_PAGE and last["next"] is None


@pytest.mark.parametrize("suffix", ["", ".json"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_page_past_the_last_is_a_404_saying_how_many(client: FlaskClient, kind: str, suffix: str) -> None:
    response = client.get(f"/{kind}s{suffix}?page=4")
    assert response.status_code == 404
    assert f"3 pages of {kind}s" in response.get_data(as_text=True)
    for bad in ("0", "-1", "two", "99999999999"):
        refused = client.get(f"/{kind}s{suffix}?page={bad}")
        assert refused.status_code == 400 and "page" in refused.get_data(as_text=True)


@pytest.mark.parametrize("kind", KINDS)
def test_the_name_filter_keeps_names_containing_it_ignoring_case(client: FlaskClient, index: Index,
                                                                 kind: str) -> None:
    wanted = [fv.value for fv in list_entities(index, kind) if "smith" in fv.value.casefold()]
    assert 5 < len(wanted) < PER_PAGE
    response = client.get(f"/{kind}s?name=+SMITH+")
    assert [name for name, _count in listed(response)] == wanted
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    box = soup.select_one("form.entity-filter input#entity-filter")
    assert box["name"] == "name" and box["value"] == "SMITH"
    data = client.get(f"/{kind}s.json?name=smith").get_json()
    assert data["total"] == len(wanted) and data["pages"] == 1 and data["name"] == "smith"
    nobody = client.get(f"/{kind}s?name=zzz")
    assert nobody.status_code == 200 and listed(nobody) == []
    assert "match" in nobody.get_data(as_text=True)
    assert client.get(f"/{kind}s?name=" + "x" * 201).status_code == 400


def test_pager_links_keep_the_name_filter(index: Index) -> None:
    client = create_app(index=index, config=Config(entity_list_page_size=50)).test_client()
    response = client.get("/speakers?name=name0")  # the 0xxx names, minus the Smiths
    hrefs = [a["href"] for a in BeautifulSoup(response.get_data(as_text=True), "html.parser")
             .select("nav.pager a")]
    assert hrefs and all(parse_qs(urlsplit(h).query)["name"] == ["name0"] for h in hrefs)
    data = client.get("/speakers.json?name=name0&page=2").get_json()
    assert data["per_page"] == 50 and len(data["values"]) == 50
    assert data["next"] == "/speakers.json?name=name0&page=3"


def test_page_entities_pages_the_list(index: Index) -> None:
    every = list_entities(index, "speaker")
    listing = page_entities(index, "speaker", page=3, per_page=100)
    assert (listing.total, listing.pages, listing.page, listing.per_page) == (NAMES, 5, 3, 100)
    assert listing.values == every[200:300]
    assert page_entities(index, "speaker", per_page=100).values == every[:100]
