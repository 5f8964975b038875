"""Tests of the extraction speed bench's digest (what proves a speed change left the output
alone) and its file selection.  No timing assertions."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench.extraction_speed import (
    article_digest,
    corpus_digest,
    corpus_files,
    cpu_rates,
    leave_out_reported,
    read_texts,
)

_TEXT = 'Acme Holdings\n\n"We will stay," Ann Vole said on 3 March 2020.\n\nShe said the plan was sound.\n'


def _corpus(tmp_path: Path, names: list[str]) -> Path:
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(_TEXT.replace("Vole", name.split("/")[0].title()), encoding="utf-8")
    return tmp_path


def test_files_are_sorted_every_nth_and_the_readme_left_out(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path, ["b/2.txt", "a/1.txt", "README.TXT", "c/3.txt", "a/0.txt"])
    assert [str(p.relative_to(corpus)) for p in corpus_files(corpus)] == ["a/0.txt", "a/1.txt", "b/2.txt", "c/3.txt"]
    assert [str(p.relative_to(corpus)) for p in corpus_files(corpus, 2)] == ["a/0.txt", "b/2.txt"]


def test_the_digest_is_stable_and_names_each_article(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path, ["a/1.txt", "b/2.txt"])
    texts = read_texts(corpus, corpus_files(corpus))
    digest, lines = corpus_digest(texts)
    assert corpus_digest(texts) == (digest, lines)
    assert [line.split()[0] for line in lines] == ["a/1.txt", "b/2.txt"]


@pytest.mark.parametrize("changed", [
    _TEXT.replace("Ann Vole said", "Ann Vole told reporters"),  # the cue
    _TEXT.replace("3 March 2020", "4 March 2020"),  # a date
    _TEXT.replace("She said", "He said"),  # reported speech's speaker
])
def test_the_digest_changes_with_the_annotations(changed: str) -> None:
    assert article_digest(changed, "a.txt") != article_digest(_TEXT, "a.txt")


def test_cpu_rates_gives_one_rate_per_run(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path, ["a/1.txt"])
    rates = cpu_rates(read_texts(corpus, corpus_files(corpus)), 2)
    assert len(rates) == 2 and all(r > 0 for r in rates)


def test_without_reported_leaves_out_indirect_quotes_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench.extraction import extract_text
    from onrecord.indexer.annotate.attribution import attribution
    monkeypatch.setattr(attribution, "add_reported", attribution.add_reported)  # undone after the test
    kinds = [q.kind for p in extract_text(_TEXT).paragraphs for q in p.quotes]
    leave_out_reported()
    without = [q.kind for p in extract_text(_TEXT).paragraphs for q in p.quotes]
    assert "indirect" in kinds and without == [k for k in kinds if k != "indirect"]


def test_stage_seconds_names_every_stage_and_reported_speech(tmp_path: Path) -> None:
    from bench.extraction_speed import stage_seconds
    from onrecord.indexer.annotate.attribution import attribution
    before = attribution.add_reported
    spent = stage_seconds(read_texts(_corpus(tmp_path, ["a/1.txt"]), corpus_files(tmp_path)))
    assert attribution.add_reported is before  # put back
    assert set(spent) == {"chunk", "annotate_institutions", "annotate_dates", "annotate_quotes",
                          "clear_speaker_values", "clean_names", "apply_corrections", "reported speech"}
    assert all(v >= 0 for k, v in spent.items() if k != "reported speech")
