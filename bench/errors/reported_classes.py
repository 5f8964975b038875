"""Reported speech on PolNeAR TRAIN by class (issue #32): what is missed, what is wrongly found.

Owns a heuristic sorting of (1) every scored gold reported attribution
(bench.quality.reported.polnear_gold) that no `indirect` prediction matches, by the
words around its gold cue and content, and (2) every `indirect` prediction
counted false, by its shape; and, per missed class, the F1 the split would
score were every miss of it matched (what fixing it would add).  Classes:

- a_that / a_bare: a that-clause or a bare clause after a speech verb;
- b_according, b_closing ("..., X said."), b_question ("asked whether");
- c_to (an infinitive: "vowed to", "urged X to"), c_np (a noun phrase
  object: "announced the plan"), c_prep_np ("boasted of his skills"),
  c_noun_that ("the claim that ..."), c_noun_np ("'s announcement of");
- with a qualifier the extractor leaves out by design: /share (a surveyed
  share speaks: "42% said"), /finding (a poll or a report:
  bench.quality.reported.is_finding_source), /headline (a Title Case cue),
  /hedged (a negation or a modal in the cue: "did not say").

The sorting reads words only (no parser): a class is a count to choose
work by, not a gold label.  Train only: PolNeAR dev is measured by
bench.extraction, never listed; test never read.

`python -m bench.errors.reported_classes [--examples CLASS] [--limit N]`
"""
from __future__ import annotations

import argparse
import random
import re
from collections import Counter
from typing import Any

from bench.attribution_errors import SHARED
from bench.extraction import cover, extract_text, match, prf
from bench.quality.reported import convert_reported, gold_spans, is_finding_source, polnear_gold
from onrecord.search import Quote

_AUX = frozenset("is are was were has have had will would could should can may might must did does do".split())
_SUBJECTS = frozenset("he she they it we i you there this that these those".split())
_QUESTION = frozenset("whether if why how what when where who".split())
_NOUN_BEFORE_RE = re.compile(r"(?:\b(?:the|a|an|his|her|their|its|our|this|of)|['\u2019]s?)\s*$", re.I)
_NOUN_CUE_RE = re.compile(r"(?:claim|announcement|statement|suggestion|argument|promise|pledge|warning|report|"
                          r"assertion|allegation|accusation|remark|comment|vow|notion|assurance|complaint)s?$")
_SHARE_RE = re.compile(r"(?i)(\d|percent|%|\b(?:half|third|quarter|majorit\w*|most|plurality|minority|share)\b)")
_HEDGE_RE = re.compile(r"(?i)\b(?:not|never|n't|n\u2019t|would|could|should|might|may|will|can)\b")


def _finite(words: list[str]) -> bool:
    """True when an auxiliary or a verb-like word follows a subject within the first ten words."""
    for i, word in enumerate(w.lower().strip(",.") for w in words[:10]):
        if word in _AUX or i > 0 and re.fullmatch(r"[a-z]+ed", word) \
                or i > 0 and words[i - 1].lower() in _SUBJECTS and re.fullmatch(r"[a-z]+s", word):
            return True
    return False


def miss_class(text: str, gold: dict[str, Any]) -> str:
    """Return the class of a missed gold attribution (module docstring)."""
    cue = (gold.get("cue") or "").strip()
    spans, cues = gold_spans(gold), gold.get("cue_spans") or []
    start, content = spans[0][0], text[spans[0][0]:spans[-1][1]].strip()
    first = (content.split() or [""])[0].lower().strip("\"\u201c\u2018'(")
    if "according" in cue.lower():
        shape = "b_according"
    elif not cues:
        shape = "x_nocue"
    elif cues[0][0] > start:
        shape = "b_closing"
    else:
        gap, before = text[cues[-1][1]:start].strip().lower(), text[max(0, cues[0][0] - 12):cues[0][0]]
        head = cue.lower().split()[-1]
        if gap.endswith("that") or first == "that":
            noun = _NOUN_BEFORE_RE.search(before) and not head.endswith(("ed", "s", "ing")) or _NOUN_CUE_RE.match(head)
            shape = "c_noun_that" if noun else "a_that"
        elif gap.split()[-1:] and gap.split()[-1] in _QUESTION or first in _QUESTION:
            shape = "b_question"
        elif first == "to" or gap.endswith(" to") or re.search(r"\bto\s+\w+", content[:60]) and not _finite(
                content.split()):
            shape = "c_to"
        elif re.search(r"(?:of|about|for|against|on|with|in|at|to|from|over)$", cue.lower()):
            shape = "c_prep_np"
        elif _NOUN_BEFORE_RE.search(before):
            shape = "c_noun_np"
        else:
            shape = "a_bare" if _finite(content.split()) else "c_np"
    return shape + _qualifier(cue, gold.get("speaker") or "")


