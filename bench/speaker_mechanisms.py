"""Wrong quote speakers of the tuning golds by mechanism (issue #31): counts, never quotes.

Run from the repo root: `python -m bench.speaker_mechanisms [SOURCE ...]` (default every key of
bench.attribution_errors.TUNING: the BBC gold, every spent BBC round, web dev and rounds 1-2 web).

Owns sorting every matched direct or partial quote whose speaker is wrong by full name
(bench.extraction.identity_ok, as the speaker row scores it) into one mechanism, read from
the shape of what the extractor took as the speaker phrase (Quote.speaker_mention) and the
rule that credited it, first match in MECHANISMS' order.  It is a coarse reading of the
phrase, not of the article: use it to see which mechanisms recur over many rounds (a fix
must show its cause in four or more) before reading single cases with
bench.attribution_errors --context.  bench.speaker_misses splits the same quotes by where
in the ranker the right person was lost; the two tables answer different questions.

It prints one row per mechanism: quotes, sources it occurs in, the sources themselves.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator

from bench.attribution_errors import TUNING, bbc_articles, web_articles
from bench.extraction import identity_ok, match_quotes
from bench.speaker_misses import _same_person_other_form as _other_form
from onrecord.search import Quote

_PRONOUNS = frozenset(("he", "she", "it", "they", "i", "we", "you"))
_SPOKES_RE = re.compile(r"\bspokes(?:man|woman|person)\b")
_DOCUMENT_RE = re.compile(r"\b(?:report|document|statement|article|letter|study|release|documentary)s?\b")
_BODY_RE = re.compile(r"^(?:the|a|an)\s+(?:\S+\s+){0,3}(?:firm|band|group|magazine|newspaper|paper|festival"
                      r"|exchange|company|station|club|charity|bookmaker|executive|government|party)\b")
_BESIDE = 60  # characters between a cut phrase and its cue: a descriptor run and an aside, not a sentence
_DESCRIPTION_RE = re.compile(r"^(?:the|a|an|his|her|their|its|another)\s")

MECHANISMS = (
    "name form not resolved to the full name",
    "headline quote credited to the wrong speaker",
    "pronoun to the wrong person",
    "pronoun left unresolved",
    "spokesperson: the body not found",
    "document or statement: the issuer not found",
    "body description (the firm, the band) not resolved",
    "person description (age, role, epithet) not resolved",
    "speaker phrase cut to one capitalised word",
    "no speaker phrase: a stray word, no cue beside it",
    "no speaker phrase: carried over a turn",
    "carried from the wrong speaker",
    "other",
)


def mechanism(q: Quote, names: list[str], tie: str | None) -> str:
    """Return the mechanism (one of MECHANISMS) of the wrong speaker of `q`,
    `names` the gold's names for the speaker, `tie` the gold's tie."""
    phrase = (q.speaker_mention.text if q.speaker_mention else "").strip()
    low = phrase.lower()
    first = low.split()[0] if low.split() else ""
    if _other_form(q.speaker, names):
        return MECHANISMS[0]
    if q.speaker_source == "rule:headline":
        return MECHANISMS[1]
    if first in _PRONOUNS:
        return MECHANISMS[2] if q.speaker else MECHANISMS[3]
    found = [_SPOKES_RE.search(low), _DOCUMENT_RE.search(low), _BODY_RE.match(low), _DESCRIPTION_RE.match(low)]
    for k, hit in enumerate(found):
        if hit:
            return MECHANISMS[4 + k]
    if len(phrase.split()) == 1 and phrase[:1].isupper() and q.speaker is None:
        # "Radio 1 said" read as "Radio" is a cut name; "Noting", "Asked" or a sentence's
        # first word far from any cue is no speaker phrase at all (issue #31: most of them were)
        return MECHANISMS[8] if _cue_beside(q) else MECHANISMS[9]
    if not phrase:
        return MECHANISMS[10] if q.speaker is None or tie != "carried" else MECHANISMS[11]
    return MECHANISMS[11] if tie == "carried" and q.speaker else MECHANISMS[12]


def _cue_beside(q: Quote) -> bool:
    """Return True when a cue other than the phrase itself follows or precedes the
    speaker phrase within _BESIDE characters ("Radio 1 said", "Telecom analysts Acme,
    ..., saying"); False for a phrase that is its own cue ("Noting") or stands apart."""
    m, c = q.speaker_mention, q.cue_mention
    if m is None or c is None or c.start < m.end and m.start < c.end:
        return False
    return (c.start - m.end if c.start >= m.end else m.start - c.end) <= _BESIDE


def wrong_speakers(source: str) -> Iterator[str]:
    """Yield the mechanism of each wrong speaker of one tuning gold (a TUNING key)."""
    read = web_articles if source.startswith("web") else bbc_articles
    for _ident, quotes, gold_all in read(TUNING[source], set()):
        pred = [q for q in quotes if q.kind in ("direct", "partial")]
        gold = [g for g in gold_all if g["kind"] in ("direct", "partial")]
        for j, i in match_quotes(pred, gold).items():
            names = gold[j].get("speaker")
            if names and not identity_ok(pred[i].speaker, names):
                yield mechanism(pred[i], names, gold[j].get("tie"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("sources", nargs="*", help="keys of TUNING (default: every one)")
    args = ap.parse_args(argv)
    unknown = set(args.sources) - set(TUNING)
    if unknown:
        ap.error(f"not a tuning gold: {', '.join(sorted(unknown))}")
    counts: Counter[str] = Counter()
    where: defaultdict[str, set[str]] = defaultdict(set)
    for source in args.sources or list(TUNING):
        for found in wrong_speakers(source):
            counts[found] += 1
            where[found].add(source)
    print(f"{'mechanism':<52} quotes sources  where")
    for name, n in counts.most_common():
        print(f"{name:<52} {n:>6} {len(where[name]):>7}  {' '.join(sorted(where[name]))}")
    print(f"{'total':<52} {sum(counts.values()):>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
