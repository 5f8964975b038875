"""Heavy-input benchmark: attribution time on files with very many quotes,
and ingest peak memory per input byte (issue 17).

Run from the repo root: `python -m bench.ingest.heavy [--sizes 16000,32000,100000]
[--layouts paragraphs,block] [--runs 3] [--jsonl-mb 10] [--html-mb 10]
[--skip-memory] [--skip-attribution]`.  Attribution rows time
indexer.annotate.attribution.attribution.annotate_quotes alone on an article already chunked and
through the institution and date stages (wall and CPU seconds, medians of
--runs).  Memory rows run `onrecord index`'s ingest (one process, no time
budget) on a generated file in a fresh subprocess per run and report its peak
RSS (ru_maxrss), median of --runs.  The generated inputs are deterministic
(seeded); nothing is downloaded.
"""
from __future__ import annotations

import argparse
import html
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Paragraph templates: the attribution shapes news copy uses most (cue after,
# cue before, partial quote, pronoun, institution, cue-less follow-on).
_TEMPLATES = (
    '"{words}," {name} said.',
    '{name} told the BBC: "{words}."',
    '{inst} said the plan was "{words}".',
    '"{words}," she added. "{words} again."',
    '"{words}," said {title} {last}.',
    '"{words}."',
    '{name}, who chairs the {inst} board, said: "{words}."',
    'According to {inst}, the decision was "{words}".',
)
_NAMES = ("Ann Vole", "Tom Reed", "Jane Porter", "Barry Gardiner", "Mina Smallman", "Kim Vole")
_TITLES = ("Mrs", "Mr", "Dr", "Sir")
_INSTITUTIONS = ("the IOPC", "the Met", "the council", "the Home Office")
_WORDS = ("we", "will", "appeal", "the", "ruling", "budget", "is", "rushed", "and", "unsafe",
          "nobody", "listened", "to", "families", "answers", "now", "police", "failed")


def quote_heavy_text(quotes: int, seed: int = 17, layout: str = "paragraphs") -> str:
    """Return an article of about `quotes` quotes.  layout "paragraphs": one
    quote paragraph per blank-line block; "lines": single-newline feed (one
    paragraph split into lines); "block": one paragraph with no breaks."""
    rng = random.Random(seed)
    sep = {"paragraphs": "\n\n", "lines": "\n", "block": " "}[layout]
    parts, made = ["Inquiry hears from families", "Ann Vole met Tom Reed and Jane Porter on Monday."], 0
    while made < quotes:
        template = _TEMPLATES[rng.randrange(len(_TEMPLATES))]
        name = _NAMES[rng.randrange(len(_NAMES))]
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 9))).capitalize()
        parts.append(template.format(words=words, name=name, last=name.split()[-1],
                                     title=rng.choice(_TITLES),
                                     inst=rng.choice(_INSTITUTIONS)))
        made += template.count("{words}")
    return parts[0] + "\n\n" + sep.join(parts[1:]) + "\n"


_PROSE = ("the", "council", "said", "on", "Monday", "that", "budget", "plans", "for", "schools", "would",
          "be", "reviewed", "after", "months", "of", "talks", "with", "unions", "and", "parents", "in",
          "the", "region", "where", "costs", "have", "risen", "by", "a", "third", "since", "2019")


def news_paragraphs(count: int, seed: int = 17) -> list[str]:
    """Return `count` news-like paragraphs: prose of two or three sentences,
    one in four carrying a quote (about 250 bytes each)."""
    rng = random.Random(seed)
    paragraphs = []
    for i in range(count):
        sentences = [" ".join(rng.choice(_PROSE) for _ in range(rng.randint(10, 20))).capitalize() + "."
                     for _ in range(rng.randint(2, 3))]
        if i % 4 == 3:
            sentences.append(quote_heavy_text(1, seed=seed + i).split("\n\n", 2)[2].strip())
        paragraphs.append(" ".join(sentences))
    return paragraphs


def write_jsonl(path: Path, megabytes: float, seed: int = 17) -> int:
    """Write a JSONL export of about `megabytes` MB (records of 8-30
    paragraphs, each its own article); return the number of records."""
    rng = random.Random(seed)
    limit, size, records = int(megabytes * 1_000_000), 0, 0
    with path.open("w", encoding="utf-8") as out:
        while size < limit:
            text = "\n\n".join(news_paragraphs(rng.randint(8, 30), seed=seed + records))
            line = json.dumps({"title": f"Story {records}", "text": text, "outlet": "Bench Post",
                               "url": f"https://bench.example/story/{records}",
                               "published": f"2020-{1 + records % 12:02d}-{1 + records % 28:02d}"}) + "\n"
            out.write(line)
            size += len(line.encode("utf-8"))
            records += 1
    return records


