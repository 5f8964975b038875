"""A grammar-based fuzzer for the query language, plus the named
pathological queries: whatever a user types into the search box or the
API, the answer is a 200 or a 400 with a readable message, never a 500
and never a traceback."""
from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onrecord.search.config import Config
from onrecord.search.model import Article, Mention, Metadata, Paragraph, Quote
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed

# ---------------------------------------------------------------- fixtures


def build_article(doc_id: str, title: str, outlet: str, day: dt.date, paras: list[str],
                  speaker: str | None = None) -> Article:
    """Return an Article of `paras`; the first quoted span of paragraph 1 is
    attributed to `speaker` when given."""
    paragraphs, pos = [], 0
    for n, text in enumerate(paras, 1):
        paragraphs.append(Paragraph(id=f"{doc_id}-p{n}", n=n, start=pos, end=pos + len(text), text=text))
        pos += len(text) + 2
    if speaker:
        first = paragraphs[0]
        open_at, close_at = first.text.index('"'), first.text.index('"', first.text.index('"') + 1) + 1
        who = first.text.index(speaker)
        first.quotes.append(Quote(text=first.text[open_at:close_at], start=open_at, end=close_at,
                                  speaker=speaker, speaker_mention=Mention(speaker, who, who + len(speaker)),
                                  cue="said"))
        first.speakers.append(speaker)
        first.institutions.append("City Council")
    meta = Metadata(title=title, outlet=outlet, author="A. Writer", url=f"https://example.org/{doc_id}",
                    published=day)
    return Article(id=doc_id, source=f"{doc_id}.txt", text="\n\n".join(paras), meta=meta,
                   paragraphs=paragraphs)


ARTICLES = [
    build_article("budget", "Council budget row", "City Herald", dt.date(2020, 2, 1), [
        '"We will balance the budget," said Ann Jones, leader of City Council.',
        "Critics said the budget cuts would close the library and two pools.",
    ], speaker="Ann Jones"),
    build_article("ferry", "Ferry delays", "Harbour News", dt.date(2021, 6, 30), [
        '"The ferry is late again," said Bob Smith, a commuter.',
        "Harbour officials apologised for the delays on Monday.",
    ], speaker="Bob Smith"),
    build_article("police", "Police apology rejected", "Kent Gazette", dt.date(2019, 11, 5), [
        "The mother dismissed an apology from the police.",
        "Officers accepted failures, the commissioner said on 5 November 2019.",
    ]),
]


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed(ARTICLES)


@pytest.fixture(scope="module")
def app(index: Index) -> Flask:
    return create_app(index=index, config=Config(per_page=10))


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def assert_ok_or_readable_400(client: FlaskClient, params: dict[str, str]) -> int:
    """GET /api/search and / with `params`; assert both answer 200 or a 400
    with a readable message, and return the API's status."""
    query = urlencode(params)
    api = client.get(f"/api/search?{query}")
    assert api.status_code in (200, 400), (params, api.status_code, api.get_data(as_text=True)[:300])
    body = api.get_json()
    if api.status_code == 400:
        assert isinstance(body["error"], str) and len(body["error"].strip()) > 5, body
        assert "Traceback" not in body["error"]
    else:
        assert isinstance(body["hits"], list) and isinstance(body["total"], int)
    page = client.get(f"/?{query}")
    text = page.get_data(as_text=True)
    assert page.status_code in (200, 400), (params, page.status_code, text[:300])
    assert "Traceback" not in text
    if page.status_code == 400:
        assert 'id="query-error"' in text
    return api.status_code


# ---------------------------------------------------------------- grammar

FIELDS = ["speaker", "institution", "outlet", "quote", "date", "title", "unknown", "text", "year"]
WORDS = ["budget", "ferry", "police", "apology", "Ann", "Jones", "council", "the", "and", "x",
         "AND", "OR", "NOT", "TO", "to", "2020", "2020-02-01", "café", "naïve", "日本", "🙂"]

words = st.one_of(st.sampled_from(WORDS),
                  st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=12))
wildcards = st.sampled_from(["*", "a*", "*a", "a*b", "bud*", "?", "b?dget", "**", "*:*"])
fuzzies = st.builds(lambda w, n: f"{w}~{n}", st.sampled_from(["budget", "ferry", "x"]),
                    st.sampled_from(["", "1", "2", "5", "99", "-1", "x"]))
ranges = st.one_of(
    st.builds(lambda a, b, o, c: f"{o}{a} TO {b}{c}", words, words,
              st.sampled_from(["[", "{"]), st.sampled_from(["]", "}"])),
    st.sampled_from(["{x TO}", "[TO b]", "[a TO]", "date:[2020-01-01 TO 2021-01-01]",
                     "published:[2019 TO 2021]", "year:[2019 TO 2020]", "date:{2020 TO}",
                     "[ TO ]", "[a TO b TO c]"]),
)
controls = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x1f), min_size=1, max_size=5)
atoms = st.one_of(words, wildcards, fuzzies, ranges, controls,
                  st.sampled_from(['"', "(", ")", ":", "^", "^2", "+", "-", "~", "\\", "'", "&&", "||", "!"]))


def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """The recursive productions: phrases, operators, groups, fields."""
    return st.one_of(
        st.builds(lambda a, b: f'"{a} {b}"', inner, inner),
        st.builds(lambda a: f'"{a}', inner),  # unbalanced phrase
        st.builds(lambda a, op, b: f"{a} {op} {b}", inner,
                  st.sampled_from(["AND", "OR", "NOT", "AND NOT", "NOT NOT", "OR OR", "ANDNOT"]), inner),
        st.builds(lambda a: f"NOT {a}", inner),
        st.builds(lambda a: f"NOT NOT {a}", inner),
        st.builds(lambda a: f"({a})", inner),
        st.builds(lambda a: f"({a}", inner),  # unbalanced
        st.builds(lambda a: f"{a})", inner),
        st.builds(lambda f, a: f"{f}:{a}", st.sampled_from(FIELDS), inner),
        st.builds(lambda a, b: f"{a}{b}", inner, inner),  # no space between
        st.builds(lambda a, b: f"{a}^{b}", inner, st.sampled_from(["2", "0", "-1", "1e99", "x"])),
    )


