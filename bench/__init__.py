"""onrecord's benchmarks, measured through its public functions (bench/README.md runs them,
bench/RESULTS.md holds every measurement).

bench/'s top holds the commands the docs and the helpers' briefs name, so their
`python -m bench.X` names stay: extraction.py (`make bench-extraction`: quote and speaker
scores on every tuning gold and PolNeAR), extraction_speed.py (extraction in instructions,
and the digest a speed change must keep), compiled.py (`make
bench-extraction-compiled`: the same over a mypyc build, opt-in), speed.py (`make bench`), the tuning error
listers (attribution_errors.py, speaker_misses.py, reported_errors.py, quote_errors.py,
pronouns.py, pronoun_referents.py) and the weight fitters (fit_ranker.py, fit_speakers.py
over logit.py).  The folders group the rest by concern: quality/ (the held-out golds
chosen, built and scored; the HTML reader's set; PolNeAR's scripts run), errors/ (the tuning errors sorted by
mechanism, class and shape; headlines), engines/ (the corpora, the query set, the engines
compared, their probe process and the printed table), querying/ (a search's CPU by mode,
stage, look-up and entity page), ingest/ (what indexing costs, on a cluster, heavy or
hostile inputs, and crash trials), web/ (`onrecord serve` under load, access control,
export memory) and watch/ (`onrecord watch` on a loopback site).  bench/gold/ holds the
golds' data files, opened by path."""
