"""`serve` never writes to the index directory (issue 29, item 16).

The server opens the index read-only: searches, article and entity pages,
/healthz and the refresh after another process's commit leave every file
in the directory as it was (names, sizes, modification times): no
re-created articles.db, no SQLite -wal/-shm files, no removal of
superseded files (tidying belongs to writers).  So an index serves from a
read-only directory, here checked as an unprivileged user (tests run as
root, whom permissions do not stop).  And `serve --host` on an address
that is not loopback is refused unless the operator passes --public."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from onrecord.cli import main as cli_main
from onrecord.search.config import Config, load_config
from onrecord.search.storage.integrity.leftovers import classify_files
from onrecord.web import app as web_app
from onrecord.web.app import create_app
from tests.factories import make_article, write_index
from tests.search.storage.integrity.test_superseded import age

ONRECORD = Path(sys.executable).with_name("onrecord")
ROUTES = ["/", "/?q=council", "/?q=council&sort=newest", "/api/search?q=budget",
          "/doc/a1", "/doc/a1.json", "/speakers", "/speakers.json", "/institutions",
          "/feed.atom?q=council", "/export.csv?q=council", "/healthz"]
SQLITE_SIDE_FILES = ("-wal", "-shm")


def listing(path: Path) -> dict[str, tuple[int, int, int]]:
    """Return name -> (size, mtime in ns, mode) of everything in `path`,
    the directory itself under '.'."""
    entries = {entry.name: entry.stat() for entry in path.iterdir()}
    entries["."] = path.stat()
    return {name: (s.st_size, s.st_mtime_ns, s.st_mode) for name, s in entries.items()}


def build(path: Path, commits: int = 3) -> Path:
    """An index of several commits: superseded TOCs and segments to keep."""
    return write_index(path, [[make_article(
        f"a{n}", [f"The council met on day {n} about the budget.", "Ann Jones said \"no\"."],
        title=f"Day {n}", outlet="Herald")] for n in range(1, commits + 1)])


def client_of(path: Path) -> FlaskClient:
    return create_app(config=load_config(index_dir=path, settings=[
        "stale_check_seconds=0.05"])).test_client()


def serve_everything(client: FlaskClient) -> None:
    for url in ROUTES:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code,
                                              response.get_data(as_text=True)[:300])


def test_serving_leaves_every_file_as_it_was(tmp_path: Path) -> None:
    path = build(tmp_path / "ix", commits=6)  # the sixth commit merges: superseded segments
    age(path)  # superseded long enough ago that an opening used to remove them
    expired = classify_files(path).expired
    assert expired
    before = listing(path)
    client = client_of(path)
    for _ in range(2):  # twice: the second round from warm caches, after stale checks
        serve_everything(client)
        time.sleep(0.1)
    assert listing(path) == before
    assert classify_files(path).expired == expired  # the next writer removes them


def test_deleted_records_are_not_made_again(tmp_path: Path) -> None:
    path = build(tmp_path / "ix")
    (path / "articles.db").unlink()
    before = listing(path)
    client = client_of(path)
    assert client.get("/api/search?q=council").status_code == 503
    assert client.get("/healthz").status_code == 503
    assert listing(path) == before


def watch_for_side_files(path: Path, stop: threading.Event, seen: set[str]) -> None:
    while not stop.is_set():
        seen.update(name for name in os.listdir(path) if name.endswith(SQLITE_SIDE_FILES))
        time.sleep(0.005)


@pytest.mark.slow  # an `onrecord index` process beside the server
def test_a_concurrent_writer_commits_and_the_server_refreshes_without_writing(
        tmp_path: Path) -> None:
    """`onrecord index` in another process commits several times while the
    server searches; the server picks each commit up, never fails, and
    neither writes a file of its own (no -wal/-shm, ever: the writer leaves
    the records in rollback-journal mode, which read-only readers read
    with file locks alone)."""
    path = build(tmp_path / "ix")
    inputs = tmp_path / "new"
    inputs.mkdir()
    for n in range(12):
        (inputs / f"{n:02}.txt").write_text(f"The ferry council met about pier{n}.\n\n"
                                             "Residents of the harbour said little.\n")
    client = client_of(path)
    serve_everything(client)
    seen: set[str] = set()
    stop = threading.Event()
    watcher = threading.Thread(target=watch_for_side_files, args=(path, stop, seen), daemon=True)
    watcher.start()
    writer = subprocess.Popen([str(ONRECORD), "index", str(inputs), "--index", str(path),
                               "--workers", "1", "--setting", "batch_articles=3"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    totals, statuses = set(), set()
    try:
        while writer.poll() is None:
            response = client.get("/api/search?q=ferry")
            statuses.add(response.status_code)
            if response.status_code == 200:
                totals.add(response.get_json()["total"])
            time.sleep(0.01)
        output = writer.stdout.read().decode() if writer.stdout else ""
        assert writer.returncode == 0, output
        after_writer = listing(path)
        time.sleep(0.1)  # past the stale check: the server refreshes
        assert client.get("/api/search?q=ferry").get_json()["total"] == 12
        new_article = client.get("/api/search?q=pier7").get_json()["hits"][0]["doc_id"]
        assert client.get(f"/doc/{new_article}").status_code == 200
        serve_everything(client)
        assert listing(path) == after_writer
    finally:
        stop.set()
        watcher.join(5)
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert statuses == {200}, statuses
    assert totals <= {0, 3, 6, 9, 12}  # only ever whole commits
    assert not seen, seen


@pytest.fixture()
def read_only_index(tmp_path: Path) -> Iterator[Path]:
    """Yield an index in a directory no one may write to: built, then
    every write bit cleared (given back afterwards, for the clean-up)."""
    path = build(tmp_path / "ix", commits=6)
    age(path)  # expired superseded files, which an opening used to remove
    everything = [*path.iterdir(), path]
    for entry in everything:
        entry.chmod(entry.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    yield path
    for entry in everything:
        entry.chmod(entry.stat().st_mode | stat.S_IWUSR)


SERVE_AND_REPORT = """
import json, sys
from pathlib import Path
try:  # the directory really is read-only for this process
    (Path(sys.argv[1]) / "probe").touch()
    sys.exit("the index directory is writable")
