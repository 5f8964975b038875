"""Crash trials: SIGKILL an indexer at random points, then check the index.

Each trial starts a writer process on a few dozen small generated articles
(the previous trial's group again, so commits also replace articles, plus a
new group) into an index directory shared by 25 consecutive trials, kills
it with SIGKILL after a random delay, then checks that: the next writer gets the lock; the index
opens with `onrecord check` agreeing (counts, facets; orphans allowed);
the paragraph count is a commit boundary (state before or after a commit);
no paragraph is indexed twice; re-running the ingest to completion leaves
exactly the expected paragraphs, each once.  Writers alternate between the
serial path (a commit every few articles) and the cluster path (a local
Dask cluster of two worker processes: tasks build segments in scratch
folders, the writer installs and commits them); after a kill of a cluster
writer, every process of its group must be gone within a few seconds
(none outlives the indexer).

    python -m bench.ingest.crash_trials --trials 300
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.engines.report import render_pairs
from onrecord.indexer.pipeline import extract_file, ingest_paths
from onrecord.search import acquire_write_lock, check_index, open_index

ARTICLES_PER_GROUP = 12
SERIAL_BATCH = 3  # articles per commit in the serial writer
EPOCH = 25  # trials per fresh index directory
_WORDS = ("council minister budget hospital police inquiry report school court river "
          "election housing contract audit tender mayor spokesperson ministry").split()
_WRITER = """
import sys
from pathlib import Path
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import Config
from onrecord.search import open_index
index = open_index(Path(sys.argv[1]), create=True)
ingest_paths([Path(p) for p in sys.argv[3:]], index, batch_articles={batch},
             workers=int(sys.argv[2]), config=Config(cluster_min_bytes=0))
