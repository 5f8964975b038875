"""Build the held-out attribution golds (issue #31) from per-article annotations.

Owns turning one annotation file per article ({"id", "quotes": [entry, ...]},
written by hand from the article's text, without onrecord's output) into the
committed gold files:

- bench/gold/web_quotes_dev.json, bench/gold/web_quotes_test.json: the htmleval
  pages of bench.quality.goldselect's web split; each entry keeps its verbatim text
  (the pages are CC-BY-4.0, credited in the file's note) and its offsets into
  the page's gold main text;
- bench/gold/bbc_heldout_test.json: the 30 held-out BBC articles, offsets and a
  SHA-1 prefix only (BBC copyright: no text), in bench/gold/bbc_quotes.json's
  format, so bench.extraction's BBC scorer reads it unchanged.

One normalisation is applied to every annotation: a direct quote the writer
interrupts with its attribution ('"However," Mann explained, "we ..."') is two
spans, as in the BBC gold, split at the attribution.

`python -m bench.quality.goldbuild ANNOTATIONS_DIR` writes the three files;
`python -m bench.quality.goldbuild --round 2 ANNOTATIONS_DIR` writes round 2's test sets
(bench/gold/web_quotes_r2_test.json, bench/gold/bbc_heldout_r2_test.json), drawn
by bench.quality.goldselect's web2 and bbc2 after round 1's test halves were scored;
`--round 3` writes round 3's BBC test set (bench/gold/bbc_heldout_r3_test.json,
bench.quality.goldselect's bbc3), drawn after round 2 was scored; `--round 4` writes
round 4's (bench/gold/bbc_heldout_r4_test.json, bench.quality.goldselect's bbc4), drawn
after round 3 was scored; `--round 5` writes round 5's
(bench/gold/bbc_heldout_r5_test.json, bench.quality.goldselect's bbc5: 60 articles),
drawn after round 4 was scored; `--round 6` writes round 6's
(bench/gold/bbc_heldout_r6_test.json, bench.quality.goldselect's bbc6: 40 articles),
drawn after round 5 was scored; `--round 7` writes round 7's
(bench/gold/bbc_heldout_r7_test.json, bench.quality.goldselect's bbc7: 40 articles),
drawn after round 6 was scored; `--round 8` writes round 8's
(bench/gold/bbc_heldout_r8_test.json, bench.quality.goldselect's bbc8: 40 articles),
drawn after round 7 was scored; `--round 9` writes round 9's
(bench/gold/bbc_heldout_r9_test.json, bench.quality.goldselect's bbc9: 40 articles),
drawn after round 8 was scored; `--round 10` writes round 10's
(bench/gold/bbc_heldout_r10_test.json, bench.quality.goldselect's bbc10: 40
articles), drawn after round 9 was frozen and scored at the starting code; `--round 11`
and `--round 12` write rounds 11 and 12's (bench.quality.goldselect's bbc11 and bbc12:
40 articles each), drawn after rounds 9 and 10 were scored once after tuning;
`--round 13` and `--round 14` write rounds 13 and 14's (bbc13 and bbc14: 40
articles each), drawn while rounds 11 and 12 were a session's test sets;
`--round 15` and `--round 16` write rounds 15 and 16's (bbc15 and bbc16),
drawn beside them for the session after; from 17 on, `--round N`
writes round N's (bbcN: a row of bench.quality.goldselect's ROUNDS, its note ROUND_NOTE
filled from that row or, drawn beside another round, PAIRED_NOTE), each pair
drawn while the two rounds before it were a session's test sets.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from bench.quality.goldselect import (
    ROUNDS,
    select_bbc,
    select_bbc2,
    select_bbc3,
    select_bbc4,
    select_round,
    select_web,
    select_web2,
)
from onrecord.indexer.read.encodings import decode_text

REPO = Path(__file__).resolve().parents[2]
GOLD_DIR = REPO / "bench" / "gold"
FIELDS = ("kind", "speaker", "speaker_type", "tie", "cue")
# '," Mann explained, "' inside a direct quote: the marks close, an attribution
# of a few words (with a speech verb or not), the marks open again.
_INTERRUPTION = re.compile(r"[,.?!]?[\"\u201d]\s*,?\s*[^\"\u201c\u201d\n]{1,60}?[,:]\s*[\"\u201c]")

# The notes below name goldselect by the path it had when the golds were drawn
# (bench/goldselect.py, now bench/quality/goldselect.py): the committed golds carry
# them verbatim, and a rebuilt gold must equal its committed file.
WEB_NOTE = (
    "Held-out attribution gold (issue #31) over pages of WCXB v1.0's development split "
    "(Murrough Foley, CC-BY-4.0; ../shared/htmleval/wcxb-dev), chosen by bench/goldselect.py and "
    "annotated by hand from each page's gold main text without running onrecord: every direct, "
    "partial and scare quote and every reported statement (kind indirect), with the speaker's "
    "full name, type, how the article ties it and the cue. text is verbatim (quote marks "
    "excluded); start/end index the page's main_content. The test half is frozen: its SHA-256 "
    "is in bench/gold/heldout.sha256 and is checked by tests/bench/test_heldout_gold.py.")
BBC_NOTE = (
    "Held-out BBC attribution gold (issue #31): 30 articles of ../shared/corpus/bbc not in "
    "bbc_quotes.json, drawn by bench/goldselect.py, annotated by hand without running onrecord, "
    "in bbc_quotes.json's format (offsets into the text as onrecord decodes it, sha1 = first 12 "
    "hex digits of the span's SHA-1; no article text: BBC copyright). kind includes indirect "
    "(reported speech); cue is the speech verb. A test set: frozen, checksum in heldout.sha256.")


def split_interrupted(text: str, start: int) -> list[tuple[str, int]]:
    """Return the pieces (text, offset) of a direct quote split at every
    attribution that interrupts it; one piece when none does."""
    pieces, at = [], 0
    for match in _INTERRUPTION.finditer(text):
        pieces.append((text[at:match.start()], start + at))
        at = match.end()
    pieces.append((text[at:], start + at))
    return [(t, s) for t, s in pieces if t.strip()]


def locate(source: str, entry: dict[str, Any]) -> int:
    """Return the offset of the entry's text in `source` (its Nth occurrence);
    raises ValueError if it is not there."""
    at = -1
    for _ in range(int(entry.get("occurrence", 1))):
        at = source.index(entry["text"], at + 1)
    return at


def gold_entries(source: str, quotes: list[dict[str, Any]], keep_text: bool) -> list[dict[str, Any]]:
    """Return the gold entries of one article: offsets (and text or sha1),
    interrupted direct quotes split, in document order."""
    out = []
    for entry in quotes:
        start = locate(source, entry)
        pieces = (split_interrupted(entry["text"], start) if entry["kind"] == "direct"
                  else [(entry["text"], start)])
        for text, at in pieces:
            row: dict[str, Any] = {"start": at, "end": at + len(text)}
            row |= {"text": text} if keep_text else {
                "sha1": hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]}
            row |= {k: entry.get(k) for k in FIELDS}
            out.append(row)
    return sorted(out, key=lambda r: (r["start"], r["end"]))


ROUND2_NOTE = (
    " Round 2: drawn by bench/goldselect.py (web2: the pages with 1-2 such quoted passages; "
    "bbc2: random.Random(3232), disjoint from bbc_quotes.json and round 1) after round 1's test "
    "halves were scored once and became tuning data; annotated the same way, a test set only.")


ROUND3_NOTE = (
    " Round 3: drawn by bench/goldselect.py (bbc3: random.Random(3333), disjoint from bbc_quotes.json "
    "and rounds 1-2) after round 2 was scored once on direct and partial quotes; annotated the same "
    "way (headline quotes and headline reported speech included), a test set only.")


ROUND4_NOTE = (
    " Round 4: drawn by bench/goldselect.py (bbc4: random.Random(4444), disjoint from bbc_quotes.json "
    "and rounds 1-3) after round 3 was scored once (d71b62b) and became tuning data; annotated the "
    "same way (headline quotes and headline reported speech included), a test set only.")


ROUND5_NOTE = (
    " Round 5: drawn by bench/goldselect.py (bbc5: 60 articles by random.Random(5555), disjoint from "
    "bbc_quotes.json and rounds 1-4, no text twice) after round 4 was scored once (088532b) and became "
    "tuning data; annotated the same way (headline quotes and headline reported speech included), a "
    "test set only.")


ROUND6_NOTE = (
    " Round 6: drawn by bench/goldselect.py (bbc6: 40 articles by random.Random(6666), disjoint from "
    "bbc_quotes.json and rounds 1-5, no text twice nor the text of an earlier gold's article) after round 5 "
    "was scored once (49f2dda) and became tuning data; annotated the same way (headline quotes and headline "
    "reported speech included), a test set only.")


ROUND7_NOTE = (
    " Round 7: drawn by bench/goldselect.py (bbc7: 40 articles by random.Random(7777), disjoint from "
    "bbc_quotes.json and rounds 1-6, no text twice nor the text of an earlier gold's article) after round 6 "
    "was scored once (c769569) and became tuning data; annotated the same way (headline quotes and headline "
    "reported speech included), a test set only.")


ROUND8_NOTE = (
    " Round 8: drawn by bench/goldselect.py (bbc8: 40 articles by random.Random(8888), disjoint from "
    "bbc_quotes.json and rounds 1-7, no text twice nor the text of an earlier gold's article) after round 7 "
    "was scored once (d211a3a) and became tuning data; annotated the same way (headline quotes and headline "
    "reported speech included), a test set only.")


ROUND9_NOTE = (
    " Round 9: drawn by bench/goldselect.py (bbc9: 40 articles by random.Random(9999), disjoint from "
    "bbc_quotes.json and rounds 1-8, no text twice nor the text of an earlier gold's article) after round 8 "
    "was scored once (2900c4f) and became tuning data; annotated the same way (headline quotes and headline "
    "reported speech included), a test set only.")


ROUND10_NOTE = (
    " Round 10: drawn by bench/goldselect.py (bbc10: 40 articles by random.Random(101010), disjoint from "
    "bbc_quotes.json and rounds 1-9, no text twice nor the text of an earlier gold's article) after round 9 "
    "was frozen and scored at the starting code, as a second test set beside it; annotated the same way "
    "(headline quotes and headline reported speech included), a test set only.")


# The note of a round from 14 on: one drawn first of its pair (ROUND_NOTE) or one
# drawn beside another (PAIRED_NOTE), filled from its row of bench.quality.goldselect's ROUNDS.
ROUND_NOTE = (
    " Round {n}: drawn by bench/goldselect.py (bbc{n}: {count} articles by random.Random({seed}), disjoint from "
    "bbc_quotes.json and rounds 1-{last}, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds {tested} and {last}, for the session after it; annotated the same way (headline "
    "quotes and headline reported speech included) by annotators who saw only the texts, a test set only.")
PAIRED_NOTE = (
    " Round {n}: drawn by bench/goldselect.py (bbc{n}: {count} articles by random.Random({seed}), disjoint from "
    "bbc_quotes.json, rounds 1-{last} and round {beside}'s draw, no text twice nor the text of an earlier gold's "
    "article) beside round {beside}; annotated the same way, a test set only.")
# The notes of rounds 11, 12, 13 and 15 as built: each says when it was drawn in its own words.
NOTES_AS_BUILT = {
    11: (
        " Round 11: drawn by bench/goldselect.py (bbc11: 40 articles by random.Random(111111), disjoint from "
        "bbc_quotes.json and rounds 1-10, no text twice nor the text of an earlier gold's article) after rounds 9 "
        "and 10 were scored once after tuning (0a0e165) and became tuning data; annotated the same way "
        "(headline quotes and headline reported speech included), a test set only."),
    12: (
        " Round 12: drawn by bench/goldselect.py (bbc12: 40 articles by random.Random(121212), disjoint from "
        "bbc_quotes.json, rounds 1-10 and round 11's draw, no text twice nor the text of an earlier gold's article) "
        "beside round 11; annotated the same way (headline quotes and headline reported speech included), a test "
        "set only."),
    13: (
        " Round 13: drawn by bench/goldselect.py (bbc13: 40 articles by random.Random(131313), disjoint from "
        "bbc_quotes.json and rounds 1-12, no text twice nor the text of an earlier gold's article) while rounds 11 "
        "and 12 were the test sets of a session's tuning; annotated the same way (headline quotes and headline "
        "reported speech included) by annotators who saw only the texts, a test set only."),
    15: (
        " Round 15: drawn by bench/goldselect.py (bbc15: 40 articles by random.Random(151515), disjoint from "
        "bbc_quotes.json and rounds 1-14, no text twice nor the text of an earlier gold's article) in the session "
        "rounds 13 and 14 were drawn in, for the session after it; annotated the same way (headline quotes and "
        "headline reported speech included) by annotators who saw only the texts, a test set only."),
}


def round_note(number: int) -> str:
    """Return the note round `number` (11 on) adds to BBC_NOTE: as built
    (NOTES_AS_BUILT), else ROUND_NOTE or PAIRED_NOTE filled from its row of
    goldselect.ROUNDS."""
    if number in NOTES_AS_BUILT:
        return NOTES_AS_BUILT[number]
    row = ROUNDS[number]
    if row.beside is None:
        return ROUND_NOTE.format(n=number, count=row.count, seed=row.seed, tested=number - 2, last=number - 1)
    return PAIRED_NOTE.format(n=number, count=row.count, seed=row.seed, last=row.beside - 1, beside=row.beside)


def build_web(annotations: Path, htmleval: Path, half: list[str], split: str) -> dict[str, Any]:
    """Return the web gold of one half."""
    pages = {}
    for ident in half:
        page = json.loads((htmleval / "gold" / f"{ident}.json").read_text(encoding="utf-8"))
        quotes = json.loads((annotations / "web" / f"{ident}.json").read_text(encoding="utf-8"))["quotes"]
        pages[ident] = {"url": page["url"],
                        "quotes": gold_entries(page["main_content"] or "", quotes, keep_text=True)}
    return {"note": WEB_NOTE, "split": split, "pages": pages}


def build_round2(annotations: Path, htmleval: Path, corpus: Path) -> None:
    """Write round 2's two test sets from `annotations` (web/ and bbc/ files)."""
    web = build_web(annotations, htmleval, select_web2(htmleval), "test")
    web["note"] += ROUND2_NOTE
    write_json(GOLD_DIR / "web_quotes_r2_test.json", web)
    bbc = build_bbc(annotations, corpus, select_bbc2(corpus, GOLD_DIR))
    bbc["note"] += ROUND2_NOTE
    write_json(GOLD_DIR / "bbc_heldout_r2_test.json", bbc)


