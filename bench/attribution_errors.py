"""Per-quote error listing over the attribution golds one may tune on.

Owns printing, for each article of a tuning gold, the gold quotes onrecord
missed (MISS), the matched ones whose speaker is wrong by full name (SPK,
with the rule that chose it and the gold's tie) and the predicted quotes no
gold entry covers (FP).  Only tuning golds are accepted (TUNING): the web dev
half, the BBC gold, and every round's test set once it was scored
(bench.quality.heldout.SPENT_BBC); a frozen test set is never read here until it is
scored.

With `--context N`, each SPK and FP line is followed by the N characters of the
article's text before and after the predicted quote (the reader's text for a
web page), to see the phrase beside its cue.

With `--values`, it lists instead each article's predicted speaker values
that are no gold name anywhere in that gold (VALUE, with how many quotes
carry it): the distinct values the "full names" figure counts as unclean.
With `--why` each value is followed by its quotes, each with what the gold
says of it (the speaker it wants, none, or no gold quote: a false quote) and
the rule that chose the value (`--context` adds the text around it).

`python -m bench.attribution_errors [--values [--why]] [--context N] SOURCE [ids...]`, SOURCE one of
web_dev, web_r1, web_r2, bbc and bbc_rN for each spent round N (TUNING).
"""
from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.extraction import (
    BBC_GOLD,
    REPO,
    bbc_text,
    extract_text,
    gold_name_forms,
    identity_ok,
    match_quotes,
    norm_name,
)
from bench.quality.heldout import SPENT_BBC, WEB_GOLD, WEB_R2, locate_gold, read_page
from onrecord.search import Quote

SHARED = REPO.parent / "shared"
# Every gold one may tune on: the web dev half, the two spent web rounds, the
# BBC gold and every BBC round once it was scored (bench.quality.heldout.SPENT_BBC); a
# frozen test set stays out until it is scored.
TUNING = {"web_dev": WEB_GOLD["dev"], "web_r1": WEB_GOLD["test"], "web_r2": WEB_R2,
          "bbc": BBC_GOLD, **SPENT_BBC}


def web_articles(gold: Path, only: set[str], texts: dict[str, str] | None = None, *, reported: bool = False
                 ) -> Iterator[tuple[str, list[Quote], list[dict[str, Any]]]]:
    """Yield (page id, predicted quotes, located gold entries) per web page:
    the quote entries, or with `reported` the `indirect` ones; `texts`, when
    given, gets each page's text by id."""
    pages = json.loads(gold.read_text(encoding="utf-8"))["pages"]
    with tempfile.TemporaryDirectory() as tmp:
        for ident, page in pages.items():
            if only and ident not in only:
                continue
            text, quotes = read_page(SHARED / "htmleval" / "wcxb-dev", ident, Path(tmp))
            if texts is not None:
                texts[ident] = text
            located, _ = locate_gold(text, [g for g in page["quotes"] if (g["kind"] == "indirect") == reported])
            for g in located:
                g.setdefault("text", text[g["start"]:g["end"]])
            yield ident, quotes, located


def bbc_articles(gold: Path, only: set[str], texts: dict[str, str] | None = None
                 ) -> Iterator[tuple[str, list[Quote], list[dict[str, Any]]]]:
    """Yield (article path, predicted quotes, gold entries with text) per BBC
    article; `texts`, when given, gets each article's text by path."""
    corpus = SHARED / "corpus" / "bbc"
    for rel, entries in json.loads(gold.read_text(encoding="utf-8"))["files"].items():
        if only and rel not in only:
            continue
        text = bbc_text(corpus, rel)
        if texts is not None:
            texts[rel] = text
        quotes = [q for p in extract_text(text, str(corpus / rel)).paragraphs for q in p.quotes]
        yield rel, quotes, [g | {"text": text[g["start"]:g["end"]]} for g in entries]


