"""An XSS corpus: classic payloads written into every article field
(text, title, outlet, author, URL, speaker, institution, quote) and into
every query parameter, rendered on every page the app has.  No page may
contain an element or attribute the app did not create, and every response
carries the security headers.  Also: every route refuses POST/PUT/DELETE
(there is no state-changing endpoint, so nothing needs a CSRF token yet)."""
from __future__ import annotations

import datetime as dt
import random
import re
from urllib.parse import quote, urlencode
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.model import Article, Mention, Metadata, Quote
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed, make_article

# The arithmetic payloads would render as 8641047 if a template evaluated them.
EVALUATED = "8641047"
PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '"><svg onload=alert(1)>',
    "'><svg/onload=alert(1)>",
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    '" onmouseover="alert(1)',
    "' onfocus='alert(1)' autofocus='",
    "</textarea><script>alert(1)</script>",
    "</title><script>alert(1)</script>",
    "<iframe src=javascript:alert(1)></iframe>",
    "<a href=\"javascript:alert(1)\">click</a>",
    "<body onload=alert(1)>",
    "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
    "<base href=//evil.example/>",
    "<meta http-equiv=refresh content=0;url=//evil.example>",
    "<style>*{background:url(//evil.example)}</style>",
    "\u003cscript\u003ealert(1)\u003c/script\u003e \uff1cscript\uff1ealert(1)\uff1c/script\uff1e",
    "\u202e<scr\u0000ipt>alert(1)</scr\u0000ipt>",
    "{{ 7777*1111 }} {% print 7777*1111 %} ${7777*1111} #{7777*1111}",
    "<![CDATA[<script>alert(1)</script>]]><!-- --><script>alert(1)</script>",
]
# Tags no page of ours ever contains, whatever the data.
FORBIDDEN_TAGS = {"iframe", "object", "embed", "base", "meta", "math", "applet", "frame",
                  "frameset", "img", "style", "textarea"}
FILLER = ("harbour ferry budget council library police hospital school strike election report "
          "funding minister tax rates inflation bank games film award music oil security virus "
          "spam vote court judge prison housing rent water energy railway airport bridge road "
          "museum theatre garden market farm fishing pension wages union doctor nurse teacher").split()
URL_ATTRS = ("href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcdoc")


def build_article(n: int, payload: str) -> Article:
    """Return an article with `payload` in every field and a quote by a
    speaker (and about an institution) named `payload`."""
    doc_id = f"evil{n}"
    # Distinct filler words per article, so no two articles are grouped
    # as near-duplicates of each other on the search page.
    filler = " ".join(random.Random(n).sample(FILLER, 12))
    paras = [f"Officials heard {payload} at the hearing about {filler}.",
             f'"Nothing to hide {payload}," said {payload} of the inquiry into {filler}.']
    url = payload if n % 2 else f"https://example.org/{payload}"
    article = make_article(doc_id, paras, meta=Metadata(title=payload, outlet=payload, author=payload, url=url,
                                                        published=dt.date(2021, 2, 3)))
    first, second = article.paragraphs
    quoted = f'"Nothing to hide {payload},"'
    who = second.start + second.text.index(payload, len(quoted))
    verb = second.start + second.text.index("said")
    second.quotes.append(Quote(text=quoted, start=second.start, end=second.start + len(quoted),
                               speaker=payload, speaker_mention=Mention(payload, who, who + len(payload)),
                               cue="said", cue_mention=Mention("said", verb, verb + 4), role=payload))
    second.speakers.append(payload)
    second.institutions.append(payload)
    first.institutions.append(payload)
    first.dates.append("2021-02-03")
    return article


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed([build_article(n, p) for n, p in enumerate(PAYLOADS)])


@pytest.fixture(scope="module")
def app(index: Index) -> Flask:
    return create_app(index=index, config=Config(per_page=50))


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def route_rules(app: Flask) -> set[str]:
    return {rule.rule for rule in app.url_map.iter_rules()}


