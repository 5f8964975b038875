"""Page details a reporter meets first (#28): the article page names each
quote's resolved speaker without a tooltip and shows the evidence on
demand; search hits drop per-hit "unknown outlet"/"undated" badges; an
entity page's heading says the order its quotes are really in; the date
histogram labels its bars; /favicon.ico answers; and copied citations'
site-relative links are either explained or, where the operator allows
it, absolute on the request's own host."""
from __future__ import annotations

import datetime as dt
import json
from html.parser import HTMLParser
from typing import Any

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask.testing import FlaskClient

from onrecord.cli import main
from onrecord.search.config import Config, ConfigError, load_config
from onrecord.search.model import Article, Mention, Metadata, Paragraph, Quote
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from onrecord.web.pages.facetview import MAX_BAR_LABELS, labelled_bars, tick_text
from onrecord.web.pages.render import render_paragraph
from tests.factories import indexed, make_article

EVIL = '<script>alert(1)</script>"'
SORRY = '"I am sorry it took this long for anyone to listen,"'
PUBLISH = '"We will publish every page of it,"'


def quote(art: Article, n: int, quoted: str, speaker: str | None, mention: str | None,
          evidence: Any = "named", confidence: float = 0.95) -> None:
    """Attach to paragraph `n` the quote `quoted` by `speaker`, written in
    the text as `mention` (its first occurrence after the quote)."""
    para = art.paragraphs[n - 1]
    start = para.start + para.text.index(quoted)
    end = start + len(quoted)
    who = None
    if mention:
        at = para.start + para.text.index(mention, end - para.start)
        who = Mention(mention, at, at + len(mention))
    cue_at = para.start + para.text.index("said")
    para.quotes.append(Quote(text=quoted, start=start, end=end, speaker=speaker, speaker_mention=who,
                             cue="said", cue_mention=Mention("said", cue_at, cue_at + 4),
                             evidence=evidence if speaker else None, confidence=confidence if speaker else None,
                             speaker_source="rule:cue" if speaker else None))
    if speaker:
        para.speakers.append(speaker)


def mother() -> Article:
    """A dated article: the speaker named, then a pronoun, then the name."""
    art = make_article("mother", ["Mina Smallman, whose daughters were killed, spoke outside court on Monday.",
                                  f"{SORRY} she said.", f"{PUBLISH} said Mina Smallman."],
                       meta=Metadata(title="Mother demands answers", outlet="Kent Gazette", published=dt.date(2021, 3, 4)))
    quote(art, 2, SORRY, "Mina Smallman", "she", "pronoun", 0.85)
    quote(art, 3, PUBLISH, "Mina Smallman", "Mina Smallman")
    return art


def plain() -> list[Article]:
    """Plain-text files without sidecars: no outlet, no date (one quoted by
    a surname only)."""
    first = make_article("plain-1", ['"The budget is gone," said Hale.'], meta=Metadata())
    quote(first, 1, '"The budget is gone,"', "Ruth Hale", "Hale")
    second = make_article("plain-2", ["The budget debate went on all night."], meta=Metadata(title="Night sitting"))
    return [first, second]


TOPICS = ["schools", "roads", "parks", "libraries", "housing", "policing", "buses", "bins",
          "pools", "museums", "clinics", "bridges"]


def months() -> list[Article]:
    """One budget article a month over a year, each on its own topic (so
    none folds into another as a near copy): twelve histogram bars."""
    return [make_article(f"m{m:02d}", [f"Councillors debated the {topic} budget in session {m}."],
                         meta=Metadata(title=f"Budget {m}", outlet="Ledger", published=dt.date(2022, m, 1 + m)))
            for m, topic in enumerate(TOPICS, 1)]


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed([mother(), *plain(), *months()])


def client_for(index: Index, **settings: Any) -> FlaskClient:
    return create_app(index=index, config=Config(**settings)).test_client()


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    return client_for(index)


def soup(client: FlaskClient, url: str, **kwargs: Any) -> BeautifulSoup:
    response = client.get(url, **kwargs)
    assert response.status_code == 200, url
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def text_without_titles(node: Any) -> str:
    """Return what a touch screen shows of `node`: its text, no tooltips."""
    for element in node.find_all(True):
        element.attrs.pop("title", None)
    return " ".join(node.get_text(" ").split())


# ------------------------------------------- the resolved speaker, no hover

def test_article_page_names_a_pronouns_speaker_beside_the_quote(client: FlaskClient) -> None:
    page = soup(client, "/doc/mother")
    para = page.select_one("#p2")
    shown = text_without_titles(para)
    assert "Mina Smallman" in shown  # not only in the quote's title attribute
    assert para.select_one(".quote-who").get_text() == "— Mina Smallman"
    # The label follows the quote, outside its shading.
    assert para.select_one(".quote-who").find_previous_sibling("span", class_="quote") is not None
    assert para.select_one(".quote .quote-who") is None
    assert "hover" not in page.select_one(".legend").get_text()