# The BBC-only rounds: round -> the note added to BBC_NOTE.
BBC_ROUNDS: dict[int, str] = {
    3: ROUND3_NOTE, 4: ROUND4_NOTE, 5: ROUND5_NOTE, 6: ROUND6_NOTE, 7: ROUND7_NOTE, 8: ROUND8_NOTE,
    9: ROUND9_NOTE, 10: ROUND10_NOTE, **{n: round_note(n) for n in ROUNDS}}


def draw_round(number: int, corpus: Path) -> list[str]:
    """Return BBC round `number`'s articles: rounds 3 and 4 by their own
    draws, every later one by goldselect.select_round."""
    early = {3: select_bbc3, 4: select_bbc4}
    if number in early:
        return early[number](corpus, GOLD_DIR)
    return select_round(number, corpus, GOLD_DIR)


def build_bbc_round(number: int, annotations: Path, corpus: Path) -> None:
    """Write BBC-only round `number`'s test set (BBC_ROUNDS) from
    `annotations` (bbc/ files) as bench/gold/bbc_heldout_rN_test.json."""
    bbc = build_bbc(annotations, corpus, draw_round(number, corpus))
    bbc["note"] += BBC_ROUNDS[number]
    write_json(GOLD_DIR / f"bbc_heldout_r{number}_test.json", bbc)


