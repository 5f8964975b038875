"""SIGKILL trial of `onrecord watch`: kill it at random moments, then compare.

A loopback site (bench.watch.watchsite: feeds of generated articles; each phase
adds articles and edits every other one) and a webhook receiver recording
every delivery.  The reference series runs `onrecord watch CONFIG --once`
once per phase (then once more); the killed series starts it again and
again in each phase, killing it with SIGKILL after a seeded random delay
(up to 1.1x the reference pass of that phase), then runs it cleanly.  Then
it checks: the index holds the same articles, versions and paragraphs
(stored fields and articles.db's content columns digested, times and
capture names left out); each alert item reached the receiver under one
delivery id (a repeat of the same id is the documented case of a kill
between sending and marking sent; counted apart); every capture state.db
and articles.db reference reads back whole with warcio (digests checked,
the body as long as its record says).

    python -m bench.watch.watch_kills --kills 20
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from warcio.archiveiterator import ArchiveIterator

from bench.watch.watchsite import RECHECK_SECONDS, Layout, Receiver, serve_phase, start_watch, write_config
from onrecord.search import captures_folder, open_index, state_path
from tests.indexer.watch.site import Site

PHASES = 3
KILL_MARGIN = 1.1  # kill delays are drawn up to this times the reference pass
CLEAN_TIMEOUT = 300.0  # seconds a pass without a kill may take
# Stored fields that say when or from which file a version was read, not what it says.
VOLATILE_FIELDS = frozenset({"indexed_at", "fetched", "capture_file", "capture_offset"})


@dataclass(slots=True)
class Series:
    """What one series of passes left: its kills, the index's digest and
    counts, the receiver's posts, and the captures checked."""

    label: str
    kills: int = 0
    finished_before_kill: int = 0
    pass_seconds: list[float] = field(default_factory=list)  # each clean pass, in order
    failures: list[str] = field(default_factory=list)
    digest: str = ""
    articles: int = 0
    versions: int = 0
    paragraphs: int = 0
    posts: list[tuple[str, list[str], bool]] = field(default_factory=list)
    captures: int = 0
    capture_problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


def run_series(root: Path, site: Site, layout: Layout, kills: list[int], delays: list[float],
               rng: random.Random, label: str) -> Series:
    """Run PHASES phases on `site` into a fresh index under `root`: in phase k,
    `kills[k]` passes killed after up to `delays[k]` seconds, then a clean
    pass; then a last clean pass (what is still due).  Return the Series."""
    series, folder = Series(label), root / label
    folder.mkdir(parents=True)
    index_dir = folder / "index"
    started = time.monotonic()
    receiver = Receiver()
    try:
        run_phases(folder, site, layout, kills, delays, rng, series, receiver)
    finally:
        receiver.close()
    series.posts = list(receiver.posts)
    read_index(index_dir, series)
    check_captures(index_dir, series)
    series.seconds = time.monotonic() - started
    return series


def run_phases(folder: Path, site: Site, layout: Layout, kills: list[int], delays: list[float],
               rng: random.Random, series: Series, receiver: Receiver) -> None:
    """Run run_series' passes into `folder`/index."""
    index_dir = folder / "index"
    for phase in range(PHASES):
        serve_phase(site, layout, phase)
        for kill in range(kills[phase]):
            config = write_config(folder / f"p{phase}k{kill}.toml", site, layout, f"p{phase}k{kill}",
                                  1000.0, webhook=receiver.url)
            kill_pass(config, index_dir, rng.uniform(0.0, delays[phase]), series)
        time.sleep(RECHECK_SECONDS)  # every article seen is due again
        clean_pass(write_config(folder / f"p{phase}.toml", site, layout, f"p{phase}", 1000.0,
                                webhook=receiver.url), index_dir, series)
    time.sleep(RECHECK_SECONDS)
    clean_pass(write_config(folder / "last.toml", site, layout, "last", 1000.0, webhook=receiver.url),
               index_dir, series)


def kill_pass(config: Path, index_dir: Path, delay: float, series: Series) -> None:
    """Start a pass, SIGKILL it after `delay` seconds (every process of its
    session: none may finish its work afterwards)."""
    child = start_watch(config, index_dir)
    time.sleep(delay)
    series.finished_before_kill += child.poll() is not None
    series.kills += 1
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass  # it had ended (and its group with it)
    child.wait()


