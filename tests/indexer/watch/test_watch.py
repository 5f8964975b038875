"""`onrecord watch` end to end against the loopback site: what was indexed
(through the search package), what was written to the WARC captures
(read back with warcio), and what the state remembers across restarts."""
from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest
from warcio.archiveiterator import ArchiveIterator

from onrecord.indexer.watch import watcher
from onrecord.indexer.watch.config import Source
from onrecord.indexer.watch.watcher import run_watch
from onrecord.search import SearchRequest, get_article, open_index, search, watch_folder
from tests.indexer.watch.conftest import Watches
from tests.indexer.watch.site import Page, Site
from tests.warcbuild import article_page

ROBOTS = b"User-agent: *\nDisallow: /private/\nCrawl-delay: 3\n"


def rss(site: Site, paths: list[str]) -> bytes:
    items = "".join(f"<item><title>{p}</title><link>{site.url(p)}</link></item>" for p in paths)
    return f'<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>{items}</channel></rss>'.encode()


def serve_news(site: Site) -> None:
    site.routes["/robots.txt"] = Page(ROBOTS, headers={"Content-Type": "text/plain"})
    site.routes["/feed.xml"] = Page(rss(site, ["/news/harbour", "/news/budget", "/private/memo"]),
                                    headers={"Content-Type": "application/rss+xml"}, etag='"feed-1"')
    site.routes["/news/harbour"] = Page(article_page("Harbour plan", "Ann Lee", "The harbour plan was approved."),
                                        etag='"harbour-1"')
    site.routes["/news/budget"] = Page(article_page("Budget vote", "Bo Chan", "Councillors voted on the budget."))
    site.routes["/private/memo"] = Page(article_page("Memo", "X", "A memo."))


def warc_records(folder: Path) -> list[tuple[str, str, str | None]]:
    """Return (record type, target URI, HTTP status) of every capture record."""
    found = []
    for path in sorted(folder.glob("*.warc.gz")):
        with path.open("rb") as stream:
            for record in ArchiveIterator(stream):
                status = record.http_headers.get_statuscode() if record.http_headers else None
                found.append((record.rec_type, record.rec_headers.get_header("WARC-Target-URI"), status))
    return found


def doc_ids(index_dir: Path, query: str) -> set[str]:
    index = open_index(index_dir)
    try:
        return {hit.doc_id for hit in search(index, SearchRequest(query=query)).hits}
    finally:
        index.close()


def test_a_feed_is_fetched_captured_indexed_and_remembered(site: Site, watches: Watches, tmp_path: Path) -> None:
    serve_news(site)
    watch = watches.open([Source("city", "feed", site.url("/feed.xml"))])
    [run] = watch.run_due()
    assert (run.listed, run.fetched, run.summary.new) == (3, 2, 2)
    assert run.refused == [f"{site.url('/private/memo')}: robots.txt disallows it"]
    assert site.hits("/private/memo") == 0
    watches.close()
    assert doc_ids(tmp_path / "index", "harbour") and doc_ids(tmp_path / "index", "councillors")
    records = warc_records(watch_folder(tmp_path / "index") / "captures")
    assert records[0][0] == "warcinfo"
    assert sorted((t, u, s) for t, u, s in records[1:]) == sorted([
        ("response", site.url("/robots.txt"), "200"), ("response", site.url("/feed.xml"), "200"),
        ("response", site.url("/news/harbour"), "200"), ("response", site.url("/news/budget"), "200")])
    state = watch.state.__class__(watch_folder(tmp_path / "index") / "state.db")
    harbour = state.url(site.url("/news/harbour"))
    assert harbour is not None and harbour.etag == '"harbour-1"' and harbour.capture_file
    assert harbour.fetched is not None and harbour.content_hash
    assert state.source("city").next_run == watches.wall + 900.0
    state.close()


