"""Tests of the speed benchmark's building blocks: derived-corpus generation
(deterministic, offsets valid, people renamed with the same length), the
fixed query set's shape, and the parsing helpers.  No timing assertions."""
from __future__ import annotations

import datetime as dt
import sys

import pytest

from bench.engines.corpus import (
    FIRST_DAY,
    LAST_DAY,
    OUTLETS,
    build_pool,
    fake_word,
    find_person_words,
    iter_derived,
    parse_size,
    top_names,
)
from bench.engines.probe import kind_latencies, percentile
from bench.engines.queries import MIN_QUERIES, BenchQuery, build_queries
from bench.engines.report import format_table
from bench.web.serving import log_tail, lua_script, parse_wrk, spawn_server, to_ms, wait_healthy
from onrecord.search.model import Article, Mention, Metadata, Paragraph, Quote


def _article(aid: str, paras: list[tuple[str, list[str], list[str], bool]]) -> Article:
    """Build an article from (text, speakers, institutions, quoted?) rows."""
    text_parts: list[str] = []
    built: list[Paragraph] = []
    cursor = 0
    for n, (text, speakers, institutions, quoted) in enumerate(paras, 1):
        quotes = []
        if quoted:
            q_start = text.index('"')
            q_end = text.index('"', q_start + 1) + 1
            name = speakers[0]
            m_start = text.index(name.split()[-1])
            quotes.append(Quote(text=text[q_start:q_end], start=cursor + q_start,
                                end=cursor + q_end, speaker=name,
                                speaker_mention=Mention(name.split()[-1], cursor + m_start,
                                                        cursor + m_start + len(name.split()[-1]))))
        built.append(Paragraph(id=f"{aid}-p{n}", n=n, start=cursor, end=cursor + len(text),
                               text=text, quotes=quotes, speakers=speakers,
                               institutions=institutions))
        text_parts.append(text)
        cursor += len(text) + 2
    return Article(id=aid, source=aid, text="\n\n".join(text_parts), meta=Metadata(),
                   paragraphs=built)


ARTICLES = [
    _article("a1", [("Budget row deepens", [], [], False),
                    ('"We will cut taxes," said Ann Smallman of the Treasury.',
                     ["Ann Smallman"], ["HM Treasury"], True),
                    ("Smallman met the Bank of England governor.", [], ["Bank of England"], False)]),
    _article("a2", [("Rail fares rise again", [], [], False),
                    ('"Fares are too high," Rob Teller told the BBC. Teller is an age away.',
                     ["Rob Teller"], ["BBC"], True),
                    ("Age and again the Age of rail.", [], [], False)]),
]


@pytest.fixture()
def pool():
    return build_pool(ARTICLES, [])


def test_person_words_are_speaker_name_words_written_capitalised(pool) -> None:
    assert pool.person_words == {"Ann", "Smallman", "Rob", "Teller"}


def test_person_words_skip_words_more_often_lowercase() -> None:
    art = _article("a3", [('"Yes," said Age Concern boss Age Old. age age age', ["Age Old"], [], True)])
    assert find_person_words([art]) == {"Old"}


@pytest.mark.parametrize("seed", [1, 7, 2004])
def test_derived_corpus_is_deterministic_and_exact_size(pool, seed: int) -> None:
    first = [a.to_dict() for a in iter_derived(pool, 40, seed)]
    again = [a.to_dict() for a in iter_derived(pool, 40, seed)]
    assert first == again
    assert sum(len(a["paragraphs"]) for a in first) == 40


def test_different_seeds_give_different_corpora(pool) -> None:
    one = [a.to_dict() for a in iter_derived(pool, 40, 1)]
    two = [a.to_dict() for a in iter_derived(pool, 40, 2)]
    assert one != two


@pytest.mark.parametrize("seed", [3, 11])
def test_derived_offsets_quotes_and_mentions_stay_valid(pool, seed: int) -> None:
    for article in iter_derived(pool, 60, seed):
        assert [p.n for p in article.paragraphs] == list(range(1, len(article.paragraphs) + 1))
        for para in article.paragraphs:
            assert article.text[para.start:para.end] == para.text
            assert para.id == f"{article.id}-p{para.n}"
            for quote in para.quotes:
                assert article.text[quote.start:quote.end] == quote.text
                m = quote.speaker_mention
                assert m is not None and article.text[m.start:m.end] == m.text


