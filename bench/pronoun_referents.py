"""Who PolNeAR's pronoun sources refer to, read from a hand-made table (issue #31).

PolNeAR annotates a pronoun source as the pronoun itself ("he") and has no
coreference, so bench.pronouns could not check a "he" resolved to a name.
bench/gold/polnear_pronoun_referents_<split>.tsv gives, per pronoun source
span (doc_id, start, end), the character offsets of the referent's fullest
name mention in the same article, or "none" when the article never names it
(offsets only: PolNeAR's text is not ours to commit).  This module reads the
table, names the referent from the article text and judges a resolved speaker
against it: right when the last words agree (or the whole names do).
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

TABLE = Path(__file__).resolve().parent / "gold" / "polnear_pronoun_referents_{split}.tsv"

# (doc_id, source start, source end) -> (referent start, end), None when unnamed
Referents = dict[tuple[str, int, int], tuple[int, int] | None]
# why a table row can't be used: the pronoun has no row in the table
MISSING = "no referent row"
_SUFFIXES = frozenset("jr sr ii iii iv".split())


def load_referents(path: Path) -> Referents:
    """Return the table at `path` ('#' lines are comments); {} when absent."""
    if not path.exists():
        return {}
    table: Referents = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        doc_id, start, end, ref_start, ref_end = line.split("\t")
        span = None if ref_start == "none" else (int(ref_start), int(ref_end))
        table[(doc_id, int(start), int(end))] = span
    return table


def split_referents(docs: list[dict[str, Any]]) -> Referents:
    """Return the referent table of the split the converted `docs` come from
    (convert.py writes a "split" field); {} when there is none."""
    splits = {str(doc["split"]) for doc in docs if doc.get("split")}
    table: Referents = {}
    for split in sorted(splits):
        table.update(load_referents(Path(str(TABLE).format(split=split))))
    return table


def referent_name(doc: dict[str, Any], gold: dict[str, Any], table: Referents) -> str | None:
    """Return the name the gold quote's pronoun source refers to, read from the
    article text; None when the article never names the referent; MISSING when
    the source is not a pronoun or the table has no row for it."""
    if not gold.get("speaker_is_pronoun") or not gold.get("speaker_spans"):
        return MISSING
    start, end = gold["speaker_spans"][0]
    key = (doc["doc_id"], start, end)
    if key not in table:
        return MISSING
    span = table[key]
    return None if span is None else doc["text"][span[0]:span[1]]


def name_words(name: str) -> list[str]:
    """Return the lower-cased words of a name, possessive 's and a trailing
    generational suffix ("Jr.", "II") dropped: "Joseph R. Murray II" and
    "Murray" are one surname."""
    plain = re.sub(r"['\u2019]s\b", "", name.replace("\u2019", "'"))
    words = re.findall(r"[a-z][a-z'-]*", plain.lower())
    return words[:-1] if len(words) > 1 and words[-1] in _SUFFIXES else words


def judge_referent(resolved: str, referent: str | None) -> str:
    """Return 'right' or 'wrong' for a speaker name against the referent's
    name: right when the last words (or whole names) agree; an unnamed
    referent (None) is right only when the speaker names nobody."""
    said = name_words(resolved)
    if referent is None:
        return "wrong" if said else "right"
    named = name_words(referent)
    return "right" if said and named and (said[-1] == named[-1] or said == named) else "wrong"


def gold_pronoun_verdicts(doc: dict[str, Any], quotes: list[Any], table: Referents,
                          min_cover: float) -> Counter[str]:
    """Return, over the doc's gold quotes with a pronoun source and a table
    row, how onrecord's best-covering quote (any evidence) names the referent:
    'right', 'wrong', 'no speaker' or 'unmatched' (no quote covers min_cover)."""
    tally: Counter[str] = Counter()
    for gold in doc["quotes"]:
        referent = referent_name(doc, gold, table)
        if referent == MISSING:
            continue
        best = max(quotes, default=None, key=lambda q: _cover(q, gold))
        if best is None or _cover(best, gold) < min_cover:
            tally["unmatched"] += 1
        elif not best.speaker and referent is not None:
            tally["no speaker"] += 1
        else:
            tally[judge_referent(best.speaker or "", referent)] += 1
    return tally


def _cover(quote: Any, gold: dict[str, Any]) -> float:
    overlap = max(0, min(quote.end, gold["end"]) - max(quote.start, gold["start"]))
    return overlap / max(1, gold["end"] - gold["start"])


def summarize_gold(tally: Counter[str]) -> str:
    """Return the one-line tally of gold_pronoun_verdicts() summed over a split."""
    total = sum(tally.values())
    matched = tally["right"] + tally["wrong"] + tally["no speaker"]
    return (f"gold quotes with a pronoun source: {total}; onrecord's covering quote names the referent "
            f"{tally['right']}, someone else {tally['wrong']}, nobody {tally['no speaker']} "
            f"({tally['right'] / max(1, matched):.3f} of {matched} matched), unmatched {tally['unmatched']}")