def build_bbc(annotations: Path, corpus: Path, chosen: list[str]) -> dict[str, Any]:
    """Return the held-out BBC gold."""
    files = {}
    for rel in chosen:
        text = decode_text((corpus / rel).read_bytes()).text
        ident = rel.removesuffix(".txt").replace("/", "__")
        quotes = json.loads((annotations / "bbc" / f"{ident}.json").read_text(encoding="utf-8"))["quotes"]
        files[rel] = gold_entries(text, quotes, keep_text=False)
    return {"note": BBC_NOTE, "corpus": "../shared/corpus/bbc", "articles": chosen, "files": files}


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write `data` as stable, reviewable JSON (one key per line)."""
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("annotations", type=Path)
    parser.add_argument("--htmleval", type=Path, default=Path("../shared/htmleval/wcxb-dev"))
    parser.add_argument("--corpus", type=Path, default=Path("../shared/corpus/bbc"))
    parser.add_argument("--round", type=int, choices=tuple(range(1, max(BBC_ROUNDS) + 1)), default=1)
    args = parser.parse_args()
    if args.round == 2:
        build_round2(args.annotations, args.htmleval, args.corpus)
        return
    if args.round in BBC_ROUNDS:
        build_bbc_round(args.round, args.annotations, args.corpus)
        return
    web = select_web(args.htmleval)
    for split in ("dev", "test"):
        write_json(GOLD_DIR / f"web_quotes_{split}.json",
                   build_web(args.annotations, args.htmleval, web[split], split))
    chosen = select_bbc(args.corpus, GOLD_DIR / "bbc_quotes.json")
    write_json(GOLD_DIR / "bbc_heldout_test.json", build_bbc(args.annotations, args.corpus, chosen))


if __name__ == "__main__":
    main()
