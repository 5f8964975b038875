"""Scoring reported speech (issue #32): PolNeAR's indirect attributions with a
speech cue, and the `indirect` entries of our own held-out golds.

Owns the definition of a speech cue for scoring (SPEECH_CUE_RE: a table of
speech and statement verbs; thoughts, wishes and plans are not speech) and
the matching rules, the quote scorer's: a prediction matches a gold clause
when it covers >= MIN_COVER of it, one-to-one, greedy by coverage.

- PolNeAR: gold = indirect attributions with a source and a speech cue.
  Content quoted in '' marks (NYT style; convert.py counts only double
  marks as quote marks) is a quote, left out.  Predictions = quotes of kind
  `indirect`.  A prediction matching no gold is
  false only when it overlaps NO PolNeAR attribution of any kind (a thought,
  a sourceless attribution, a direct quote): PolNeAR annotates every
  attribution, so one outside all of them is wrongly found speech.  Speaker:
  right when the predicted mention overlaps the gold source span or the
  predicted name's last word is in it; where the gold source is a pronoun,
  the resolved name is also judged (bench.pronouns.judge) against the nearest
  named source before it (convert.py's antecedent heuristic, over all
  attributions), and a 'wrong' verdict makes it wrong.
- PolNeAR, people and organisations: a second row, printed BESIDE the strict
  one, that also leaves out gold whose source span's head noun is a finding
  (FINDING_SOURCES: "according to a new poll", "exit polls show").  The issue
  says findings are not speech and the extractor leaves them out by design,
  but PolNeAR counts them as indirect attributions with the cue "according
  to".  Precision is scored as in the strict row.  The issue's target is
  judged on the STRICT row; the second only shows how much of the gap is
  findings.
- Own golds: gold = entries of kind `indirect` (the reported clause).
  Predictions = quotes of kind `indirect` or `partial` (a partial quote's
  span is its clause).  An unmatched `indirect` prediction is false; an
  unmatched `partial` one is neutral (the quote rows score it).  Speaker: by
  full name (bench.extraction.identity_ok) over matched entries with a speaker.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Collection
from pathlib import Path
from typing import Any

from bench.extraction import cover, extract_bbc_gold, extract_text, identity_ok, match, prf
from bench.pronouns import judge
from onrecord.search import Quote

# Speech and statement cues, as PolNeAR's cue spans write them (any word of
# the cue matching counts: "has said", "told reporters", "according to").
# Not speech: believe, think, want, hope, expect, plan, feel, fear, know, say
# nothing of intent or thought; findings (show, find, suggest in a study) are
# left out too.  One row per verb stem.
SPEECH_CUES: tuple[str, ...] = (
    r"s(?:ay|ays|aid|aying)", r"t(?:ell|ells|old|elling)", r"according(?: to)?", r"announc\w*",
    r"den(?:y|ies|ied|ying)", r"add(?:s|ed|ing)?", r"explain\w*", r"stat(?:e|es|ed|ing)",
    r"not(?:e|es|ed|ing)", r"warn\w*", r"claim\w*", r"argu\w*", r"insist\w*", r"admit\w*",
    r"confirm\w*", r"acknowledg\w*", r"wr(?:ite|ites|ote|itten|iting)", r"ask(?:s|ed|ing)?",
    r"repl(?:y|ies|ied|ying)", r"respond\w*", r"testif\w*", r"alleg\w*", r"assert\w*",
    r"contend\w*", r"maintain\w*", r"declar\w*", r"tweet\w*", r"conced\w*", r"stress\w*",
    r"emphasi[sz]\w*", r"point(?:s|ed|ing)? out", r"mention\w*", r"complain\w*", r"repeat\w*",
    r"reiterat\w*", r"recall\w*", r"remark\w*", r"comment\w*", r"promis\w*", r"pledg\w*",
    r"vow\w*", r"predict\w*", r"accus\w*", r"assur\w*", r"report(?:s|ed|ing)?",
    r"reveal\w*", r"disclos\w*", r"express\w*", r"cautio\w*", r"agre\w*", r"object\w*",
    r"counter\w*", r"boast\w*", r"joke\w*", r"quipp?\w*", r"signal\w*", r"hint\w*", r"suggest\w*",
)
SPEECH_CUE_RE = re.compile(rf"\b(?:{'|'.join(SPEECH_CUES)})\b", re.IGNORECASE)
# Head nouns of a source that is a finding or a document, not a person or an
# organisation speaking (the people-and-organisations row leaves such gold
# out).  Singular forms, one row each; a plural head matches its singular.
FINDING_SOURCES: tuple[str, ...] = (
    "poll",         # "according to a new poll", "exit polls"
    "polling",      # "exit polling data" is headed by data; "recent polling"
    "survey",       # "a Washington Post-ABC News survey"
    "study",        # "according to a study by ..."
    "report",       # "press reports", "a congressional report"
    "data",         # "the FBI data"
    "figure",       # "official figures"
    "analysis",     # "an analysis of the filings"
    "analyses",     # plural of analysis (not a trailing s)
    "record",       # "F.A.A. records"
    "document",     # "his campaign finance documents"
    "estimate",     # "according to estimates"
    "research",     # "according to research by ..."
    "result",       # "early results of exit polls"
    "count",        # "a count by The Associated Press"
    "tally",        # "a CNN tally"
    "average",      # "the RealClearPolitics polling average"
    "filing",       # "FEC filings"
    "statistic",    # "government statistics"
    "index",        # "one global index"
    "paper",        # "the 2009 paper"
    "review",       # "a review of the filings"
    "audit",        # "an audit of the accounts"
    "summary",      # "the summary"
    "census",       # "the census"
    "projection",   # "network projections"
    "forecast",     # "the forecast"
    "tracker",      # "Kantar Media's political ad tracker"
    "ranking",      # "the rankings"
)
_FINDINGS = frozenset(FINDING_SOURCES)
# A source's head noun comes before its first post-modifier.
_HEAD_END = frozenset("of by from for in on at with through that which who whose conducted compiled taken "
                      "released published obtained reported issued cited".split())
_PRONOUNS = frozenset("he she they it we i you his her their its our my him them us me who which that".split())


def is_quoted(content: str) -> bool:
    """True for a PolNeAR content span quoted with '' or `` (its NYT-style
    marks, which convert.py leaves to apostrophes and so calls indirect):
    a quote, not reported speech."""
    return "''" in content or "``" in content


def is_speech_cue(cue: str | None) -> bool:
    """True when a gold cue span holds a speech or statement verb (SPEECH_CUES)."""
    return bool(cue) and SPEECH_CUE_RE.search(cue or "") is not None


def head_noun(source: str) -> str:
    """Return a source span's head noun, lowercased: its last word before the
    first preposition, relative or participle (`_HEAD_END`), possessive cut."""
    head = ""
    for word in re.findall(r"[\w.'’/-]+", source.split(",")[0]):
        if word.lower() in _HEAD_END and head:
            break
        head = word
    return re.sub(r"['’]s?$", "", head).lower()


def is_finding_source(source: str | None) -> bool:
    """True when a gold source's head noun (or its singular) is in FINDING_SOURCES."""
    head = head_noun(source or "")
    singular = head[:-3] + "y" if head.endswith("ies") else head[:-1] if head.endswith("s") else head
    return head in _FINDINGS or singular in _FINDINGS


