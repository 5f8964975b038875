"""bench.querying.query_stages: each stage's CPU time of a search, over a query list."""
from __future__ import annotations

import json
from pathlib import Path

from bench.engines.queries import BenchQuery
from bench.querying.query_stages import format_stages, main, measure_stages
from tests.factories import make_article, write_index

QUERIES = [BenchQuery("word:river", "word", text="river"), BenchQuery("phrase", "phrase", text='"river bank"'),
           BenchQuery("none", "word", text="rivver"), BenchQuery("all", "all")]


def test_every_query_gets_its_stages_and_the_passes_add_them(tmp_path: Path) -> None:
    index = write_index(tmp_path / "ix", [[make_article(f"a{n}", [f"The river bank {n} flooded."])
                                           for n in range(30)]])
    result = measure_stages(index, QUERIES, runs=2)
    assert set(result["queries"]) == {q.name for q in QUERIES}
    for stages in result["queries"].values():
        assert {"parse", "collect", "hits"} <= stages.keys() and stages["all"] > 0
    assert "suggest" in result["queries"]["none"]  # nothing matched "rivver"
    assert result["per_pass"]["all"] > 0 and result["per_pass"]["collect"] > 0
    report = format_stages(result)
    assert report.startswith("per query CPU ms: p50") and "word:river" in report
    queries = tmp_path / "queries.json"
    queries.write_text(json.dumps([q.to_json() for q in QUERIES]))
    assert main([str(index), str(queries), "--runs", "1"]) == 0
