"""The pipeline composes the stages and never lets one bad file stop a run."""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from onrecord.indexer.distributed import client as cluster
from onrecord.indexer.distributed.client import chunk_files
from onrecord.indexer.errors import IngestError
from onrecord.indexer.pipeline import extract_file, ingest_paths, iter_input_files
from onrecord.search.config import Config, load_config
from onrecord.search.engine import search
from onrecord.search.model import IngestSummary, SearchRequest
from onrecord.search.storage.integrity.leftovers import SCRATCH_DIR, classify_files
from onrecord.search.storage.opening import open_index, ram_index
from onrecord.search.storage.store import Index


def _write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


ARTICLE = (
    "Council admits failures\n\n"
    '"We got this wrong," said Jane Doe, the council leader.\n\n'
    "The Home Office declined to comment.\n"
)


def test_iter_input_files_walks_folders_and_skips_hidden_and_sidecars(tmp_path: Path) -> None:
    _write(tmp_path, "b.txt", ARTICLE)
    _write(tmp_path, "a.html", "<p>x</p>")
    _write(tmp_path, "b.meta.json", "{}")
    _write(tmp_path, ".hidden/c.txt", ARTICLE)
    _write(tmp_path, "notes.md", "# not an article")
    _write(tmp_path, "sub/d.jsonl", "{}\n")
    found = [p.relative_to(tmp_path).as_posix() for p in iter_input_files([tmp_path])]
    assert found == ["a.html", "b.txt", "sub/d.jsonl"]


def test_extract_file_runs_every_stage(tmp_path: Path) -> None:
    (article,) = extract_file(_write(tmp_path, "a.txt", ARTICLE))
    assert article.meta.title == "Council admits failures"
    # The headline is the title, not paragraph 1.
    quote_para = article.paragraphs[0]
    assert quote_para.n == 1
    assert article.text[quote_para.start:quote_para.end] == quote_para.text
    assert [q.speaker for q in quote_para.quotes] == ["Jane Doe"]
    assert "Home Office" in article.paragraphs[1].institutions


@pytest.mark.parametrize("name,content", [
    ("binary.txt", b"\x00\x01\x02"),
    ("undecodable.txt", b"d" + bytes(range(0x80, 0x100)) * 4),
    ("empty.txt", b""),
    ("broken.json", b'{"title": "x", "text": '),
    ("notes.md", b"# unsupported"),
])
def test_extract_file_raises_ingest_error_for_bad_input(tmp_path: Path, name: str,
                                                        content: bytes) -> None:
    with pytest.raises(IngestError) as info:
        extract_file(_write(tmp_path, name, content))
    assert str(info.value)


def test_ingest_counts_and_skips_with_reasons(tmp_path: Path) -> None:
    _write(tmp_path, "good.txt", ARTICLE)
    _write(tmp_path, "many.jsonl", "\n".join(json.dumps({
        "title": f"T{i}", "text": f"Paragraph number {i} about the Home Office.",
        "url": f"https://example.org/{i}"}) for i in range(3)))
    _write(tmp_path, "bad.txt", b"\x00\x00")
    index = ram_index()
    summary = ingest_paths([tmp_path], index, batch_articles=2)
    assert (summary.files, summary.articles) == (3, 4)
    # ARTICLE's headline line is its title, not a paragraph.
    assert summary.paragraphs == 5 and summary.quotes == 1
    assert [Path(p).name for p, _ in summary.skipped] == ["bad.txt"]
    result = search(index, SearchRequest(query="Home Office", per_page=100))
    assert result.total == 4


def test_reingest_replaces_instead_of_duplicating(tmp_path: Path) -> None:
    path = _write(tmp_path, "good.txt", ARTICLE)
    index = ram_index()
    ingest_paths([path], index)
    ingest_paths([path], index)
    assert search(index, SearchRequest(query="wrong")).total == 1


def test_config_reads_environment_then_overrides() -> None:
    env = {"ONRECORD_INDEX": "/tmp/x", "PORT": "8080"}
    assert load_config(env).port == 5000  # the port is serve's alone (search.config.serve_port)
    assert load_config(env, port=8080).port == 8080
    assert str(load_config(env).index_dir) == "/tmp/x"
    assert str(load_config(env, index_dir="/tmp/y").index_dir) == "/tmp/y"
    assert load_config({}).host == "127.0.0.1"