def test_a_speaker_named_in_full_beside_the_quote_is_not_repeated(client: FlaskClient) -> None:
    para = soup(client, "/doc/mother").select_one("#p3")
    assert para.select_one(".quote-who") is None
    assert text_without_titles(para).count("Mina Smallman") == 1


def test_a_surname_gets_the_full_name(client: FlaskClient) -> None:
    para = soup(client, "/doc/plain-1").select_one("#p1")
    assert para.select_one(".quote-who").get_text() == "— Ruth Hale"


def test_the_evidence_is_under_the_paragraph_behind_a_disclosure(client: FlaskClient) -> None:
    page = soup(client, "/doc/mother")
    details = page.select_one("#p2").find_next_sibling()
    assert details.name == "details" and "quote-evidence" in details["class"]
    assert details.get("open") is None  # on demand: closed until opened
    assert "How the speaker was found" in details.select_one("summary").get_text()
    line = " ".join(details.select_one("li").get_text(" ").split())
    for part in ("Mina Smallman", "from a pronoun", "rule:cue", "confidence 0.85", "“ she ”", "cue “said”"):
        assert part in line, line
    assert page.select_one("#p1").find_next_sibling().name == "p"  # no quote, no evidence


def test_speaker_labels_nest_and_escape() -> None:
    text = '"Hi there," she said.'
    para = Paragraph(id="x-p1", n=1, start=0, end=len(text), text=text)
    para.quotes.append(Quote(text='"Hi there,"', start=0, end=11, speaker=EVIL,
                             speaker_mention=Mention("she", 12, 15)))
    html = str(render_paragraph(para, term_spans=[(4, 16)]))  # a mark across the quote's end
    assert "<script>" not in html and "&lt;script&gt;" in html
    checker = NestingChecker()
    checker.feed(html)
    assert checker.stack == [] and checker.ok
    assert html.index('class="quote-who"') > html.index('"Hi there,"'.replace('"', "&#34;")[:6])


