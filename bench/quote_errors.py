"""PolNeAR TRAIN's direct and partial quote errors (issue #31), scored as PolNeAR's score.py scores them.

Owns listing, per article of PolNeAR's train split (never dev or test), the gold
quote fragments the extractor missed and its direct or partial quotes counted
false, each with a class, and counting them by class (`--classes`).  A match is
score.py's: a predicted quote covering at least 30% of a gold fragment's
characters, one-to-one, greedy by coverage.

Missed fragments (MISS):
- none: no direct or partial prediction overlaps it;
- short: predictions overlap it but none covers 30% of it (a span cut at the wrong place);
- taken: a prediction covering 30% of it was matched to another fragment (two run together);
- indirect: only an indirect prediction overlaps it.
False predictions (FP):
- apart: it overlaps no gold attribution at all (direct, mixed or indirect);
- indirect_gold: it overlaps only a gold indirect attribution (the gold's content is not quoted);
- short: it overlaps a gold fragment but covers under 30% of it;
- extra: it covers 30% of a fragment another prediction was matched to.

`python -m bench.quote_errors [--classes] [--context N] [--limit N] [ids...]`
"""
from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench.attribution_errors import SHARED
from bench.extraction import extract_text
from bench.quality.polnear import convert_split
from bench.quality.reported import convert
from onrecord.search import Quote

Span = tuple[int, int]


def _overlap(a: Span, b: Span) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def match_fragments(pred: list[Span], gold: list[Span]) -> dict[int, int]:
    """Return {gold index: prediction index}, score.py's greedy one-to-one match at 30%."""
    pairs = sorted(((_overlap(p, g) / max(1, g[1] - g[0]), i, j) for i, p in enumerate(pred)
                    for j, g in enumerate(gold)), reverse=True)
    used_p: set[int] = set()
    matched: dict[int, int] = {}
    for cov, i, j in pairs:
        if cov >= 0.3 and i not in used_p and j not in matched:
            used_p.add(i)
            matched[j] = i
    return matched


def _class_by_cover(covers: list[float], beside: bool, apart: tuple[str, str]) -> str:
    """Return "full" when one cover reaches score.py's 30%, "short" when one
    is above none, else apart[0] when the span lies beside another
    attribution (`beside`), apart[1] when it lies apart from all."""
    if any(c >= 0.3 for c in covers):
        return "full"
    if any(c > 0 for c in covers):
        return "short"
    return apart[0] if beside else apart[1]


def miss_class(g: Span, pred: list[Span], indirect: list[Span]) -> str:
    """Return the class of a missed gold fragment `g` (the module docstring's list)."""
    covers = [_overlap(p, g) / max(1, g[1] - g[0]) for p in pred]
    found = _class_by_cover(covers, any(_overlap(p, g) for p in indirect), ("indirect", "none"))
    return "taken" if found == "full" else found


def false_class(p: Span, gold: list[Span], others: list[Span]) -> str:
    """Return the class of a false prediction `p` against the gold fragments
    and the gold's other (indirect) attribution spans."""
    covers = [_overlap(p, g) / max(1, g[1] - g[0]) for g in gold]
    found = _class_by_cover(covers, any(_overlap(p, o) for o in others), ("indirect_gold", "apart"))
    return "extra" if found == "full" else found


def article_errors(quotes: list[Quote], gold: list[Span], others: list[Span]) -> list[tuple[str, str, Span, str]]:
    """Return (MISS or FP, class, span, how the prediction was read) for each
    error of one article (the last empty for a miss)."""
    scored = [q for q in quotes if q.kind in ("direct", "partial")]
    pred = [(q.start, q.end) for q in scored]
    indirect = [(q.start, q.end) for q in quotes if q.kind == "indirect"]
    matched = match_fragments(pred, gold)
    errors = [("MISS", miss_class(g, pred, indirect), g, "") for j, g in enumerate(gold) if j not in matched]
    hit = set(matched.values())
    errors += [("FP", false_class(p, gold, others), p, f"{q.kind} cue={q.cue} {q.speaker_source} spk={q.speaker}")
               for i, (p, q) in enumerate(zip(pred, scored, strict=True)) if i not in hit]
    return errors


def show(text: str, span: Span, context: int) -> str:
    """Return the span's text with `context` characters either side, marked [[ ]]."""
    before = text[max(0, span[0] - context):span[0]]
    after = text[span[1]:span[1] + context]
    return repr(f"{before}[[{text[span[0]:span[1]]}]]{after}")


def train_docs() -> tuple[list[dict[str, Any]], dict[str, list[Span]]]:
    """Return PolNeAR train's scored documents (direct and mixed fragments with a
    speaker) and, per document, the spans of every attribution's content."""
    root = SHARED / "polnear"
    with tempfile.TemporaryDirectory() as tmp:
        scored = convert_split(root, "train", Path(tmp) / "quotes.jsonl")
        docs = [json.loads(line) for line in scored.read_text(encoding="utf-8").splitlines() if line]
        every = convert(root, "train", "direct,mixed,indirect", Path(tmp) / "all.jsonl", False)
    spans = {d["doc_id"]: [(q["start"], q["end"]) for q in d["quotes"]] for d in every}
    return docs, spans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--classes", action="store_true", help="count the errors by class only")
    parser.add_argument("--context", type=int, default=60, metavar="N")
    parser.add_argument("--limit", type=int, default=10**6, help="the first N articles only")
    args = parser.parse_args()
    docs, spans = train_docs()
    counts: Counter[str] = Counter()
    for doc in docs[:args.limit]:
        if args.ids and doc["doc_id"] not in args.ids:
            continue
        article = extract_text(doc["text"], doc["doc_id"])
        quotes = [q for p in article.paragraphs for q in p.quotes]
        gold = [(g["start"], g["end"]) for g in doc["quotes"]]
        errors = article_errors(quotes, gold, spans.get(doc["doc_id"], []))
        counts.update(f"{what} {cls}" for what, cls, _, _ in errors)
        counts.update({"gold": len(gold), "missed": sum(e[0] == "MISS" for e in errors),
                       "predicted": sum(q.kind in ("direct", "partial") for q in quotes)})
        if errors and not args.classes:
            print(f"=== {doc['doc_id']}")
            for what, cls, span, how in errors:
                print(f"  {what:4s} {cls:13s} {show(doc['text'], span, args.context)} {how}")
    for key, n in sorted(counts.items()):
        print(f"{n:5d}  {key}")


if __name__ == "__main__":
    main()