def write_html(path: Path, megabytes: float, seed: int = 17) -> int:
    """Write one saved article page of about `megabytes` MB (one <p> per
    paragraph); return its paragraph count."""
    limit, size, count = int(megabytes * 1_000_000), 0, 0
    with path.open("w", encoding="utf-8") as out:
        out.write('<!doctype html><html><head><meta charset="utf-8"><title>A very long page</title>'
                  '<meta property="og:site_name" content="Bench Post"></head><body><article>\n')
        while size < limit:
            block = "".join(f"<p>{html.escape(p, quote=False)}</p>\n" for p in news_paragraphs(200, seed + count))
            out.write(block)
            size += len(block.encode("utf-8"))
            count += 200
        out.write("</article></body></html>\n")
    return count


def time_attribution(quotes: int, layout: str, runs: int) -> tuple[float, float, int]:
    """Return (median wall s, median CPU s, quotes found) of annotate_quotes
    on a generated article of `quotes` quotes."""
    from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
    from onrecord.indexer.annotate.dates import annotate_dates
    from onrecord.indexer.annotate.institutions.institutions import annotate_institutions
    from onrecord.indexer.chunk.chunker import chunk_article
    from onrecord.search import Metadata, ParsedArticle
    parsed = ParsedArticle(source="heavy", text=quote_heavy_text(quotes, layout=layout), meta=Metadata())
    article = annotate_dates(annotate_institutions(chunk_article(parsed)))
    walls, cpus, found = [], [], 0
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        done = annotate_quotes(article)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        found = sum(len(p.quotes) for p in done.paragraphs)
    return statistics.median(walls), statistics.median(cpus), found


def peak_rss_mb() -> float:
    """Return this process's peak RSS in MiB: VmHWM, the high-water mark of
    its own memory map (ru_maxrss would keep a forking parent's peak across
    exec), else ru_maxrss where /proc is missing."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ingest_rss(path: Path) -> dict[str, float]:
    """Ingest `path` into a fresh temporary index in this process (one
    worker, no time budget); return peak RSS before and after, and seconds."""
    from onrecord.indexer.pipeline import ingest_paths
    from onrecord.search import open_index
    start = peak_rss_mb()
    with tempfile.TemporaryDirectory() as tmp:
        index = open_index(Path(tmp) / "index", create=True)
        began = time.perf_counter()
        try:
            summary = ingest_paths([path], index, workers=1)
        finally:
            index.close()
    return {"start_mb": start, "peak_mb": peak_rss_mb(),
            "seconds": time.perf_counter() - began, "paragraphs": summary.paragraphs,
            "skipped": len(summary.skipped)}


def measure_memory(path: Path, runs: int) -> dict[str, float]:
    """Return the medians of ingest_rss over `runs` fresh subprocesses."""
    results = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-m", "bench.ingest.heavy", "ingest-rss", str(path)],
                             capture_output=True, text=True, check=True)
        results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def _memory_rows(runs: int, jsonl_mb: float, html_mb: float) -> list[tuple[str, str]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind, megabytes in (("jsonl", jsonl_mb), ("html", html_mb)):
            path = Path(tmp) / f"heavy.{kind}"
            (write_jsonl if kind == "jsonl" else write_html)(path, megabytes)
            size = path.stat().st_size / 2**20
            m = measure_memory(path, runs)
            rows.append((f"ingest {kind} {size:.1f} MiB",
                         f"peak RSS {m['peak_mb']:.0f} MiB ({m['peak_mb'] / size:.1f}x the file; "
                         f"{m['start_mb']:.0f} MiB after imports, so "
                         f"{(m['peak_mb'] - m['start_mb']) / size:.1f}x above them), "
                         f"{m['paragraphs']:.0f} paragraphs, {m['seconds']:.1f} s"))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print the heavy-input table; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["ingest-rss"]:
        print(json.dumps(ingest_rss(Path(argv[1]))))
        return 0
    ap = argparse.ArgumentParser(prog="python -m bench.ingest.heavy")
    ap.add_argument("--sizes", default="16000,32000,100000", help="quotes per generated file")
    ap.add_argument("--layouts", default="paragraphs,block", help="paragraphs, lines, block")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jsonl-mb", type=float, default=10)
    ap.add_argument("--html-mb", type=float, default=10)
    ap.add_argument("--skip-memory", action="store_true")
    ap.add_argument("--skip-attribution", action="store_true")
    args = ap.parse_args(argv)
    rows: list[tuple[str, str]] = []
    if not args.skip_attribution:
        for layout in args.layouts.split(","):
            for size in (int(n) for n in args.sizes.split(",")):
                wall, cpu, found = time_attribution(size, layout, args.runs)
                rows.append((f"attribution {size:,} quotes ({layout})",
                             f"{wall:.2f} s wall, {cpu:.2f} s CPU, {found / wall:,.0f} quotes/s ({found:,} found)"))
                print(f"{rows[-1][0]}  {rows[-1][1]}", file=sys.stderr, flush=True)
    if not args.skip_memory:
        rows.extend(_memory_rows(args.runs, args.jsonl_mb, args.html_mb))
    width = max(len(label) for label, _ in rows) if rows else 0
    print(f"medians of {args.runs} runs")
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