def assert_clean_html(html: str) -> None:
    """Assert the page holds only what the app's templates create."""
    soup = BeautifulSoup(html, "html.parser")
    for script in soup.find_all("script"):
        assert script.get("src") == "/static/app.js" and not script.get_text().strip(), script
    # The look-up page's one names box: a payload that closed it early would
    # leave text or a second textarea behind, which this still catches.
    boxes = soup.find_all("textarea")
    assert len(boxes) <= 1 and all(b.get("id") == "lookup-names" and b.parent.name == "form"
                                   and not b.find_all(True) for b in boxes), boxes
    for tag in soup.find_all(True):
        if tag in boxes:
            continue
        assert tag.name not in FORBIDDEN_TAGS or (tag.name == "meta" and set(tag.attrs) <= {"charset", "name", "content"}
                                                  and "http-equiv" not in tag.attrs), tag
        assert not [a for a in tag.attrs if a.lower().startswith("on")], tag
        assert "style" not in tag.attrs and "srcdoc" not in tag.attrs, tag
        for name in URL_ATTRS:
            value = re.sub(r"[\s\x00-\x1f]", "", str(tag.get(name, ""))).lower()
            assert not value.startswith(("javascript:", "data:", "vbscript:")), tag
            # A page's feed or JSON twin may carry a payload percent-encoded in its
            # own path or query; site-relative, it cannot point at another host.
            own_site = tag.name == "link" and value.startswith("/") and not value.startswith("//")
            assert "evil.example" not in value or tag.name == "a" or own_site, tag
    for form in soup.find_all("form"):
        assert form.get("method") == "get" and str(form.get("action", "")).startswith("/"), form
    assert EVALUATED not in html


def assert_clean_title(html: str) -> None:
    """One <title> holding text only and one <body> (a payload closing the
    title would let the rest of the payload become markup)."""
    soup = BeautifulSoup(html, "html.parser")
    titles = soup.select("head > title")  # (SVG charts have <title>s of their own)
    assert len(titles) == 1 and not titles[0].find_all(True)
    assert len(soup.find_all("body")) == 1 and len(soup.find_all("head")) == 1


def page_urls(app: Flask) -> list[str]:
    """Return a URL for every HTML page the app has, with payloads in the
    path and in every query parameter."""
    rules = route_rules(app)
    urls = ["/", "/?q=hearing", "/?q=officials&per_page=50", "/?q=hide&quotes_only=1",
            "/?q=hearing&sort=newest", "/?q=nothing+hide&page=1"]
    for n, payload in enumerate(PAYLOADS):
        urls.append(f"/doc/evil{n}")
        urls.append(f"/doc/evil{n}?{urlencode({'q': payload, 'p': payload})}")
        urls.append(f"/doc/{quote(payload, safe='')}")
        urls.append(f"/?{urlencode({'q': payload})}")
        urls.append("/?" + urlencode([("q", "hearing"), ("speaker", payload), ("institution", payload),
                                      ("outlet", payload), ("since", payload), ("until", payload),
                                      ("sort", payload), ("page", payload), ("per_page", payload),
                                      ("quotes_only", payload), (payload, payload)]))
        urls.append("/?" + urlencode([("q", "hearing"), ("speaker", payload)]))
        urls.append("/?" + urlencode([("outlet", payload), ("institution", payload)]))
        for prefix in ("/speaker/", "/institution/"):
            if prefix + "<name:name>" in rules:
                urls.append(prefix + quote(payload, safe=""))
                urls.append(prefix + quote(payload, safe="") + "?" + urlencode({"q": payload}))
        if "/help" in rules:
            urls.append(f"/help?{urlencode({'q': payload})}")
        if "/lookup" in rules:
            urls.append(f"/lookup?{urlencode({'names': payload + chr(10) + 'Officials', 'csv': payload})}")
            urls.append(f"/lookup?{urlencode({'names': payload})}")
        urls.append(f"/{quote(payload, safe='')}")  # a 404 page echoing nothing
    for listing in ("/speakers", "/institutions", "/help", "/lookup"):
        if listing in rules:
            urls.append(listing)
    return urls


def test_corpus_reaches_every_known_route(app: Flask) -> None:
    """Every GET route is exercised by page_urls or the API tests below;
    a new route fails this until the corpus covers it."""
    covered = {"/", "/doc/<path:doc_id>", "/api/search", "/healthz", "/static/<path:filename>",
               "/speakers", "/institutions", "/speaker/<name:name>", "/institution/<name:name>",
               "/help", "/export.csv", "/export.json", *JSON_TWINS, *FEEDS,
               "/lookup", "/lookup.csv", "/lookup.json", "/favicon.ico",  # the icon: a static file
               "/captures/<name>/<int:offset>",  # WARC bytes as stored, never HTML (tests/web/watch/test_captures.py)
               "/watch", "/watch.json",  # the watch's own state, no indexed text (tests/indexer/watch/test_status_page.py)
               *FORMS}
    assert route_rules(app) <= covered, route_rules(app) - covered


