"""Extraction benchmark: quote spans and speakers, on our seeds and PolNeAR,
plus annotation speed over the BBC corpus.

Run from the repo root: `python -m bench.extraction [--polnear DIR] [--split dev|train]
[--corpus DIR] [--htmleval DIR] [--skip-polnear] [--skip-speed] [--skip-htmleval]
[--htmleval-peer REV]`.
The htmleval rows (bench/quality/htmleval.py) score the saved-HTML reader on pages with gold main
text and metadata (issue #13), skipped with a note when the set is absent.  The BBC rows score the hand-checked
gold of 40 BBC articles (bench/gold/bbc_quotes.json, issue #12): quote spans, and the
speaker judged by identity (the full name), not by mention overlap.  The PolNeAR row is score.py's own
last line (direct+mixed fragments, speaker required; run by bench/quality/polnear.py).  The reported-speech rows
(bench/quality/reported.py, issue #32) score quotes of kind indirect on the golds' indirect
entries and on PolNeAR's indirect attributions with a speech cue.  PolNeAR is found via --polnear, then
$ONRECORD_POLNEAR, then ../shared/polnear.  Its score.py runs a command as
`COMMAND extract FILE... --json`; this module is that command too
(`python -m bench.extraction extract FILE... --json` prints one article JSON
per line, in process, without needing the index or the CLI).
"""
from __future__ import annotations

import argparse
import functools
import json
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bench.quality.htmleval import INGEST_RUNS, PAGE_SET, htmleval_dir, htmleval_rows
from bench.quality.polnear import polnear_dir, polnear_rows
from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.institutions.institutions import (
    InstitutionRegistry,
    load_registry,
    match_institution,
)
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.indexer.read.encodings import decode_text
from onrecord.search import Article, Metadata, ParsedArticle, Quote

REPO = Path(__file__).resolve().parent.parent
GOLD = REPO / "bench" / "gold" / "seeds_quotes.json"
BBC_GOLD = REPO / "bench" / "gold" / "bbc_quotes.json"
SEEDS = REPO / "seeds"
MIN_COVER = 0.3  # a predicted quote must cover this share of a gold quote


def extract_text(text: str, source: str = "bench") -> Article:
    """Return the annotated Article for a plain text (paragraphs = blank-line blocks)."""
    return annotate_article(chunk_article(ParsedArticle(source=source, text=text, meta=Metadata())))


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def cover(pred: tuple[int, int], spans: list[tuple[int, int]]) -> float:
    """Return the share of the gold spans' characters the predicted span covers."""
    total = sum(e - s for s, e in spans)
    return sum(_overlap(pred, (s, e)) for s, e in spans) / max(1, total)


def match(preds: list[tuple[int, int]], golds: list[list[tuple[int, int]]]) -> dict[int, int]:
    """Return gold index -> prediction index, one-to-one, greedy by coverage >= MIN_COVER
    (the rule of every scorer here: quotes and reported speech)."""
    pairs = sorted(((cover(p, g), i, j) for i, p in enumerate(preds) for j, g in enumerate(golds)), reverse=True)
    used: set[int] = set()
    matched: dict[int, int] = {}
    for share, i, j in pairs:
        if share >= MIN_COVER and i not in used and j not in matched:
            used.add(i)
            matched[j] = i
    return matched


def match_quotes(pred: list[Quote], gold: list[dict[str, Any]]) -> dict[int, int]:
    """Return gold index -> predicted index, one-to-one, greedy by coverage >= MIN_COVER."""
    return match([(p.start, p.end) for p in pred], [[(g["start"], g["end"])] for g in gold])


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
    return prf(n_gold, n_pred, n_match) | {"speaker_acc": spk_ok / max(1, spk_n), "speaker_n": spk_n}


def norm_name(name: str | None) -> str:
    """Return a speaker string with its whitespace collapsed ("" for None)."""
    return re.sub(r"\s+", " ", name or "").strip()


# Why institutions are compared by their canonical name: the product files every mention of an
# institution under the registry's one name (the brief: "the Met", "MPS" and "Metropolitan
# police" are one), while the annotators wrote the article's spelling ("Treasury", "the Tories").
# A gold organisation's registry name is that organisation.  `--strict-names` turns it off and
# scores the spelling only.
NAME_RULES = {"strict": False}