def _corpus(folder: Path) -> None:
    for i in range(6):
        _write(folder, f"a{i}.txt", f"Report {i}\n\n" + ARTICLE.replace("Jane Doe", f"Jane Doe{i}")
               + f"\nThe budget line {i} was cut by the Home Office.\n")
    _write(folder, "bad.txt", b"\x00\x00")
    _write(folder, "feed.jsonl", "\n".join(json.dumps({
        "id": f"feed-{i}", "title": f"T{i}", "text": f"Budget paragraph {i} from the Treasury.",
        "outlet": "The Ledger", "published": f"202{i}-01-05"}) for i in range(4)))


def _snapshot(index: Index) -> list[object]:
    out: list[object] = []
    for query in ["budget", "wrong", "home office", ""]:
        result = search(index, SearchRequest(query=query, per_page=100))
        out.append((result.total, [(h.paragraph_id, round(h.score, 6)) for h in result.hits],
                    result.facets))
    return out


@contextmanager
def _session_cluster(address: str) -> Iterator[Any]:
    """Stand-in for cluster.cluster_client(None, ...): a client of the
    session's cluster, which shares this machine's disk like a local one."""
    from distributed import Client

    with Client(address) as client:
        yield client


def _ingest(folder: Path, index: Index, way: str, dask_address: str,
            monkeypatch: pytest.MonkeyPatch, config: Config | None = None, **kwargs: Any) -> IngestSummary:
    """Ingest `folder` one `way`: serial, portable (--cluster: bytes over the
    wire) or local (a local cluster: paths, segments renamed in), with
    `config` (default Config())."""
    config = config or Config()
    if way == "local":
        monkeypatch.setattr(cluster, "cluster_client", lambda _address, _workers: _session_cluster(dask_address))
        scratches: list[Path] = []
        make_scratch = cluster._make_scratch
        monkeypatch.setattr(cluster, "_make_scratch", lambda ix: scratches.append(make_scratch(ix)) or scratches[-1])
        summary = ingest_paths([folder], index, workers=2, cluster="",
                               config=replace(config, cluster_min_bytes=0), **kwargs)
        assert scratches == [index.path / SCRATCH_DIR]  # the local way was taken
        return summary
    return ingest_paths([folder], index, workers=1 if way == "serial" else 2,
                        cluster=dask_address if way == "portable" else "", config=config, **kwargs)


