"""Which names pronouns were resolved to, on a PolNeAR split (issue #12).

PolNeAR's scorer counts a speaker right when the predicted mention overlaps
the gold one, so a "he" resolved to the wrong person still scores.  This
report takes every predicted quote whose speaker came from a pronoun
(Quote.evidence == "pronoun"), matched to a gold quote as the scorer does
(>= 30% of the gold fragment covered), and compares the resolved NAME with
the gold speaker's own words: right when the name's last word is in them,
wrong when the gold names someone else, unverifiable when the gold speaker
names nobody by name (a pronoun, a relative "which"/"who", or a description
with no capitalised word: "a top aide", "the 71-year-old diplomat").
Run: python -m bench.pronouns [--polnear DIR] [--split dev] [--show N].
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench.extraction import convert_split, extract_text, polnear_dir
from onrecord.search import Quote

MIN_COVER = 0.3
_PRONOUNS = frozenset("he she they it we i you his her their its him them which who whom that".split())
# capitalised words that open a description without naming anyone
_NOT_NAMES = frozenset("the a an his her their its our this that these those some one".split())


def read_docs(path: Path) -> list[dict[str, Any]]:
    """Return the documents of a converted split (bench.extraction.convert_split)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def judge(quote: Quote, gold_speaker: str) -> str:
    """Return 'right', 'wrong' or 'unverifiable' for a pronoun-resolved name."""
    words = re.findall(r"[A-Za-z]+", gold_speaker.lower())
    if not words or all(w in _PRONOUNS for w in words) or not names_someone(gold_speaker):
        return "unverifiable"
    last = re.findall(r"[A-Za-z]+", (quote.speaker or "").lower())
    return "right" if last and last[-1] in words else "wrong"


def names_someone(gold_speaker: str) -> bool:
    """True when the gold speaker span holds a capitalised word that is not a
    pronoun or a determiner: a name the resolved name can be checked against."""
    return any(w[0].isupper() and w.lower() not in _PRONOUNS | _NOT_NAMES
               for w in re.findall(r"[A-Za-z][\w'\u2019-]*", gold_speaker))


def pronoun_rows(docs: list[dict[str, Any]]) -> list[tuple[str, str, str, str]]:
    """Return (verdict, resolved name, gold speaker, doc id) per matched
    pronoun-credited quote."""
    rows = []
    for doc in docs:
        article = extract_text(doc["text"], doc["doc_id"])
        credited = [q for p in article.paragraphs for q in p.quotes if q.evidence == "pronoun"]
        for quote in credited:
            gold = max(doc["quotes"], default=None, key=lambda g: _cover(quote, g))
            if gold is not None and _cover(quote, gold) >= MIN_COVER:
                rows.append((judge(quote, gold["speaker"]), quote.speaker or "", gold["speaker"], doc["doc_id"]))
    return rows


def _cover(quote: Quote, gold: dict[str, Any]) -> float:
    overlap = max(0, min(quote.end, gold["end"]) - max(quote.start, gold["start"]))
    return overlap / max(1, gold["end"] - gold["start"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.pronouns")
    ap.add_argument("--polnear")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--show", type=int, default=10, help="wrong resolutions to list")
    ap.add_argument("--all", action="store_true", help="list every pronoun-credited quote")
    args = ap.parse_args(argv)
    root = polnear_dir(args.polnear)
    if root is None:
        print("PolNeAR not found (--polnear DIR, $ONRECORD_POLNEAR or ../shared/polnear)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        rows = pronoun_rows(read_docs(convert_split(root, args.split, Path(tmp) / "split.jsonl")))
    print(f"PolNeAR {args.split} {summarize(rows)}")
    for _verdict, name, gold, doc_id in [r for r in rows if r[0] == "wrong"][:args.show]:
        print(f"  wrong: resolved to {name!r}, gold speaker {gold!r} ({doc_id})")
    if args.all:
        for verdict, name, gold, doc_id in rows:
            print(f"  {verdict}: resolved to {name!r}, gold speaker {gold!r} ({doc_id})")
    return 0


def summarize(rows: list[tuple[str, str, str, str]]) -> str:
    """Return the one-line tally of pronoun_rows()."""
    tally = Counter(verdict for verdict, *_ in rows)
    checked = tally["right"] + tally["wrong"]
    return (f"pronoun-credited quotes: {len(rows)} matched; by name: right {tally['right']}, "
            f"wrong {tally['wrong']} ({tally['right'] / max(1, checked):.3f} of {checked} checkable), "
            f"gold speaker names nobody by name {tally['unverifiable']} (python -m bench.pronouns --all lists them)")


if __name__ == "__main__":
    sys.exit(main())