def test_payloads_are_searchable(client: FlaskClient) -> None:
    """The corpus is really in the index (or the other tests prove nothing)."""
    body = client.get("/api/search?q=hearing&per_page=50").get_json()
    assert body["total"] == len(PAYLOADS)
    assert {h["title"] for h in body["hits"]} == set(PAYLOADS)


@pytest.mark.slow
def test_every_page_is_clean(app: Flask, client: FlaskClient) -> None:
    statuses: dict[int, int] = {}
    for url in page_urls(app):
        response = client.get(url)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code in (200, 400, 404), (url, response.status_code)
        assert response.mimetype == "text/html", url
        html = response.get_data(as_text=True)
        assert_clean_html(html)
        assert_clean_title(html)
    assert statuses.get(200, 0) > len(PAYLOADS) * 3  # the payload pages really rendered


@pytest.mark.parametrize("n", range(len(PAYLOADS)))
def test_article_page_shows_payload_as_text(client: FlaskClient, n: int) -> None:
    """Escaped, not dropped: the reader sees exactly what the article says."""
    soup = BeautifulSoup(client.get(f"/doc/evil{n}").get_data(as_text=True), "html.parser")
    text = " ".join(soup.get_text().split())
    assert " ".join(PAYLOADS[n].split()) in text


@pytest.mark.parametrize("n", range(len(PAYLOADS)))
def test_search_hits_show_payload_as_text(client: FlaskClient, n: int) -> None:
    html = client.get("/?q=hearing&per_page=50").get_data(as_text=True)
    titles = [" ".join(t.get_text().split())
              for t in BeautifulSoup(html, "html.parser").select("li.hit .hit-title")]
    assert " ".join(PAYLOADS[n].split()) in titles


def test_api_is_json_and_unrendered(client: FlaskClient) -> None:
    """The API returns the raw values as JSON (escaping is the HTML's job)
    and its snippets are safe HTML."""
    for payload in PAYLOADS:
        response = client.get(f"/api/search?{urlencode({'q': payload, 'speaker': payload})}")
        assert response.status_code in (200, 400) and response.mimetype == "application/json"
    body = client.get("/api/search?q=hearing&per_page=50").get_json()
    for hit in body["hits"]:
        assert_clean_html(hit["snippet"])
        assert not BeautifulSoup(hit["snippet"], "html.parser").find_all(lambda t: t.name != "mark")


# The pages' .json twins (Datasette's convention), covered below.
JSON_TWINS = {"/speakers.json", "/institutions.json", "/speaker/<name:name>.json",
              "/institution/<name:name>.json", "/doc/<path:doc_id>.json"}


def test_json_twins_are_json_for_every_payload(client: FlaskClient) -> None:
    """A page's .json twin answers JSON (errors too), never HTML, whatever
    the name or id in its path."""
    urls = ["/speakers.json", "/institutions.json"]
    for n, payload in enumerate(PAYLOADS):
        urls += [f"/doc/evil{n}.json", f"/doc/{quote(payload, safe='')}.json",
                 f"/speaker/{quote(payload, safe='')}.json", f"/institution/{quote(payload, safe='')}.json"]
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 301, 404) and response.mimetype == "application/json", url
        assert response.headers.get("X-Content-Type-Options") == "nosniff"


def test_lookup_downloads_are_never_html(client: FlaskClient) -> None:
    for payload in PAYLOADS:
        for path in ("/lookup.csv", "/lookup.json"):
            response = client.get(f"{path}?{urlencode({'names': payload})}")
            assert response.status_code == 200 and response.mimetype != "text/html", path
            assert response.headers.get("X-Content-Type-Options") == "nosniff"


FEEDS = {"/feed.atom", "/changes.atom", "/speaker/<name:name>.atom", "/institution/<name:name>.atom"}


def test_feeds_are_atom_for_every_payload(client: FlaskClient) -> None:
    """A feed is well-formed XML whatever the query, name or indexed text."""
    urls = ["/feed.atom?q=hearing"]
    for payload in PAYLOADS:
        urls += [f"/feed.atom?{urlencode({'speaker': payload, 'outlet': payload})}",
                 f"/changes.atom?{urlencode({'speaker': payload, 'outlet': payload})}",
                 f"/speaker/{quote(payload, safe='')}.atom", f"/institution/{quote(payload, safe='')}.atom"]
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 404) and response.mimetype == "application/atom+xml", url
        ElementTree.fromstring(response.get_data())
    assert EVALUATED not in client.get("/feed.atom?q=hearing").get_data(as_text=True)