def test_derived_articles_are_renamed_dated_and_from_known_outlets(pool) -> None:
    articles = list(iter_derived(pool, 80, 5))
    text = " ".join(a.text for a in articles)
    assert "Smallman" not in text and "Teller" not in text
    assert "Bank of England" in text or "BBC" in text  # institutions are kept
    for article in articles:
        assert article.meta.outlet in OUTLETS
        assert FIRST_DAY <= article.meta.published <= LAST_DAY
        for para in article.paragraphs:
            for speaker in para.speakers:
                assert speaker not in ("Ann Smallman", "Rob Teller")


@pytest.mark.parametrize("word", ["Smallman", "Kilroy-Silk", "Al"])
def test_fake_word_keeps_length_and_shape(word: str) -> None:
    fake = fake_word(word, cast=3, seed=9)
    assert len(fake) == len(word) and fake[0].isupper() and fake != word
    assert fake.count("-") == word.count("-")
    assert fake == fake_word(word, cast=3, seed=9)


@pytest.mark.parametrize("label,expected", [("24k", 24_000), ("250K", 250_000),
                                            ("1m", 1_000_000), ("1500", 1500), ("1.5k", 1500)])
def test_parse_size(label: str, expected: int) -> None:
    assert parse_size(label) == expected


@pytest.mark.parametrize("label", ["", "k", "abc", "-5k", "0"])
def test_parse_size_rejects_bad_labels(label: str) -> None:
    with pytest.raises(ValueError):
        parse_size(label)


def test_top_names_prefers_multi_word_people() -> None:
    assert top_names(ARTICLES, "speakers", 5) == ["Ann Smallman", "Rob Teller"]
    assert top_names(ARTICLES, "institutions", 2) == ["BBC", "Bank of England"]


NAMES = ["Ann Smallman", "Rob Teller", "Cy Dee", "Di Eff", "Ed Gee"]
INSTITUTIONS = ["BBC", "HM Treasury", "Bank of England", "Ofcom", "Home Office"]


def test_query_set_shape() -> None:
    queries = build_queries(NAMES, INSTITUTIONS, list(OUTLETS))
    assert len(queries) >= MIN_QUERIES
    assert len({q.name for q in queries}) == len(queries)
    kinds = {q.kind for q in queries}
    assert {"words", "phrase", "boolean", "speaker", "institution", "dates", "quotes",
            "sorted"} <= kinds
    assert {q.sort for q in queries} == {"relevance", "newest", "oldest"}
    assert {s for q in queries for s in q.speakers} <= set(NAMES)
    assert {i for q in queries for i in q.institutions} <= set(INSTITUTIONS)
    for q in queries:
        assert q.text.count('"') % 2 == 0
        assert q.since is None or q.until is None or q.since <= q.until


def test_query_set_refuses_a_corpus_without_names() -> None:
    with pytest.raises(ValueError):
        build_queries([], [], [])


def test_query_json_round_trip_and_url() -> None:
    q = BenchQuery("x", "combined", text='"tax cuts" AND vat', speakers=("Ann Smallman",),
                   since=dt.date(2005, 1, 2), quotes_only=True, sort="newest")
    assert BenchQuery.from_json(q.to_json()) == q
    assert q.to_request().since == dt.date(2005, 1, 2)
    assert q.to_url() == ("/api/search?q=%22tax+cuts%22+AND+vat&speaker=Ann+Smallman"
                          "&since=2005-01-02&quotes_only=1&sort=newest")


@pytest.mark.parametrize("pct,expected", [(50, 3.0), (95, 5.0), (100, 5.0), (1, 1.0)])
def test_percentile_nearest_rank(pct: float, expected: float) -> None:
    assert percentile([5.0, 1.0, 4.0, 2.0, 3.0], pct) == expected


WRK_OUTPUT = """Running 30s test @ http://127.0.0.1:5000
  2 threads and 16 connections
  Latency Distribution
     50%   12.50ms
     75%   20.00ms
     90%   30.00ms
     99%    1.20s
  4000 requests in 30.00s, 9.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:    133.33
"""


