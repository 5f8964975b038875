"""Serving a damaged index honestly (issue 29, items 2, 3, 8 and 14).

Damage that `onrecord check` finds, the server finds too: a segment file
of another size than its commit wrote (truncated before the server opened
the index, after, or in a commit it picks up later) and lost or damaged
article records are a 503 with repair steps on every page and on /healthz,
never 200 with fewer, untitled or undated hits, and never a 500.  The 503
pages tell the public neither the index's path nor the exception: the
server log does."""
from __future__ import annotations

import datetime as dt
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from onrecord.search.config import load_config
from onrecord.search.model import Article
from onrecord.search.storage.articledb.records import ArticleRecords
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.opening import open_index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.factories import make_article, write_index
from tests.search.storage.integrity.test_corrupt_index import assert_503_with_repair

ARTICLES = 400
PAGES = ["/?q=council", "/api/search?q=council", "/api/search?q=residents",
         "/api/search?q=ward3", "/doc/a3", "/doc/a3.json"]
# A name like FileNotFoundError or DatabaseError: an exception shown to the public.
EXCEPTION_NAME = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception)\b")


def council_article(n: int) -> Article:
    return make_article(f"a{n}", [f"The council met on day {n} about item{n} and the budget.",
                                  f"Residents of ward{n % 7} said little."],
                        title=f"Day {n}", outlet="Herald",
                        published=dt.date(2020, 1, 1) + dt.timedelta(days=n))


def write_built(path: Path) -> Path:
    """Write an index of ARTICLES articles in one commit (one segment)."""
    return write_index(path, [[council_article(n) for n in range(ARTICLES)]])


# The module's one written index (writing it took most of each test's time);
# each test damages a copy of its own.
BUILT: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def built_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    BUILT[:] = [write_built(tmp_path_factory.mktemp("built") / "ix")]


def build(path: Path) -> Path:
    """Return `path` holding a fresh copy (new files: own inodes and
    mtimes) of the index write_built writes."""
    shutil.copytree(BUILT[0], path, copy_function=shutil.copyfile, dirs_exist_ok=True)
    return path


def client_of(path: Path, stale_check: float = 1.0) -> FlaskClient:
    settings = [f"stale_check_seconds={stale_check}"]
    return create_app(config=load_config(index_dir=path, settings=settings)).test_client()


