"""Extraction speed on one core, measured so that a shared machine's load does not skew it,
and the digest that proves a speed change left the output alone.

Run from the repo root: `python -m bench.extraction_speed MODE [--corpus DIR] [--every N]`.

- `digest [--out FILE]`: every article of the corpus annotated (read, chunk, annotate, as
  `make bench-extraction`'s speed row does) and its `onrecord extract --json` record
  (`Article.to_dict()`: every quote's kind, span, speaker, mentions, evidence; every
  paragraph's institutions and dates) hashed; prints one sha256 for the corpus and, with
  `--out`, writes one line per article (path and its hash) so that a changed digest names its
  articles.  A change meant only for speed must leave it byte-identical.
- `cpu [--runs 3]`: articles per second of CPU time (process_time, not wall time: a loaded
  machine steals wall time, not CPU), each run over the same files; prints every run and the
  median.
- `stages`: CPU seconds per annotation stage (institutions, dates, quotes, names, corrections;
  chunking apart) over the same files, and the part of the quotes stage spent in its
  reported-speech pass: where the time goes, to choose what to cut.
- `count [--baseline]`: the loop alone, for an instruction counter:
  `valgrind --tool=callgrind --callgrind-out-file=/dev/null python -m bench.extraction_speed
  count --every 8` prints total instructions ("Collected : N"); the same with `--baseline`
  does everything but the loop (imports, reading, one warm-up article), and the difference
  is the loop's instructions, which do not change with load.  `--every 8` (every 8th file of
  the sorted list, 279 of 2,225) keeps valgrind to a few minutes.  Set PYTHONHASHSEED=0:
  string hashing is randomised per process, and set orders move the count by tens of millions.

`--without-reported` (cpu, count) leaves out the reported-speech pass (attribution's
add_reported returns the paragraphs as they are), so that the difference from a run with it is
what reported speech costs, the people registry it is first to need included.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench.extraction import REPO, extract_text
from onrecord.search import Paragraph


def corpus_files(corpus: Path, every: int = 1) -> list[Path]:
    """Return the corpus's article files (*.txt but its README), sorted, every `every`-th."""
    files = sorted(p for p in corpus.rglob("*.txt") if p.name.upper() != "README.TXT")
    return files[::every]


def read_texts(corpus: Path, files: list[Path]) -> list[tuple[str, str]]:
    """Return (path relative to the corpus, text) per file, read as measure_speed reads them."""
    return [(str(p.relative_to(corpus)), p.read_text(encoding="utf-8", errors="replace"))
            for p in files]


def article_digest(text: str, source: str) -> str:
    """Return the sha256 of the article's extract record (sorted keys, exact JSON)."""
    record = extract_text(text, source).to_dict()
    return hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False)
                          .encode("utf-8")).hexdigest()


def corpus_digest(texts: list[tuple[str, str]]) -> tuple[str, list[str]]:
    """Return (the corpus's sha256, one 'path hash' line per article)."""
    lines = [f"{source} {article_digest(text, source)}" for source, text in texts]
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest(), lines


def cpu_rates(texts: list[tuple[str, str]], runs: int) -> list[float]:
    """Return articles per CPU second of each run over `texts` (after one warm-up article)."""
    extract_text(texts[0][1], texts[0][0])
    rates = []
    for _ in range(runs):
        started = time.process_time()
        for source, text in texts:
            extract_text(text, source)
        rates.append(len(texts) / max(1e-9, time.process_time() - started))
    return rates


def stage_seconds(texts: list[tuple[str, str]]) -> dict[str, float]:
    """Return CPU seconds per stage over `texts`: "chunk", each annotation stage by name, and
    "reported speech", the time inside the quotes stage's reported-speech pass (add_reported,
    timed where the quotes stage calls it: the people registry it is first to need included)."""
    from onrecord.indexer.annotate import annotator
    from onrecord.indexer.annotate.attribution import attribution
    from onrecord.indexer.chunk.chunker import chunk_article
    from onrecord.search import Metadata, ParsedArticle
    stages = annotator.bind_stages(annotator.load_annotation_files())
    spent: dict[str, float] = {"chunk": 0.0, "reported speech": 0.0}
    add_reported = attribution.add_reported

    def timed(*args: Any) -> list[Paragraph]:
        started = time.process_time()
        try:
            return add_reported(*args)
        finally:
            spent["reported speech"] += time.process_time() - started
    attribution.add_reported = timed  # type: ignore[assignment]
    try:
        for source, text in texts:
            started = time.process_time()
            article = chunk_article(ParsedArticle(source=source, text=text, meta=Metadata()))
            spent["chunk"] += time.process_time() - started
            for stage, name in zip(stages, _stage_names(), strict=True):
                started = time.process_time()
                article = stage(article)
                spent[name] = spent.get(name, 0.0) + time.process_time() - started
    finally:
        attribution.add_reported = add_reported  # type: ignore[assignment]
    return spent


def _stage_names() -> list[str]:
    from onrecord.indexer.annotate.annotator import STAGES
    return [getattr(stage, "__name__", repr(stage)) for stage in STAGES]


def leave_out_reported() -> None:
    """Make the annotator skip the reported-speech pass (for measuring its cost only)."""
    from onrecord.indexer.annotate.attribution import attribution

    def unchanged(paragraphs: list[Paragraph], *_args: object) -> list[Paragraph]:
        return paragraphs
    attribution.add_reported = unchanged  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    """Run one mode (module docstring); returns the exit code."""
    ap = argparse.ArgumentParser(prog="python -m bench.extraction_speed")
    ap.add_argument("mode", choices=("digest", "cpu", "stages", "count"))
    ap.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus" / "bbc"))
    ap.add_argument("--every", type=int, default=1, help="every N-th file of the sorted list")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", help="digest: write one 'path hash' line per article here")
    ap.add_argument("--baseline", action="store_true", help="count: all but the loop")
    ap.add_argument("--without-reported", action="store_true", help="cpu, count: no reported-speech pass")
    args = ap.parse_args(argv)
    if args.without_reported:
        leave_out_reported()
    corpus = Path(args.corpus)
    texts = read_texts(corpus, corpus_files(corpus, args.every))
    if args.mode == "digest":
        digest, lines = corpus_digest(texts)
        if args.out:
            Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{digest} ({len(texts)} articles)")
    elif args.mode == "cpu":
        rates = cpu_rates(texts, args.runs)
        print(" ".join(f"{r:.1f}" for r in rates),
              f"median {statistics.median(rates):.1f} articles/CPU-s ({len(texts)} articles)")
    elif args.mode == "stages":
        spent = stage_seconds(texts)
        total = sum(v for k, v in spent.items() if k != "reported speech")
        for name, seconds in spent.items():
            print(f"{name:18s} {seconds:7.2f} CPU-s {100 * seconds / total:5.1f}%")
    else:
        extract_text(texts[0][1], texts[0][0])
        if not args.baseline:
            for source, text in texts:
                extract_text(text, source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
