"""An index deleted while the server runs: every page, export and the API
answer 503 with the rebuild command (never a 500, nor results from the
deleted files), and a rebuilt index is served without a restart."""
from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from onrecord.search.config import load_config
from onrecord.search.storage.opening import open_index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.factories import write_index
from tests.search.storage.integrity.test_corrupt_index import (
    assert_503_with_repair,
    build_index,
    index_routes,
    make_article,
)

URLS = ["/", "/?q=budget", "/api/search", "/api/search?q=budget", "/export.csv",
        "/export.csv?q=budget&rows=paragraphs", "/export.json", "/export.json?q=council",
        "/doc/one", "/doc/one?q=budget"]


def remove_directory(path: Path) -> None:
    shutil.rmtree(path)


def remove_contents(path: Path) -> None:
    for child in path.iterdir():
        child.unlink()


@pytest.mark.parametrize("remove", [remove_directory, remove_contents], ids=["rmtree", "rm *"])
def test_index_deleted_under_the_server_is_503_with_repair(tmp_path: Path, remove) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "ix"
    build_index(path)
    app = create_app(config=load_config(index_dir=path))
    client = app.test_client()
    for url in URLS:  # every answer is warm: cached results, open files
        assert client.get(url).status_code == 200, url
    remove(path)
    for url in URLS + index_routes(app):
        response = client.get(url)
        assert_503_with_repair(response)
        assert str(path) not in response.get_data(as_text=True), url  # the log has it
    missing = client.get("/api/search?q=budget").get_json()["error"]
    assert "missing" in missing and "onrecord index" in missing
    assert_503_with_repair(client.get("/healthz"))


def test_rebuilt_index_is_served_without_restart(tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    path = tmp_path / "ix"
    build_index(path)
    client = app_client(path)
    assert client.get("/api/search?q=budget").get_json()["total"] == 2
    shutil.rmtree(path)
    assert client.get("/api/search?q=budget").status_code == 503
    # The same number of commits: the new table of contents has the old
    # one's generation number, and must still be told apart.
    rebuild_with_two_commits(path)
    assert client.get("/api/search?q=budget").get_json()["total"] == 0
    assert client.get("/api/search?q=harbour").get_json()["total"] == 4
    assert client.get("/doc/one").status_code == 404
    assert client.get("/doc/five").status_code == 200


def rebuild_with_two_commits(path: Path) -> None:
    """Rebuild the index at `path` in two commits (the deleted one had as
    many), about harbours instead of budgets."""
    write_index(path, [[make_article("four", "harbour")], [make_article("five", "harbour wall")]])


def test_rebuilt_while_nobody_asked_is_noticed(tmp_path: Path, app_client: Callable[[Path], FlaskClient]) -> None:
    """Deleted and rebuilt between two requests: no 503 was ever seen, and
    the old searcher must still not answer."""
    path = tmp_path / "ix"
    build_index(path)
    client = app_client(path)
    assert client.get("/api/search?q=budget").get_json()["total"] == 2
    shutil.rmtree(path)
    rebuild_with_two_commits(path)
    assert client.get("/api/search?q=budget").get_json()["total"] == 0
    assert client.get("/api/search?q=harbour").get_json()["total"] == 4


def test_an_unchanged_index_keeps_its_searcher_and_caches(tmp_path: Path) -> None:
    """The per-use check must not reopen the searcher (and drop every
    cache) when nothing changed on disk."""
    path = tmp_path / "ix"
    build_index(path)
    index = open_index(path)
    with index.reading() as first:
        built = index.commit_cache().get("probe", object)
    for _ in range(3):
        with index.reading() as again:
            assert again is first
            assert index.commit_cache().get("probe", object) is built
    write_articles(open_index(path), [make_article("four", "harbour")])
    index.refresh()  # another process committed: now it is a new searcher
    with index.reading() as fresh:
        assert fresh is not first
    index.close()
