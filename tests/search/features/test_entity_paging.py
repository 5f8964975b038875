"""Speaker and institution pages come in pages of quotes: every page holds
the next quotes in date order (undated last), none repeated or lost across
pages, while the counts and the timeline still cover every quote.  The
expected order is computed here from the articles themselves."""
from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from urllib.parse import quote

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.errors import NotFoundError
from onrecord.search.features import outlines
from onrecord.search.features.citations import cite_quote
from onrecord.search.features.entities import get_entity
from onrecord.search.model import Article, Metadata, Paragraph, Quote
from onrecord.search.storage.documents import rebuild_quote
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.factories import indexed

SPEAKER = "Ann Pager"
OTHER = "Bob Other"
COUNCIL = "Pager Council"
QUOTES_PER_PAGE = Config().entity_page_size  # the entity_page_size setting's default


def make_articles(seed: int = 7, count: int = 90) -> list[Article]:
    """Articles whose paragraphs quote SPEAKER once or twice (or OTHER),
    on few distinct dates (so ties are common), some undated."""
    rng = random.Random(seed)
    articles = []
    for a in range(count):
        published = None if a % 9 == 0 else dt.date(2020, 1 + a % 5, 1 + a % 3)
        paragraphs, cursor = [], 0
        for n in range(1, rng.randint(1, 6) + 1):
            speakers = rng.choice([[SPEAKER], [SPEAKER, SPEAKER], [OTHER], [SPEAKER, OTHER], []])
            pieces, quotes = [], []
            for i, who in enumerate(speakers):
                said = f'"Point {a}.{n}.{i} about the harbour,"'
                at = cursor + sum(len(p) + 1 for p in pieces)
                quotes.append(Quote(text=said, start=at, end=at + len(said), speaker=who, cue="said",
                                    role="council leader" if who == SPEAKER else "Pager Council spokesman"))
                pieces.append(f"{said} said {who}.")
            text = " ".join(pieces) or f"A paragraph {a}.{n} with no quote."
            paragraphs.append(Paragraph(id=f"art{a:03d}-p{n}", n=n, start=cursor, end=cursor + len(text),
                                        text=text, quotes=quotes, speakers=sorted(set(speakers)),
                                        institutions=[COUNCIL]))
            cursor += len(text) + 2
        articles.append(Article(id=f"art{a:03d}", source=f"art{a}.txt",
                                text="\n\n".join(p.text for p in paragraphs),
                                meta=Metadata(title=f"Story {a}", outlet="Herald", published=published),
                                paragraphs=paragraphs))
    return articles


def expected(articles: list[Article], speaker: str | None) -> list[tuple[str, int, str]]:
    """Every quote (of `speaker`, or every quote naming COUNCIL if None) as
    (doc_id, n, text) in date order, undated last, then article, paragraph."""
    keyed = []
    for art in articles:
        day = art.meta.published.isoformat() if art.meta.published else ""
        for para in art.paragraphs:
            for i, q in enumerate(para.quotes):
                if speaker is None or q.speaker == speaker:
                    keyed.append(((not day, day, art.id, para.n, i), (art.id, para.n, q.text)))
    return [item for _key, item in sorted(keyed)]


@pytest.fixture(scope="module")
def articles() -> list[Article]:
    return make_articles()


@pytest.fixture(scope="module")
def index(articles: list[Article]) -> Index:
    return indexed(articles)


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    return create_app(index=index).test_client()


def all_pages(index: Index, kind: str, name: str, per_page: int) -> list[tuple[str, int, str]]:
    first = get_entity(index, kind, name, 1, per_page)  # type: ignore[arg-type]
    seen = []
    for page in range(1, first.pages + 1):
        profile = get_entity(index, kind, name, page, per_page)  # type: ignore[arg-type]
        assert (profile.page, profile.pages, profile.quote_count) == (page, first.pages, first.quote_count)
        assert profile.timeline == first.timeline and profile.undated == first.undated
        assert len(profile.quotes) == (per_page if page < first.pages else
                                       first.quote_count - per_page * (first.pages - 1))
        seen.extend((r.doc_id, r.n, r.text) for r in profile.quotes)
    return seen