def polnear_gold(gold_all: list[dict[str, Any]], people_only: bool = False) -> list[dict[str, Any]]:
    """Return the scored PolNeAR gold: indirect attributions with a source and
    a speech cue, not quoted; with `people_only`, findings left out too."""
    return [g for g in gold_all
            if g.get("speaker") and is_speech_cue(g.get("cue")) and not is_quoted(g.get("quote", ""))
            and not (people_only and is_finding_source(g["speaker"]))]


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


# --- PolNeAR ---------------------------------------------------------------

def gold_spans(g: dict[str, Any]) -> list[tuple[int, int]]:
    """Return the content spans of a PolNeAR attribution."""
    return [(s, e) for s, e in g.get("spans") or [(g["start"], g["end"])]]


def antecedent(gold: dict[str, Any], every: list[dict[str, Any]]) -> str | None:
    """Return the nearest named (non-pronoun) source before a pronoun gold
    source, among all attributions of its article (a heuristic, not gold)."""
    if not gold.get("speaker_is_pronoun") or not gold.get("speaker_spans"):
        return None
    at = gold["speaker_spans"][0][0]
    named = sorted((a["speaker_spans"][0][0], a["speaker"]) for a in every
                   if a.get("speaker") and a.get("speaker_spans") and not a.get("speaker_is_pronoun")
                   and a["speaker"].strip().lower() not in _PRONOUNS)
    before = [name for pos, name in named if pos < at]
    return before[-1] if before else None


