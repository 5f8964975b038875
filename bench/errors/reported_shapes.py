"""PolNeAR TRAIN's missed reported clauses by the shape of their cue (issue #32): where recall is lost.

Owns a second sorting of the misses `bench.errors.reported_classes` puts in the
classes the guidelines keep (a that- or bare clause, a closing "..., X
said.", a question, "according to", a noun's that-clause; no /share,
/finding, /headline or /hedged qualifier): by how the cue stands to its
clause, one row of `SHAPES` each, tried in order, the first that holds
wins; and, before them, `run_on`: an `indirect` prediction covers the gold
but another gold took it (one-to-one), so the clause ran over a second
attribution.  Each shape is printed with its misses and the documents they
are in: a cause worth a rule shows in four or more documents (issue #32's
bar), and a shape is only where to read next, not a gold label.

Train only (bench.reported_errors reads the same split); dev and test are
never read.

`python -m bench.errors.reported_shapes [--examples SHAPE] [--limit N]`
"""
from __future__ import annotations

import argparse
import re
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.attribution_errors import SHARED
from bench.errors.reported_classes import match_indirect, miss_class, print_examples
from bench.extraction import MIN_COVER, cover
from bench.quality.reported import convert, gold_spans, head_noun
from onrecord.indexer.lexicon import words

KEPT_CLASSES = ("a_that", "a_bare", "b_closing", "b_question", "b_according", "c_noun_that")
_RELATIVE_RE = re.compile(r"\b(?:who|which|that)\s+(?:(?:has|had|have)\s+)?(?:[a-z]+ly\s+|also\s+)?$", re.I)
_WRITER_RE = re.compile(r"(?i)(?:i|we|me|us|you)")
_HEDGE_RE = re.compile(r"(?i)\b(?:not|never|would|could|might|may|likely|to)\b|n['\u2019]t\b")
_PASSIVE_RE = re.compile(r"(?i)\bby\b|^(?:is|was|were|has been|had been|have been|be)\b")
# subjects that speak for no one in particular (the extractor's generic_subjects, and quantifiers standing alone)
_GENERIC = frozenset(words("generic_subjects")) | {"others", "many", "most", "few", "almost", "everyone", "history"}
# a thing, not a person, as the subject: a document, a channel, a finding, or a pronoun standing for one
_THINGS = frozenset(words("document_nouns", "channel_nouns", "finding_nouns")) | {"it", "that", "this"}


def _cue_before(text: str, gold: dict[str, Any]) -> tuple[str, str] | None:
    """Return (the words before the cue, the words between cue and clause) when the cue comes first."""
    cues, start = gold.get("cue_spans") or [], gold_spans(gold)[0][0]
    if not cues or cues[0][0] > start:
        return None
    return text[max(0, cues[0][0] - 40):cues[0][0]], text[cues[-1][1]:start]


def _cue_after(text: str, gold: dict[str, Any]) -> str | None:
    """Return the words between the clause's end and a cue after it; None when the cue comes first."""
    cues, end = gold.get("cue_spans") or [], gold_spans(gold)[-1][1]
    return text[end:cues[0][0]] if cues and cues[0][0] >= end else None


