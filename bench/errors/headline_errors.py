"""Headline error listing over the BBC golds one may tune on (issues #31, #32).

Owns printing, for each article of a BBC tuning gold, what onrecord does
wrong in its headline (the text's first line, convention C8 of
bench/gold/heldout_guidelines.md): each gold entry starting in it that is
missed (MISS), matched with a speaker that is not the gold's by full name
(SPK), matched with a speaker where the gold names no one (NONE: not scored
by any row, but shown under a speaker filter), and each predicted headline
quote or reported clause no gold entry covers (FP).  Quotes (direct and
partial, "Q") and reported speech (`indirect` gold against predicted
`indirect` and partial, "R") are matched as bench.extraction and
bench.quality.reported match them.  A predicted quote over a gold scare quote is
neither right nor wrong, as in the quote rows.  Only the BBC tuning golds are
accepted (bench.attribution_errors.TUNING: the BBC gold, whose entries are
quotes only, and every spent round); a frozen test set is never read here.

`python -m bench.errors.headline_errors [SOURCE ...]`, each SOURCE bbc or bbc_rN for
a spent round N; all of them when none is given.
"""
from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from bench.attribution_errors import SHARED, TUNING
from bench.extraction import bbc_text, extract_text, identity_ok, match
from onrecord.search import Quote

BBC_TUNING = {name: path for name, path in TUNING.items() if name == "bbc" or name.startswith("bbc_r")}
# (family, gold kinds, predicted kinds): the quote rows' and the reported rows' matching
FAMILIES = (("Q", ("direct", "partial"), ("direct", "partial")),
            ("R", ("indirect",), ("indirect", "partial")))


def headline_lines(pred_all: list[Quote], gold_all: list[dict[str, Any]], text: str) -> list[str]:
    """Return the error lines of one article's headline (module docstring):
    MISS, SPK and NONE per gold entry starting in the first line, FP per
    predicted entry starting there that no gold entry of its family covers."""
    head_end = text.find("\n") if "\n" in text else len(text)
    scare = [[(g["start"], g["end"])] for g in gold_all if g["kind"] == "scare"]
    lines: list[str] = []
    for family, gold_kinds, pred_kinds in FAMILIES:
        gold = [g for g in gold_all if g["kind"] in gold_kinds]
        pred = [q for q in pred_all if q.kind in pred_kinds]
        matched = match([(q.start, q.end) for q in pred], [[(g["start"], g["end"])] for g in gold])
        lines += _gold_lines(family, gold, pred, matched, text, head_end)
        for i, q in enumerate(pred):
            # a partial no reported entry covers is the quote family's to judge
            own = family == "Q" or q.kind == "indirect"
            if q.start < head_end and own and i not in matched.values() and not match([(q.start, q.end)], scare):
                lines.append(f"  {family} FP {q.kind} {q.text!r} spk={q.speaker!r} rule={q.speaker_source}")
    return lines


def _gold_lines(family: str, gold: list[dict[str, Any]], pred: list[Quote], matched: dict[int, int],
                text: str, head_end: int) -> Iterator[str]:
    """Yield the MISS, SPK and NONE lines of the gold entries starting in the headline."""
    for j, g in enumerate(gold):
        if not 0 <= g["start"] < head_end:
            continue
        said = f"{family} {{}} {g['kind']} {text[g['start']:g['end']]!r}"
        want = f"gold={g.get('speaker')} tie={g.get('tie')}"
        if j not in matched:
            yield f"  {said.format('MISS')} {want}"
            continue
        q = pred[matched[j]]
        if g.get("speaker") and not identity_ok(q.speaker, g["speaker"]):
            yield f"  {said.format('SPK')} {want} spk={q.speaker!r} rule={q.speaker_source}"
        elif not g.get("speaker") and q.speaker:
            yield f"  {said.format('NONE')} {want} spk={q.speaker!r} rule={q.speaker_source}"


def main(argv: list[str] | None = None) -> int:
    """Print the headline error lines of each BBC tuning gold asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="*", metavar="SOURCE", help=f"any of: {', '.join(BBC_TUNING)}")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.sources) - set(BBC_TUNING))
    if unknown:  # a frozen test set, or a web gold (its headline is the page's title, not its first line)
        parser.error(f"not a BBC tuning gold: {', '.join(unknown)}")
    corpus = SHARED / "corpus" / "bbc"
    for name in args.sources or list(BBC_TUNING):
        files = json.loads(BBC_TUNING[name].read_text(encoding="utf-8"))["files"]
        for rel, gold in files.items():
            text = bbc_text(corpus, rel)
            article = extract_text(text, str(corpus / rel))
            lines = headline_lines([q for p in article.paragraphs for q in p.quotes], gold, text)
            if lines:
                print(f"{name} {rel} | {text.split(chr(10), 1)[0]}", *lines, sep="\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
