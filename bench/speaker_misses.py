"""Where the wrong speakers of the tuning golds come from (issue #31): counts, never quotes.

Run from the repo root: `python -m bench.speaker_misses [SOURCE ...]` (default the spent
BBC rounds from 3 on: bbc_r3, bbc_r4, ...; any key of bench.attribution_errors.TUNING).

Owns sorting every matched direct or partial quote whose speaker is wrong by full
name (bench.extraction.identity_ok, as the speaker row scores it) into one class, in
this order, with the ranker's candidates recorded (ranker.Recorder, rules kept):

- span: the predicted quote is not the gold quote (it covers under MIN_COVER of
  the gold span, or it also overlaps another gold quote: two quotes run together):
  a quote error the speaker follows from;
- form: the right person under a wrong name form (the predicted value and a gold
  name share their last word, or one's words are part of the other's);
- present: the right person (a gold name exactly) is among the ranker's candidates
  but not credited; split by who decided: the rules (they named someone or found a
  speaker phrase: ranker.decides is false) or the weights;
- absent: no candidate is the right person; split by whether a gold name's last
  word occurs in the article's text before the quote (a wider candidate set could
  hold it) or not (named only after it, or never: a description).

It prints one table row per source and the total; no quote text, so it is a
diagnosis of where learning can help, not a list to write rules from.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from typing import Any

from bench.attribution_errors import TUNING, bbc_articles, web_articles
from bench.extraction import cover, identity_ok, match_quotes, norm_name
from bench.fit_ranker import Choice, _choice_of
from bench.quality.heldout import SPENT_BBC_ROUNDS
from onrecord.indexer.annotate.attribution.ranking import ranker
from onrecord.search import Quote

CLASSES = ("span", "form", "present_rules", "present_weights", "absent_earlier", "absent_never")
ROUNDS = tuple(f"bbc_r{n}" for n in SPENT_BBC_ROUNDS if n >= 3)
MIN_COVER = 0.9  # a predicted quote covering less of its gold span is another quote



def _words(name: str | None) -> list[str]:
    return re.findall(r"[\w'-]+", norm_name(name).lower())


def _same_person_other_form(pred: str | None, names: list[str]) -> bool:
    """True when `pred` and a gold name share their last word or one holds the other's words."""
    got = _words(pred)
    if not got:
        return False
    for name in names:
        want = _words(name)
        if want and (got[-1] == want[-1] or set(got) <= set(want) or set(want) <= set(got)):
            return True
    return False


def _span_wrong(q: Quote, g: dict[str, Any], gold: list[dict[str, Any]]) -> bool:
    """True when q is not g's quote: it covers too little of g, or overlaps another gold quote."""
    others = [(o["start"], o["end"]) for o in gold if o is not g]
    return cover((q.start, q.end), [(g["start"], g["end"])]) < MIN_COVER or \
        any(s < q.end and q.start < e for s, e in others)


def classify(q: Quote, g: dict[str, Any], gold: list[dict[str, Any]], choice: Choice | None, text: str) -> str:
    """Return the class (CLASSES) of a wrong speaker: q predicted, g its gold entry
    among the article's gold quotes."""
    names = g["speaker"]
    if choice is None or _span_wrong(q, g, gold):
        return "span"
    if _same_person_other_form(q.speaker, names):
        return "form"
    pool = choice[2]
    if any(c.speaker is not None and identity_ok(c.speaker, names) for c in pool):
        rules_decided = not ranker.decides(next(c for c in pool if c.cascade or c.speaker is None))
        return "present_rules" if rules_decided else "present_weights"
    lasts = {w[-1] for w in map(_words, names) if w}
    before = set(_words(text[:q.start]))
    return "absent_earlier" if lasts & before else "absent_never"


def tally(source: str) -> Counter[str]:
    """Return the class counts of one tuning gold's wrong speakers, plus 'matched' and 'wrong'."""
    read = web_articles if source.startswith("web") else bbc_articles
    # passthrough off: the weights' choices are applied, as in a normal run
    recorder = ranker.RECORDER = ranker.Recorder(passthrough=False)
    counts: Counter[str] = Counter()
    texts: dict[str, str] = {}
    try:
        for ident, quotes, gold_all in read(TUNING[source], set(), texts):
            choices, recorder.choices = recorder.choices, []
            pred = [q for q in quotes if q.kind in ("direct", "partial")]
            gold = [g for g in gold_all if g["kind"] in ("direct", "partial")]
            for j, i in match_quotes(pred, gold).items():
                if not gold[j].get("speaker"):
                    continue
                counts["matched"] += 1
                if not identity_ok(pred[i].speaker, gold[j]["speaker"]):
                    counts["wrong"] += 1
                    counts[classify(pred[i], gold[j], gold, _choice_of(pred[i], choices), texts[ident])] += 1
    finally:
        ranker.RECORDER = None
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("sources", nargs="*", help=f"keys of TUNING (default {' '.join(ROUNDS)})")
    args = ap.parse_args(argv)
    unknown = set(args.sources) - set(TUNING)
    if unknown:
        ap.error(f"not a tuning gold: {', '.join(sorted(unknown))}")
    args.sources = args.sources or list(ROUNDS)
    total: Counter[str] = Counter()
    print("source   matched wrong " + " ".join(CLASSES))
    for source in args.sources:
        counts = tally(source)
        total += counts
        print(f"{source:<8} {counts['matched']:>7} {counts['wrong']:>5} " + " ".join(
            f"{counts[c]:>{len(c)}}" for c in CLASSES))
    print(f"{'total':<8} {total['matched']:>7} {total['wrong']:>5} " + " ".join(
        f"{total[c]:>{len(c)}}" for c in CLASSES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