def polnear_speaker_ok(pred: Quote, gold: dict[str, Any], every: list[dict[str, Any]]) -> bool:
    """Return whether a matched prediction's speaker is the gold source (module docstring)."""
    mention = pred.speaker_mention
    ok = mention is not None and any(_overlap((mention.start, mention.end), (s, e)) > 0
                                     for s, e in gold.get("speaker_spans") or [])
    last = re.findall(r"[A-Za-z]+", pred.speaker or "")
    if not ok and last:
        ok = last[-1].lower() in (gold.get("speaker") or "").lower()
    named = antecedent(gold, every)
    if ok and named is not None and pred.speaker and judge(pred, named) == "wrong":
        return False
    return ok


def score_polnear_docs(docs: list[tuple[list[Quote], list[dict[str, Any]], list[dict[str, Any]]]],
                       people_only: bool = False) -> dict[str, Any]:
    """Score (predicted quotes, gold indirect attributions, every attribution)
    per article: the module docstring's PolNeAR rules (with `people_only`,
    the people-and-organisations row)."""
    n_gold = n_pred = n_match = spk_ok = 0
    for pred_all, gold_all, every in docs:
        pred = [q for q in pred_all if q.kind == "indirect"]
        gold = polnear_gold(gold_all, people_only)
        matched = match([(q.start, q.end) for q in pred], [gold_spans(g) for g in gold])
        hit = set(matched.values())
        outside = [i for i, q in enumerate(pred) if i not in hit
                   and not any(cover((q.start, q.end), gold_spans(a)) > 0 for a in every)]
        n_gold, n_match, n_pred = n_gold + len(gold), n_match + len(matched), n_pred + len(matched) + len(outside)
        spk_ok += sum(polnear_speaker_ok(pred[i], gold[j], every) for j, i in matched.items())
    return prf(n_gold, n_pred, n_match) | {"speaker_acc": spk_ok / max(1, n_match), "speaker_ok": spk_ok}


def convert(root: Path, split: str, kinds: str, out: Path, require_speaker: bool) -> list[dict[str, Any]]:
    """Return the documents of PolNeAR's convert.py for `split` and `kinds`."""
    flags = ["--require-speaker"] if require_speaker else []
    with out.open("w", encoding="utf-8") as fh:
        subprocess.run([sys.executable, "convert.py", "--splits", split, "--kinds", kinds, *flags],
                       cwd=root, stdout=fh, stderr=subprocess.DEVNULL, check=True)
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line]


def convert_reported(root: Path, split: str) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """Return a PolNeAR split's documents of indirect attributions with a
    speaker (the reported gold) and every attribution's quotes (direct,
    mixed and indirect) by document id: what a prediction may overlap
    without being false."""
    with tempfile.TemporaryDirectory() as tmp:
        gold = convert(root, split, "indirect", Path(tmp) / "indirect.jsonl", True)
        every = {d["doc_id"]: d["quotes"] for d in convert(root, split, "direct,mixed,indirect",
                                                            Path(tmp) / "all.jsonl", False)}
    return gold, every