queries = st.one_of(
    st.recursive(atoms, extend, max_leaves=12),
    st.builds(lambda d: "(" * d + "budget" + ")" * d, st.integers(1, 300)),  # deeply nested
    st.builds(lambda d: "(" * d + "budget", st.integers(1, 300)),
    st.builds(lambda w, n: " ".join([w] * n), words, st.integers(50, 80)),  # around the term cap
    st.builds(lambda n: "NOT " * n + "budget", st.integers(1, 100)),
    st.builds(lambda n: "a" * n, st.sampled_from([499, 500, 501, 999, 1000, 1001, 5000])),
    st.text(max_size=200),  # anything at all
)

param_values = st.one_of(st.none(), st.sampled_from(["", "1", "0", "-1", "abc", "101", "100", "99999999999",
                                                     "2020-02-01", "2020-02-30", "newest", "oldest",
                                                     "relevance", "Ann Jones", "City Council"]),
                         st.text(max_size=30))


@pytest.mark.slow
@settings(max_examples=2500, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(q=queries)
def test_fuzzed_queries_are_200_or_400(client: FlaskClient, q: str) -> None:
    assert_ok_or_readable_400(client, {"q": q})


@pytest.mark.slow
@settings(max_examples=600, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(q=queries, page=param_values, per_page=param_values, sort=param_values, since=param_values,
       until=param_values, speaker=param_values, outlet=param_values, quotes_only=param_values)
def test_fuzzed_parameters_are_200_or_400(client: FlaskClient, q: str, **params: str | None) -> None:
    given_params = {"q": q, **{k: v for k, v in params.items() if v is not None}}
    assert_ok_or_readable_400(client, given_params)


# ---------------------------------------------------------------- named cases

@pytest.mark.parametrize("q", [
    "*",                      # bare wildcard
    "*:*",                    # match-everything syntax
    "*budget",                # leading wildcard
    "b*",                     # one-letter prefix: the whole dictionary
    "bu*get",                 # infix wildcard
    "text:*",
    " ".join(["word"] * 65),  # more than 64 terms
    "x" * 100_000,            # a 100 KB query string
    '"unclosed phrase',
])
def test_pathological_query_is_400_with_message(client: FlaskClient, q: str) -> None:
    assert assert_ok_or_readable_400(client, {"q": q}) == 400


@pytest.mark.parametrize("q", [
    "[a TO z]",                         # range over the text field
    "text:[a TO zzzz]",
    "title:{b TO}",
    "date:[2020-01-01 TO 2021-01-01]",
    "published:[2019 TO 2021]",
    "b?dget",                           # '?' is not a wildcard: plain words
    "budget~5",                         # fuzzy edit distance beyond 2
    "budget~",
    "budget~1",
    "NOT NOT budget",
    "NOT budget",
    "(" * 200 + "budget" + ")" * 200,   # deep nesting
    "(((budget",
    "budget)))",
    "unknown:budget",
    "speaker:",
    "\x00\x01\x1f budget",
    "budget\u202e\u200b\ufeff",
])
def test_odd_query_is_200_or_readable_400(client: FlaskClient, q: str) -> None:
    assert_ok_or_readable_400(client, {"q": q})


@pytest.mark.parametrize("q", ["[a TO z]", "text:[a TO zzzz]", "title:{b TO}"])
def test_text_range_never_enumerates_the_dictionary(client: FlaskClient, q: str) -> None:
    """A range over words would match every paragraph; it is refused (400)
    or finds nothing, never the whole index."""
    response = client.get(f"/api/search?{urlencode({'q': q})}")
    assert response.status_code == 400 or response.get_json()["total"] < len(ARTICLES) * 2


@pytest.mark.parametrize("params", [
    {"q": "budget", "per_page": "101"},
    {"q": "budget", "per_page": "0"},
    {"q": "budget", "per_page": "100000"},
    {"q": "budget", "page": "0"},
    {"q": "budget", "page": "-3"},
    {"q": "budget", "page": "99999999999"},
    {"q": "budget", "page": "1e3"},
    {"q": "budget", "speaker": "x" * 100_000},
    {"q": "budget", "since": "2020-13-01"},
])
def test_pathological_parameter_is_400(client: FlaskClient, params: dict[str, str]) -> None:
    assert assert_ok_or_readable_400(client, params) == 400


def test_page_beyond_the_last_is_empty_not_an_error(client: FlaskClient) -> None:
    # Within the result window (page x per_page <= 10,000); beyond it is a
    # 400 (tests/search/test_deadline.py).
    body = client.get("/api/search?q=budget&page=100&per_page=100").get_json()
    assert body["hits"] == [] and body["total"] >= 1 and body["page"] == 100
    assert client.get("/?q=budget&page=500").status_code == 200


@pytest.mark.parametrize("q", ["budget~5", "budget~2", "budget~", "bidget~3"])
def test_fuzzy_edit_distance_is_capped(client: FlaskClient, q: str) -> None:
    """'~5' must not turn into an edit-distance-5 search (which matches
    nearly every short word): it is refused or matches what the plain word
    matches."""
    response = client.get(f"/api/search?{urlencode({'q': q})}")
    plain = client.get("/api/search?q=budget").get_json()["total"]
    assert response.status_code == 400 or response.get_json()["total"] <= plain
