"""Watching sources (issue #35): feeds, sitemaps and URL lists fetched on
their intervals, every response kept as WARC, new and changed articles
indexed through the normal ingest.

- `config`: the watch's TOML file (its [settings], [[source]] and [[alert]] tables);
- `hosts`: each host's rate limit, concurrency and Retry-After backoff;
- `fetching`: one safe, polite GET (addresses checked on every hop, caps,
  conditional requests, retries on 429/503);
- `robots`: robots.txt's rules and Crawl-delay per origin;
- `sources`: the URLs a feed, sitemap (index, news) or URL list names;
- `captures`: the WARC records of every response, in captures/;
- `state`: the SQLite memory of URLs and sources (and the alerts' outbox), beside the index;
- `alerts`: saved searches matched against each batch indexed, delivered
  by signed webhook and e-mail, each item once;
- `watcher`: a run over the due sources, and the loop between runs.

The last stage: it imports indexer.pipeline (ingest_inputs) and the
stages before it, and nothing imports it but the CLI.
"""