def score_polnear_split(root: Path, split: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Run the extractor over a PolNeAR split and score its reported speech:
    return the strict row's scores and the people-and-organisations row's."""
    gold, every = convert_reported(root, split)
    docs = []
    for doc in gold:
        article = extract_text(doc["text"], doc["doc_id"])
        docs.append(([q for p in article.paragraphs for q in p.quotes], doc["quotes"], every[doc["doc_id"]]))
    return (score_polnear_docs(docs) | {"articles": len(docs)},
            score_polnear_docs(docs, people_only=True) | {"articles": len(docs)})


# --- own golds -------------------------------------------------------------

def score_own_articles(articles: list[tuple[list[Quote], list[dict[str, Any]]]]) -> dict[str, Any]:
    """Score (predicted quotes, gold entries) per article against the gold's
    `indirect` entries: the module docstring's own-gold rules."""
    n_gold = n_pred = n_match = spk_ok = spk_n = 0
    for pred_all, gold_all in articles:
        pred = [q for q in pred_all if q.kind in ("indirect", "partial")]
        gold = [g for g in gold_all if g["kind"] == "indirect"]
        matched = match([(q.start, q.end) for q in pred], [[(g["start"], g["end"])] for g in gold])
        hit = set(matched.values())
        false = sum(1 for i, q in enumerate(pred) if i not in hit and q.kind == "indirect")
        n_gold, n_match, n_pred = n_gold + len(gold), n_match + len(matched), n_pred + len(matched) + false
        for j, i in matched.items():
            if gold[j].get("speaker"):
                spk_n += 1
                spk_ok += identity_ok(pred[i].speaker, gold[j]["speaker"])
    return prf(n_gold, n_pred, n_match) | {"speaker_acc": spk_ok / max(1, spk_n), "speaker_ok": spk_ok,
                                            "speaker_n": spk_n}


def score_own_bbc(corpus: Path, gold_path: Path) -> dict[str, Any]:
    """Score reported speech on a BBC gold file (offsets into the decoded text)."""
    articles = extract_bbc_gold(corpus, gold_path)
    return score_own_articles(articles) | {"articles": len(articles)}


def score_own_web(htmleval: Path, gold_path: Path) -> dict[str, Any]:
    """Score reported speech on a web gold file, read from the saved pages."""
    from bench.quality.heldout import locate_gold, read_page  # it imports bench.extraction, as this module does
    pages = json.loads(gold_path.read_text(encoding="utf-8"))["pages"]
    articles, lost = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for ident, page in pages.items():
            text, quotes = read_page(htmleval, ident, Path(tmp))
            located, missing = locate_gold(text, [g for g in page["quotes"] if g["kind"] == "indirect"])
            articles.append((quotes, located))
            lost += missing
    return score_own_articles(articles) | {"articles": len(pages), "lost": lost}


def row(s: dict[str, Any]) -> str:
    """Return one bench row: reported speech F1 (P/R) and speaker accuracy."""
    return (f"reported F1 {s['F1']:.3f} (P {s['P']:.3f} R {s['R']:.3f}; gold {s['gold']}, pred {s['pred']}); "
            f"speaker {s['speaker_acc']:.3f} ({s['speaker_ok']}/{s.get('speaker_n', s['matched'])})"
            + (f"; gold lost by the reader {s['lost']}" if "lost" in s else ""))


def reported_rows(htmleval: Path | None, corpus: Path | None, polnear: Path | None,
                  split: str, tests: Collection[Path] = ()) -> list[tuple[str, str]]:
    """Return the reported-speech rows: the own golds (web dev and the spent
    rounds, each a tuning row since it was scored once), PolNeAR `split`, then
    the frozen test sets of TEST_SETS (each scored only when in `tests`;
    otherwise a row saying it is held out)."""
    from bench.quality.heldout import SPENT_BBC_ROUNDS, TEST_SETS, WEB_GOLD, WEB_R2, bbc_round, unscored_row
    golds = [("reported: web dev", WEB_GOLD["dev"], htmleval),
             ("reported: round 1 web (spent, tuning)", WEB_GOLD["test"], htmleval),
             ("reported: round 2 web (spent, tuning)", WEB_R2, htmleval),
             *((f"reported: round {n} BBC (spent, tuning)", bbc_round(n), corpus) for n in SPENT_BBC_ROUNDS)]
    frozen = [(f"reported: {label}", gold, corpus) for gold, (label, _) in TEST_SETS.items()]
    rows = [("reported: seeds", "no indirect entries in seeds_quotes.json")]
    for label, gold, source in [*golds, ("polnear", Path(), polnear), *frozen]:
        if label == "polnear" and source is None:
            rows.append((f"reported: PolNeAR {split} (speech cues)", "skipped (no PolNeAR directory)"))
        elif label == "polnear":
            strict, people = score_polnear_split(source, split)
            rows += [(f"reported: PolNeAR {split} (speech cues)", row(strict)),
                     (f"reported: PolNeAR {split}, people and organisations", row(people))]
        elif (unscored := unscored_row(gold, source, tests)) is not None:
            rows.append((label, unscored))
        else:
            scorer = score_own_bbc if "BBC" in label else score_own_web
            rows.append((label, row(scorer(source, gold))))
    return rows


def main() -> None:
    """Print the reported-speech rows: the own tuning golds and PolNeAR `--split`
    (dev by default; train to develop against)."""
    import argparse

    from bench.extraction import REPO
    from bench.quality.htmleval import PAGE_SET, htmleval_dir
    from bench.quality.polnear import polnear_dir
    parser = argparse.ArgumentParser(prog="python -m bench.quality.reported", description=__doc__.split("\n")[0])
    parser.add_argument("--split", default="dev", choices=("dev", "train"), help="PolNeAR split (train to develop)")
    parser.add_argument("--polnear-only", action="store_true", help="PolNeAR's two rows alone")
    args = parser.parse_args()
    root = polnear_dir(None)
    if args.polnear_only:
        rows = [row for row in reported_rows(None, None, root, args.split) if "PolNeAR" in row[0]]
    else:
        htmleval, corpus = htmleval_dir(None), REPO.parent / "shared" / "corpus" / "bbc"
        rows = reported_rows(None if htmleval is None else htmleval / PAGE_SET, corpus if corpus.is_dir() else None,
                             root, args.split)
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")


if __name__ == "__main__":
    main()
