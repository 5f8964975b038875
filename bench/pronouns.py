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
A pronoun gold speaker is judged "by referent" beside that (issue #31):
against the name bench/gold/polnear_pronoun_referents_<split>.tsv gives for it
(bench.pronoun_referents); the referent line also judges every gold quote with
a pronoun source by the speaker of onrecord's covering quote, whatever its
evidence.
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
from typing import Any, NamedTuple

from bench.extraction import extract_text
from bench.pronoun_referents import (
    MISSING,
    Referents,
    gold_pronoun_verdicts,
    judge_referent,
    referent_name,
    split_referents,
    summarize_gold,
)
from bench.quality.polnear import convert_split, polnear_dir
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


class PronounRow(NamedTuple):
    """One matched pronoun-credited quote: the old verdict (by the gold
    speaker's own words), the resolved name, the gold speaker, the doc id and
    the verdict by referent ('unverifiable' when the table can't say)."""

    verdict: str
    name: str
    gold: str
    doc_id: str
    by_referent: str


def pronoun_rows(docs: list[dict[str, Any]]) -> list[PronounRow]:
    """Return one PronounRow per matched pronoun-credited quote."""
    return pronoun_report(docs)[0]


def pronoun_report(docs: list[dict[str, Any]]) -> tuple[list[PronounRow], Counter[str]]:
    """Return the pronoun rows and the gold-side referent tally
    (bench.pronoun_referents.gold_pronoun_verdicts summed over docs)."""
    table = split_referents(docs)
    rows: list[PronounRow] = []
    gold_side: Counter[str] = Counter()
    for doc in docs:
        article = extract_text(doc["text"], doc["doc_id"])
        quotes = [q for p in article.paragraphs for q in p.quotes]
        gold_side.update(gold_pronoun_verdicts(doc, quotes, table, MIN_COVER))
        for quote in (q for q in quotes if q.evidence == "pronoun"):
            gold = max(doc["quotes"], default=None, key=lambda g: _cover(quote, g))
            if gold is not None and _cover(quote, gold) >= MIN_COVER:
                verdict = judge(quote, gold["speaker"])
                rows.append(PronounRow(verdict, quote.speaker or "", gold["speaker"], doc["doc_id"],
                                       _by_referent(quote, doc, gold, table, verdict)))
    return rows, gold_side


def _by_referent(quote: Quote, doc: dict[str, Any], gold: dict[str, Any], table: Referents,
                 verdict: str) -> str:
    """Return the verdict against the table's referent for a pronoun gold
    speaker, else the old verdict."""
    referent = referent_name(doc, gold, table)
    return verdict if referent == MISSING else judge_referent(quote.speaker or "", referent)


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
        rows, gold_side = pronoun_report(read_docs(convert_split(root, args.split, Path(tmp) / "split.jsonl")))
    print(f"PolNeAR {args.split} {summarize(rows)}")
    print(f"PolNeAR {args.split} {summarize_referents(rows, gold_side)}")
    for row in [r for r in rows if r.by_referent == "wrong"][:args.show]:
        print(f"  wrong by referent: resolved to {row.name!r}, gold speaker {row.gold!r} ({row.doc_id})")
    if args.all:
        for row in rows:
            print(f"  {row.verdict} ({row.by_referent} by referent): resolved to {row.name!r}, "
                  f"gold speaker {row.gold!r} ({row.doc_id})")
    return 0


def summarize(rows: list[PronounRow]) -> str:
    """Return the one-line tally of pronoun_rows()."""
    tally = Counter(verdict for verdict, *_ in rows)
    checked = tally["right"] + tally["wrong"]
    return (f"pronoun-credited quotes: {len(rows)} matched; by name: right {tally['right']}, "
            f"wrong {tally['wrong']} ({tally['right'] / max(1, checked):.3f} of {checked} checkable), "
            f"gold speaker names nobody by name {tally['unverifiable']} (python -m bench.pronouns --all lists them)")


def summarize_referents(rows: list[PronounRow], gold_side: Counter[str]) -> str:
    """Return the one-line tally by referent: the pronoun-credited quotes
    judged with the referent table, then the gold side (summarize_gold)."""
    tally = Counter(row.by_referent for row in rows)
    checked = tally["right"] + tally["wrong"]
    return (f"by referent (bench/gold/polnear_pronoun_referents_*.tsv): pronoun-credited right {tally['right']}, "
            f"wrong {tally['wrong']} ({tally['right'] / max(1, checked):.3f} of {checked} checkable, "
            f"{tally['unverifiable']} not); {summarize_gold(gold_side)}")


if __name__ == "__main__":
    sys.exit(main())