@functools.cache
def institution_name(name: str) -> str | None:
    """Return the shipped registry's canonical name for `name` if it names an
    institution as a whole ("Treasury" -> "HM Treasury"), else None."""
    return match_institution(name, _registry())


@functools.cache
def _registry() -> InstitutionRegistry:
    return load_registry()


def gold_name_forms(names: Iterable[str]) -> set[str]:
    """Return the forms of gold speaker names a prediction may take: each name
    (whitespace normalised) and, unless NAME_RULES is strict, the registry's
    canonical name of each that names an institution."""
    forms = {norm_name(n) for n in names}
    if not NAME_RULES["strict"]:
        forms |= {c for n in list(forms) if (c := institution_name(n))}
    return forms


def set_strict_names(strict: bool) -> None:
    """Set NAME_RULES' strict flag here and in bench.extraction as imported
    (`python -m bench.extraction` runs this file as a second module, __main__,
    and the scorers in bench.quality.heldout and bench.quality.reported read the imported one)."""
    from bench import extraction
    NAME_RULES["strict"] = extraction.NAME_RULES["strict"] = strict


def identity_ok(pred_speaker: str | None, names: list[str]) -> bool:
    """True when the predicted speaker IS one of the gold names (whitespace
    normalised, case kept; an institution also by its canonical name, see
    gold_name_forms): a bare surname, "Mr Blair" or "Blair's" is wrong."""
    return norm_name(pred_speaker) in gold_name_forms(names)


def bbc_text(corpus: Path, rel: str) -> str:
    """Return a corpus file's text as onrecord decodes it (the gold's offsets index it)."""
    return decode_text((corpus / rel).read_bytes()).text


def score_bbc_articles(articles: list[tuple[list[Quote], list[dict[str, Any]]]]) -> dict[str, Any]:
    """Score (predicted quotes, gold quotes) per article against the BBC gold.

    Quotes: gold direct+partial against predicted direct+partial, matched as
    the seeds row (MIN_COVER); a prediction matching a gold scare quote is
    neither right nor wrong.  Speaker: over matched gold quotes with a speaker,
    right iff identity_ok (also per tie, and end to end over all gold quotes
    with a speaker); a miss is unnamed (no speaker predicted) or wrong (someone
    else credited: worse for a user, see credit_suffix).  Full names: the share of distinct predicted speaker
    values (all predicted quotes) that are a gold name of some quote."""
    n_gold = n_pred = n_match = 0
    counts: Counter[str] = Counter()
    by_tie: dict[str, list[int]] = {}
    by_rule: dict[str, list[int]] = {}  # the predicted quote's speaker_source
    gold_names: set[str] = set()
    predicted: set[str] = set()
    for pred_all, gold_all in articles:
        pred = [q for q in pred_all if q.kind in ("direct", "partial")]
        gold = [g for g in gold_all if g["kind"] in ("direct", "partial")]
        scare = [g for g in gold_all if g["kind"] == "scare"]
        gold_names |= gold_name_forms(n for g in gold_all for n in g.get("speaker") or [])
        predicted |= {norm_name(q.speaker) for q in pred if norm_name(q.speaker)}
        matched = match_quotes(pred, gold)
        neutral = set(match_quotes([q for i, q in enumerate(pred) if i not in matched.values()], scare).values())
        n_gold, n_match = n_gold + len(gold), n_match + len(matched)
        n_pred += len(pred) - len(neutral)
        counts.update(tally_speakers(pred, gold, matched, by_tie, by_rule))
    full = len(predicted & gold_names)
    return prf(n_gold, n_pred, n_match) | speaker_scores(counts, by_tie, by_rule) | {
        "full_name_share": full / max(1, len(predicted)), "distinct_speakers": len(predicted),
        "distinct_full": full}


def tally_speakers(pred: list[Quote], gold: list[dict[str, Any]], matched: dict[int, int],
                   by_tie: dict[str, list[int]], by_rule: dict[str, list[int]]) -> Counter[str]:
    """Return one article's speaker counts over its gold quotes with a
    speaker: "e2e" (all of them), "n" (those matched), "ok" (matched and
    identity_ok), "unnamed" (matched, no speaker predicted); adds each
    matched one's [right, n] to `by_tie` (the gold's tie) and `by_rule`
    (the prediction's speaker_source)."""
    counts: Counter[str] = Counter()
    for j, g in enumerate(gold):
        if not g.get("speaker"):
            continue
        counts["e2e"] += 1
        if j not in matched:
            continue
        ok = identity_ok(pred[matched[j]].speaker, g["speaker"])
        counts["n"] += 1
        counts["ok"] += ok
        counts["unnamed"] += not norm_name(pred[matched[j]].speaker)
        for table, key in ((by_tie, g.get("tie", "?")),
                           (by_rule, pred[matched[j]].speaker_source or "none")):
            tally = table.setdefault(key, [0, 0])
            tally[0], tally[1] = tally[0] + ok, tally[1] + 1
    return counts