def test_a_source_indexes_its_articles_in_its_collection(site: Site, watches: Watches, tmp_path: Path) -> None:
    serve_news(site)
    watches.open([Source("city", "feed", site.url("/feed.xml"), collection="desk-b")]).run_due()
    watches.close()
    index = open_index(tmp_path / "index")
    try:
        def found(collections: frozenset[str]) -> set[str]:
            return {hit.doc_id for hit in search(index, SearchRequest(query="harbour", collections=collections)).hits}
        assert found(frozenset({"desk-b"})) and not found(frozenset({"default"}))
    finally:
        index.close()


def test_the_capture_offset_holds_the_article_fetched(site: Site, watches: Watches, tmp_path: Path) -> None:
    serve_news(site)
    watch = watches.open([Source("city", "feed", site.url("/feed.xml"))])
    watch.run_due()
    harbour = watch.state.url(site.url("/news/harbour"))
    assert harbour is not None and harbour.capture_file is not None and harbour.capture_offset is not None
    with (watch.captures.folder / harbour.capture_file).open("rb") as stream:
        stream.seek(harbour.capture_offset)
        record = next(iter(ArchiveIterator(stream)))
        assert record.rec_headers.get_header("WARC-Target-URI") == site.url("/news/harbour")
        assert b"The harbour plan was approved." in record.content_stream().read()
        assert record.rec_headers.get_header("WARC-Date") == harbour.fetched.replace("+00:00", "Z")


def test_a_restarted_watch_fetches_nothing_that_did_not_change(site: Site, watches: Watches) -> None:
    serve_news(site)
    sources = [Source("city", "feed", site.url("/feed.xml"))]
    watches.open(sources).run_due()
    watches.close()
    before = len(site.requests)
    assert watches.open(sources).run_due() == []  # not due yet: nothing fetched at all
    assert len(site.requests) == before
    watches.wall += 901  # the feed is due; its articles are not
    [run] = watches.open(sources).run_due()
    fetched = [path for path, _ in site.requests[before:]]
    assert fetched == ["/robots.txt", "/feed.xml"]
    assert site.requests[-1][1].get("If-None-Match") == '"feed-1"'
    assert (run.fetched, run.summary.new, run.summary.updated) == (0, 0, 0)


def test_a_changed_page_becomes_a_new_version(site: Site, watches: Watches, tmp_path: Path) -> None:
    serve_news(site)
    sources = [Source("list", "urls", None, (site.url("/news/harbour"), site.url("/news/budget")), 60.0)]
    watches.open(sources).run_due()
    watches.close()
    site.routes["/news/harbour"] = Page(article_page("Harbour plan", "Ann Lee", "The harbour plan was rejected."),
                                        etag='"harbour-2"')
    watches.wall += 86_401  # both articles due for their re-check
    [run] = watches.open(sources).run_due()
    assert (run.fetched, run.summary.updated, run.not_modified) == (2, 1, 1)
    watches.close()
    [doc_id] = doc_ids(tmp_path / "index", "rejected")
    index = open_index(tmp_path / "index")
    try:
        assert len(get_article(index, doc_id).versions) == 2
    finally:
        index.close()


def test_a_304_is_captured_as_a_revisit_and_indexes_nothing(site: Site, watches: Watches, tmp_path: Path) -> None:
    serve_news(site)
    sources = [Source("list", "urls", None, (site.url("/news/harbour"),), 60.0)]
    watches.open(sources).run_due()
    watches.close()
    watches.wall += 86_401
    [run] = watches.open(sources).run_due()
    assert site.requests[-1][1].get("If-None-Match") == '"harbour-1"'
    assert (run.fetched, run.not_modified, run.summary.articles) == (1, 1, 0)
    records = warc_records(watch_folder(tmp_path / "index") / "captures")
    assert ("revisit", site.url("/news/harbour"), "304") in records
    watch = watches.opened[-1][0]
    kept = watch.state.url(site.url("/news/harbour"))
    assert kept is not None and kept.capture_file is not None and kept.capture_offset is not None
    with (watch.captures.folder / kept.capture_file).open("rb") as stream:  # still the text it was read from
        stream.seek(kept.capture_offset)
        assert next(iter(ArchiveIterator(stream))).rec_type == "response"