def test_cluster_ingest_equals_serial_ingest(tmp_path: Path, dask_address: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _corpus(tmp_path / "in")
    results = []
    for way in ("serial", "portable", "local"):
        index = open_index(tmp_path / way, create=True)
        seen: list[str] = []
        summary = _ingest(tmp_path / "in", index, way, dask_address, monkeypatch,
                          Config(task_min_bytes=300),  # several segments per run
                          on_file=lambda p, seen=seen: seen.append(p.name))
        results.append((summary.files, summary.articles, summary.paragraphs, summary.quotes,
                        [Path(p).name for p, _ in summary.skipped], seen, _snapshot(index)))
        index.close()
        assert classify_files(tmp_path / way).orphans == []  # the scratch folder too
    assert results[0] == results[1] == results[2]
    assert results[0][4] == ["bad.txt"]


@pytest.mark.parametrize("way", ["portable", "local"])
@pytest.mark.parametrize("chunk_bytes", [1, 10_000])  # one file per segment, or one segment
def test_cluster_reingest_replaces_and_later_copy_wins(tmp_path: Path, chunk_bytes: int, dask_address: str,
                                                       way: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tasks = Config(task_min_bytes=chunk_bytes, task_max_bytes=chunk_bytes)
    url = "https://example.org/same"
    _write(tmp_path / "in", "a.jsonl", json.dumps({"url": url, "text": "Old budget words."}))
    _write(tmp_path / "in", "b.jsonl", json.dumps({"url": url, "text": "New budget words."}))
    index = open_index(tmp_path / "ix", create=True)
    for _ in range(2):  # the second run keeps nothing of its segments: discarded
        summary = _ingest(tmp_path / "in", index, way, dask_address, monkeypatch, tasks)
        assert (summary.articles, summary.paragraphs) == (1, 1)
        assert classify_files(tmp_path / "ix").orphans == []
    assert index.doc_count() == 1
    assert search(index, SearchRequest(query="new")).total == 1
    assert search(index, SearchRequest(query="old")).total == 0
    index.close()


@pytest.mark.parametrize("sizes,workers,expected", [
    ([10, 10, 10], 1, [[0, 1, 2]]),
    ([Config().task_min_bytes, Config().task_min_bytes // 2, 1], 2, [[0], [1, 2]]),
])
def test_chunk_files_keeps_order_and_splits_by_size(tmp_path: Path, sizes: list[int],
                                                    workers: int, expected: list[list[int]]) -> None:
    paths = [_write(tmp_path, f"f{i}.txt", b"x" * size) for i, size in enumerate(sizes)]
    chunks = chunk_files(paths, workers)
    assert [[paths.index(p) for p in chunk] for chunk in chunks] == expected


@pytest.mark.parametrize("workers,files", [(2, 22), (2, 31), (3, 40)])
def test_chunk_files_cuts_whole_rounds_of_similar_chunks(tmp_path: Path, workers: int, files: int) -> None:
    # 22 files of 10 bytes, chunks of at most 100: cut greedily, 100 + 100 + 20 bytes,
    # and one worker idles through the last round; here four chunks of 50 to 60.
    paths = [_write(tmp_path, f"f{i:02}.txt", b"x" * 10) for i in range(files)]
    chunks = chunk_files(paths, workers, config=Config(task_min_bytes=1, task_max_bytes=100))
    assert [p for chunk in chunks for p in chunk] == paths
    assert len(chunks) % workers == 0
    assert max(map(len, chunks)) - min(map(len, chunks)) <= 1


def test_the_task_size_settings_reach_the_cut(tmp_path: Path) -> None:
    paths = [_write(tmp_path, f"f{i}.txt", b"x" * 10) for i in range(6)]
    assert len(chunk_files(paths, 1, config=load_config({}))) == 1  # 256 KB at least: one task
    config = load_config({"ONRECORD_TASK_MIN_BYTES": "1"}, ["task_max_bytes=11"])
    assert chunk_files(paths, 1, config=config) == [[path] for path in paths]  # 11 bytes a file at most


@pytest.mark.parametrize("workers", [1, 2])
def test_summary_counts_an_article_once_across_commits(tmp_path: Path, workers: int, dask_address: str) -> None:
    # One file per segment, so the six files make two commit waves (and, serially,
    # one article per commit): the article in the first and last file is replaced.
    same = "https://example.org/same"
    for n in range(6):
        url = same if n in (0, 5) else f"https://example.org/{n}"
        text = "Budget words.\n\nMore words." if n == 0 else f"Budget {n} words."
        _write(tmp_path / "in", f"f{n}.jsonl", json.dumps({"url": url, "text": text}))
    index = open_index(tmp_path / "ix", create=True)
    summary = ingest_paths([tmp_path / "in"], index, workers=workers, batch_articles=1,
                           cluster=dask_address if workers == 2 else "",
                           config=Config(task_min_bytes=1, task_max_bytes=1))
    assert (summary.articles, summary.paragraphs) == (5, 5) == (5, index.doc_count())
    index.close()


def test_local_workers_keep_glibcs_adaptive_malloc_trim() -> None:
    environ = cluster.worker_environ()
    assert cluster.MALLOC_TRIM not in environ and environ.get("OMP_NUM_THREADS") == 1  # Dask's others kept


WORKER_SETTINGS = """
import os
import dask
from onrecord.indexer.distributed.client import QUIET_HOUSEKEEPING, WORKER_PROFILE, cluster_client

def settings():
    quiet = all(dask.config.get(key) == value for key, value in QUIET_HOUSEKEEPING.items())
    return (os.environ.get("MALLOC_TRIM_THRESHOLD_"), os.environ.get("OMP_NUM_THREADS"),
            dask.config.get(WORKER_PROFILE), quiet)

if __name__ == "__main__":
    with cluster_client(None, 1) as client:
        print(client.submit(settings, pure=False).result())
"""


@pytest.mark.slow
def test_local_cluster_workers_start_without_malloc_trim_profiler_or_busy_housekeeping(tmp_path: Path) -> None:
    # A fresh process, as `onrecord index` is: a Dask nanny started in this
    # one (the test session's cluster) leaves its variables in os.environ.
    import os
    import subprocess
    import sys

    script = tmp_path / "settings.py"
    script.write_text(WORKER_SETTINGS)
    env = {k: v for k, v in os.environ.items() if k != cluster.MALLOC_TRIM}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "(None, '1', False, True)", done.stderr[-2000:]