def clean_pass(config: Path, index_dir: Path, series: Series) -> None:
    """Run a pass to its end; note its time, and a failure unless it exits 0."""
    errors = config.with_suffix(".err")
    started = time.monotonic()
    child = start_watch(config, index_dir, errors)
    try:
        status = child.wait(timeout=CLEAN_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        status = child.wait()
    series.pass_seconds.append(time.monotonic() - started)
    if status != 0:
        tail = errors.read_text(errors="replace").strip().splitlines()[-3:]
        series.failures.append(f"{series.label} {config.stem}: exit {status}: {' | '.join(tail)}")


def read_index(index_dir: Path, series: Series) -> None:
    """Set the series' digest of every stored document and version record
    (their content: no times, no capture names) and its counts."""
    digest = hashlib.sha256()
    index = open_index(index_dir)
    try:
        with index.reading() as searcher:
            reader = searcher.reader()
            docs = sorted(repr(sorted((k, v) for k, v in reader.stored_fields(d).items() if k not in VOLATILE_FIELDS))
                          for d in reader.all_doc_ids())
            # quote documents (stored "qi") have no paragraph of their own
            series.paragraphs = sum(1 for d in reader.all_doc_ids() if "qi" not in reader.stored_fields(d))
    finally:
        index.close()
    with sqlite3.connect(index_dir / "articles.db") as records:
        rows = records.execute("SELECT doc_id, rev, version, title, url, paragraphs FROM versions "
                               "ORDER BY doc_id, version").fetchall()
    for line in [*docs, *map(repr, rows)]:
        digest.update(line.encode() + b"\n")
    series.digest = digest.hexdigest()[:16]
    series.versions = len(rows)
    series.articles = len({row[0] for row in rows})


def check_captures(index_dir: Path, series: Series) -> None:
    """Read back every capture state.db or articles.db names; note those
    missing, damaged, cut short or of another URL."""
    with sqlite3.connect(state_path(index_dir)) as state:
        named = state.execute("SELECT url, capture_file, capture_offset FROM urls "
                              "WHERE capture_file IS NOT NULL").fetchall()
    with sqlite3.connect(index_dir / "articles.db") as records:
        named += records.execute("SELECT url, capture_file, capture_offset FROM versions "
                                 "WHERE capture_file IS NOT NULL").fetchall()
    folder = captures_folder(index_dir)
    for url, name, offset in sorted(set(named)):
        series.captures += 1
        problem = capture_problem(folder / name, offset, url)
        if problem:
            series.capture_problems.append(f"{name}@{offset} ({url}): {problem}")


def capture_problem(path: Path, offset: int, url: str) -> str | None:
    """Return what is wrong with the WARC record at `offset` of `path`
    (missing, unreadable, its digest or length wrong, another URL), None
    when it reads back whole."""
    if not path.exists():
        return "file missing"
    with path.open("rb") as stream:
        stream.seek(offset)
        try:
            record = next(iter(ArchiveIterator(stream, check_digests="raise")))
            body = record.content_stream().read()
            rest = record.raw_stream.read()  # what is left of the block: nothing when read whole
        except Exception as exc:  # noqa: BLE001 (any failure to read is the finding)
            return f"unreadable: {type(exc).__name__}: {exc}"
    if record.rec_headers.get_header("WARC-Target-URI") != url:
        return f"record of {record.rec_headers.get_header('WARC-Target-URI')}"
    declared = record.http_headers.get_header("Content-Length") if record.http_headers else None
    if rest or (declared is not None and int(declared) != len(body)):
        return f"body of {len(body)} bytes, {declared} declared"
    return member_problem(path, offset) if path.name.endswith(".gz") else None


def member_problem(path: Path, offset: int) -> str | None:
    """Return what is wrong with the gzip member at `offset` of `path` (cut
    short, or the record in it not ended by its blank lines), None when
    whole; warcio reads a member cut short inside its last block quietly."""
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)  # one gzip member; what follows is left unused
    with path.open("rb") as stream:
        stream.seek(offset)
        try:
            record = inflate.decompress(stream.read())
        except zlib.error as exc:
            return f"gzip member damaged: {exc}"
    if not inflate.eof:
        return "gzip member cut short"
    return None if record.endswith(b"\r\n\r\n") else "record not ended by its blank lines"