except PermissionError:
    pass
from onrecord.search.config import load_config
from onrecord.web.app import create_app
client = create_app(config=load_config(index_dir=sys.argv[1])).test_client()
print(json.dumps({url: client.get(url).status_code for url in sys.argv[2:]}))
"""


def test_a_read_only_directory_serves_without_write_access(read_only_index: Path) -> None:
    before = listing(read_only_index)
    # Root ignores permissions through its capabilities: drop them all
    # (util-linux setpriv), so the read-only bits hold as for anyone else.
    drop = ["setpriv", "--bounding-set=-all"] if os.geteuid() == 0 else []
    ran = subprocess.run([*drop, sys.executable, "-c", SERVE_AND_REPORT, str(read_only_index),
                          *ROUTES], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert json.loads(ran.stdout.splitlines()[-1]) == {url: 200 for url in ROUTES}
    assert listing(read_only_index) == before


# ------------------------------------------------------------ serve --public

@pytest.fixture()
def served(monkeypatch: pytest.MonkeyPatch) -> list[Config]:
    """Record the Config `onrecord serve` would serve with, binding nothing."""
    calls: list[Config] = []
    monkeypatch.setattr(web_app, "serve", calls.append)
    return calls


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.10"])
def test_serve_refuses_an_address_anyone_may_reach_without_public(
        host: str, served: list[Config], cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(cli_main, ["serve", "--host", host, "--port", "8123"])
    assert result.exit_code == 2, result.output
    assert served == []  # refused before anything is bound
    assert "--public" in result.output and "whole archive" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_serve_refuses_a_public_host_from_the_environment(
        served: list[Config], cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(cli_main, ["serve", "--port", "8123"],
                               env={"ONRECORD_HOST": "0.0.0.0"})
    assert result.exit_code == 2 and served == [] and "--public" in result.output


def test_serve_public_binds_where_the_operator_says(
        served: list[Config], cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(cli_main, ["serve", "--host", "0.0.0.0", "--port", "8123",
                                          "--public"])
    assert result.exit_code == 0, result.output
    assert [config.host for config in served] == ["0.0.0.0"]


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_serve_on_loopback_needs_no_flag(host: str, served: list[Config],
                                         cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(cli_main, ["serve", "--host", host, "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert [config.host for config in served] == [host]