def test_a_sitemap_index_leads_to_its_news_sitemap(site: Site, watches: Watches, tmp_path: Path) -> None:
    serve_news(site)
    site.routes["/sitemap.xml"] = Page(
        f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>{site.url("/news.xml.gz")}'
        "</loc></sitemap></sitemapindex>".encode(), headers={"Content-Type": "application/xml"})
    news = (f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            f'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"><url><loc>{site.url("/news/budget")}</loc>'
            "<news:news><news:title>Budget</news:title></news:news></url></urlset>")
    site.routes["/news.xml.gz"] = Page(gzip.compress(news.encode()), headers={"Content-Type": "application/gzip"})
    [run] = watches.open([Source("maps", "sitemap", site.url("/sitemap.xml"))]).run_due()
    assert (run.listed, run.summary.new) == (1, 1)
    watches.close()
    assert doc_ids(tmp_path / "index", "councillors")


def test_an_oversized_page_is_captured_truncated_and_not_indexed(site: Site, watches: Watches,
                                                                   tmp_path: Path) -> None:
    serve_news(site)
    sources = [Source("list", "urls", None, (site.url("/news/harbour"),))]
    [run] = watches.open(sources, watch_max_bytes=200).run_due()
    assert run.summary.articles == 0 and run.failed == [f"{site.url('/news/harbour')}: HTTP 200 (over the size cap)"]
    captures = watch_folder(tmp_path / "index") / "captures"
    truncated = []
    for path in captures.glob("*.warc.gz"):
        for record in ArchiveIterator(io.BytesIO(path.read_bytes())):
            if record.rec_headers.get_header("WARC-Target-URI") == site.url("/news/harbour"):
                truncated.append((record.rec_headers.get_header("WARC-Truncated"),
                                  len(record.content_stream().read())))
    assert truncated == [("length", 200)]


def test_robots_txt_is_asked_on_every_redirect_hop(site: Site, watches: Watches) -> None:
    serve_news(site)
    site.routes["/news/moved"] = Page(b"", 301, {"Location": "/private/memo"})
    [run] = watches.open([Source("list", "urls", None, (site.url("/news/moved"),))]).run_due()
    assert run.refused == [f"{site.url('/private/memo')}: robots.txt disallows it"]
    assert site.hits("/private/memo") == 0


def test_the_loop_sleeps_until_the_next_source_is_due(site: Site, watches: Watches) -> None:
    serve_news(site)
    site.routes["/feed2.xml"] = Page(rss(site, ["/news/budget"]), headers={"Content-Type": "application/rss+xml"})
    watch = watches.open([Source("a", "feed", site.url("/feed.xml"), interval=600.0),
                          Source("b", "feed", site.url("/feed2.xml"), interval=900.0)])
    slept: list[float] = []
    passes: list[list[str]] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        watches.wall += seconds

    run_watch(watch, once=False, sleep=sleep, on_run=lambda runs: passes.append([r.name for r in runs]),
              stop=lambda: len(passes) == 3)
    assert slept == [600.0, 300.0]
    assert passes == [["a", "b"], ["a"], ["b"]]
    assert site.hits("/robots.txt") == 3  # read again each pass: a site may change its rules


def test_a_busy_answer_is_tried_again_at_the_next_run(site: Site, watches: Watches) -> None:
    serve_news(site)
    site.routes["/news/harbour"] = Page(b"busy", 503, {"Retry-After": "7200"})  # longer than we wait
    sources = [Source("list", "urls", None, (site.url("/news/harbour"),), 60.0)]
    [run] = watches.open(sources).run_due()
    assert run.failed == [f"{site.url('/news/harbour')}: HTTP 503"]
    watches.close()
    serve_news(site)
    watches.wall += 61
    [run] = watches.open(sources).run_due()
    assert (run.failed, run.summary.new) == ([], 1)