def test_parse_wrk() -> None:
    assert parse_wrk(WRK_OUTPUT) == {"p50_ms": 12.5, "p90_ms": 30.0, "p99_ms": 1200.0, "requests": 4000,
                                     "requests_per_s": 133.33, "non_2xx": 7,
                                     "socket_errors": 5, "p95_ms": None}
    assert parse_wrk(WRK_OUTPUT + "P95 latency: 45250us\n")["p95_ms"] == pytest.approx(45.25)


@pytest.mark.parametrize("text,ms", [("850.00us", 0.85), ("3ms", 3.0), ("2.5s", 2500.0)])
def test_to_ms(text: str, ms: float) -> None:
    assert to_ms(text) == pytest.approx(ms)


def test_lua_script_lists_every_url_escaped() -> None:
    script = lua_script(["/api/search?q=a", '/api/search?q="b"'])
    assert '"/api/search?q=a"' in script and '"/api/search?q=\\"b\\""' in script
    assert "request = function()" in script
    assert "latency:percentile(95)" in script and "P95 latency: %dus" in script


def test_table_has_ratio_column_and_skips_empty_rows() -> None:
    table = format_table("t", {"onrecord": {"p50_ms": 10.0}, "tantivy": {"p50_ms": 2.0}})
    row = next(line for line in table.splitlines() if line.startswith("query p50 ms"))
    assert row.split()[-1] == "5.00" and "web p50" not in table


# (workers, articles per stream slice, segments): with one slice in all,
# the second worker has nothing to write and must not disturb the first.
@pytest.mark.parametrize("workers,stream_batch,segments", [(1, 10, 1), (2, 10, 2), (2, 500, 1)])
def test_derived_onrecord_build_holds_the_stream_once_in_one_commit(
        pool, tmp_path, monkeypatch, workers, stream_batch, segments) -> None:
    import bench.engines.derived
    from onrecord.search.storage.integrity.checking import check_index
    from onrecord.search.storage.opening import open_index
    monkeypatch.setattr(bench.engines.derived, "STREAM_BATCH", stream_batch)  # forked workers see it
    path = tmp_path / "ix"
    written = bench.engines.derived.build_onrecord(path, pool, 700, seed=5, workers=workers)
    expected = sorted(p.id for a in iter_derived(pool, 700, 5) for p in a.paragraphs)
    index = open_index(path)
    with index.reading() as searcher:
        stored = sorted(f["paragraph_id"] for f in searcher.all_stored_fields()
                        if "qi" not in f)  # paragraphs, not their quote documents
    index.close()
    report = check_index(path)
    assert written == 700 and stored == expected
    assert report.ok and report.generation == 1 and len(report.segments) == segments


def _paragraph_counts(counts: list[int]) -> list[Article]:
    """Return articles of the given paragraph counts (invented one-line texts)."""
    return [_article(f"s{i}", [(f"Line {n} of story {i} about ferries.", [], [], False)
                               for n in range(count)]) for i, count in enumerate(counts)]


@pytest.mark.parametrize("counts,shares,expected", [
    ([3, 3, 3, 3], 2, [(0, 2), (2, 4)]),
    ([6, 1, 1, 1, 1, 1, 1], 2, [(0, 1), (1, 7)]),
    ([2, 2, 2, 2, 2, 2], 3, [(0, 2), (2, 4), (4, 6)]),
    ([4], 2, [(0, 1), (1, 1)]),
    ([1, 1, 1], 1, [(0, 3)]),
])
def test_share_bounds_cut_contiguous_shares_of_equal_paragraphs(counts, shares, expected) -> None:
    from bench.engines.derived import share_bounds
    assert share_bounds(_paragraph_counts(counts), shares) == expected


@pytest.mark.parametrize("workers,segments", [(1, 1), (2, 2), (3, 2)])
def test_parallel_build_writes_every_article_once_in_one_commit(tmp_path, workers, segments) -> None:
    from bench.engines.derived import build_parallel
    from onrecord.search.storage.integrity.checking import check_index
    from onrecord.search.storage.opening import open_index
    articles = ARTICLES  # two articles: a third worker has nothing to write
    path = tmp_path / "ix"
    written = build_parallel(path, articles, workers)
    index = open_index(path)
    with index.reading() as searcher:
        stored = sorted(f["paragraph_id"] for f in searcher.all_stored_fields() if "qi" not in f)
    index.close()
    report = check_index(path)
    assert written == 6 and stored == sorted(p.id for a in articles for p in a.paragraphs)
    assert report.ok and report.generation == 1 and len(report.segments) == segments