@pytest.mark.parametrize("per_page", [1, 7, 100, 10_000])
def test_speaker_pages_hold_every_quote_once_in_order(index: Index, articles: list[Article],
                                                      per_page: int) -> None:
    want = expected(articles, SPEAKER)
    assert len(want) > 150 and len(set(want)) == len(want)
    assert all_pages(index, "speaker", SPEAKER, per_page) == want


@pytest.mark.parametrize("per_page", [5, 100])
def test_institution_pages_hold_every_quote_once_in_order(index: Index, articles: list[Article],
                                                          per_page: int) -> None:
    assert all_pages(index, "institution", COUNCIL, per_page) == expected(articles, None)


def test_counts_and_timeline_cover_every_quote(index: Index, articles: list[Article]) -> None:
    want = expected(articles, SPEAKER)
    dates = {a.id: a.meta.published for a in articles}
    profile = get_entity(index, "speaker", SPEAKER, 2, 10)
    assert profile.quote_count == len(want)
    assert profile.paragraph_count == sum(1 for a in articles for p in a.paragraphs if SPEAKER in p.speakers)
    months = Counter(dates[d].isoformat()[:7] for d, _n, _t in want if dates[d])
    assert profile.timeline == sorted(months.items())
    assert profile.undated == sum(1 for d, _n, _t in want if dates[d] is None)
    assert [(r.value, r.count) for r in profile.roles] == [("council leader", len(want))]
    council = get_entity(index, "institution", COUNCIL, 1, 10)
    assert council.paragraph_count == sum(len(a.paragraphs) for a in articles)
    assert [v.value for v in council.speakers_for] == [OTHER] and council.speakers_about


def test_a_page_past_the_last_is_not_found(index: Index) -> None:
    pages = get_entity(index, "speaker", SPEAKER, 1, 50).pages
    with pytest.raises(NotFoundError, match=f"{pages} pages"):
        get_entity(index, "speaker", SPEAKER, pages + 1, 50)