class NestingChecker(HTMLParser):
    """Records whether every end tag closes the innermost open element."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.ok = True

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        self.ok = self.ok and bool(self.stack) and self.stack.pop() == tag


# ------------------------------------------------ what a source leaves out

def test_hits_without_outlet_or_date_carry_no_badges(client: FlaskClient) -> None:
    page = soup(client, "/?q=budget&per_page=50")
    hits = {h.select_one(".hit-title a")["href"].split("?")[0]: h for h in page.select("li.hit")}
    bare = hits["/doc/plain-1"].select_one(".hit-meta")
    assert "unknown outlet" not in bare.get_text() and "undated" not in bare.get_text()
    assert bare.select_one(".badge, .outlet, time") is None
    assert "undated" not in hits["/doc/plain-2"].select_one(".hit-meta").get_text()
    dated = hits["/doc/m03"].select_one(".hit-meta")
    assert dated.select_one(".outlet").get_text() == "Ledger" and dated.select_one("time")["datetime"] == "2022-03-04"
    notes = page.select(".unstated-note")
    assert len(notes) == 1
    assert " ".join(notes[0].get_text().split()) == ("Of the 14 hits here, 2 state no outlet and 2 no date: "
                                                   "their lines leave it out.")


def test_no_note_when_every_hit_states_both(client: FlaskClient) -> None:
    assert soup(client, "/?q=councillors").select_one(".unstated-note") is None


@pytest.mark.parametrize("speaker, heading", [
    ("Ruth Hale", "Quotes, article by article (none is dated)"),
    ("Mina Smallman", "Quotes, in date order"),
])
def test_entity_heading_says_the_real_order(client: FlaskClient, speaker: str, heading: str) -> None:
    title = soup(client, f"/speaker/{speaker}").select_one("#quotes-title")
    assert " ".join(title.get_text().split()).startswith(heading + " (")


def test_entity_heading_says_undated_come_last(index: Index) -> None:
    late = make_article("late", ['"Still here," said Ruth Hale.'], meta=Metadata(published=dt.date(2020, 1, 1)))
    quote(late, 1, '"Still here,"', "Ruth Hale", "Ruth Hale")
    mixed = client_for(indexed([*plain(), late]))
    title = soup(mixed, "/speaker/Ruth Hale").select_one("#quotes-title").get_text()
    assert "in date order, undated last" in title


# ------------------------------------------------------- histogram labels

@pytest.mark.parametrize("count, expected", [
    (0, set()), (1, {0}), (5, set(range(5))),
    (6, {0, 2, 4}),  # no step of 2 or 3 reaches bar 5: the least one
    (7, {0, 2, 4, 6}),  # step 2 reaches the last bar
    (12, {0, 3, 6, 9}),
    (13, {0, 3, 6, 9, 12}),
    (36, {0, 9, 18, 27}),
])
def test_labelled_bars_are_spread_and_few(count: int, expected: set[int]) -> None:
    assert labelled_bars(count) == expected
    assert len(labelled_bars(count)) <= MAX_BAR_LABELS


@pytest.mark.parametrize("label, shown", [("2021-03", "Mar 2021"), ("2021-12", "Dec 2021"), ("2004", "2004")])
def test_tick_text(label: str, shown: str) -> None:
    assert tick_text(label) == shown


def test_histogram_labels_bars_between_the_ends(client: FlaskClient) -> None:
    bars = soup(client, "/?q=councillors").select("nav.histogram li")
    assert len(bars) == 12
    ticks = {i: li.select_one(".bar-tick").get_text() for i, li in enumerate(bars) if li.select_one(".bar-tick")}
    assert ticks == {0: "Jan 2022", 3: "Apr 2022", 6: "Jul 2022", 9: "Oct 2022"}
    names = [li.select_one("a.bar-link")["aria-label"] for li in bars]
    assert names[4] == "2022-05: 1 paragraph"  # every bar, labelled or not, has its period and count


# ------------------------------------------------------------ the favicon

def test_favicon_is_served_and_linked(client: FlaskClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.content_type.startswith("image/")
    assert icon.data[:4] == b"\x00\x00\x01\x00"  # an ICO header
    link = soup(client, "/help").select_one('link[rel="icon"]')
    linked = client.get(link["href"])
    assert linked.status_code == 200 and linked.content_type.startswith("image/svg+xml")


# -------------------------------------------- citations' links, both modes

def citations(page: BeautifulSoup) -> list[str]:
    return [b["data-citation"] for b in page.select("button.copy-citation")]


@pytest.mark.parametrize("url", ["/?q=sorry", "/speaker/Mina%20Smallman"])
def test_relative_links_are_explained_beside_the_copy_buttons(client: FlaskClient, url: str) -> None:
    page = soup(client, url)
    note = page.select_one("#citation-note")
    assert note is not None and "public_url" in note.get_text() and "relative" in note.get_text()
    buttons = page.select("button.copy-citation")
    assert buttons and all(b["aria-describedby"] == "citation-note" for b in buttons)
    assert all("/doc/mother?p=" in c and "://" not in c.split("/doc/")[0] for c in citations(page))


def test_no_note_with_a_public_url(index: Index) -> None:
    page = soup(client_for(index, public_url="https://quotes.example.org"), "/?q=sorry")
    assert page.select_one("#citation-note") is None
    assert all(not b.get("aria-describedby") for b in page.select("button.copy-citation"))
    assert all("https://quotes.example.org/doc/mother?p=" in c for c in citations(page))


def test_the_request_host_is_ignored_unless_trusted(index: Index) -> None:
    page = soup(client_for(index), "/?q=sorry", base_url="https://news.example")
    assert not any("news.example" in c for c in citations(page))


def test_a_trusted_host_header_makes_links_absolute(index: Index) -> None:
    client = client_for(index, trust_host_header=True)
    page = soup(client, "/?q=sorry", base_url="https://news.example")
    assert page.select_one("#citation-note") is None
    assert citations(page) and all(c.endswith("https://news.example/doc/mother?p=2#p2") for c in citations(page))
    api = client.get("/api/search?q=sorry", base_url="https://news.example").get_json()
    assert api["hits"][0]["permalink"] == "https://news.example/doc/mother?p=2#p2"
    rows = client.get("/export.json?q=sorry", base_url="https://news.example").get_json()
    assert rows[0]["permalink"] == "https://news.example/doc/mother?p=2#p2"
    # Behind a TLS proxy the app is reached over http; the proxy says https.
    proxied = soup(client, "/?q=sorry", base_url="http://news.example:8080",
                   headers={"X-Forwarded-Proto": "https"})
    assert citations(proxied)[0].endswith("https://news.example:8080/doc/mother?p=2#p2")


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:5000", "http://localhost", "http://[::1]:8000"])
def test_a_trusted_loopback_host_stays_relative(index: Index, base_url: str) -> None:
    page = soup(client_for(index, trust_host_header=True), "/?q=sorry", base_url=base_url)
    assert page.select_one("#citation-note") is not None
    assert all(c.endswith(" /doc/mother?p=2#p2") for c in citations(page))


def test_a_malformed_host_header_stays_relative(index: Index) -> None:
    client = client_for(index, trust_host_header=True)
    page = soup(client, "/?q=sorry", headers={"Host": "news.example/evil?x="})
    assert all(c.endswith(" /doc/mother?p=2#p2") for c in citations(page))


@pytest.mark.parametrize("raw, value", [("1", True), ("yes", True), ("ON", True), ("true", True),
                                        ("0", False), ("no", False), ("off", False), ("False", False)])
def test_trust_host_header_is_a_switch(raw: str, value: bool) -> None:
    assert load_config({}).trust_host_header is False
    assert load_config({"ONRECORD_TRUST_HOST_HEADER": raw}).trust_host_header is value
    assert load_config({}, [f"trust_host_header={raw}"]).trust_host_header is value


def test_a_bad_switch_value_is_refused() -> None:
    with pytest.raises(ConfigError, match="trust_host_header='maybe' is not on or off"):
        load_config({}, ["trust_host_header=maybe"])
    result = CliRunner().invoke(main, ["settings", "--json", "--setting", "trust_host_header=on"])
    rows = {row["name"]: row for row in map(json.loads, result.output.splitlines())}
    assert rows["trust_host_header"]["value"] is True and rows["trust_host_header"]["default"] is False
