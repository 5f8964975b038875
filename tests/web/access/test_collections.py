"""Collections through the web (issue #36's done-when): a reader granted
collection A walks every route of the app -- HTML and JSON, exports,
feeds, look-ups, entity and article pages, versions -- and nothing of
collection B shows: not its articles, words, speakers, institutions,
outlets or counts.  A reader of both, a `*` reader and a group's member
see what they are granted; a revoked grant holds from the next request."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote_plus

import pytest
from flask import Flask
from flask.testing import FlaskClient

from onrecord.search import SearchRequest, captures_folder, search
from onrecord.search.config import Config
from onrecord.search.model import Article
from onrecord.search.storage.store import Index
from onrecord.web.access import accounts
from onrecord.web.access.accounts import AccountStore
from onrecord.web.access.grants import GrantStore
from onrecord.web.app import create_app
from tests.factories import indexed, make_article

# What only collection B holds: none of it may show to a reader of A.
B_SECRETS = ("zygomorph", "Zed Quill", "Hidden Agency", "Secret Post", "b1", "b2")
SHARED = "We will publish every budget line before the vote"
ROUTE_ARGS = {"filename": "style.css"}
# Each route's argument values: what A holds, and what only B holds.
A_VALUES = {"doc_id": ["a1", "a1?version=1"], "name": ["Ann Able", "City Council"], "offset": ["0"]}
B_VALUES = {"doc_id": ["b1", "b2", "b1?version=1"], "name": ["Zed Quill", "Hidden Agency"], "offset": ["0"]}
QUERIES = ["", "?q=budget", "?q=zygomorph", "?q=zygomorf", "?mode=quotes", "?q=budget&mode=quotes",
           "?facet_all=speaker", "?facet_all=institution", "?facet_all=outlet", "?names=Quill%0AAble", "?names=Zed+Quill",
           "?sort=newest", "?speaker=Zed+Quill", "?speaker=zed+quill", "?institution=hidden+agency", "?institution=Hidden+Agency"]


def in_b(article: Article) -> Article:
    return replace(article, meta=replace(article.meta, collection="b"))


def articles() -> list[Article]:
    return [
        make_article("a1", [f'"{SHARED}," said Ann Able.', ("The budget passed.", None)],
                     speaker="Ann Able", institutions=["City Council"]),
        make_article("a2", ["The budget was late again."], title=None),
        in_b(make_article("b1", [f'"{SHARED}," said Ann Able.', ("A zygomorph budget.", None)],
                          speaker="Ann Able", institutions=["Hidden Agency"], outlet="Secret Post",
                          title=None)),
        in_b(make_article("b2", ['"The zygomorph budget stays hidden," said Zed Quill.'],
                          speaker="Zed Quill", institutions=["Hidden Agency"], outlet="Secret Post")),
    ]


@pytest.fixture(autouse=True)
def cheap_scrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "SCRYPT_N", 2**8)


@pytest.fixture(scope="module")
def index() -> Index:
    # b2 edited after publication, so the feed of changes has a hidden entry to leak.
    edited = in_b(make_article("b2", ['"The zygomorph budget stays hidden," said Zed Quill.',
                                      ("The zygomorph budget grew.", None)],
                               speaker="Zed Quill", institutions=["Hidden Agency"], outlet="Secret Post"))
    return indexed(articles(), [edited])


@pytest.fixture()
def store(tmp_path: Path) -> AccountStore:
    made = AccountStore(tmp_path / "accounts.db")
    for name in ("anna", "both", "boss", "member"):
        made.add_user(name, "a long enough password")
    grants = GrantStore(made)
    grants.grant("both", "b")
    grants.grant("boss", "*")
    grants.revoke("member", "default")
    grants.grant("@desk", "b")
    grants.add_member("desk", "member")
    return made


@pytest.fixture()
def app(tmp_path: Path, index: Index, store: AccountStore) -> Flask:
    return create_app(index, Config(index_dir=tmp_path / "ix", access_control=True,
                                    accounts_db=str(store.path)))


@pytest.fixture()
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as test_client:
        yield test_client


def token_of(store: AccountStore, name: str) -> dict[str, str]:
    token, _info = store.add_token(name)
    return {"Authorization": f"Bearer {token}"}


def route_paths(app: Flask, values: dict[str, list[str]], plain: bool = True) -> list[str]:
    """Return a path for each GET route with each of `values` for its
    arguments, and (`plain`) each route without any with each of QUERIES."""
    paths: list[str] = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "GET" not in (rule.methods or ()) or rule.endpoint in ("static", "access.login"):
                continue
            args = [a for a in rule.arguments if a not in (rule.defaults or {})]
            if not args:
                base = app.url_for(rule.endpoint)
                paths += [base + query for query in QUERIES] if plain else []
                continue
            for combo in zip(*(values[arg] for arg in args), strict=False):
                bare = [value.partition("?")[0] for value in combo]
                query = "&".join(value.partition("?")[2] for value in combo if "?" in value)
                paths.append(app.url_for(rule.endpoint, **dict(zip(args, bare, strict=True))) + (f"?{query}" if query else ""))
    return paths


def test_a_reader_of_a_sees_nothing_of_b_on_any_route(app: Flask, client: FlaskClient,
                                                      store: AccountStore) -> None:
    headers = token_of(store, "anna")
    paths = route_paths(app, A_VALUES)
    assert len(paths) > 150 and {"/export.csv", "/feed.atom", "/lookup.json", "/speakers.json"} <= {
        p.split("?")[0] for p in paths}
    seen_a = False
    for path in paths:
        response = client.get(path, headers=headers)
        assert response.status_code in (200, 301, 302, 400, 404), (path, response.status_code)
        body = response.get_data().decode("utf-8", "replace")
        seen_a = seen_a or "Ann Able" in body
        for secret in B_SECRETS:
            if secret in unquote_plus(path):
                continue  # the query itself echoes it
            assert secret not in body, (path, secret)
    assert seen_a
    for path in route_paths(app, B_VALUES, plain=False):  # B's pages are not found, as missing ones are
        response = client.get(path, headers=headers)
        assert response.status_code in (200, 404), path
        if "/doc/" in path or "/speaker/" in path or "/institution/" in path:
            assert response.status_code == 404 or path.endswith(".atom"), path
        body = response.get_data().decode("utf-8", "replace")
        assert "zygomorph" not in body and "stays hidden" not in body, path


def test_counts_are_a_s_alone(client: FlaskClient, store: AccountStore) -> None:
    headers = token_of(store, "anna")
    alone = search(indexed([a for a in articles() if a.meta.collection == "default"]),
                   SearchRequest(query="budget"))
    got = client.get("/api/search?q=budget", headers=headers).get_json()
    assert got["total"] == alone.total
    assert got["facets"] == alone.to_dict()["facets"]
    speakers = client.get("/speakers.json", headers=headers).get_json()
    assert [v["name"] for v in speakers["values"]] == ["Ann Able"]


@pytest.mark.parametrize(("user", "sees_b", "sees_a"), [
    ("anna", False, True), ("both", True, True), ("boss", True, True), ("member", True, False)])
def test_each_reader_sees_what_is_granted(client: FlaskClient, store: AccountStore, user: str,
                                          sees_b: bool, sees_a: bool) -> None:
    headers = token_of(store, user)
    found = {h["doc_id"] for h in client.get("/api/search?q=budget", headers=headers).get_json()["hits"]}
    assert bool(found & {"b1", "b2"}) == sees_b and bool(found & {"a1", "a2"}) == sees_a
    assert (client.get("/doc/b2.json", headers=headers).status_code == 200) == sees_b
    assert (client.get("/speaker/Zed%20Quill.json", headers=headers).status_code == 200) == sees_b


def test_a_revoked_grant_holds_from_the_next_request(client: FlaskClient, store: AccountStore) -> None:
    headers = token_of(store, "both")
    assert client.get("/doc/b2.json", headers=headers).status_code == 200
    GrantStore(store).revoke("both", "b")
    assert client.get("/doc/b2.json", headers=headers).status_code == 404
    assert client.get("/api/search?q=zygomorph", headers=headers).get_json()["total"] == 0
    GrantStore(store).add_member("desk", "both")
    assert client.get("/doc/b2.json", headers=headers).status_code == 200
    GrantStore(store).remove_member("desk", "both")
    assert client.get("/doc/b2.json", headers=headers).status_code == 404


def test_access_control_off_shows_everything(tmp_path: Path, index: Index) -> None:
    app = create_app(index, Config(index_dir=tmp_path / "ix"))
    with app.test_client() as client:
        assert client.get("/api/search?q=zygomorph").get_json()["total"] == 3  # b1, and b2 (edited: two paragraphs)
        assert client.get("/doc/b2.json").status_code == 200


def test_a_capture_downloads_only_to_readers_of_an_article_read_from_it(tmp_path: Path,
                                                                         store: AccountStore) -> None:
    folder = captures_folder(tmp_path / "ix")
    folder.mkdir(parents=True)
    record_a = b"WARC/1.0\r\nContent-Length: 13\r\n\r\nbudget passed\r\n\r\n"
    record_b = b"WARC/1.0\r\nContent-Length: 19\r\n\r\nzygomorph is hidden\r\n\r\n"
    (folder / "day.warc").write_bytes(record_a + record_b)
    where = str(folder / "day.warc")
    a1, _a2, _b1, b2 = articles()
    index = indexed([replace(a1, meta=replace(a1.meta, capture_file=where, capture_offset=0)),
                     replace(b2, meta=replace(b2.meta, capture_file=where, capture_offset=len(record_a)))])
    app = create_app(index, Config(index_dir=tmp_path / "ix", access_control=True,
                                   accounts_db=str(store.path)))
    with app.test_client() as client:
        anna, both = token_of(store, "anna"), token_of(store, "both")
        assert client.get("/captures/day.warc/0", headers=anna).get_data() == record_a
        hidden = client.get(f"/captures/day.warc/{len(record_a)}", headers=anna)
        assert hidden.status_code == 404 and b"zygomorph" not in hidden.get_data()
        assert client.get(f"/captures/day.warc/{len(record_a)}", headers=both).get_data() == record_b


@pytest.mark.parametrize(("name", "status"), [("anna", 404), ("both", 404), ("boss", 200)])
def test_the_watch_page_shows_only_to_a_reader_of_every_collection(client: FlaskClient, store: AccountStore,
                                                                   name: str, status: int) -> None:
    headers = token_of(store, name)
    assert client.get("/watch.json", headers=headers).status_code == status
    assert client.get("/watch", headers=headers).status_code == status
