"""Extraction benchmark: quote spans and speakers, on our seeds and PolNeAR,
plus annotation speed over the BBC corpus.

Run from the repo root: `python -m bench.extraction [--polnear DIR] [--split dev|train]
[--corpus DIR] [--skip-polnear] [--skip-speed]`.  The PolNeAR row is score.py's own
last line (direct+mixed fragments, speaker required).  PolNeAR is found via --polnear, then
$ONRECORD_POLNEAR, then ../shared/polnear.  Its score.py runs a command as
`COMMAND extract FILE... --json`; this module is that command too
(`python -m bench.extraction extract FILE... --json` prints one article JSON
per line, in process, without needing the index or the CLI).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from onrecord.indexer.annotator import annotate_article
from onrecord.indexer.chunker import chunk_article
from onrecord.search.model import Article, Metadata, ParsedArticle, Quote

REPO = Path(__file__).resolve().parent.parent
GOLD = REPO / "bench" / "gold" / "seeds_quotes.json"
SEEDS = REPO / "seeds"
MIN_COVER = 0.3  # a predicted quote must cover this share of a gold quote


def extract_text(text: str, source: str = "bench") -> Article:
    """Return the annotated Article for a plain text (paragraphs = blank-line blocks)."""
    return annotate_article(chunk_article(ParsedArticle(source=source, text=text, meta=Metadata())))


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def match_quotes(pred: list[Quote], gold: list[dict[str, Any]]) -> dict[int, int]:
    """Return gold index -> predicted index, one-to-one, greedy by coverage >= MIN_COVER."""
    pairs = sorted(((_overlap((p.start, p.end), (g["start"], g["end"])) / max(1, g["end"] - g["start"]), i, j)
                    for i, p in enumerate(pred) for j, g in enumerate(gold)), reverse=True)
    used_p: set[int] = set()
    matched: dict[int, int] = {}
    for cover, i, j in pairs:
        if cover >= MIN_COVER and i not in used_p and j not in matched:
            used_p.add(i)
            matched[j] = i
    return matched


def speaker_ok(pred: Quote, gold: dict[str, Any]) -> bool | None:
    """True/False when gold names a speaker; None when gold has none."""
    names = gold.get("speaker")
    if not names:
        return None
    return (pred.speaker or "").lower() in {n.lower() for n in names}


def score_seeds(kinds: tuple[str, ...] = ("direct", "partial")) -> dict[str, float]:
    """Return counts and P/R/F1/speaker accuracy of the extractor on the seeds gold."""
    gold_files = json.loads(GOLD.read_text(encoding="utf-8"))["files"]
    n_gold = n_pred = n_match = spk_ok = spk_n = 0
    for name, gold_all in gold_files.items():
        gold = [g for g in gold_all if g["kind"] in kinds]
        article = extract_text((SEEDS / name).read_text(encoding="utf-8"), str(SEEDS / name))
        pred = [q for p in article.paragraphs for q in p.quotes if q.kind in kinds]
        matched = match_quotes(pred, gold)
        n_gold, n_pred, n_match = n_gold + len(gold), n_pred + len(pred), n_match + len(matched)
        for j, i in matched.items():
            ok = speaker_ok(pred[i], gold[j])
            if ok is not None:
                spk_n += 1
                spk_ok += ok
    return _prf(n_gold, n_pred, n_match) | {"speaker_acc": spk_ok / max(1, spk_n), "speaker_n": spk_n}


def _prf(n_gold: int, n_pred: int, n_match: int) -> dict[str, float]:
    p, r = n_match / max(1, n_pred), n_match / max(1, n_gold)
    return {"gold": n_gold, "pred": n_pred, "matched": n_match, "P": p, "R": r,
            "F1": 2 * p * r / max(1e-9, p + r)}


def polnear_dir(flag: str | None) -> Path | None:
    """Return the PolNeAR directory from flag, $ONRECORD_POLNEAR or ../shared/polnear."""
    for candidate in (flag, os.environ.get("ONRECORD_POLNEAR"), str(REPO.parent / "shared" / "polnear")):
        if candidate and (Path(candidate) / "score.py").exists():
            return Path(candidate)
    return None


def score_polnear(root: Path, split: str = "dev") -> str:
    """Convert `split` with PolNeAR's convert.py and score this extractor with
    its score.py; return score.py's last line (or its failure)."""
    with tempfile.TemporaryDirectory() as tmp:
        gold = Path(tmp) / f"{split}.jsonl"
        with gold.open("w", encoding="utf-8") as fh:
            subprocess.run([sys.executable, "convert.py", "--splits", split, "--kinds", "direct,mixed",
                            "--require-speaker", "--fragments"], cwd=root, stdout=fh,
                           stderr=subprocess.DEVNULL, check=True)
        command = f"{sys.executable} -m bench.extraction"
        out = subprocess.run([sys.executable, str(root / "score.py"), command, str(gold)],
                             cwd=REPO, capture_output=True, text=True, timeout=900)
        lines = out.stdout.strip().splitlines()
        return lines[-1] if lines else out.stderr.strip()[-300:]


def measure_speed(corpus: Path, runs: int = 3) -> tuple[float, int]:
    """Return (median articles/s, articles) for read + chunk + annotate over corpus/**/*.txt."""
    files = sorted(p for p in corpus.rglob("*.txt") if p.name.upper() != "README.TXT")
    rates = []
    for _ in range(runs):
        started = time.perf_counter()
        for path in files:
            extract_text(path.read_text(encoding="utf-8", errors="replace"), str(path))
        rates.append(len(files) / max(1e-9, time.perf_counter() - started))
    return statistics.median(rates), len(files)


def run_extract(paths: list[str]) -> int:
    """The `extract FILE... --json` command score.py calls: one JSON line per file."""
    for path in paths:
        with open(path, encoding="utf-8", errors="replace", newline="") as fh:
            text = fh.read()  # newline="" keeps \r\n, so offsets index the file's own text
        print(json.dumps(extract_text(text, path).to_dict(), ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Print the benchmark table; returns the process exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "extract":
        return run_extract([a for a in argv[1:] if a != "--json"])
    ap = argparse.ArgumentParser(prog="python -m bench.extraction")
    ap.add_argument("--polnear")
    ap.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus" / "bbc"))
    ap.add_argument("--split", default="dev", help="PolNeAR split to score (dev; train for development)")
    ap.add_argument("--skip-polnear", action="store_true")
    ap.add_argument("--skip-speed", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    for label, kinds in (("seeds direct", ("direct",)), ("seeds direct+partial", ("direct", "partial"))):
        s = score_seeds(kinds)
        rows.append((label, f"P {s['P']:.3f} R {s['R']:.3f} F1 {s['F1']:.3f}; speaker acc "
                            f"{s['speaker_acc']:.3f} (n={s['speaker_n']}, gold {s['gold']}, pred {s['pred']})"))
    root = None if args.skip_polnear else polnear_dir(args.polnear)
    rows.append((f"PolNeAR {args.split}", score_polnear(root, args.split) if root
                 else "skipped (no PolNeAR directory)"))
    if not args.skip_speed and Path(args.corpus).is_dir():
        rate, n = measure_speed(Path(args.corpus))
        rows.append(("speed", f"{rate:.0f} articles/s (median of 3 runs over {n} files)"))
    width = max(len(r[0]) for r in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