def error_lines(quotes: list[Quote], gold_all: list[dict[str, Any]], text: str = "", context: int = 0) -> list[str]:
    """Return the MISS, SPK and FP lines of one article; with `context`, each
    SPK and FP line is followed by that many characters of `text` either side
    of the predicted quote (its speaker mention and cue with them)."""
    pred = [q for q in quotes if q.kind in ("direct", "partial")]
    gold = [g for g in gold_all if g["kind"] in ("direct", "partial")]
    scare = [g for g in gold_all if g["kind"] == "scare"]
    matched = match_quotes(pred, gold)
    rest = [q for i, q in enumerate(pred) if i not in matched.values()]
    neutral = set(match_quotes(rest, scare).values())
    lines = []
    for j, g in enumerate(gold):
        if j not in matched:
            lines.append(f"  MISS  [{g['kind']}] {g['text'][:90]!r} -> {g.get('speaker')}")
        elif g.get("speaker") and not identity_ok(pred[matched[j]].speaker, g["speaker"]):
            p = pred[matched[j]]
            lines.append(f"  SPK   {g['text'][:60]!r}: got {p.speaker!r} ({p.speaker_source}) "
                         f"want {g['speaker'][0]!r} [{g.get('tie')}]")
            if context:
                lines.append(context_line(p, text, context))
    for i, q in enumerate(rest):
        if i not in neutral:
            lines.append(f"  FP    [{q.kind}] {q.text[:80]!r} spk={q.speaker!r} ({q.speaker_source})")
            if context:
                lines.append(context_line(q, text, context))
    return lines


def context_line(quote: Quote, text: str, width: int) -> str:
    """Return the text around `quote` (`width` characters either side, the
    quote shown as <<...>>), with its speaker mention and cue."""
    before = text[max(0, quote.start - width):quote.start]
    after = text[quote.end:quote.end + width]
    mention = quote.speaker_mention.text if quote.speaker_mention else None
    shown = text[quote.start:quote.end][:60]
    return f"        {before!r} <<{shown!r}>> {after!r}  mention={mention!r} cue={quote.cue!r}"


def value_lines(quotes: list[Quote], gold_names: set[str], gold_all: list[dict[str, Any]] | None = None,
                text: str = "", context: int = 0) -> list[str]:
    """Return a VALUE line per distinct predicted speaker (direct and partial
    quotes) that is none of `gold_names`, with the number of quotes it speaks;
    given the article's gold entries, each VALUE line is followed by a line per
    quote carrying it: what the gold says of it (WANT the gold speaker, NONE
    for a gold quote with no speaker, FP when no gold quote covers it), the
    rule, and with `context` the text around it."""
    pred = [q for q in quotes if q.kind in ("direct", "partial") and norm_name(q.speaker)]
    counts: dict[str, list[Quote]] = {}
    for q in pred:
        counts.setdefault(norm_name(q.speaker), []).append(q)
    gold = [g for g in gold_all or [] if g["kind"] in ("direct", "partial")]
    matched = {i: j for j, i in match_quotes(pred, gold).items()}
    lines = []
    for value, carried in sorted(counts.items()):
        if value in gold_names:
            continue
        lines.append(f"  VALUE {value!r} x{len(carried)}")
        if gold_all is None:
            continue
        for q in carried:
            j = matched.get(pred.index(q))
            said = "FP  " if j is None else \
                (f"WANT {gold[j]['speaker'][0]!r} [{gold[j].get('tie')}]" if gold[j].get("speaker") else "NONE")
            lines.append(f"        {said} {q.text[:50]!r} ({q.speaker_source})")
            if context:
                lines.append(context_line(q, text, context))
    return lines


def gold_names_of(gold: Path) -> set[str]:
    """Return every speaker name of a gold file (web pages or BBC files), normalised."""
    data = json.loads(gold.read_text(encoding="utf-8"))
    entries = [g for page in data.get("pages", {}).values() for g in page["quotes"]]
    entries += [g for file in data.get("files", {}).values() for g in file]
    return gold_name_forms(n for g in entries for n in g.get("speaker") or [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", choices=sorted(TUNING))
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--values", action="store_true", help="list the unclean speaker values instead")
    parser.add_argument("--why", action="store_true",
                        help="with --values, follow each value by its quotes and what the gold says of them")
    parser.add_argument("--context", type=int, default=0, metavar="N",
                        help="show N characters of text either side of each SPK or FP line's quote")
    args = parser.parse_args()
    read = web_articles if args.gold.startswith("web") else bbc_articles
    names = gold_names_of(TUNING[args.gold])
    texts: dict[str, str] = {}
    for ident, quotes, gold in read(TUNING[args.gold], set(args.ids), texts):
        lines = value_lines(quotes, names, gold if args.why else None, texts.get(ident, ""), args.context) \
            if args.values else \
            error_lines(quotes, gold, texts.get(ident, ""), args.context)
        if lines:
            print(f"=== {ident}\n" + "\n".join(lines))


if __name__ == "__main__":
    main()
