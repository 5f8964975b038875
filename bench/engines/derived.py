"""Building (or reusing) the indexes of a derived corpus for the benchmark.

Owns ensure_derived(): the cache of built derived indexes (keyed by size,
seed and a hash of the code that shapes them) and the build itself.
onrecord's index is written the way `onrecord index` writes a large input:
worker processes each write one segment (search.writing.segments.write_segment),
and the parent publishes them in one commit (search.writing.commits.commit_batches).
Each worker keeps every `workers`-th batch of the seeded corpus stream,
so no articles cross process boundaries: up to --naive-max the stream is
made once before the timer and the workers are forked with it in hand (as
naive Whoosh is handed it), above that each worker makes its own batches
only (the others' draws are made, not built: as in a real `onrecord index`,
no worker pays for another's articles).  tantivy and naive Whoosh are then built from the same stream, each
timed on its own.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import resource
import shutil
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import islice
from pathlib import Path
from typing import Any

from bench.engines.corpus import OUTLETS, Pool, count_words, iter_derived
from bench.engines.peers import TantivyBuilder, build_whoosh_naive
from onrecord.search import Article, SegmentBatch, commit_batches, hold_write_lock, open_index, write_segment

REPO = Path(__file__).resolve().parents[2]
STREAM_BATCH = 500  # articles per slice of the stream handed round the workers
NAMES = 5  # most frequent speakers/institutions the query set filters on
# Forked workers inherit what the parent holds (no pickling, modules already
# imported); elsewhere the platform's default start method.
FORK = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
# What the parent shares with the workers it is about to fork: the derived
# corpus's Pool, or the articles of a parallel build (build_parallel).
_SHARED: dict[str, Any] = {}


def batched(items: Iterable[Article], size: int) -> Iterator[list[Article]]:
    """Yield lists of up to `size` items."""
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


def dir_mb(path: Path) -> float:
    """Return the total size of the files under `path` in MB."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 1e6


def rates(paragraphs: int, words: int, seconds: float, prefix: str) -> dict[str, float]:
    """Return paragraphs/s, words/s and seconds under `prefix`_ keys."""
    seconds = max(seconds, 1e-9)
    return {f"{prefix}_para_per_s": paragraphs / seconds,
            f"{prefix}_words_per_s": words / seconds, f"{prefix}_s": seconds}


def cpu_seconds() -> float:
    """Return the CPU seconds (user + system) of this process and of its
    children that have ended and been waited for (a process pool's workers
    once it is shut down)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def cpu_per_paragraph(paragraphs: int, cpu_s: float) -> dict[str, float]:
    """Return the indexing CPU ms per paragraph (issue #34: a rise with the
    corpus size shows in this row)."""
    return {"index_cpu_ms_per_para": 1000 * cpu_s / max(paragraphs, 1)}


def code_hash() -> str:
    """Return a short hash of the code that shapes a derived index: the
    index schema, its fields' posting format, the term table's codec and the corpus recipe."""
    digest = hashlib.sha256()
    for rel in ("search/storage/schema.py", "search/storage/analyzers.py", "search/storage/pooled/sortedterms.py",
                "search/storage/pooled/compactterms.py", "bench/engines/corpus.py"):
        digest.update((REPO / rel).read_bytes())
    return digest.hexdigest()[:12]


def ensure_derived(pool: Pool, size: int, args: argparse.Namespace) -> dict[str, Any]:
    """Return the derived corpus section of `size` paragraphs, building its
    indexes under args.cache_dir unless a complete build is there already."""
    label = f"derived-{size}-s{args.seed}-{code_hash()}"
    root = args.cache_dir / label
    meta_file = root / "meta.json"
    if meta_file.exists():
        section = json.loads(meta_file.read_text())
        section["cached"] = True
        print(f"[{size}] reusing cached indexes in {root}", flush=True)
    else:
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir(parents=True)
        section = build_derived(pool, size, root, args)
        meta_file.write_text(json.dumps(section, indent=1, default=str))
        section["cached"] = False
    section["paths"] = {name: root / name for name in section["engines"]}
    return section


def build_derived(pool: Pool, size: int, root: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Build every engine's index of the derived corpus under `root`;
    return the section (per-engine build rates, names for the query set)."""
    workers = max(1, args.workers)
    # Where naive Whoosh is built it is handed the stream as a list, made before its timer; onrecord's
    # workers get the same list (forked), so neither engine's time includes making the stream.
    articles = list(iter_derived(pool, size, args.seed)) if size <= args.naive_max else None
    print(f"[{size}] indexing with onrecord ({workers} worker processes) ...", flush=True)
    started, cpu = time.perf_counter(), cpu_seconds()
    written = build_onrecord(root / "onrecord", pool, size, args.seed, workers, articles)
    seconds = {"onrecord": time.perf_counter() - started}
    cpu = cpu_seconds() - cpu  # the workers are waited for: their CPU counts
    counts = {"onrecord": written}
    print(f"[{size}] onrecord: {written:,} paragraphs in {seconds['onrecord']:.0f} s, "
          f"{cpu:.0f} CPU s", flush=True)
    stats = _stream_stats(iter_derived(pool, size, args.seed))
    if size <= args.tantivy_max:
        counts["tantivy"], seconds["tantivy"] = _build_tantivy(root / "tantivy", pool, size, args.seed)
    if articles is not None:
        started = time.perf_counter()
        counts["whoosh-naive"] = build_whoosh_naive(root / "whoosh-naive", articles)
        seconds["whoosh-naive"] = time.perf_counter() - started
    engines = {name: {"paragraphs": counts[name],
                      **rates(counts[name], stats["words"], seconds[name], "index"),
                      "index_mb": dir_mb(root / name)} for name in counts}
    engines["onrecord"].update(index_workers=workers, **cpu_per_paragraph(written, cpu))
    return {"label": str(size), "seed": args.seed, "paragraphs": size, "words": stats["words"],
            "engines": engines, "outlets": list(OUTLETS),
            "speakers": stats["speakers"], "institutions": stats["institutions"]}