def test_outlines_are_cached_per_searcher_and_bounded(index: Index, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    real = outlines.build_outline
    monkeypatch.setattr(outlines, "build_outline", lambda *a: built.append(a[2]) or real(*a))
    get_entity(index, "speaker", SPEAKER, 1, 10)  # built now (or by an earlier test)
    built.clear()
    get_entity(index, "speaker", SPEAKER, 3, 10)
    assert built == []  # another page reuses the outline
    assert outlines.OutlineCache().limit == outlines.MAX_OUTLINES
    cache = outlines.OutlineCache(limit=1)
    first, other = outlines.EntityOutline(), outlines.EntityOutline()
    cache.put(("speaker", SPEAKER), first)
    cache.put(("speaker", OTHER), other)  # evicts SPEAKER's outline (limit 1)
    assert cache.get(("speaker", SPEAKER)) is None and cache.get(("speaker", OTHER)) is other


def test_a_commit_brings_new_quotes_onto_the_pages() -> None:
    articles = make_articles(seed=3, count=20)
    idx = ram_index()
    write_articles(idx, articles)
    before = get_entity(idx, "speaker", SPEAKER, 1, 10).quote_count
    more = make_articles(seed=4, count=30)[20:]
    write_articles(idx, more)
    assert get_entity(idx, "speaker", SPEAKER, 1, 10).quote_count == before + len(expected(more, SPEAKER))


# --------------------------------------------------------------- the web page

def page_quotes(client: FlaskClient, path: str) -> tuple[BeautifulSoup, list[tuple[str, int, str]]]:
    response = client.get(path)
    assert response.status_code == 200, path
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    found = []
    for item in soup.select("li.entity-quote"):
        href = item.select_one("a.permalink")["href"]  # /doc/<id>?p=N#pN
        doc_id, n = href.split("?")[0].rsplit("/", 1)[1], int(href.rsplit("#p", 1)[1])
        found.append((doc_id, n, item.select_one(".quote-text").get_text()))
    return soup, found


def cited(want: list[tuple[str, int, str]], articles: list[Article]) -> list[tuple[str, int, str]]:
    """Return `want` with each quote's text as the page shows it (cite_quote)."""
    by_text = {(a.id, p.n, q.text): q for a in articles for p in a.paragraphs for q in p.quotes}
    shown = [(k, by_text[k]) for k in want]
    return [(d, n, cite_quote(q.text, q.start, q.kind, rebuild_quote(q.to_dict()).pieces)) for (d, n, _), q in shown]


def test_speaker_page_2_shows_the_next_quotes(client: FlaskClient, articles: list[Article]) -> None:
    want = cited(expected(articles, SPEAKER), articles)
    base = f"/speaker/{quote(SPEAKER)}"
    soup1, first = page_quotes(client, base)
    soup2, second = page_quotes(client, base + "?page=2")
    assert first == want[:QUOTES_PER_PAGE] and second == want[QUOTES_PER_PAGE:2 * QUOTES_PER_PAGE]
    assert soup2.select_one("ol.quote-list")["start"] == str(QUOTES_PER_PAGE + 1)
    assert soup1.select_one(".pager a[rel=next]")["href"] == base + "?page=2"
    assert soup2.select_one(".pager a[rel=prev]")["href"] == base
    # The counts and the chart are over every quote, on every page.
    for soup in (soup1, soup2):
        assert soup.select_one(".quote-count").get_text() == f"{len(want):,}"
        bars = soup.select("svg.timeline rect.bar")
        assert sum(int(b["data-count"]) for b in bars) + int(
            soup.select_one(".undated-note").get_text().split()[0]) == len(want)


def test_web_pages_union_is_the_full_list(client: FlaskClient, articles: list[Article]) -> None:
    want = cited(expected(articles, SPEAKER), articles)
    pages = -(-len(want) // QUOTES_PER_PAGE)
    assert pages >= 2
    seen = []
    for page in range(1, pages + 1):
        seen.extend(page_quotes(client, f"/speaker/{quote(SPEAKER)}?page={page}")[1])
    assert seen == want


@pytest.mark.parametrize("page, status", [("999", 404), ("0", 400), ("x", 400), ("-1", 400)])
def test_bad_pages(client: FlaskClient, page: str, status: int) -> None:
    assert client.get(f"/speaker/{quote(SPEAKER)}?page={page}").status_code == status


def test_case_redirect_keeps_the_page(client: FlaskClient) -> None:
    response = client.get(f"/speaker/{quote(SPEAKER.lower())}?page=2")
    assert response.status_code == 301 and response.headers["Location"].endswith(f"{quote(SPEAKER)}?page=2")


def test_long_lists_of_roles_and_names_are_capped() -> None:
    """An institution quoted by 45 people, one of them in 15 roles: the page
    lists the most frequent and says how many more there are."""
    from onrecord.web.pages.entities import SHOWN_RELATED, SHOWN_ROLES

    paragraphs, cursor = [], 0
    people = [f"Person Number{i:02d}" for i in range(45)] + ["Role Changer"] * 15
    for n, who in enumerate(people, 1):
        said = f'"Point {n},"'
        text = f"{said} said {who}."
        role = f"role {n}" if who == "Role Changer" else "resident"
        paragraphs.append(Paragraph(id=f"many-p{n}", n=n, start=cursor, end=cursor + len(text), text=text,
                                    quotes=[Quote(text=said, start=cursor, end=cursor + len(said), speaker=who,
                                                  role=role)],
                                    speakers=[who], institutions=["Busy Board"]))
        cursor += len(text) + 2
    idx = ram_index()
    write_articles(idx, [Article(id="many", source="many.txt", text="\n\n".join(p.text for p in paragraphs),
                                 meta=Metadata(title="Many voices"), paragraphs=paragraphs)])
    client = create_app(index=idx).test_client()
    board = BeautifulSoup(client.get("/institution/Busy%20Board").get_data(as_text=True), "html.parser")
    about = board.select_one(".related-speakers-about")
    assert len(about.select("li a")) == SHOWN_RELATED
    assert about.select_one("li.more").get_text() == f"and {46 - SHOWN_RELATED} more"
    changer = BeautifulSoup(client.get("/speaker/Role%20Changer").get_data(as_text=True), "html.parser")
    roles = changer.select_one("dd.roles")
    assert roles.get_text().count("role ") == SHOWN_ROLES and "and 5 more" in roles.get_text()