def deliveries(series: Series) -> tuple[Counter[str], Counter[str], int]:
    """Return, per alert item, how many delivery ids carried it, and per
    delivery id how often it was posted, and the posts badly signed."""
    per_item: Counter[str] = Counter()
    per_id: Counter[str] = Counter()
    for delivery, _, _ in series.posts:
        per_id[delivery] += 1
    for items in {d: items for d, items, _ in series.posts}.values():  # one post per delivery id
        per_item.update(set(items))
    return per_item, per_id, sum(1 for _, _, signed in series.posts if not signed)


def compare(reference: Series, killed: Series) -> list[str]:
    """Return the differences that fail the trial (an empty list: passed)."""
    problems = [*reference.failures, *killed.failures, *reference.capture_problems, *killed.capture_problems]
    if killed.digest != reference.digest:
        problems.append(f"index differs: {killed.digest} != {reference.digest}")
    ref_items, _, ref_unsigned = deliveries(reference)
    items, _, unsigned = deliveries(killed)
    if set(items) != set(ref_items):
        problems.append(f"alert items: {len(set(ref_items) - set(items))} never delivered, "
                        f"{len(set(items) - set(ref_items))} unexpected")
    twice = [item for item, n in items.items() if n > 1]
    if twice:
        problems.append(f"{len(twice)} alert items delivered under more than one delivery id")
    if unsigned or ref_unsigned:
        problems.append(f"{unsigned + ref_unsigned} posts badly signed")
    return problems


def format_table(reference: Series, killed: Series) -> str:
    """Return the trial's table: reference beside killed series."""
    def row(series: Series) -> list[str]:
        items, per_id, _ = deliveries(series)
        repeats = sum(n - 1 for n in per_id.values())
        return [str(series.kills), str(series.finished_before_kill), series.digest, str(series.articles),
                str(series.versions), str(series.paragraphs), str(len(series.posts)), str(len(per_id)),
                str(repeats), str(len(items)), str(sum(1 for n in items.values() if n > 1)),
                f"{series.captures - len(series.capture_problems)}/{series.captures}", f"{series.seconds:.0f}"]
    names = ["kills", "ended before kill", "index digest", "articles", "versions", "paragraphs",
             "webhook posts", "delivery ids", "repeated posts (same id)", "alert items",
             "items under >1 id", "captures whole / referenced", "wall s"]
    width = max(map(len, names))
    lines = [f"{'':<{width}}  {'no kills':>16}  {'killed':>16}"]
    rows = zip(names, row(reference), row(killed), strict=True)
    lines += [f"{name:<{width}}  {a:>16}  {b:>16}" for name, a, b in rows]
    return "\n".join(lines)


def run_trial(root: Path, kills: int, seed: int, layout: Layout) -> tuple[Series, Series, list[str]]:
    """Run the reference series, then the killed one (`kills` kills spread
    over the phases); return both and the problems found."""
    rng = random.Random(seed)
    site = Site()  # one site for both: its port is in every article's URL, so in its id
    try:
        reference = run_series(root, site, layout, [0] * PHASES, [0.0] * PHASES, rng, "reference")
        spread = [kills // PHASES + (phase < kills % PHASES) for phase in range(PHASES)]
        delays = [seconds * KILL_MARGIN for seconds in reference.pass_seconds[:PHASES]]
        killed = run_series(root, site, layout, spread, delays, rng, "killed")
    finally:
        site.close()
    return reference, killed, compare(reference, killed)


def main(argv: list[str] | None = None) -> int:
    """Run the trial; print the table and problems; return 1 on any problem."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--feeds", type=int, default=3)
    parser.add_argument("--articles", type=int, default=6, help="articles per feed in the first phase")
    parser.add_argument("--added", type=int, default=2, help="articles each feed adds per phase")
    args = parser.parse_args(argv)
    layout = Layout(args.feeds, args.articles, args.added, args.seed)
    with tempfile.TemporaryDirectory(prefix="onrecord-watch-kills-") as root:
        reference, killed, problems = run_trial(Path(root), args.kills, args.seed, layout)
    print(format_table(reference, killed))
    for problem in problems[:20]:
        print("FAIL", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