def test_cpu_seconds_count_a_waited_for_worker() -> None:
    from concurrent.futures import ProcessPoolExecutor

    from bench.engines.derived import cpu_seconds
    before = cpu_seconds()
    with ProcessPoolExecutor(max_workers=1) as executor:
        worker_cpu = executor.submit(_burn_cpu, 0.3).result()
    assert cpu_seconds() - before >= worker_cpu >= 0.3


def _burn_cpu(seconds: float) -> float:
    """Spin for `seconds` of this process's CPU; return its CPU seconds."""
    import time
    while time.process_time() < seconds:
        pass
    return time.process_time()


def test_indexing_cpu_per_paragraph_has_a_row() -> None:
    from bench.engines.derived import cpu_per_paragraph
    table = format_table("t", {"onrecord": cpu_per_paragraph(2000, 5.0)})
    assert "indexing CPU ms per paragraph" in table and "2.500" in table


def test_combine_runs_reports_medians_and_keeps_the_spread() -> None:
    from bench.engines.report import combine_runs
    runs = [{"p95_ms": 30.0, "engine": "onrecord", "errors": {}},
            {"p95_ms": 10.0, "engine": "onrecord", "errors": {}},
            {"p95_ms": 20.0, "engine": "onrecord", "errors": {"q": "x"}}]
    combined = combine_runs(runs)
    assert combined["p95_ms"] == 20.0 and combined["p95_ms_runs"] == [30.0, 10.0, 20.0]
    assert combined["engine"] == "onrecord" and combined["repeats"] == 3
    assert combine_runs(runs[:1]) == runs[0]


def test_phrase_kinds_get_latency_rows_of_their_own() -> None:
    queries = [BenchQuery("phrase:a", "phrase", text='"a b"'),
               BenchQuery("phrase:c", "phrase", text='"c d"'),
               BenchQuery("common-phrase:e", "common-phrase", text='"of the"'),
               BenchQuery("word:x", "words", text="x")]
    medians = {"phrase:a": 2.0, "phrase:c": 6.0, "common-phrase:e": 9.0, "word:x": 50.0}
    assert kind_latencies(queries, medians) == {
        "phrase_p50_ms": 2.0, "phrase_max_ms": 6.0,
        "common_phrase_p50_ms": 9.0, "common_phrase_max_ms": 9.0}
    table = format_table("t", {"onrecord": {"common_phrase_max_ms": 9.0},
                               "tantivy": {"common_phrase_max_ms": 3.0}})
    assert "common-phrase query max ms" in table and "3.00" in table.splitlines()[-1]


def test_spawned_server_never_blocks_on_its_log() -> None:
    # 300 KB of stderr: past a pipe's 64 KB, an unread pipe blocks the writer.
    server, log = spawn_server([sys.executable, "-c",
                                "import sys; sys.stderr.write('x' * 300_000 + '\\nlast line')"])
    try:
        assert server.wait(timeout=30) == 0
        assert log_tail(log, 1) == "last line"
    finally:
        log.close()


def test_a_server_that_exits_is_reported_with_its_last_words() -> None:
    server, log = spawn_server([sys.executable, "-c", "import sys; sys.exit('port taken')"])
    try:
        with pytest.raises(RuntimeError, match="exited with 1: port taken"):
            wait_healthy("http://127.0.0.1:9", server, 30, log)
    finally:
        log.close()


