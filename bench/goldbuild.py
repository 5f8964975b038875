"""Build the held-out attribution golds (issue #31) from per-article annotations.

Owns turning one annotation file per article ({"id", "quotes": [entry, ...]},
written by hand from the article's text, without onrecord's output) into the
committed gold files:

- bench/gold/web_quotes_dev.json, bench/gold/web_quotes_test.json: the htmleval
  pages of bench.goldselect's web split; each entry keeps its verbatim text
  (the pages are CC-BY-4.0, credited in the file's note) and its offsets into
  the page's gold main text;
- bench/gold/bbc_heldout_test.json: the 30 held-out BBC articles, offsets and a
  SHA-1 prefix only (BBC copyright: no text), in bench/gold/bbc_quotes.json's
  format, so bench.extraction's BBC scorer reads it unchanged.

One normalisation is applied to every annotation: a direct quote the writer
interrupts with its attribution ('"However," Mann explained, "we ..."') is two
spans, as in the BBC gold, split at the attribution.

`python -m bench.goldbuild ANNOTATIONS_DIR` writes the three files;
`python -m bench.goldbuild --round 2 ANNOTATIONS_DIR` writes round 2's test sets
(bench/gold/web_quotes_r2_test.json, bench/gold/bbc_heldout_r2_test.json), drawn
by bench.goldselect's web2 and bbc2 after round 1's test halves were scored;
`--round 3` writes round 3's BBC test set (bench/gold/bbc_heldout_r3_test.json,
bench.goldselect's bbc3), drawn after round 2 was scored; `--round 4` writes
round 4's (bench/gold/bbc_heldout_r4_test.json, bench.goldselect's bbc4), drawn
after round 3 was scored; `--round 5` writes round 5's
(bench/gold/bbc_heldout_r5_test.json, bench.goldselect's bbc5: 60 articles),
drawn after round 4 was scored; `--round 6` writes round 6's
(bench/gold/bbc_heldout_r6_test.json, bench.goldselect's bbc6: 40 articles),
drawn after round 5 was scored; `--round 7` writes round 7's
(bench/gold/bbc_heldout_r7_test.json, bench.goldselect's bbc7: 40 articles),
drawn after round 6 was scored; `--round 8` writes round 8's
(bench/gold/bbc_heldout_r8_test.json, bench.goldselect's bbc8: 40 articles),
drawn after round 7 was scored; `--round 9` writes round 9's
(bench/gold/bbc_heldout_r9_test.json, bench.goldselect's bbc9: 40 articles),
drawn after round 8 was scored; `--round 10` writes round 10's
(bench/gold/bbc_heldout_r10_test.json, bench.goldselect's bbc10: 40
articles), drawn after round 9 was frozen and scored at the starting code; `--round 11`
and `--round 12` write rounds 11 and 12's (bench.goldselect's bbc11 and bbc12:
40 articles each), drawn after rounds 9 and 10 were scored once after tuning;
`--round 13` and `--round 14` write rounds 13 and 14's (bbc13 and bbc14: 40
articles each), drawn while rounds 11 and 12 were a session's test sets;
`--round 15` and `--round 16` write rounds 15 and 16's (bbc15 and bbc16),
drawn beside them for the session after; `--round 17` and `--round 18` write
rounds 17 and 18's (bbc17 and bbc18), drawn while rounds 15 and 16 were a
session's test sets; `--round 19` and `--round 20` write rounds 19 and 20's
(bbc19 and bbc20), drawn while rounds 17 and 18 were a session's test sets;
`--round 21` and `--round 22` write rounds 21 and 22's (bbc21 and bbc22),
drawn while rounds 19 and 20 were a session's test sets;
`--round 23` and `--round 24` write rounds 23 and 24's (bbc23 and bbc24),
drawn while rounds 21 and 22 were a session's test sets;
`--round 25` and `--round 26` write rounds 25 and 26's (bbc25 and bbc26),
drawn while rounds 23 and 24 were a session's test sets;
`--round 27` and `--round 28` write rounds 27 and 28's (bbc27 and bbc28),
drawn while rounds 25 and 26 were a session's test sets;
`--round 29` and `--round 30` write rounds 29 and 30's (bbc29 and bbc30),
drawn while rounds 27 and 28 were a session's test sets;
`--round 31` and `--round 32` write rounds 31 and 32's (bbc31 and bbc32),
drawn while rounds 29 and 30 were a session's test sets;
`--round 33` and `--round 34` write rounds 33 and 34's (bbc33 and bbc34),
drawn while rounds 31 and 32 were a session's test sets;
`--round 35` and `--round 36` write rounds 35 and 36's (bbc35 and bbc36),
drawn while rounds 33 and 34 were a session's test sets;
`--round 37` and `--round 38` write rounds 37 and 38's (bbc37 and bbc38),
drawn while rounds 35 and 36 were a session's test sets;
`--round 39` and `--round 40` write rounds 39 and 40's (bbc39 and bbc40),
drawn while rounds 37 and 38 were a session's test sets;
`--round 41` and `--round 42` write rounds 41 and 42's (bbc41 and bbc42),
drawn while rounds 39 and 40 were a session's test sets;
`--round 43` and `--round 44` write rounds 43 and 44's (bbc43 and bbc44),
drawn while rounds 41 and 42 were a session's test sets;
`--round 45` and `--round 46` write rounds 45 and 46's (bbc45 and bbc46),
drawn while rounds 43 and 44 were a session's test sets;
`--round 47` and `--round 48` write rounds 47 and 48's (bbc47 and bbc48),
drawn while rounds 45 and 46 were a session's test sets;
`--round 49` and `--round 50` write rounds 49 and 50's (bbc49 and bbc50),
drawn while rounds 47 and 48 were a session's test sets;
`--round 51` and `--round 52` write rounds 51 and 52's (bbc51 and bbc52),
drawn while rounds 49 and 50 were a session's test sets.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from bench.goldselect import (
    select_bbc,
    select_bbc2,
    select_bbc3,
    select_bbc4,
    select_round,
    select_web,
    select_web2,
)
from onrecord.indexer.read.encodings import decode_text

REPO = Path(__file__).resolve().parent.parent
GOLD_DIR = REPO / "bench" / "gold"
FIELDS = ("kind", "speaker", "speaker_type", "tie", "cue")
# '," Mann explained, "' inside a direct quote: the marks close, an attribution
# of a few words (with a speech verb or not), the marks open again.
_INTERRUPTION = re.compile(r"[,.?!]?[\"\u201d]\s*,?\s*[^\"\u201c\u201d\n]{1,60}?[,:]\s*[\"\u201c]")

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


ROUND11_NOTE = (
    " Round 11: drawn by bench/goldselect.py (bbc11: 40 articles by random.Random(111111), disjoint from "
    "bbc_quotes.json and rounds 1-10, no text twice nor the text of an earlier gold's article) after rounds 9 "
    "and 10 were scored once after tuning (0a0e165) and became tuning data; annotated the same way "
    "(headline quotes and headline reported speech included), a test set only.")
ROUND12_NOTE = (
    " Round 12: drawn by bench/goldselect.py (bbc12: 40 articles by random.Random(121212), disjoint from "
    "bbc_quotes.json, rounds 1-10 and round 11's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 11; annotated the same way (headline quotes and headline reported speech included), a test "
    "set only.")
ROUND13_NOTE = (
    " Round 13: drawn by bench/goldselect.py (bbc13: 40 articles by random.Random(131313), disjoint from "
    "bbc_quotes.json and rounds 1-12, no text twice nor the text of an earlier gold's article) while rounds 11 "
    "and 12 were the test sets of a session's tuning; annotated the same way (headline quotes and headline "
    "reported speech included) by annotators who saw only the texts, a test set only.")
ROUND14_NOTE = (
    " Round 14: drawn by bench/goldselect.py (bbc14: 40 articles by random.Random(141414), disjoint from "
    "bbc_quotes.json, rounds 1-12 and round 13's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 13; annotated the same way, a test set only.")
ROUND15_NOTE = (
    " Round 15: drawn by bench/goldselect.py (bbc15: 40 articles by random.Random(151515), disjoint from "
    "bbc_quotes.json and rounds 1-14, no text twice nor the text of an earlier gold's article) in the session "
    "rounds 13 and 14 were drawn in, for the session after it; annotated the same way (headline quotes and "
    "headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND16_NOTE = (
    " Round 16: drawn by bench/goldselect.py (bbc16: 40 articles by random.Random(161616), disjoint from "
    "bbc_quotes.json, rounds 1-14 and round 15's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 15; annotated the same way, a test set only.")
ROUND17_NOTE = (
    " Round 17: drawn by bench/goldselect.py (bbc17: 40 articles by random.Random(171717), disjoint from "
    "bbc_quotes.json and rounds 1-16, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 15 and 16, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND18_NOTE = (
    " Round 18: drawn by bench/goldselect.py (bbc18: 40 articles by random.Random(181818), disjoint from "
    "bbc_quotes.json, rounds 1-16 and round 17's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 17; annotated the same way, a test set only.")
ROUND19_NOTE = (
    " Round 19: drawn by bench/goldselect.py (bbc19: 40 articles by random.Random(191919), disjoint from "
    "bbc_quotes.json and rounds 1-18, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 17 and 18, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND20_NOTE = (
    " Round 20: drawn by bench/goldselect.py (bbc20: 40 articles by random.Random(202020), disjoint from "
    "bbc_quotes.json, rounds 1-18 and round 19's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 19; annotated the same way, a test set only.")
ROUND21_NOTE = (
    " Round 21: drawn by bench/goldselect.py (bbc21: 40 articles by random.Random(212121), disjoint from "
    "bbc_quotes.json and rounds 1-20, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 19 and 20, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND22_NOTE = (
    " Round 22: drawn by bench/goldselect.py (bbc22: 40 articles by random.Random(222222), disjoint from "
    "bbc_quotes.json, rounds 1-20 and round 21's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 21; annotated the same way, a test set only.")
ROUND23_NOTE = (
    " Round 23: drawn by bench/goldselect.py (bbc23: 40 articles by random.Random(232323), disjoint from "
    "bbc_quotes.json and rounds 1-22, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 21 and 22, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND24_NOTE = (
    " Round 24: drawn by bench/goldselect.py (bbc24: 40 articles by random.Random(242424), disjoint from "
    "bbc_quotes.json, rounds 1-22 and round 23's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 23; annotated the same way, a test set only.")
ROUND25_NOTE = (
    " Round 25: drawn by bench/goldselect.py (bbc25: 40 articles by random.Random(252525), disjoint from "
    "bbc_quotes.json and rounds 1-24, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 23 and 24, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND26_NOTE = (
    " Round 26: drawn by bench/goldselect.py (bbc26: 40 articles by random.Random(262626), disjoint from "
    "bbc_quotes.json, rounds 1-24 and round 25's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 25; annotated the same way, a test set only.")
ROUND27_NOTE = (
    " Round 27: drawn by bench/goldselect.py (bbc27: 40 articles by random.Random(272727), disjoint from "
    "bbc_quotes.json and rounds 1-26, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 25 and 26, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND28_NOTE = (
    " Round 28: drawn by bench/goldselect.py (bbc28: 40 articles by random.Random(282828), disjoint from "
    "bbc_quotes.json, rounds 1-26 and round 27's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 27; annotated the same way, a test set only.")
ROUND29_NOTE = (
    " Round 29: drawn by bench/goldselect.py (bbc29: 40 articles by random.Random(292929), disjoint from "
    "bbc_quotes.json and rounds 1-28, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 27 and 28, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND30_NOTE = (
    " Round 30: drawn by bench/goldselect.py (bbc30: 40 articles by random.Random(303030), disjoint from "
    "bbc_quotes.json, rounds 1-28 and round 29's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 29; annotated the same way, a test set only.")
ROUND31_NOTE = (
    " Round 31: drawn by bench/goldselect.py (bbc31: 40 articles by random.Random(313131), disjoint from "
    "bbc_quotes.json and rounds 1-30, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 29 and 30, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND32_NOTE = (
    " Round 32: drawn by bench/goldselect.py (bbc32: 40 articles by random.Random(323232), disjoint from "
    "bbc_quotes.json, rounds 1-30 and round 31's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 31; annotated the same way, a test set only.")
ROUND33_NOTE = (
    " Round 33: drawn by bench/goldselect.py (bbc33: 40 articles by random.Random(333333), disjoint from "
    "bbc_quotes.json and rounds 1-32, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 31 and 32, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND34_NOTE = (
    " Round 34: drawn by bench/goldselect.py (bbc34: 40 articles by random.Random(343434), disjoint from "
    "bbc_quotes.json, rounds 1-32 and round 33's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 33; annotated the same way, a test set only.")
ROUND35_NOTE = (
    " Round 35: drawn by bench/goldselect.py (bbc35: 40 articles by random.Random(353535), disjoint from "
    "bbc_quotes.json and rounds 1-34, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 33 and 34, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND36_NOTE = (
    " Round 36: drawn by bench/goldselect.py (bbc36: 40 articles by random.Random(363636), disjoint from "
    "bbc_quotes.json, rounds 1-34 and round 35's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 35; annotated the same way, a test set only.")
ROUND37_NOTE = (
    " Round 37: drawn by bench/goldselect.py (bbc37: 40 articles by random.Random(373737), disjoint from "
    "bbc_quotes.json and rounds 1-36, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 35 and 36, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND38_NOTE = (
    " Round 38: drawn by bench/goldselect.py (bbc38: 40 articles by random.Random(383838), disjoint from "
    "bbc_quotes.json, rounds 1-36 and round 37's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 37; annotated the same way, a test set only.")
ROUND39_NOTE = (
    " Round 39: drawn by bench/goldselect.py (bbc39: 40 articles by random.Random(393939), disjoint from "
    "bbc_quotes.json and rounds 1-38, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 37 and 38, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND40_NOTE = (
    " Round 40: drawn by bench/goldselect.py (bbc40: 40 articles by random.Random(404040), disjoint from "
    "bbc_quotes.json, rounds 1-38 and round 39's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 39; annotated the same way, a test set only.")
ROUND41_NOTE = (
    " Round 41: drawn by bench/goldselect.py (bbc41: 40 articles by random.Random(414141), disjoint from "
    "bbc_quotes.json and rounds 1-40, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 39 and 40, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND42_NOTE = (
    " Round 42: drawn by bench/goldselect.py (bbc42: 40 articles by random.Random(424242), disjoint from "
    "bbc_quotes.json, rounds 1-40 and round 41's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 41; annotated the same way, a test set only.")
ROUND43_NOTE = (
    " Round 43: drawn by bench/goldselect.py (bbc43: 40 articles by random.Random(434343), disjoint from "
    "bbc_quotes.json and rounds 1-42, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 41 and 42, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND44_NOTE = (
    " Round 44: drawn by bench/goldselect.py (bbc44: 40 articles by random.Random(444444), disjoint from "
    "bbc_quotes.json, rounds 1-42 and round 43's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 43; annotated the same way, a test set only.")
ROUND45_NOTE = (
    " Round 45: drawn by bench/goldselect.py (bbc45: 40 articles by random.Random(454545), disjoint from "
    "bbc_quotes.json and rounds 1-44, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 43 and 44, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND46_NOTE = (
    " Round 46: drawn by bench/goldselect.py (bbc46: 40 articles by random.Random(464646), disjoint from "
    "bbc_quotes.json, rounds 1-44 and round 45's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 45; annotated the same way, a test set only.")
ROUND47_NOTE = (
    " Round 47: drawn by bench/goldselect.py (bbc47: 40 articles by random.Random(474747), disjoint from "
    "bbc_quotes.json and rounds 1-46, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 45 and 46, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND48_NOTE = (
    " Round 48: drawn by bench/goldselect.py (bbc48: 40 articles by random.Random(484848), disjoint from "
    "bbc_quotes.json, rounds 1-46 and round 47's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 47; annotated the same way, a test set only.")
ROUND49_NOTE = (
    " Round 49: drawn by bench/goldselect.py (bbc49: 40 articles by random.Random(494949), disjoint from "
    "bbc_quotes.json and rounds 1-48, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 47 and 48, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND50_NOTE = (
    " Round 50: drawn by bench/goldselect.py (bbc50: 40 articles by random.Random(505050), disjoint from "
    "bbc_quotes.json, rounds 1-48 and round 49's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 49; annotated the same way, a test set only.")
ROUND51_NOTE = (
    " Round 51: drawn by bench/goldselect.py (bbc51: 40 articles by random.Random(515151), disjoint from "
    "bbc_quotes.json and rounds 1-50, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 49 and 50, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
ROUND52_NOTE = (
    " Round 52: drawn by bench/goldselect.py (bbc52: 40 articles by random.Random(525252), disjoint from "
    "bbc_quotes.json, rounds 1-50 and round 51's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 51; annotated the same way, a test set only.")


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
    9: ROUND9_NOTE, 10: ROUND10_NOTE, 11: ROUND11_NOTE, 12: ROUND12_NOTE, 13: ROUND13_NOTE,
    14: ROUND14_NOTE, 15: ROUND15_NOTE, 16: ROUND16_NOTE, 17: ROUND17_NOTE, 18: ROUND18_NOTE,
    19: ROUND19_NOTE, 20: ROUND20_NOTE, 21: ROUND21_NOTE, 22: ROUND22_NOTE,
    23: ROUND23_NOTE, 24: ROUND24_NOTE, 25: ROUND25_NOTE, 26: ROUND26_NOTE,
    27: ROUND27_NOTE, 28: ROUND28_NOTE, 29: ROUND29_NOTE, 30: ROUND30_NOTE,
    31: ROUND31_NOTE, 32: ROUND32_NOTE, 33: ROUND33_NOTE, 34: ROUND34_NOTE,
    35: ROUND35_NOTE, 36: ROUND36_NOTE, 37: ROUND37_NOTE, 38: ROUND38_NOTE,
    39: ROUND39_NOTE, 40: ROUND40_NOTE, 41: ROUND41_NOTE, 42: ROUND42_NOTE, 43: ROUND43_NOTE, 44: ROUND44_NOTE,
    45: ROUND45_NOTE, 46: ROUND46_NOTE, 47: ROUND47_NOTE, 48: ROUND48_NOTE,
    49: ROUND49_NOTE, 50: ROUND50_NOTE, 51: ROUND51_NOTE, 52: ROUND52_NOTE}


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
    parser.add_argument("--round", type=int, choices=tuple(range(1, 53)), default=1)
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