def truncate_half(target: Path) -> None:
    """`truncate -s 50%` the file."""
    os.truncate(target, target.stat().st_size // 2)


def largest_postings(path: Path, among: set[str] | None = None) -> Path:
    files = [f for f in path.glob("*.pst") if among is None or f.name in among]
    return max(files, key=lambda f: f.stat().st_size)


def listing(path: Path) -> dict[str, tuple[int, int]]:
    return {entry.name: (entry.stat().st_size, entry.stat().st_mtime_ns)
            for entry in path.iterdir()}


def assert_no_leak(response, root: Path) -> None:  # type: ignore[no-untyped-def]
    """The 503 says what is wrong and how to repair it, without the index's
    path (nor any path under the test's folder) or an exception's name."""
    body = response.get_data(as_text=True)
    assert str(root) not in body and "/tmp/" not in body, body[:400]
    assert not EXCEPTION_NAME.search(body), body[:400]


# ------------------------------------------------------------ segments (item 2)

def test_intact_index_answers_every_hit(tmp_path: Path) -> None:
    """The baseline the damage below must not silently shrink."""
    client = client_of(build(tmp_path / "ix"))
    assert client.get("/api/search?q=council").get_json()["total"] == ARTICLES
    assert client.get("/healthz").get_json() == {"status": "ok"}


def test_a_segment_truncated_before_the_server_opened_it_is_503(tmp_path: Path) -> None:
    """The reported case: `truncate -s 50%` of the largest .pst, then serve:
    searches answered 200 with fewer hits (here: none) and /healthz ok."""
    path = build(tmp_path / "ix")
    truncate_half(largest_postings(path))
    client = client_of(path)
    for url in PAGES:
        assert_503_with_repair(client.get(url))
    health = client.get("/healthz")
    assert_503_with_repair(health)
    assert "damaged" in health.get_json()["error"]
    report = check_index(path)  # what check says, the server says
    assert report.damaged and any("its commit wrote" in p for p in report.problems)


def test_a_segment_truncated_under_a_running_server_is_503(tmp_path: Path) -> None:
    path = build(tmp_path / "ix")
    client = client_of(path, stale_check=0.05)
    assert client.get("/api/search?q=council").get_json()["total"] == ARTICLES
    truncate_half(largest_postings(path))
    time.sleep(0.1)  # the next stale check looks at the files again
    for url in PAGES + ["/api/search?q=budget"]:  # not a cached result either
        assert_503_with_repair(client.get(url))
    assert_503_with_repair(client.get("/healthz"))


def test_a_truncated_segment_of_a_new_commit_is_503_when_picked_up(tmp_path: Path) -> None:
    path = build(tmp_path / "ix")
    client = client_of(path, stale_check=0.05)
    assert client.get("/api/search?q=council").get_json()["total"] == ARTICLES
    before = set(os.listdir(path))
    writer = open_index(path)
    write_articles(writer, [council_article(n) for n in range(ARTICLES, ARTICLES + 200)])
    writer.close()
    truncate_half(largest_postings(path, among=set(os.listdir(path)) - before))
    time.sleep(0.1)
    for url in PAGES:  # every reader, not only the one that refreshed
        assert_503_with_repair(client.get(url))
    assert_503_with_repair(client.get("/healthz"))


def test_check_finds_a_segment_file_overwritten_in_place(tmp_path: Path) -> None:
    """Same size, other bytes in the middle of the postings: only the
    checksum recorded at commit tells."""
    path = build(tmp_path / "ix")
    target = largest_postings(path)
    data = bytearray(target.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(b ^ 0x5A for b in data[middle:middle + 64])
    target.write_bytes(bytes(data))
    report = check_index(path)
    assert not report.ok and report.damaged
    assert any(target.name in p and "checksum" in p for p in report.problems), report.problems
    assert "rebuild" in report.repair()


# ------------------------------------------------------------ records (item 3)

def delete_records(path: Path) -> None:
    (path / "articles.db").unlink()


def empty_records(path: Path) -> None:
    (path / "articles.db").write_bytes(b"")


def flip_record_bytes(path: Path, seed: int = 0) -> None:
    """Flip 300 bytes past the first page (the schema): the rows' pages."""
    target = path / "articles.db"
    data = bytearray(target.read_bytes())
    rng = random.Random(seed)
    for _ in range(300):
        data[rng.randrange(4096, len(data))] ^= 0xFF
    target.write_bytes(bytes(data))


RECORD_DAMAGE = {"deleted": delete_records, "emptied": empty_records,
                 "flipped bytes": flip_record_bytes}


@pytest.mark.parametrize("damage", list(RECORD_DAMAGE))
def test_lost_or_damaged_records_are_503_and_nothing_is_recreated(
        tmp_path: Path, damage: str) -> None:
    path = build(tmp_path / "ix")
    RECORD_DAMAGE[damage](path)
    before = listing(path)
    client = client_of(path)
    for url in PAGES + ["/healthz"]:
        response = client.get(url)
        assert_503_with_repair(response)
        assert "records" in response.get_data(as_text=True), url
    assert listing(path) == before  # no new, empty articles.db in its place


@pytest.mark.parametrize("damage", ["deleted", "emptied"])
def test_records_lost_under_a_running_server_are_503(tmp_path: Path, damage: str) -> None:
    """Not answered from the deleted file's open copy, nor from remembered
    rows: the next stale check finds the file gone or empty.  (Bytes
    flipped under a running server are found by the read that trips over
    them, at the next open, or by `onrecord check`.)"""
    path = build(tmp_path / "ix")
    client = client_of(path, stale_check=0.05)
    assert client.get("/api/search?q=ward3").status_code == 200
    RECORD_DAMAGE[damage](path)
    time.sleep(0.1)
    for url in ["/api/search?q=council", "/?q=budget", "/doc/a5", "/healthz"]:
        assert_503_with_repair(client.get(url))


def test_a_hit_whose_record_is_gone_is_503_not_untitled(tmp_path: Path) -> None:
    """A third of the rows deleted: every page showing one of those
    articles is a 503; the others still answer, each hit with its title."""
    path = build(tmp_path / "ix")
    db = sqlite3.connect(path / "articles.db")
    db.execute("DELETE FROM versions WHERE CAST(substr(doc_id, 2) AS INTEGER) % 3 = 0")
    db.commit()
    db.close()
    client = client_of(path)
    assert_503_with_repair(client.get("/api/search?q=council"))  # a0, a3, ... among the hits
    assert_503_with_repair(client.get("/?q=council"))
    assert_503_with_repair(client.get("/doc/a3"))
    assert_503_with_repair(client.get("/api/search?q=item3"))
    kept = client.get("/api/search?q=item4").get_json()
    assert kept["total"] == 1 and kept["hits"][0]["title"] == "Day 4"
    assert client.get("/doc/a4").status_code == 200


@pytest.mark.parametrize("seed", range(4))
def test_flipped_record_bytes_are_never_a_500(tmp_path: Path, seed: int) -> None:
    """Wherever the bytes land: a 503 with repair, or (when they land in a
    value) a 200 whose hits all still have a title; never a 500."""
    path = build(tmp_path / "ix")
    flip_record_bytes(path, seed)
    client = client_of(path)
    for url in PAGES + ["/api/search?q=item7", "/speakers", "/feed.atom?q=council"]:
        response = client.get(url)
        assert response.status_code in (200, 404, 503), (url, response.status_code)
        if response.status_code == 503:
            assert_503_with_repair(response)
        elif url.startswith("/api/search"):
            assert all(hit["title"] for hit in response.get_json()["hits"]), url


# ------------------------------------------------------------ /healthz (item 8)

def test_healthz_is_503_without_an_index(tmp_path: Path) -> None:
    health = client_of(tmp_path / "nothing").get("/healthz")
    assert health.status_code == 503 and health.is_json
    assert health.get_json()["status"] == 503 and "onrecord index" in health.get_json()["error"]


def test_healthz_is_503_once_the_index_is_deleted_and_ok_when_rebuilt(tmp_path: Path) -> None:
    path = build(tmp_path / "ix")
    client = client_of(path)
    assert client.get("/healthz").status_code == 200
    for entry in path.iterdir():
        entry.unlink()
    assert_503_with_repair(client.get("/healthz"))
    write_built(path)  # rebuilt by the indexer: new segment names
    assert client.get("/healthz").get_json() == {"status": "ok"}


# ------------------------------------------------------------ what a 503 tells (item 14)

def not_built(path: Path) -> None:
    path.mkdir()


def deleted_under_the_server(path: Path) -> None:
    build(path)


def truncated(path: Path) -> None:
    build(path)
    truncate_half(largest_postings(path))


def records_gone(path: Path) -> None:
    build(path)
    delete_records(path)


def records_flipped(path: Path) -> None:
    build(path)
    flip_record_bytes(path)


CASES = {"not built": not_built, "deleted under the server": deleted_under_the_server,
         "truncated segment": truncated, "records deleted": records_gone,
         "records flipped": records_flipped}


@pytest.mark.parametrize("case", list(CASES))
def test_503_pages_name_no_path_and_no_exception(tmp_path: Path, case: str,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "ix"
    CASES[case](path)
    client = client_of(path)
    if case == "deleted under the server":
        assert client.get("/api/search?q=council").status_code == 200
        for entry in path.iterdir():
            entry.unlink()
    for url in ["/?q=council", "/api/search?q=council", "/doc/a3", "/doc/a3.json",
                "/speakers", "/healthz"]:
        response = client.get(url)
        assert_503_with_repair(response)
        assert_no_leak(response, tmp_path)
    page = client.get("/?q=council").get_data(as_text=True)
    assert "<code>onrecord" in page  # the repair steps, as commands to run on the server
    assert str(path) in caplog.text  # the operator finds the path in the log


KILLED_MID_COMMIT = """
import os, signal, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA cache_size=10")  # spill pages into the file before the commit
db.execute("BEGIN IMMEDIATE")
for n in range(5000):
    db.execute("INSERT INTO versions (doc_id, rev, version, indexed_at, title) "
               "VALUES (?, 'r', 1, 'now', ?)", (f"x{n}", "t" * 200))
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_records_a_killed_writer_left_mid_commit_are_503_until_the_next_writer(
        tmp_path: Path) -> None:
    """A writer killed inside its records transaction leaves a rollback
    journal that only a writer may roll back: the server says so (not
    "damaged", not a 500), `check` says to re-run the indexer, and the next
    writer's opening of the index brings the server back without a restart."""
    path = build(tmp_path / "ix")
    killed = subprocess.run([sys.executable, "-c", KILLED_MID_COMMIT, str(path / "articles.db")])
    assert killed.returncode == -signal.SIGKILL and (path / "articles.db-journal").exists()
    client = client_of(path, stale_check=0.05)
    response = client.get("/api/search?q=council")
    assert_503_with_repair(response)
    assert "did not finish" in response.get_json()["error"]
    report = check_index(path)
    assert not report.damaged and "re-run onrecord index" in report.repair()
    open_index(path).close()  # a writer's opening rolls the unfinished write back
    time.sleep(0.1)
    assert client.get("/api/search?q=council").get_json()["total"] == ARTICLES
    assert client.get("/healthz").status_code == 200


def test_a_segment_restored_in_place_is_served_again_without_a_restart(tmp_path: Path) -> None:
    path = build(tmp_path / "ix")
    target = largest_postings(path)
    good = target.read_bytes()
    client = client_of(path, stale_check=0.05)
    truncate_half(target)
    time.sleep(0.1)
    assert_503_with_repair(client.get("/api/search?q=council"))
    target.write_bytes(good)  # restored from a backup, the commit unchanged
    time.sleep(0.1)
    assert client.get("/api/search?q=council").get_json()["total"] == ARTICLES
    assert client.get("/healthz").status_code == 200


def test_damaged_records_are_read_whole_once_not_on_every_request(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each request retries the failed opening; the whole-file check of an
    unchanged file is not run again (it reads every byte)."""
    path = build(tmp_path / "ix")
    flip_record_bytes(path)
    checks: list[int] = []
    real = ArticleRecords.check

    def counted(self: ArticleRecords) -> str | None:
        checks.append(1)
        return real(self)

    monkeypatch.setattr(ArticleRecords, "check", counted)
    client = client_of(path)
    for _ in range(5):
        assert_503_with_repair(client.get("/api/search?q=council"))
    assert len(checks) == 1
