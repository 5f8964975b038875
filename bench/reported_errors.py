"""Per-clause error listing for reported speech (issue #32), on tuning data only.

Owns printing, per article, the gold reported clauses onrecord missed (MISS,
with the gold cue on PolNeAR), the matched ones whose speaker is wrong (SPK)
and the indirect predictions counted false (FP), scored as bench.quality.reported
scores them.  Sources: the own golds one may tune on (web_dev, web_r1, web_r2
and bbc_rN for each spent round, as bench.attribution_errors) and PolNeAR's TRAIN
split; it refuses every other PolNeAR split.  With `--cues`, PolNeAR misses are
counted by their gold cue instead of listed.

`python -m bench.reported_errors [--cues] [--context N] [--limit N] SOURCE [ids...]`, SOURCE one of
SOURCES: web_dev, web_r1, web_r2, bbc_rN for each spent round N, polnear_train.
"""
from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.attribution_errors import SHARED, TUNING, bbc_articles
from bench.attribution_errors import web_articles as attribution_web_articles
from bench.extraction import extract_text, identity_ok
from bench.quality.heldout import SPENT_BBC
from bench.quality.reported import convert_reported, cover, gold_spans, match, polnear_gold, polnear_speaker_ok
from onrecord.search import Quote

SOURCES = ("web_dev", "web_r1", "web_r2", *SPENT_BBC, "polnear_train")


def web_articles(gold: Path, only: set[str]) -> Iterator[tuple[str, list[Quote], list[dict[str, Any]]]]:
    """Yield (page id, predicted quotes, located indirect gold entries) per web page."""
    return attribution_web_articles(gold, only, reported=True)


def own_lines(quotes: list[Quote], gold_all: list[dict[str, Any]]) -> list[str]:
    """Return the MISS, SPK and FP lines of one article of an own gold."""
    pred = [q for q in quotes if q.kind in ("indirect", "partial")]
    gold = [g for g in gold_all if g["kind"] == "indirect"]
    matched = match([(q.start, q.end) for q in pred], [[(g["start"], g["end"])] for g in gold])
    lines = []
    for j, g in enumerate(gold):
        if j not in matched:
            lines.append(f"  MISS  {g['text'][:110]!r} -> {g.get('speaker')}")
        elif g.get("speaker") and not identity_ok(pred[matched[j]].speaker, g["speaker"]):
            p = pred[matched[j]]
            mention = p.speaker_mention.text if p.speaker_mention else None
            lines.append(f"  SPK   {g['text'][:60]!r}: got {p.speaker!r} [{mention!r} {p.cue}] "
                         f"want {g['speaker'][0]!r}")
    hit = set(matched.values())
    lines += [f"  FP    {q.text[:100]!r} spk={q.speaker!r} [{q.speaker_mention.text if q.speaker_mention else None!r}] "
              f"cue={q.cue!r}" for i, q in enumerate(pred) if i not in hit and q.kind == "indirect"]
    return lines


def polnear_lines(quotes: list[Quote], gold_all: list[dict[str, Any]], every: list[dict[str, Any]],
                  misses: Counter[str], text: str = "", context: int = 0) -> list[str]:
    """Return the MISS, SPK and FP lines of one PolNeAR article; `misses`
    counts missed cues; with `context`, each MISS line is followed by that
    many characters of `text` before the gold clause and the clause."""
    pred = [q for q in quotes if q.kind == "indirect"]
    gold = polnear_gold(gold_all)
    matched = match([(q.start, q.end) for q in pred], [gold_spans(g) for g in gold])
    lines = []
    for j, g in enumerate(gold):
        if j not in matched:
            misses[(g.get("cue") or "").lower()] += 1
            lines.append(f"  MISS  [{g.get('speaker')} | {g.get('cue')}] {g['quote'][:120]!r}")
            if context:
                start = gold_spans(g)[0][0]
                lines.append(f"        {text[max(0, start - context):start]!r} <<{text[start:start + 80]!r}>>")
        elif not polnear_speaker_ok(pred[matched[j]], g, every):
            p = pred[matched[j]]
            mention = p.speaker_mention.text if p.speaker_mention else None
            lines.append(f"  SPK   {g['quote'][:60]!r}: got {p.speaker!r} [{mention!r}] want {g.get('speaker')!r}")
    hit = set(matched.values())
    lines += [f"  FP    {q.text[:100]!r} spk={q.speaker!r} cue={q.cue!r}" for i, q in enumerate(pred)
              if i not in hit and not any(cover((q.start, q.end), gold_spans(a)) > 0 for a in every)]
    return lines


def polnear_train(only: set[str], limit: int, cues: bool, context: int) -> None:
    """Print the errors on PolNeAR's train split (never dev or test)."""
    gold, every = convert_reported(SHARED / "polnear", "train")
    misses: Counter[str] = Counter()
    for doc in gold[:limit]:
        if only and doc["doc_id"] not in only:
            continue
        article = extract_text(doc["text"], doc["doc_id"])
        lines = polnear_lines([q for p in article.paragraphs for q in p.quotes], doc["quotes"],
                              every[doc["doc_id"]], misses, doc["text"], context)
        if lines and not cues:
            print(f"=== {doc['doc_id']}\n" + "\n".join(lines))
    if cues:
        for cue, n in misses.most_common(60):
            print(f"{n:5d}  {cue}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", choices=SOURCES)
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--limit", type=int, default=10**6, help="PolNeAR: the first N articles only")
    parser.add_argument("--cues", action="store_true", help="PolNeAR: count the misses by gold cue")
    parser.add_argument("--context", type=int, default=0, metavar="N",
                        help="PolNeAR: show N characters of text before each missed clause")
    args = parser.parse_args()
    if args.source == "polnear_train":
        polnear_train(set(args.ids), args.limit, args.cues, args.context)
        return
    read = web_articles if args.source.startswith("web") else bbc_articles
    for ident, quotes, gold in read(TUNING[args.source], set(args.ids)):
        lines = own_lines(quotes, gold)
        if lines:
            print(f"=== {ident}\n" + "\n".join(lines))


if __name__ == "__main__":
    main()
