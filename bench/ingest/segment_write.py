"""One segment of a small derived corpus written in this process: what
the writer costs, counted in instructions rather than timed.

Owns the fixed workload of issue #34's writer changes: `--size` derived
paragraphs (seeded, from the annotated BBC articles pickled in `--work`
once made, as bench.ingest.merging keeps them) built in memory, then written as
one uncommitted segment by search.writing.segments.write_segment.  With
`--baseline` the segment is not written, so that under callgrind

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -m bench.ingest.segment_write [--baseline]

the write costs the run minus the baseline (imports, unpickling and the
derivation are in both).  The machine is shared: instruction counts do
not move with its load, timings do.
"""
from __future__ import annotations

import argparse
import pickle
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench.engines.corpus import annotate_corpus, build_pool, iter_derived
from onrecord.search import open_index, write_segment

REPO = Path(__file__).resolve().parents[2]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=int, default=3000, help="derived paragraphs written")
    p.add_argument("--seed", type=int, default=2004, help="seed of the derived corpus")
    p.add_argument("--bbc", type=Path, default=REPO.parent / "shared" / "corpus" / "bbc",
                   help="BBC corpus directory (annotated once, then pickled in --work)")
    p.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "onrecord-segment-write",
                   help="where the annotated articles are kept")
    p.add_argument("--baseline", action="store_true", help="everything but the write")
    return p.parse_args(argv)


def load_articles(args: argparse.Namespace) -> list[Any]:
    """Return the annotated BBC articles, unique ids (pickled in args.work once made)."""
    cache = args.work / "articles.pickle"
    if not cache.exists():
        args.work.mkdir(parents=True, exist_ok=True)
        articles, _ = annotate_corpus(args.bbc)
        cache.write_bytes(pickle.dumps(list({a.id: a for a in articles}.values())))
    return pickle.loads(cache.read_bytes())


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    articles = list(iter_derived(build_pool(load_articles(args), []), args.size, args.seed))
    paragraphs = sum(len(a.paragraphs) for a in articles)
    folder = Path(tempfile.mkdtemp(prefix="segment-write-"))
    try:
        open_index(folder / "ix", create=True).close()
        if args.baseline:
            print(f"baseline: {len(articles)} articles, {paragraphs} paragraphs, nothing written")
            return 0
        batch = write_segment(folder / "ix", articles, unique_ids=True)
        print(f"wrote {len(articles)} articles, {paragraphs} paragraphs: {batch!r:.200}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
