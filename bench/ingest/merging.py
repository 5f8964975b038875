"""The merge alone (issue #34): segments of the BBC corpus's paragraph and
quote documents, some documents deleted, merged into one segment by a
commit with optimize=True, with Whoosh's own add_reader and with
BulkWriter's (search.storage.pooled.merge).

Each merge runs in a fresh process on a fresh copy of the same source
index, the two writers alternating; the CPU seconds of the commit alone
(time.process_time) are printed per run, then their medians.

With --indexing SIZE it times instead the indexing alone of a derived
corpus (bench.engines.derived's stream over the annotated BBC pool), in CPU ms per
paragraph (its worker processes' included): as bench.speed's derived rows
do (one segment per worker, one commit), or with --batch-articles N in
one process, N articles a commit (write_articles: the merge policy folds
small segments in again and again), before (Whoosh's add_reader) and
after, alternated.

    python -m bench.ingest.merging --segments 8 --runs 3
    python -m bench.ingest.merging --indexing 24k --runs 3
    python -m bench.ingest.merging --indexing 24k --batch-articles 100 --runs 3
"""
from __future__ import annotations

import argparse
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.writing import SegmentWriter

from bench.engines.corpus import annotate_corpus, build_pool, iter_derived, parse_size
from bench.engines.derived import batched, build_onrecord, cpu_per_paragraph, cpu_seconds
from onrecord.search import open_index
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from onrecord.search.storage.schema import build_schema, unit_documents
from onrecord.search.writing.commits import write_articles

REPO = Path(__file__).resolve().parents[2]


class WhooshMergeWriter(BulkWriter):
    """BulkWriter with Whoosh's own add_reader (what merges did before)."""

    add_reader = SegmentWriter.add_reader


WRITERS: dict[str, type] = {"whoosh": WhooshMergeWriter, "bulk": BulkWriter}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.ingest.merging", description=__doc__.split("\n\n")[0])
    p.add_argument("--bbc", type=Path, default=Path(os.environ.get(
        "ONRECORD_BBC", REPO.parent / "shared" / "corpus" / "bbc")), help="BBC corpus directory")
    p.add_argument("--work", type=Path, default=Path("/tmp/onrecord-merge-bench"), help="scratch directory")
    p.add_argument("--segments", type=int, default=8, help="segments merged")
    p.add_argument("--copies", type=int, default=1, help="times the corpus is written (ids made unique)")
    p.add_argument("--delete-every", type=int, default=40, help="every Nth document is deleted (0: none)")
    p.add_argument("--runs", type=int, default=3, help="merges per writer, alternated")
    p.add_argument("--memory-mb", type=int, default=256, help="the merging writer's pool limit")
    p.add_argument("--indexing", type=parse_size, default=0, help="time indexing a derived corpus of this size")
    p.add_argument("--batch-articles", type=int, default=0,
                   help="with --indexing: articles per commit in one process (0: one segment per worker)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="with --indexing: worker processes")
    p.add_argument("--seed", type=int, default=2004, help="seed of the derived corpus")
    p.add_argument("--one", choices=sorted(WRITERS), help=argparse.SUPPRESS)
    p.add_argument("--index", type=Path, help=argparse.SUPPRESS)
    return p.parse_args(argv)


def source_index(args: argparse.Namespace) -> Path:
    """Build (once) the index of args.segments unmerged segments."""
    path = args.work / f"source-{args.segments}x{args.copies}-d{args.delete_every}"
    if (path / "done").exists():
        return path
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    docs = [doc for copy in range(args.copies) for article in load_articles(args)
            for para in article.paragraphs for doc in unit_documents(article, para, f"r{copy}")]
    ix = whoosh_index.create_in(str(path), build_schema())
    size = -(-len(docs) // args.segments)
    for start in range(0, len(docs), size):
        writer = BulkWriter(ix, compound=False)
        for doc in docs[start:start + size]:
            writer.add_document(**doc)
        writer.commit(merge=False)
    if args.delete_every:
        writer = ix.writer()
        for docnum in range(0, len(docs), args.delete_every):
            writer.delete_document(docnum)
        writer.commit(merge=False)
    (path / "done").write_text(f"{len(docs)} documents\n")
    return path


def load_articles(args: argparse.Namespace) -> list[Any]:
    """Return the annotated BBC articles (kept in args.work once made)."""
    cache = args.work / "articles.pickle"
    if not cache.exists():
        articles, _ = annotate_corpus(args.bbc)
        cache.write_bytes(pickle.dumps(list({a.id: a for a in articles}.values())))
    return pickle.loads(cache.read_bytes())


def index_once(writer_name: str, path: Path, args: argparse.Namespace) -> float:
    """Index the derived corpus into a new index at `path` with merges by
    `writer_name`'s add_reader; return the CPU ms per paragraph."""
    if writer_name == "whoosh":  # before the workers fork: theirs too
        BulkWriter.add_reader = SegmentWriter.add_reader  # type: ignore[method-assign]
    pool = build_pool(load_articles(args), [])
    if not args.batch_articles:
        cpu = cpu_seconds()
        written = build_onrecord(path, pool, args.indexing, args.seed, args.workers)
        return cpu_per_paragraph(written, cpu_seconds() - cpu)["index_cpu_ms_per_para"]
    articles = list(iter_derived(pool, args.indexing, args.seed))
    index = open_index(path, create=True)
    cpu, written = cpu_seconds(), 0
    for batch in batched(articles, args.batch_articles):
        written += write_articles(index, batch)
    index.close()
    return cpu_per_paragraph(written, cpu_seconds() - cpu)["index_cpu_ms_per_para"]


def merge_once(writer_name: str, path: Path, memory_mb: int) -> float:
    """Merge every segment of the index at `path`; return the commit's CPU seconds."""
    ix = whoosh_index.open_dir(str(path))
    writer = WRITERS[writer_name](ix, compound=False, limitmb=memory_mb)
    started = time.process_time()
    writer.commit(optimize=True)
    return time.process_time() - started


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.one:
        print(index_once(args.one, args.index, args) if args.indexing
              else merge_once(args.one, args.index, args.memory_mb))
        return 0
    unit = "CPU ms per paragraph" if args.indexing else "CPU s"
    if not args.indexing:
        source = source_index(args)
        print((source / "done").read_text().strip(), f"in {args.segments} segments", flush=True)
    cpu: dict[str, list[float]] = {name: [] for name in WRITERS}
    for run in range(args.runs):
        names = list(WRITERS) if run % 2 == 0 else list(WRITERS)[::-1]
        for name in names:
            target = args.work / "merged"
            shutil.rmtree(target, ignore_errors=True)
            if not args.indexing:
                shutil.copytree(source, target)
            out = subprocess.run([sys.executable, "-m", "bench.ingest.merging", *(argv or sys.argv[1:]), "--one", name,
                                  "--index", str(target)], check=True, capture_output=True, text=True, cwd=REPO)
            cpu[name].append(float(out.stdout.strip().splitlines()[-1]))
            print(f"run {run + 1} {name}: {cpu[name][-1]:.2f} {unit}", flush=True)
    for name, values in cpu.items():
        print(f"{name}: median {statistics.median(values):.2f} {unit} of {sorted(round(v, 2) for v in values)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