def test_an_unchanged_feed_still_rechecks_its_articles_and_not_itself(site: Site, watches: Watches) -> None:
    serve_news(site)
    sources = [Source("city", "feed", site.url("/feed.xml"))]
    watches.open(sources).run_due()
    watches.close()
    before = len(site.requests)
    watches.wall += 86_401  # the feed and its articles are due
    [run] = watches.open(sources).run_due()
    fetched = sorted(path for path, _ in site.requests[before:])
    assert fetched == ["/feed.xml", "/news/budget", "/news/harbour", "/robots.txt"]
    assert (run.listed, run.fetched, run.not_modified, run.summary.articles) == (3, 2, 2, 0)


def test_articles_are_indexed_and_counted_batch_by_batch(site: Site, watches: Watches, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    serve_news(site)
    monkeypatch.setattr(watcher, "ARTICLE_BATCH", 1)
    [run] = watches.open([Source("city", "feed", site.url("/feed.xml"))]).run_due()
    assert (run.fetched, run.summary.new, run.summary.files) == (2, 2, 2)
    watches.close()
    assert doc_ids(tmp_path / "index", "harbour") and doc_ids(tmp_path / "index", "councillors")


def test_a_home_page_source_reads_the_feeds_it_announces(site: Site, watches: Watches, tmp_path: Path) -> None:
    serve_news(site)
    site.routes["/"] = Page(b'<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml">'
                            b"</head><body>Front page</body></html>", headers={"Content-Type": "text/html"})
    watch = watches.open([Source("front", "site", site.url("/"))])
    run = watch.run_due()[0]
    assert run.error is None, run.error
    assert site.hits("/feed.xml") == 1 and site.hits("/news/harbour") == 1 and site.hits("/news/budget") == 1
    assert site.hits("/private/memo") == 0  # robots.txt still asked
    watches.close()
    assert len(doc_ids(tmp_path / "index", "harbour")) == 1 and len(doc_ids(tmp_path / "index", "councillors")) == 1


def test_articles_are_checked_again_on_the_schedule_then_never(site: Site, watches: Watches) -> None:
    serve_news(site)
    sources = [Source("list", "urls", None, (site.url("/news/budget"),), 60.0)]
    fetched = []
    # watch_rechecks: 1 h, 6 h after first sight; the source itself runs every minute.
    for after in (0, 1800, 3601, 7200, 21_601, 90_000, 400_000):
        watches.wall += after
        [run] = watches.open(sources, watch_rechecks="1h,6h").run_due()
        watches.close()
        fetched.append(run.fetched)
    # the runs at 0, 0.5, 1.5, 3.5, 9.5, 34.5 and 145.6 h after first sight:
    # first sight; not yet; the 1 h check; not yet; the 6 h check; never again
    assert fetched == [1, 0, 1, 0, 1, 0, 0]
    assert site.hits("/news/budget") == 3


@pytest.mark.parametrize(("raw", "seconds"), [
    ("1h,6h,24h,3d", (3600.0, 21_600.0, 86_400.0, 259_200.0)), ("0.5h", (1800.0,)), ("none", ()), ("", ()),
])
def test_a_recheck_schedule_reads_hours_and_days(raw: str, seconds: tuple[float, ...]) -> None:
    from onrecord.search import parse_rechecks
    assert parse_rechecks(raw) == seconds


@pytest.mark.parametrize("raw", ["6h,1h", "1h,1h", "1x", "h", "-1h", "1h,,2h", "infh"])
def test_a_bad_recheck_schedule_is_one_line(raw: str) -> None:
    from onrecord.search import ConfigError, load_config
    with pytest.raises(ConfigError, match="watch_rechecks"):
        load_config(env={}, settings=[f"watch_rechecks={raw}"])
