"""Wrong quote speakers of the tuning golds by mechanism (issue #31): counts, never quotes.

Run from the repo root: `python -m bench.errors.speaker_mechanisms [SOURCE ...]` (default every key of
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

# One name per mechanism, read by name below (not by position), in the order they are tried.
NAME_FORM = "name form not resolved to the full name"
HEADLINE = "headline quote credited to the wrong speaker"
PRONOUN_WRONG = "pronoun to the wrong person"
PRONOUN_UNRESOLVED = "pronoun left unresolved"
SPOKESPERSON = "spokesperson: the body not found"
DOCUMENT = "document or statement: the issuer not found"
BODY_DESCRIPTION = "body description (the firm, the band) not resolved"
PERSON_DESCRIPTION = "person description (age, role, epithet) not resolved"
CUT_WORD = "speaker phrase cut to one capitalised word"
STRAY_WORD = "no speaker phrase: a stray word, no cue beside it"
CARRIED_TURN = "no speaker phrase: carried over a turn"
CARRIED_WRONG = "carried from the wrong speaker"
OTHER = "other"
MECHANISMS = (NAME_FORM, HEADLINE, PRONOUN_WRONG, PRONOUN_UNRESOLVED, SPOKESPERSON, DOCUMENT, BODY_DESCRIPTION,
              PERSON_DESCRIPTION, CUT_WORD, STRAY_WORD, CARRIED_TURN, CARRIED_WRONG, OTHER)
# The phrase shapes tried in order (spokesperson, document, body, person description) -> their mechanism.
_PHRASE_SHAPES = ((SPOKESPERSON, _SPOKES_RE.search), (DOCUMENT, _DOCUMENT_RE.search),
                  (BODY_DESCRIPTION, _BODY_RE.match), (PERSON_DESCRIPTION, _DESCRIPTION_RE.match))


def mechanism(q: Quote, names: list[str], tie: str | None) -> str:
    """Return the mechanism (one of MECHANISMS) of the wrong speaker of `q`,
    `names` the gold's names for the speaker, `tie` the gold's tie."""
    phrase = (q.speaker_mention.text if q.speaker_mention else "").strip()
    low = phrase.lower()
    first = low.split()[0] if low.split() else ""
    if _other_form(q.speaker, names):
        return NAME_FORM
    if q.speaker_source == "rule:headline":
        return HEADLINE
    if first in _PRONOUNS:
        return PRONOUN_WRONG if q.speaker else PRONOUN_UNRESOLVED
    for name, found in _PHRASE_SHAPES:
        if found(low):
            return name
    if len(phrase.split()) == 1 and phrase[:1].isupper() and q.speaker is None:
        # "Radio 1 said" read as "Radio" is a cut name; "Noting", "Asked" or a sentence's
        # first word far from any cue is no speaker phrase at all (issue #31: most of them were)
        return CUT_WORD if _cue_beside(q) else STRAY_WORD
    if not phrase:
        return CARRIED_TURN if q.speaker is None or tie != "carried" else CARRIED_WRONG
    return CARRIED_WRONG if tie == "carried" and q.speaker else OTHER


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