@pytest.mark.parametrize("path", ["/export.csv?q=hearing", "/export.json?q=hearing"])
def test_exports_are_never_html(app: Flask, client: FlaskClient, path: str) -> None:
    if path.split("?")[0] not in route_rules(app):
        pytest.fail(f"{path} is gone: drop it from this test")
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype != "text/html"
    assert response.headers.get("X-Content-Type-Options") == "nosniff"


HEADER_PATHS = ["/", "/?q=hearing", "/?page=abc", "/?q=*", "/doc/evil0", "/doc/missing", "/doc/..%2F..%2Fetc%2Fpasswd",
                "/api/search?q=hearing", "/api/search?sort=bogus", "/api/nothing", "/healthz",
                "/static/style.css", "/static/app.js", "/static/../../etc/passwd", "/nowhere",
                "/speakers", "/institutions", "/help", "/speaker/nobody", "/institution/nobody"]


@pytest.mark.parametrize("path", HEADER_PATHS)
def test_security_headers_on_every_response(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code != 500, path
    csp = response.headers.get("Content-Security-Policy", "")
    assert csp.startswith("default-src 'self'")
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") in ("same-origin", "no-referrer", "strict-origin-when-cross-origin")


def test_security_headers_on_503(tmp_path) -> None:  # type: ignore[no-untyped-def]
    client = create_app(config=Config(index_dir=tmp_path / "none")).test_client()
    for path in ("/", "/api/search?q=x", "/doc/x"):
        response = client.get(path)
        assert response.status_code == 503
        assert response.headers.get("Content-Security-Policy") == "default-src 'self'"
        assert response.headers.get("X-Content-Type-Options") == "nosniff"


@pytest.mark.parametrize("path", ["/doc/..%2F..%2Fetc%2Fpasswd", "/doc/../../etc/passwd", "/doc/%2Fetc%2Fpasswd",
                                  "/doc/C:%5Cwindows%5Cwin.ini", "/doc/evil0%00", "/doc/" + "a" * 5000,
                                  "/doc/seeds%2Fsample.txt", "/doc/evil0.txt"])
def test_document_routes_accept_only_index_ids(client: FlaskClient, path: str) -> None:
    """Ids, never paths: (werkzeug may first redirect '//' to '/', within /doc/)."""
    first = client.get(path)
    assert first.status_code in (404, 308), path
    if first.status_code == 308:
        assert first.headers["Location"].split("?")[0].startswith(("/doc/", "http://localhost/doc/"))
    response = client.get(path, follow_redirects=True)
    assert response.status_code == 404, path
    assert "root:" not in response.get_data(as_text=True)


# The forms that change state (sign in, sign out): each checks a CSRF token
# (tests/web/access/test_access.py) under the app's MAX_CONTENT_LENGTH.
FORMS = {"/login", "/logout"}


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_no_route_changes_state(app: Flask, client: FlaskClient, method: str) -> None:
    """No state-changing endpoint but the login forms, so there is nothing
    else to forge: every other route answers 405 to a write method (with the security headers).
    A future POST route must add a CSRF token and a body-size limit, and
    then this test tells its author so."""
    writable = {r.rule for r in app.url_map.iter_rules() if r.methods and r.methods - {"GET", "HEAD", "OPTIONS"}}
    assert writable <= FORMS, f"state-changing routes {writable - FORMS} need CSRF protection and a size limit"
    for rule in route_rules(app) - FORMS:
        path = re.sub(r"<[^>]+>", "x", re.sub(r"<int:[^>]+>", "0", rule))
        response = client.open(path, method=method, data={"q": "x"})
        assert response.status_code == 405, (method, path, response.status_code)
        assert response.headers.get("X-Content-Type-Options") == "nosniff"


def test_large_body_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/search", data=b"x" * 2_000_000, content_type="application/octet-stream")
    assert response.status_code in (405, 413)


def test_server_binds_loopback_by_default() -> None:
    from onrecord.search.config import load_config
    assert load_config(env={}).host == "127.0.0.1"
