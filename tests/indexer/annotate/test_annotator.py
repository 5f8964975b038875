"""The annotator chain and the acceptance criterion on the seeds gold."""
from __future__ import annotations

import json

import pytest

from bench.extraction import GOLD, SEEDS, extract_text, match_quotes, score_seeds
from onrecord.indexer.annotate.annotator import STAGES, annotate_article
from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.search.model import Article, Metadata, Paragraph

GOLD_FILES = sorted(json.loads(GOLD.read_text(encoding="utf-8"))["files"])


def one_paragraph(text: str) -> Article:
    return Article(id="a", source="a", text=text, meta=Metadata(),
                   paragraphs=[Paragraph(id="a-1", n=1, start=0, end=len(text), text=text)])


def test_chain_runs_institutions_and_dates_before_quotes_and_corrections_last() -> None:
    names = [f"{s.__module__}.{s.__name__}" for s in STAGES]
    # Names are cleaned of hidden characters before the speakers file compares them.
    assert names == ["onrecord.indexer.annotate.institutions.institutions.annotate_institutions",
                     "onrecord.indexer.annotate.dates.annotate_dates", "onrecord.indexer.annotate.attribution.attribution.annotate_quotes",
                     "onrecord.indexer.annotate.attribution.cleanup.values.clear_speaker_values",
                     "onrecord.indexer.parse.invisibles.clean_names", "onrecord.indexer.annotate.corrections.apply_corrections"]


def test_chain_fills_institutions_and_dates() -> None:
    article = one_paragraph('The IOPC said on 5 June 2020: "We are sorry."')
    para = annotate_article(article).paragraphs[0]
    assert para.institutions == ["Independent Office for Police Conduct"]
    assert para.dates == ["2020-06-05"]
    assert para.speakers == ["Independent Office for Police Conduct"]


def test_annotate_is_pure_and_fills_speakers() -> None:
    article = one_paragraph('"No," said Ann Vole. "Never," said Tom Reed.')
    out = annotate_article(article)
    assert article.paragraphs[0].quotes == []
    assert out.paragraphs[0].speakers == ["Ann Vole", "Tom Reed"]


def test_quote_json_contract() -> None:
    q = annotate_quotes(one_paragraph('Ann Vole said: "Yes."')).paragraphs[0].quotes[0].to_dict()
    assert {"text", "start", "end", "kind", "speaker", "speaker_mention", "cue"} <= set(q)
    assert q["speaker_mention"] == {"text": "Ann Vole", "start": 0, "end": 8}


@pytest.mark.parametrize("name", GOLD_FILES)
def test_gold_offsets_match_seed_text(name: str) -> None:
    text = (SEEDS / name).read_text(encoding="utf-8")
    for g in json.loads(GOLD.read_text(encoding="utf-8"))["files"][name]:
        assert text[g["start"]:g["end"]] == g["text"]


@pytest.mark.parametrize("name", GOLD_FILES)
def test_every_direct_seed_quote_found_with_its_speaker(name: str) -> None:
    gold = [g for g in json.loads(GOLD.read_text(encoding="utf-8"))["files"][name] if g["kind"] == "direct"]
    article = extract_text((SEEDS / name).read_text(encoding="utf-8"), name)
    pred = [q for p in article.paragraphs for q in p.quotes]
    matched = match_quotes(pred, gold)
    assert len(matched) == len(gold)
    wrong = [(gold[j]["text"][:40], pred[i].speaker) for j, i in matched.items()
             if gold[j]["speaker"] and pred[i].speaker not in gold[j]["speaker"]]
    assert wrong == []


def test_seeds_score_direct_is_perfect() -> None:
    s = score_seeds(("direct",))
    assert (s["R"], s["speaker_acc"]) == (1.0, 1.0)
