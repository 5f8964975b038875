"""The watch's SIGKILL trial (bench/watch/watch_kills.py): a short run passes,
and its checks see a capture cut short and an alert item sent twice."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from bench.watch.watch_kills import Series, capture_problem, compare, run_trial
from bench.watch.watchsite import Layout

URL = "http://127.0.0.1:1/f0/story-0"


def warc_record(url: str, body: bytes) -> bytes:
    """Return one gzip'd WARC response record of `body` at `url`."""
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=True)
    headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html"), ("Content-Length", str(len(body)))],
                               protocol="HTTP/1.1")
    writer.write_record(writer.create_warc_record(url, "response", payload=io.BytesIO(body),
                                                  http_headers=headers))
    return buffer.getvalue()


def test_a_capture_reads_back_whole_or_its_problem_is_named(tmp_path: Path) -> None:
    path = tmp_path / "c.warc.gz"
    first = warc_record(URL, b"<p>first</p>")
    path.write_bytes(first + warc_record(URL, b"<p>second page</p>" * 50))
    assert capture_problem(path, 0, URL) is None
    assert capture_problem(path, len(first), URL) is None
    assert "record of" in str(capture_problem(path, 0, URL + "x"))
    path.write_bytes(path.read_bytes()[:-40])  # the second record cut short
    assert capture_problem(path, 0, URL) is None
    assert capture_problem(path, len(first), URL) is not None
    assert capture_problem(tmp_path / "gone.warc.gz", 0, URL) == "file missing"


def test_an_item_under_two_delivery_ids_fails_a_repeat_of_one_id_does_not() -> None:
    reference = Series("reference", digest="d", posts=[("a", ["p1", "p2"], True)])
    repeated = Series("killed", digest="d", posts=[("a", ["p1", "p2"], True), ("a", ["p1", "p2"], True)])
    split = Series("killed", digest="d", posts=[("a", ["p1", "p2"], True), ("b", ["p2"], True)])
    assert compare(reference, repeated) == []
    assert compare(reference, split) == ["1 alert items delivered under more than one delivery id"]
    assert compare(reference, Series("killed", digest="e", posts=reference.posts)) == ["index differs: e != d"]


@pytest.mark.slow
def test_a_short_trial_kills_the_watch_and_finds_nothing_lost(tmp_path: Path) -> None:
    reference, killed, problems = run_trial(tmp_path, kills=3, seed=5, layout=Layout(2, 3, 1, seed=5))
    assert problems == []
    assert killed.kills == 3
    assert killed.digest == reference.digest and reference.versions > reference.articles > 0
    assert reference.posts and killed.captures >= reference.articles