index.close()
"""
# Seconds the processes of a killed cluster writer may take to end.
SURVIVOR_SECONDS = 5.0


@dataclass(slots=True)
class Tally:
    """Counts over all trials."""

    trials: int = 0
    killed_running: int = 0
    finished_before_kill: int = 0
    lock_waits: list[float] = field(default_factory=list)
    orphans_after_kill: int = 0
    survivors: int = 0  # processes of a killed writer still running after SURVIVOR_SECONDS
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


def write_group(corpus: Path, trial: int, rng: random.Random) -> Path:
    """Write ARTICLES_PER_GROUP small articles for `trial`; return their dir."""
    folder = corpus / f"g{trial:04d}"
    folder.mkdir(parents=True)
    for number in range(ARTICLES_PER_GROUP):
        paragraphs = []
        for para in range(rng.randint(2, 4)):
            words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(12, 30)))
            paragraphs.append(f"Trial {trial} article {number} paragraph {para}: {words}, "
                              f'said "the {rng.choice(_WORDS)} is fine," the mayor said.')
        (folder / f"a{number:02d}.txt").write_text("\n\n".join(paragraphs) + "\n")
    return folder


def paragraph_ids(folders: list[Path]) -> list[list[str]]:
    """Return the paragraph ids of each article file under `folders`."""
    return [[p.id for a in extract_file(f) for p in a.paragraphs]
            for folder in folders for f in sorted(folder.glob("*.txt"))]


def boundaries(base: set[str], articles: list[list[str]], batch: int) -> set[int]:
    """Return the paragraph counts the index may show after a crash: the
    count after each serial commit (parallel runs commit all at once)."""
    seen, counts = set(base), {len(base)}
    for first in range(0, len(articles), batch):
        for ids in articles[first:first + batch]:
            seen.update(ids)
        counts.add(len(seen))
    return counts


def run_trial(trial: int, index_dir: Path, corpus: Path, rng: random.Random,
              expected: set[str], tally: Tally, durations: tuple[float, float]) -> set[str]:
    """Run one kill-check-rerun trial; return the paragraph ids now expected."""
    folders = [folder for folder in (corpus / f"g{trial - 1:04d}",) if folder.exists()]
    corpus.mkdir(parents=True, exist_ok=True)
    folders.append(write_group(corpus, trial, rng))
    articles = paragraph_ids(folders)
    parallel = trial % 2 == 1
    allowed = ({len(expected), len(expected | {i for ids in articles for i in ids})}
               if parallel else boundaries(expected, articles, SERIAL_BATCH))
    writer = subprocess.Popen(
        [sys.executable, "-c", _WRITER.format(batch=SERIAL_BATCH), str(index_dir),
         "2" if parallel else "1", *map(str, folders)],
        start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0.0, durations[parallel]))
    finished = writer.poll() is not None
    writer.send_signal(signal.SIGKILL)  # kill -9 of the indexer itself (no-op if reaped)
    writer.wait()
    tally.killed_running += not finished
    tally.finished_before_kill += finished
    problems = check_after_kill(index_dir, allowed, tally)
    left = _group_survivors(writer.pid, SURVIVOR_SECONDS)
    tally.survivors += len(left)
    if left:
        problems.append(f"{len(left)} processes outlived the killed indexer: {left}")
    _kill_group(writer.pid)  # stray workers, after the lock check proved they hold nothing
    expected = expected | {i for ids in articles for i in ids}
    problems += rerun_and_verify(index_dir, folders, expected)
    tally.failures += [f"trial {trial} ({'parallel' if parallel else 'serial'}): {p}"
                       for p in problems]
    return expected


def check_after_kill(index_dir: Path, allowed: set[int], tally: Tally) -> list[str]:
    """Check lock, consistency and commit-boundary count right after a kill."""
    problems: list[str] = []
    index = open_index(index_dir, create=True)
    try:
        started = time.monotonic()
        lock = acquire_write_lock(index._ix, str(index_dir), timeout=5.0)
        tally.lock_waits.append(time.monotonic() - started)
        lock.release()
        count = index.doc_count()
    finally:
        index.close()
    report = check_index(index_dir)
    tally.orphans_after_kill += bool(report.orphans)
    problems += [p for p in report.problems if "orphan" not in p]
    if count not in allowed:
        problems.append(f"{count} paragraphs is not a commit boundary {sorted(allowed)}")
    return problems


def rerun_and_verify(index_dir: Path, folders: list[Path], expected: set[str]) -> list[str]:
    """Ingest `folders` to completion; check every expected id is there once."""
    index = open_index(index_dir, create=True)
    try:
        ingest_paths(folders, index, batch_articles=SERIAL_BATCH, workers=1)
        with index.reading() as searcher:
            reader = searcher.reader()
            stored = (reader.stored_fields(d) for d in reader.all_doc_ids())
            # paragraphs: their quote documents (stored "qi") have no id of their own
            ids = Counter(f["paragraph_id"] for f in stored if "qi" not in f)
    finally:
        index.close()
    problems = [f"{pid} indexed {n} times" for pid, n in ids.items() if n > 1][:3]
    if set(ids) != expected:
        problems.append(f"{len(expected - set(ids))} missing, {len(set(ids) - expected)} extra")
    report = check_index(index_dir)
    problems += [f"after re-run: {p}" for p in report.problems]
    return problems


def _group_survivors(pgid: int, seconds: float) -> list[int]:
    """Return the live (not zombie) processes of group `pgid` still there
    after up to `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        left = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                left.append(int(entry))
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def measure_durations(root: Path, rng: random.Random) -> tuple[float, float]:
    """Return how long one uninterrupted serial and cluster writer run take
    (kill delays are drawn up to these, so kills land anywhere from
    start-up to commit)."""
    corpus = root / "warm-corpus"
    folder = write_group(corpus, 0, rng)
    durations = []
    for workers in ("1", "2"):
        started = time.monotonic()
        subprocess.run([sys.executable, "-c", _WRITER.format(batch=SERIAL_BATCH),
                        str(root / f"warm-index{workers}"), workers, str(folder)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        durations.append(time.monotonic() - started)
    return durations[0], durations[1]


def run_trials(trials: int, seed: int, root: Path) -> Tally:
    """Run `trials` trials in directories under `root`; return the Tally."""
    rng = random.Random(seed)
    tally = Tally()
    started = time.monotonic()
    serial, parallel = measure_durations(root, rng)
    durations = (serial * 1.1, parallel * 1.1)
    expected: set[str] = set()
    for trial in range(trials):
        # A fresh index every EPOCH trials keeps each trial's cost flat (the
        # shared index otherwise grows and every check slows down).
        epoch = trial // EPOCH
        index_dir, corpus = root / f"index{epoch}", root / f"corpus{epoch}"
        if trial % EPOCH == 0:
            expected = set()
            shutil.rmtree(root / f"index{epoch - 1}", ignore_errors=True)
        failures = len(tally.failures)
        expected = run_trial(trial, index_dir, corpus, rng, expected, tally, durations)
        tally.trials += 1
        status = "ok" if len(tally.failures) == failures else "FAIL"
        print(f"trial {trial + 1}/{trials} {status} ({time.monotonic() - started:.0f} s)",
              flush=True)
    tally.seconds = time.monotonic() - started
    return tally


def format_tally(tally: Tally) -> str:
    """Return the summary table."""
    waits = sorted(tally.lock_waits) or [0.0]
    rows = [("trials", f"{tally.trials}"),
            ("killed while running", f"{tally.killed_running}"),
            ("finished before the kill", f"{tally.finished_before_kill}"),
            ("orphan files after kill (cleaned by next writer)", f"{tally.orphans_after_kill}"),
            ("processes outliving a killed cluster writer", f"{tally.survivors}"),
            ("next writer lock wait, median / max", f"{waits[len(waits) // 2] * 1000:.0f} ms / "
                                                    f"{waits[-1] * 1000:.0f} ms"),
            ("failures", f"{len(tally.failures)}"),
            ("wall time", f"{tally.seconds:.0f} s")]
    return render_pairs(rows)


def main(argv: list[str] | None = None) -> int:
    """Run the trials; print the table; return 1 on any failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="onrecord-crash-") as root:
        tally = run_trials(args.trials, args.seed, Path(root))
    print(format_tally(tally))
    for failure in tally.failures[:20]:
        print("FAIL", failure)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
