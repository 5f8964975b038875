"""The learned choice of a quote's speaker among all its candidates (issue #31).

Owns which of a quote's candidate speakers is credited: the cascade's own
answer (indexer.annotate.attribution.attribution's rules, tagged with the
rule that found it), every person the article's registry
(indexer.annotate.attribution.people.speakers.DocSpeakers) records a mention of
outside quote marks in the quote's sentence, the sentence before it, the
previous paragraph's last sentence and the sentence after it, the last
speaker, and "nobody".  Rules keep what they do well (cue words, name
shapes, resolving a mention to the canonical full name: every candidate is
a registry Person or the cascade's resolved value); the choice is a
weighted sum of a few features per candidate (indexer.annotate.attribution.
rankfeatures) with weights fitted on training data
(indexer/data/ranker_weights.json, fitted by bench/fit_ranker.py, which
documents its data sources).  The highest score wins; ties go to the
cascade's answer.

Every window is a bisection over the registry's sorted mention positions
(at most WINDOW_MENTIONS each), so a quote costs O(k log n).
"""
from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from onrecord.indexer.annotate.attribution.people.positions import Positions
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.ranking.rankfeatures import FEATURES, Candidate, Situation, feature_rows
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.lexicon import DATA_DIR

WEIGHTS_PATH = DATA_DIR / "ranker_weights.json"
WINDOW_MENTIONS = 12  # mentions read per window: a sentence names few people


@dataclass(slots=True)
class Windows:
    """Where a quote stands: its paragraph's frame, the frame before it and
    the local offsets of the quote."""

    frame: Frame
    before: Frame | None
    qs: int  # local start of the quote in `frame`
    qe: int  # local end


@dataclass(slots=True)
class Recorder:
    """Every choice made while it is installed (bench/fit_ranker.py reads them)."""

    choices: list[tuple[int, int, list[Candidate], list[list[float]]]] = field(default_factory=list)
    passthrough: bool = True  # keep the cascade's answer (collect training data as the cascade runs)


RECORDER: Recorder | None = None


def _between(positions: Positions, lo: int, hi: int) -> list[tuple[int, int]]:
    """Return (position, owner) with lo <= position < hi, at most WINDOW_MENTIONS of each list."""
    found: list[tuple[int, int]] = []
    for items in (positions.scanned, positions.attributed):
        i = bisect_left(items, (lo, -1))
        found.extend(items[i:i + WINDOW_MENTIONS])
    return sorted(x for x in found if x[0] < hi)


def _windows(w: Windows) -> list[tuple[str, Frame, int, int]]:
    """Return (relation, frame, local lo, local hi) of the windows around the quote."""
    f = w.frame
    slo, _ = f.sentence(w.qs)
    out = [("before", f, slo, w.qs)]
    if w.qe < len(f.s) and not f.is_bound(w.qe):
        ahi = f.sentence(w.qe)[1]
        out.append(("after", f, w.qe, ahi))
    else:
        ahi = w.qe
    if ahi < len(f.s.rstrip()):
        out.append(("next", f, *f.sentence(ahi)))
    if slo > 0:
        out.append(("previous", f, f.sentence(slo - 1)[0], slo))
    elif w.before is not None and w.before.s.strip():
        end = len(w.before.s.rstrip())
        out.append(("paragraph", w.before, w.before.sentence(end - 1)[0], end))
    return out


def candidates(people: DocSpeakers, w: Windows, cascade: Candidate, carry: str | None) -> list[Candidate]:
    """Return the quote's candidates: the cascade's answer first, then one per
    distinct person mentioned in the windows (its nearest mention, each
    relation it has), the carried speaker and nobody."""
    found: dict[str, Candidate] = {}
    if cascade.speaker:
        found[cascade.speaker] = cascade
    for relation, frame, lo, hi in _windows(w):
        for pos, owner in _between(people.mentions, frame.base + lo, frame.base + hi):
            person = people.by_order[owner]
            cand = found.get(person.name)
            if cand is None:
                cand = found[person.name] = Candidate(person.name, person=person)
            elif cand.person is None:
                cand.person = person
            cand.note(relation, pos, frame)
    if carry and carry not in found:
        found[carry] = Candidate(carry)
    if carry:
        found[carry].carried = True
    nobody = Candidate(None, cascade=cascade.speaker is None, mention=None if cascade.speaker else cascade.mention)
    return [*found.values(), nobody]


# the rules whose answer the learned choice may overrule: a quote credited to its sentence's
# opening subject with no cue beside it.  Chosen on the spent BBC rounds 3-18, none of them fitting
# data of the shipped table (bench/fit_ranker.py --gate; bench/RESULTS.md, #31): 3 rounds better,
# none worse.  Adding same_paragraph (a quote carried from the paragraph's previous speaker) won one
# more quote net, lost in 2 rounds and built seven times the candidate sets (5% of extraction CPU);
# the other rules (a cue, "said X", above all) kept their answers better than the weights did.
WEAK_RULES = frozenset({"sentence_subject"})


def decides(cascade: Candidate) -> bool:
    """True when the learned choice decides: the rules found no speaker and
    no speaker phrase, or their answer came from a weak rule (WEAK_RULES).
    Where a stronger rule found one, overruling it lost as often as it won
    on the tuning golds (bench/fit_ranker.py prints both), so the rules keep
    those quotes: a rule, narrowing where the weights apply."""
    if cascade.speaker is None:
        return cascade.mention is None
    return cascade.rule in WEAK_RULES


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    """Return the fitted weights, in FEATURES' order (a missing feature weighs 0)."""
    table = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))["weights"]
    return tuple(float(table.get(name, 0.0)) for name in FEATURES)


def choose(people: DocSpeakers, w: Windows, cascade: Candidate, carry: str | None,
           situation: Situation, table: Sequence[float] | None = None) -> Candidate:
    """Return the candidate with the highest score (ties: the cascade's answer)."""
    recorder = RECORDER
    if recorder is None and not decides(cascade):
        return cascade  # the rules keep it: no candidates to build (speed: most quotes)
    pool = candidates(people, w, cascade, carry)
    rows = feature_rows(pool, people, situation)
    if recorder is not None:
        recorder.choices.append((situation.start, situation.end, pool, rows))
    if recorder is not None and recorder.passthrough or not decides(cascade):
        return pool[0] if cascade.speaker else pool[-1]
    wt = weights() if table is None else table
    scores = [sum(a * b for a, b in zip(wt, row, strict=True)) for row in rows]
    best = max(range(len(pool)), key=lambda k: (scores[k], pool[k].cascade))
    return pool[best]