def speaker_scores(counts: Counter[str], by_tie: dict[str, list[int]],
                   by_rule: dict[str, list[int]]) -> dict[str, Any]:
    """Return score_bbc_articles' speaker keys from tally_speakers' summed
    `counts` and the (right, n) per tie and per rule, sorted."""
    return {"speaker_acc": counts["ok"] / max(1, counts["n"]), "speaker_n": counts["n"],
            "speaker_ok": counts["ok"], "speaker_unnamed": counts["unnamed"],
            "speaker_wrong": counts["n"] - counts["ok"] - counts["unnamed"],
            "speaker_e2e": counts["ok"] / max(1, counts["e2e"]), "speaker_e2e_n": counts["e2e"],
            "by_tie": {t: (ok, n) for t, (ok, n) in sorted(by_tie.items())},
            "by_rule": {r: (ok, n) for r, (ok, n) in sorted(by_rule.items())}}


def credit_suffix(s: dict[str, Any]) -> str:
    """Return how a scored row's speaker misses split: "wrong W, unnamed U"
    (a wrong name shows other people's words under a speaker filter, so the
    issue counts it apart from an honest blank)."""
    return f"wrong {s['speaker_wrong']}, unnamed {s['speaker_unnamed']}"


def extract_bbc_gold(corpus: Path, gold_path: Path) -> list[tuple[list[Quote], list[dict[str, Any]]]]:
    """Return (predicted quotes, gold entries) per article of a BBC gold file
    (offsets into the decoded text): what every BBC scorer scores."""
    gold_files = json.loads(gold_path.read_text(encoding="utf-8"))["files"]
    articles = []
    for rel, gold in gold_files.items():
        article = extract_text(bbc_text(corpus, rel), str(corpus / rel))
        articles.append(([q for p in article.paragraphs for q in p.quotes], gold))
    return articles


def score_bbc(corpus: Path, gold_path: Path = BBC_GOLD) -> dict[str, Any]:
    """Run the extractor over the BBC gold's articles and score it (score_bbc_articles)."""
    articles = extract_bbc_gold(corpus, gold_path)
    return score_bbc_articles(articles) | {"articles": len(articles)}


def prf(n_gold: int, n_pred: int, n_match: int) -> dict[str, float]:
    p, r = n_match / max(1, n_pred), n_match / max(1, n_gold)
    return {"gold": n_gold, "pred": n_pred, "matched": n_match, "P": p, "R": r,
            "F1": 2 * p * r / max(1e-9, p + r)}


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


def asked_test_golds(args: argparse.Namespace) -> set[Path]:
    """Return the frozen test sets (bench.quality.heldout.TEST_SETS) the flags ask to score."""
    from bench.quality.heldout import TEST_SETS
    return {gold for gold, (_, flag) in TEST_SETS.items() if getattr(args, flag[2:].replace("-", "_"))}


def parse_bench_args(argv: list[str]) -> argparse.Namespace:
    """Return the benchmark's flags parsed from `argv` (a frozen test set's
    flag per bench.quality.heldout.TEST_SETS row)."""
    ap = argparse.ArgumentParser(prog="python -m bench.extraction")
    ap.add_argument("--polnear")
    ap.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus" / "bbc"))
    ap.add_argument("--split", default="dev", help="PolNeAR split to score (dev; train for development)")
    ap.add_argument("--skip-polnear", action="store_true")
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--htmleval", help="saved-HTML gold (default $ONRECORD_HTMLEVAL, ../shared/htmleval)")
    ap.add_argument("--skip-htmleval", action="store_true")
    ap.add_argument("--strict-names", action="store_true",
                    help="judge an institution's speaker by the article's spelling only, not also its canonical name")
    from bench.quality.heldout import TEST_SETS  # it imports this module
    for label, flag in TEST_SETS.values():
        ap.add_argument(flag, action="store_true",
                        help=f"also score {label} (frozen: at the starting code, then once after tuning)")
    ap.add_argument("--htmleval-peer", metavar="REV",
                    help="also time the HTML ingest by git revision REV's code beside this checkout's")
    return ap.parse_args(argv)