def _qualifier(cue: str, speaker: str) -> str:
    """Return "/finding", "/share", "/headline", "/hedged" or ""."""
    if is_finding_source(speaker):
        return "/finding"
    if _SHARE_RE.search(speaker) and not re.search(r"[A-Z][a-z]+ [A-Z]", speaker):
        return "/share"
    last = cue.split()[-1] if cue.split() else ""
    if last[:1].isupper() and last.lower() != "according":
        return "/headline"
    return "/hedged" if _HEDGE_RE.search(cue.replace("according to", "")) else ""


def false_class(text: str, quote: Quote) -> str:
    """Return the shape of an indirect prediction counted false: where its cue stands."""
    cue = (quote.cue or "").lower()
    at = quote.cue_mention.start if quote.cue_mention else quote.start
    if cue.startswith("according"):
        return "b_according"
    if at >= quote.end:
        return "b_closing"
    gap = text[at + len(cue):quote.start].strip().lower()
    first = (quote.text.split() or [""])[0].lower()
    if gap.endswith("that"):
        return "a_that"
    if first in _QUESTION or gap.split()[-1:] and gap.split()[-1] in _QUESTION:
        return "b_question"
    if first == "to" or re.search(r"\bto\s", quote.text[:60]) and not _finite(quote.text.split()):
        return "c_to"
    return "a_bare"


def match_indirect(doc: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]], dict[int, int]]:
    """Return one converted PolNeAR document's indirect predictions, its gold (polnear_gold) and
    the scorer's one-to-one match of them (gold index -> prediction index)."""
    pred = [q for p in extract_text(doc["text"], doc["doc_id"]).paragraphs for q in p.quotes if q.kind == "indirect"]
    gold = polnear_gold(doc["quotes"])
    return pred, gold, match([(q.start, q.end) for q in pred], [gold_spans(g) for g in gold])


def print_examples(examples: dict[str, list[str]], name: str | None) -> None:
    """Print up to 20 of `name`'s examples, drawn by a fixed seed (nothing when name is None)."""
    if name:
        found = examples.get(name, [])
        for line in random.Random(0).sample(found, min(20, len(found))):
            print("  ", line)


def classify_train(limit: int) -> tuple[Counter[str], Counter[str], dict[str, Any], dict[str, list[str]]]:
    """Return (missed by class, false by class, the split's scores, examples by class) on PolNeAR train."""
    gold_docs, every = convert_reported(SHARED / "polnear", "train")
    missed: Counter[str] = Counter()
    false: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    n_gold = n_pred = n_match = 0
    for doc in gold_docs[:limit]:
        text = doc["text"]
        pred, gold, matched = match_indirect(doc)
        for j, g in enumerate(gold):
            if j not in matched:
                name = miss_class(text, g)
                missed[name] += 1
                examples.setdefault(name, []).append(f"[{g.get('speaker')} | {g.get('cue')}] {g['quote'][:100]!r}")
        hit = set(matched.values())
        wrong = [q for i, q in enumerate(pred) if i not in hit
                 and not any(cover((q.start, q.end), gold_spans(a)) > 0 for a in every[doc["doc_id"]])]
        for q in wrong:
            name = false_class(text, q)
            false[name] += 1
            examples.setdefault("FP " + name, []).append(f"[{q.speaker} | {q.cue}] {q.text[:100]!r}")
        n_gold, n_match, n_pred = n_gold + len(gold), n_match + len(matched), n_pred + len(matched) + len(wrong)
    return missed, false, prf(n_gold, n_pred, n_match), examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=10**6, help="the first N articles only")
    parser.add_argument("--examples", metavar="CLASS", help="print up to 20 random examples of CLASS ('FP a_bare')")
    args = parser.parse_args()
    missed, false, score, examples = classify_train(args.limit)
    print(f"PolNeAR train: gold {score['gold']}, pred {score['pred']}, matched {score['matched']}; "
          f"P {score['P']:.3f} R {score['R']:.3f} F1 {score['F1']:.3f}")
    print("missed gold by class (F1 were every miss of the class matched):")
    for name, n in sorted(missed.items()):
        gain = prf(score["gold"], score["pred"] + n, score["matched"] + n)["F1"]
        print(f"  {n:5d}  {name:24s} F1 {gain:.3f} (+{gain - score['F1']:.3f})")
    print("false predictions by class (F1 were none of them made):")
    for name, n in sorted(false.items()):
        gain = prf(score["gold"], score["pred"] - n, score["matched"])["F1"]
        print(f"  {n:5d}  {name:24s} F1 {gain:.3f} (+{gain - score['F1']:.3f})")
    print_examples(examples, args.examples)


if __name__ == "__main__":
    main()
