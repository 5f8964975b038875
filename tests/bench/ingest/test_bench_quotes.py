"""Tests for issue #33's benchmark rows: the query set asked in both modes
(bench.engines.queries.build_mode_queries, bench.querying.modes) and the cost of quote
documents beside the revision before them (bench.ingest.quotes_cost)."""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from bench.engines.queries import MIN_MODE_QUERIES, BenchQuery, build_mode_queries
from bench.engines.report import verdict
from bench.ingest import quotes_cost
from bench.ingest.quotes_cost import count_documents, format_cost, measure
from bench.quality.htmleval import time_one_ingest
from bench.querying.modes import format_modes, slowest_ratios, summarise_probe
from onrecord.search import search
from tests.factories import indexed, make_article, write_index

NAMES = ["Ann Smallman", "Rob Teller", "Cy Dee", "Di Eff", "Ed Gee"]


def test_mode_query_set_holds_words_and_the_filters_a_reporter_uses() -> None:
    queries = build_mode_queries(NAMES)
    assert len(queries) >= MIN_MODE_QUERIES
    assert len({q.name for q in queries}) == len(queries)
    assert {"words", "phrase", "common-phrase", "boolean", "speaker", "kind",
            "evidence"} <= {q.kind for q in queries}
    assert {k for q in queries for k in q.kinds} == {"verbatim", "partial", "reported"}
    assert {e for q in queries for e in q.evidences} == {"named", "pronoun", "nominal"}
    assert any(q.speakers and q.kinds for q in queries)
    assert {q.mode for q in queries} == {"paragraphs"}


def test_mode_query_set_refuses_a_corpus_with_too_few_speakers() -> None:
    with pytest.raises(ValueError, match="too few speakers"):
        build_mode_queries(NAMES[:3])


def test_a_query_in_quotes_mode_keeps_its_name_and_filters() -> None:
    q = BenchQuery("k", "kind", text="tax", speakers=("Ann Smallman",), kinds=("verbatim",),
                   evidences=("named",), named_only=True, since=dt.date(2005, 1, 2))
    twin = q.in_mode("quotes")
    assert (twin.name, q.mode, twin.mode) == ("k", "paragraphs", "quotes")
    request = twin.to_request()
    assert (request.mode, request.kinds, request.evidences, request.named_only) == (
        "quotes", ("verbatim",), ("named",), True)
    assert BenchQuery.from_json(twin.to_json()) == twin
    assert twin.to_url() == ("/api/search?q=tax&speaker=Ann+Smallman&kind=verbatim&evidence=named"
                             "&since=2005-01-02&named_only=1&mode=quotes")


def test_every_mode_query_runs_in_both_modes_and_quotes_mode_counts_quotes() -> None:
    quoted = [(f"Ann Smallman said the tax plan would fail, {i}.", f"the tax plan would fail, {i}")
              for i in range(3)]
    index = indexed([make_article("a1", quoted, speaker="Ann Smallman"),
                     make_article("a2", ["An election for the government."], speaker="Rob Teller")])
    queries = build_mode_queries(NAMES)
    totals = {mode: {q.name: search(index, q.in_mode(mode).to_request()).total for q in queries}
              for mode in ("paragraphs", "quotes")}
    assert totals["paragraphs"]["word:tax"] == 3 and totals["quotes"]["word:tax"] == 3
    assert totals["quotes"]["speaker:Ann Smallman"] == 3
    assert totals["quotes"]["kind:verbatim"] == 4


def _probe(medians: dict[str, float], p95: float) -> dict[str, object]:
    return {"p50_ms": 1.0, "p95_ms": p95, "median_ms": medians, "totals": {"a": 2, "b": 3},
            "errors": {}}


@pytest.mark.parametrize("quotes_p95,word", [(14.9, "met"), (15.1, "MISSED")])
def test_mode_table_gives_the_ratio_and_the_p95_verdict(quotes_p95: float, word: str) -> None:
    result = {"queries": 2,
              "paragraphs": summarise_probe(_probe({"a": 1.0, "b": 10.0}, 10.0)),
              "quotes": summarise_probe(_probe({"a": 3.0, "b": 11.0}, quotes_p95))}
    table = format_modes("24k", result)
    row = next(line for line in table.splitlines() if line.startswith("query p95 ms"))
    assert row.split()[-6:] == ["10.00", f"{quotes_p95:.2f}", f"{quotes_p95 / 10:.2f}", "<=", "1.5:",
                                word]
    assert "hits, summed over the queries" in table and "a x3.00, b x1.10" in table


def test_a_failed_probe_has_no_hits_and_no_error_count() -> None:
    assert summarise_probe({"error": "exit 1"}) == {"error": "exit 1", "hits": None,
                                                    "query_errors": None}
    assert slowest_ratios({"paragraphs": {}, "quotes": {"error": "x"}}) == []


@pytest.mark.parametrize("value,target,expected", [(1.0, 1.0, "met"), (1.004, 1.0, "MISSED"),
                                                   (1.29, 1.3, "met"), (None, 1.3, "-")])
def test_verdict(value: float | None, target: float, expected: str) -> None:
    assert verdict(value, target) == expected


def test_cost_runs_alternate_the_peer_first_through_its_exported_package(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str | None] = []

    def fake_ingest(corpus: Path, pythonpath: str | None, index_dir: Path) -> tuple[float, float]:
        calls.append(pythonpath)
        # the peer runs from revision HEAD's files, exported as an onrecord package
        assert not pythonpath or Path(pythonpath.split(os.pathsep)[0], "onrecord", "search").is_dir()
        index_dir.mkdir()
        (index_dir / "seg").write_bytes(b"x" * (1_000_000 if pythonpath else 1_250_000))
        return (10.0, 8.0) if pythonpath else (9.0 + len(calls), 8.0)

    monkeypatch.setattr(quotes_cost, "count_documents",
                        lambda index_dir, pythonpath: (100, 0 if pythonpath else 40))
    result = measure(tmp_path, "HEAD", 3, ingest=fake_ingest)
    assert calls[0] and calls == [calls[0], None] * 3
    assert result["this_median"]["wall_s"] == 13.0 and result["peer_median"]["index_mb"] == 1.0
    table = format_cost(result)
    assert "load average" in table and "median of 3 each" in table
    rows = {line.split("  ")[0]: line.split() for line in table.splitlines()[3:]}
    assert rows["index size on disk MB"][-4:] == ["1.250", "<=", "1.3:", "met"]
    assert rows["ingest wall s"][-4:] == ["1.300", "<=", "1.0:", "MISSED"]
    assert rows["quote documents"][-2:] == ["40", "-"]


def test_documents_are_counted_by_the_revision_that_wrote_them(tmp_path: Path) -> None:
    article = make_article("a1", [("Plain words.", None), ("He said it was fine, really.", "it was fine")],
                           speaker="Ann Smallman")
    assert count_documents(write_index(tmp_path / "ix", [[article]]), None) == (2, 1)


def test_an_ingest_into_a_named_index_keeps_it(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "one.txt").write_text("Title\n\n\"We will act,\" said Ann Smallman on Monday.\n")
    wall, cpu = time_one_ingest(corpus, None, tmp_path / "ix")
    assert wall > 0 and cpu > 0 and list((tmp_path / "ix").glob("*.toc"))