def test_derived_onrecord_build_given_the_stream_does_not_make_it_again(pool, tmp_path, monkeypatch) -> None:
    """Handed the stream (as naive Whoosh is), the workers write it as they
    would have written the stream they make, and make none themselves (the
    peers' times do not include making it)."""
    import bench.engines.derived
    from onrecord.search.storage.opening import open_index
    articles = list(iter_derived(pool, 700, 5))
    def no_stream(*args, **kwargs):
        raise AssertionError("the stream was made again")
    monkeypatch.setattr(bench.engines.derived, "iter_derived", no_stream)  # forked workers see it
    monkeypatch.setattr(bench.engines.derived, "STREAM_BATCH", 10)
    path = tmp_path / "ix"
    written = bench.engines.derived.build_onrecord(path, pool, 700, seed=5, workers=2, articles=articles)
    index = open_index(path)
    with index.reading() as searcher:
        stored = sorted(f["paragraph_id"] for f in searcher.all_stored_fields() if "qi" not in f)
    index.close()
    assert written == 700 and stored == sorted(p.id for a in articles for p in a.paragraphs)


@pytest.mark.parametrize("seed", [3, 11])
def test_derived_stream_kept_articles_equal_the_whole_streams(pool, seed: int) -> None:
    """A worker's share (keep) is made from the same draws as the whole
    stream: its articles equal the whole stream's of the same numbers."""
    whole = [a.to_dict() for a in iter_derived(pool, 300, seed)]
    kept = [a.to_dict() for a in iter_derived(pool, 300, seed, keep=lambda number: number % 3 == 1)]
    assert len(whole) > 6 and kept == whole[1::3]


def test_derived_worker_builds_only_its_own_articles(pool, tmp_path, monkeypatch) -> None:
    """Not handed the stream, a worker builds only the articles of its own
    slices (the other workers' are drawn, never built), and writes them."""
    import bench.engines.corpus
    import bench.engines.derived
    from onrecord.search.storage.opening import open_index
    whole = list(iter_derived(pool, 700, 5))
    mine = [a.id for number, a in enumerate(whole) if number // 10 % 2 == 1]
    built: list[str] = []
    real = bench.engines.corpus.build_article
    def counted(draw, renamer):
        article = real(draw, renamer)
        built.append(article.id)
        return article
    monkeypatch.setattr(bench.engines.corpus, "build_article", counted)
    monkeypatch.setattr(bench.engines.derived, "STREAM_BATCH", 10)
    path = tmp_path / "ix"
    open_index(path, create=True).close()
    bench.engines.derived._SHARED["pool"] = pool
    try:
        batch = bench.engines.derived.write_share(path, 700, 5, 1, 2)
    finally:
        bench.engines.derived._SHARED.clear()
    assert batch is not None and [span[0] for span in batch.spans] == mine
    assert built == mine


def test_the_onrecord_engine_warms_and_freezes_as_a_server_does(tmp_path) -> None:
    # a first pass times what a restarted `serve` answers: it warms, then freezes the warm heap
    import gc

    from bench.engines.peers import OnrecordEngine
    from onrecord.search import open_index
    from onrecord.search.writing.commits import write_articles
    from tests.factories import make_article

    built = open_index(tmp_path / "ix", create=True)
    write_articles(built, [make_article("a1", ["Budget talks stalled."])])
    built.close()
    engine = OnrecordEngine(tmp_path / "ix")
    try:
        assert gc.get_freeze_count() > 0
    finally:
        engine.close()
    assert gc.get_freeze_count() == 0  # given back to the collector with the index
    OnrecordEngine(tmp_path / "ix", warm=False).close()
    assert gc.get_freeze_count() == 0


def test_onrecord_engine_opens_read_only(tmp_path) -> None:
    # the bench searches indexes it did not build (a cache, another session's copy): it
    # must open them as `serve` does, changing nothing in the directory
    from bench.engines.peers import OnrecordEngine
    from bench.engines.queries import BenchQuery
    from onrecord.search import open_index
    from onrecord.search.writing.commits import write_articles
    from tests.factories import make_article

    built = open_index(tmp_path / "ix", create=True)
    write_articles(built, [make_article("a1", ["Budget talks stalled."])])
    built.close()
    before = sorted((f.name, f.stat().st_mtime_ns) for f in (tmp_path / "ix").iterdir())
    engine = OnrecordEngine(tmp_path / "ix", warm=False)
    try:
        assert engine.index.readonly
        assert engine.run(BenchQuery("budget", "word", "budget")) == 1
    finally:
        engine.close()
    assert sorted((f.name, f.stat().st_mtime_ns) for f in (tmp_path / "ix").iterdir()) == before