def build_onrecord(path: Path, pool: Pool, size: int, seed: int, workers: int,
                   articles: list[Article] | None = None) -> int:
    """Write the derived corpus into a new onrecord index at `path` as one
    segment per worker, published in one commit; return the paragraphs.
    The workers are forked with `pool` in hand (not pickled to each), and
    with `articles`, the stream already made, if given: each worker then
    takes its slices of that list instead of making them (which the peers,
    handed the list, are not timed for); without it each worker builds
    only its own slices of the stream."""
    _SHARED["pool"] = pool
    if articles is not None:
        _SHARED["articles"] = articles
    try:
        return _publish(path, workers, [(write_share, (path, size, seed, share, workers))
                                        for share in range(workers)])
    finally:
        _SHARED.clear()


def write_share(path: Path, size: int, seed: int, share: int, shares: int) -> SegmentBatch | None:
    """Worker: write every `shares`-th STREAM_BATCH of the derived stream
    (the inherited articles, else made from the inherited pool: this
    worker's articles only, the others' merely drawn), starting at batch
    `share`, as one uncommitted segment of `path`."""
    def mine(number: int) -> bool:
        return number // STREAM_BATCH % shares == share
    held = _SHARED.get("articles")
    if held is None:
        stream: Iterable[Article] = iter_derived(_SHARED["pool"], size, seed, keep=mine)
    else:
        stream = (article for number, article in enumerate(held) if mine(number))
    return write_segment(path, stream, unique_ids=True)


def build_parallel(path: Path, articles: list[Article], workers: int) -> int:
    """Write `articles` (unique ids) into a new onrecord index at `path` as
    the derived build writes its stream: `workers` forked processes each
    write one segment of a contiguous share of about equal paragraphs
    (inherited, not pickled), the parent publishes them in one commit.
    Return the paragraphs written."""
    _SHARED["articles"] = articles
    try:
        return _publish(path, workers, [(write_slice, (path, start, stop))
                                        for start, stop in share_bounds(articles, workers)])
    finally:
        _SHARED.clear()


def write_slice(path: Path, start: int, stop: int) -> SegmentBatch | None:
    """Worker: write the inherited articles[start:stop] as one uncommitted
    segment of `path`; return it (None if the slice is empty)."""
    return write_segment(path, _SHARED["articles"][start:stop], unique_ids=True)


def share_bounds(articles: list[Article], shares: int) -> list[tuple[int, int]]:
    """Return `shares` contiguous (start, stop) slices of `articles` in
    order, each about an equal share of the paragraphs (empty at the end
    when there are fewer articles than shares)."""
    total = sum(len(a.paragraphs) for a in articles)
    bounds: list[tuple[int, int]] = []
    start, seen = 0, 0
    for share in range(1, shares + 1):
        stop = start
        while stop < len(articles) and (share == shares or seen < total * share / shares):
            seen += len(articles[stop].paragraphs)
            stop += 1
        bounds.append((start, stop))
        start = stop
    return bounds


def _publish(path: Path, workers: int, tasks: list[tuple[Any, tuple[Any, ...]]]) -> int:
    """Create the index at `path`, run each (function, arguments) task in a
    pool of `workers` forked processes under its write lock and publish the
    segments they return in one commit; return the paragraphs."""
    index = open_index(path, create=True)
    try:
        with hold_write_lock(index), ProcessPoolExecutor(max_workers=workers, mp_context=FORK) as executor:
            futures = [executor.submit(task, *arguments) for task, arguments in tasks]
            batches = [b for b in (f.result() for f in futures) if b is not None]
            return commit_batches(index, batches)
    finally:
        index.close()


def _build_tantivy(path: Path, pool: Pool, size: int, seed: int) -> tuple[int, float]:
    """Index the stream with tantivy; return (paragraphs, seconds in tantivy)."""
    builder = TantivyBuilder(path)
    written, seconds = 0, 0.0
    for batch in batched(iter_derived(pool, size, seed), STREAM_BATCH):
        started = time.perf_counter()
        written += builder.add(batch)
        seconds += time.perf_counter() - started
    started = time.perf_counter()
    builder.finish()
    return written, seconds + time.perf_counter() - started


def _stream_stats(articles: Iterable[Article]) -> dict[str, Any]:
    """Return the words and most frequent multi-word speakers and
    institutions of the stream (what the query set filters on)."""
    words = 0
    speakers: Counter[str] = Counter()
    institutions: Counter[str] = Counter()
    for batch in batched(articles, STREAM_BATCH):
        words += count_words(batch)
        for para in (p for a in batch for p in a.paragraphs):
            speakers.update(s for s in para.speakers if " " in s)
            institutions.update(para.institutions)
    def top(counter: Counter[str]) -> list[str]:
        return [n for n, _ in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[:NAMES]]
    return {"words": words, "speakers": top(speakers), "institutions": top(institutions)}