# (shape, test on (article text, gold entry), what it catches); tried in order
SHAPES: tuple[tuple[str, Callable[[str, dict[str, Any]], bool], str], ...] = (
    ("relative", lambda t, g: (g.get("speaker") or "").strip().lower() in ("who", "which", "that")
     or bool((b := _cue_before(t, g)) and _RELATIVE_RE.search(b[0])),
     "the cue in a relative clause: '23 percent who said ...', 'Ann Vole, who predicted ...'"),
    ("writer", lambda t, g: bool(_WRITER_RE.fullmatch((g.get("speaker") or "").strip())),
     "the writer or the reader speaks: 'I argue that', 'you might be asking'"),
    ("hedged_cue", lambda t, g: bool(_HEDGE_RE.search((g.get("cue") or "").replace("according to", ""))),
     "a modal, a negation or an infinitive in the cue: 'more likely to say', 'wouldn't say'"),
    ("generic_subject", lambda t, g: (g.get("speaker") or "").split()[:1] != [] and
     (g.get("speaker") or "").split()[0].lower() in _GENERIC,
     "a subject that speaks for no one in particular: 'Some have suggested that', 'almost everyone agrees'"),
    ("thing_subject", lambda t, g: head_noun(g.get("speaker") or "").lower().rstrip("s") in _THINGS
     or head_noun(g.get("speaker") or "").lower() in _THINGS,
     "a document, a finding or 'it' speaks: 'The ad renews accusations', 'That suggests'"),
    ("passive_by", lambda t, g: _cue_after(t, g) is not None and bool(_PASSIVE_RE.search(g.get("cue") or "")),
     "a passive with its agent after the words: 'The meeting was first reported by Politico.'"),
    ("colon", lambda t, g: bool((b := _cue_before(t, g)) and ":" in b[1]),
     "a colon between cue and clause: 'A reporter asked: Did they ...'"),
    ("participle", lambda t, g: (g.get("cue") or "").lower().rstrip(":").endswith("ing"),
     "a participle cue: ', explaining that', 'by suggesting', 'telling X'"),
    ("closing_no_comma", lambda t, g: (a := _cue_after(t, g)) is not None and "," not in a,
     "the cue after the words, no comma between: 'a fact he mentions', 'which he has denied'"),
    ("closing", lambda t, g: _cue_after(t, g) is not None,
     "'CLAUSE, X said.' and its interrupted form"),
    ("words_between", lambda t, g: bool((b := _cue_before(t, g)) and b[1].strip().lower() not in ("", "that")),
     "words between cue and clause: a listener, a time, a place ('complained during the hearing that')"),
    ("plain", lambda t, g: True, "the cue right before its clause ('X said (that) ...')"),
)


def miss_shape(text: str, gold: dict[str, Any]) -> str:
    """Return the first row of SHAPES whose test holds for a missed gold attribution."""
    return next(name for name, holds, _ in SHAPES if holds(text, gold))


def _taken(gold: dict[str, Any], preds: list[tuple[int, int]], owners: set[int]) -> bool:
    """True when a prediction another gold took covers `gold` enough to have matched it."""
    return any(i in owners and cover(p, gold_spans(gold)) >= MIN_COVER for i, p in enumerate(preds))


def shape_train(limit: int) -> tuple[Counter[str], dict[str, set[str]], dict[str, list[str]]]:
    """Return the kept classes' misses on PolNeAR train by shape: counts, documents and examples."""
    with tempfile.TemporaryDirectory() as tmp:
        docs = convert(SHARED / "polnear", "train", "indirect", Path(tmp) / "indirect.jsonl", True)
    counts: Counter[str] = Counter()
    documents: dict[str, set[str]] = defaultdict(set)
    examples: dict[str, list[str]] = defaultdict(list)
    for doc in docs[:limit]:
        text = doc["text"]
        pred, gold, matched = match_indirect(doc)
        preds = [(q.start, q.end) for q in pred]
        for j, g in enumerate(gold):
            if j in matched or miss_class(text, g) not in KEPT_CLASSES:
                continue
            shape = "run_on" if _taken(g, preds, set(matched.values())) else miss_shape(text, g)
            counts[shape] += 1
            documents[shape].add(doc["doc_id"])
            examples[shape].append(f"[{g.get('speaker')} | {g.get('cue')}] {g['quote'][:100]!r}")
    return counts, documents, examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=10**6, help="the first N articles only")
    parser.add_argument("--examples", metavar="SHAPE", help="print up to 20 random examples of SHAPE")
    args = parser.parse_args()
    counts, documents, examples = shape_train(args.limit)
    print(f"PolNeAR train, missed gold of the kept classes ({', '.join(KEPT_CLASSES)}): {sum(counts.values())}")
    for name, n in counts.most_common():
        print(f"  {n:5d} misses in {len(documents[name]):4d} documents  {name}")
    print_examples(examples, args.examples)


if __name__ == "__main__":
    main()
