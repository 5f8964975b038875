"""onrecord's indexer: read -> parse -> chunk -> annotate -> index, each a
small pure stage over the dataclasses in search.model, one room per stage.

- `read/`: which files a run visits, a file and its sidecar to text;
- `parse/` (with `html/`): text, HTML, JSON(L) to `ParsedArticle`s;
- `chunk/`: paragraphs, offsets, article ids;
- `annotate/` (with `attribution/`, `institutions/`): quotes and speakers,
  institutions, dates, the speakers file;
- `extraction.py`: the four stages on one file, a bad file a reason;
- `distributed/`: ingest on Dask, many workers and one writer;
- `pipeline.py`: `ingest_paths`, in this process or on a cluster;
- `watch/`: `onrecord watch`, sources fetched politely, captured as WARC
  and indexed through the pipeline.

A stage imports only the stages before it; `errors`, `budget` (the per-file
time budget), `lexicon` (the English word lists, read by attribution and the
byline reader), `progress` (ingest events) and `tally` (what each article of
a run was) import none (tests/test_layers.py).
"""