def seed_rows() -> list[tuple[str, str]]:
    """Return the seeds' two rows: direct quotes, then direct and partial."""
    rows = []
    for label, kinds in (("seeds direct", ("direct",)), ("seeds direct+partial", ("direct", "partial"))):
        s = score_seeds(kinds)
        rows.append((label, f"P {s['P']:.3f} R {s['R']:.3f} F1 {s['F1']:.3f}; speaker acc "
                            f"{s['speaker_acc']:.3f} (n={s['speaker_n']}, gold {s['gold']}, pred {s['pred']})"))
    return rows


def bbc_corpus(args: argparse.Namespace) -> Path | None:
    """Return the BBC corpus directory of --corpus, or None when it holds no
    corpus (no business/ folder): the golds' rows are then unscored."""
    corpus = Path(args.corpus)
    return corpus if (corpus / "business").is_dir() else None


def bbc_gold_rows(corpus: Path | None, shown: str) -> tuple[list[tuple[str, str]], dict[str, Any] | None]:
    """Return the BBC gold's rows (quotes, speaker identity, by rule, full
    names; one 'skipped' row naming `shown` without a corpus) and its
    score (score_bbc; None without a corpus), which the tuning total counts."""
    if corpus is None:
        return [("BBC gold", f"skipped (no corpus at {shown})")], None
    b = score_bbc(corpus)
    ties = ", ".join(f"{t} {ok}/{n}" for t, (ok, n) in b["by_tie"].items())
    return [
        ("BBC gold quotes", f"P {b['P']:.3f} R {b['R']:.3f} F1 {b['F1']:.3f} "
                            f"(gold {b['gold']}, pred {b['pred']}, {b['articles']} articles)"),
        ("BBC speaker identity", f"acc {b['speaker_acc']:.3f} ({b['speaker_ok']}/{b['speaker_n']} matched); "
                                 f"end to end {b['speaker_e2e']:.3f} (n={b['speaker_e2e_n']}); by tie: {ties}; "
                                 f"{credit_suffix(b)}"),
        ("BBC speaker by rule", ", ".join(f"{r} {ok}/{n}" for r, (ok, n) in b["by_rule"].items())),
        ("BBC full-name speakers", f"{b['full_name_share']:.3f} of distinct predicted speakers "
                                   f"({b['distinct_full']}/{b['distinct_speakers']})")], b


def print_rows(rows: list[tuple[str, str]]) -> None:
    """Print `rows` as the benchmark's table: labels padded to the longest."""
    width = max(len(r[0]) for r in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")


def main(argv: list[str] | None = None) -> int:
    """Print the benchmark table; returns the process exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "extract":
        return run_extract([a for a in argv[1:] if a != "--json"])
    args = parse_bench_args(argv)
    set_strict_names(args.strict_names)
    rows = seed_rows()
    corpus = bbc_corpus(args)
    gold_rows, gold_score = bbc_gold_rows(corpus, args.corpus)  # the tuning total counts its score too
    rows += gold_rows
    from bench.quality.heldout import heldout_rows  # it imports this module
    htmleval = htmleval_dir(args.htmleval)
    pages = None if htmleval is None else htmleval / PAGE_SET
    rows += heldout_rows(pages, corpus, asked_test_golds(args), base=gold_score)
    root = None if args.skip_polnear else polnear_dir(args.polnear)
    rows += polnear_rows(root, args.split)
    from bench.quality.reported import reported_rows  # it imports this module
    rows += reported_rows(pages, corpus, root, args.split, asked_test_golds(args))
    if not args.skip_htmleval:
        rows += htmleval_rows(args.htmleval, ingest_runs=0 if args.skip_speed else INGEST_RUNS,
                              peer=args.htmleval_peer)
    if not args.skip_speed and Path(args.corpus).is_dir():
        rate, n = measure_speed(Path(args.corpus))
        rows.append(("speed", f"{rate:.0f} articles/s (median of 3 runs over {n} files)"))
    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
