"""What a watch indexes says where it was read from: each version's
capture (file in captures/, record offset, fetch time) is kept in the
index's records, as the state remembers it, and a version keeps its own."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from onrecord.indexer.watch.config import Source
from onrecord.search import SearchRequest, captures_folder, get_article, open_index, search
from tests.indexer.watch.conftest import Watches
from tests.indexer.watch.site import Page, Site
from tests.warcbuild import article_page


def harbour_article(index_dir: Path, version: int | None = None) -> tuple[str | None, int | None, dt.datetime | None]:
    """Return (capture file, offset, fetched) of the harbour article's version."""
    index = open_index(index_dir)
    try:
        [doc_id] = {hit.doc_id for hit in search(index, SearchRequest(query="harbour")).hits}
        meta = get_article(index, doc_id, version=version).meta
        return meta.capture_file, meta.capture_offset, meta.fetched
    finally:
        index.close()


def test_each_version_keeps_the_capture_it_was_read_from(site: Site, watches: Watches, tmp_path: Path) -> None:
    site.routes["/news/harbour"] = Page(article_page("Harbour plan", "Ann Lee", "The harbour plan was approved."))
    sources = [Source("list", "urls", None, (site.url("/news/harbour"),), 60.0)]
    watch = watches.open(sources)
    watch.run_due()
    first = watch.state.url(site.url("/news/harbour"))
    watches.close()
    assert first is not None and first.capture_file and first.fetched
    expected = (str(captures_folder(tmp_path / "index") / first.capture_file), first.capture_offset,
                dt.datetime.fromisoformat(first.fetched))
    assert harbour_article(tmp_path / "index") == expected
    site.routes["/news/harbour"] = Page(article_page("Harbour plan", "Ann Lee", "The harbour plan was rejected."))
    watches.wall += 86_401
    watch = watches.open(sources)
    [run] = watch.run_due()
    second = watch.state.url(site.url("/news/harbour"))
    watches.close()
    assert run.summary.updated == 1 and second is not None and second.capture_file and second.fetched
    assert (second.capture_file, second.capture_offset) != (first.capture_file, first.capture_offset)
    assert harbour_article(tmp_path / "index") == (
        str(captures_folder(tmp_path / "index") / second.capture_file), second.capture_offset,
        dt.datetime.fromisoformat(second.fetched))
    assert harbour_article(tmp_path / "index", version=1) == expected
