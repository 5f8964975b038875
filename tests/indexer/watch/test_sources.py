"""The URLs a feed, a sitemap (index, news) or a URL list names."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from onrecord.indexer.watch.sources import ListingError, read_listing

BASE = "https://news.example.org/feeds/main.xml"


def test_rss_items_give_their_links_or_permalink_guids() -> None:
    body = (b'<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>'
            b"<item><link>https://news.example.org/a</link></item>"
            b"<item><guid>https://news.example.org/b</guid></item>"
            b'<item><guid isPermaLink="false">tag:1</guid></item>'
            b"<item><link>/c#top</link></item><item><link>javascript:alert(1)</link></item></channel></rss>")
    assert read_listing("feed", body, BASE, 10_000).articles == [
        "https://news.example.org/a", "https://news.example.org/b", "https://news.example.org/c"]


def test_atom_entries_give_their_alternate_links() -> None:
    body = (b'<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="self" href="/self"/>'
            b'<link rel="alternate" href="https://news.example.org/a"/></entry>'
            b'<entry><link href="https://news.example.org/b"/></entry></feed>')
    assert read_listing("feed", body, BASE, 10_000).articles == ["https://news.example.org/a",
                                                                 "https://news.example.org/b"]


def test_a_sitemap_index_gives_child_sitemaps_and_a_gzipped_urlset_its_pages() -> None:
    index = (b'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
             b"<sitemap><loc>https://news.example.org/s1.xml</loc></sitemap></sitemapindex>")
    listing = read_listing("sitemap", index, BASE, 10_000)
    assert (listing.sitemaps, listing.articles) == (["https://news.example.org/s1.xml"], [])
    urlset = gzip.compress(b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                           b"<url><loc>https://news.example.org/a</loc></url></urlset>")
    assert read_listing("sitemap", urlset, BASE, 10_000).articles == ["https://news.example.org/a"]


def test_a_url_list_skips_comments_and_blank_lines() -> None:
    body = b"# the desk's list\nhttps://news.example.org/a\n\n  https://news.example.org/b  # why\nftp://x/y\n"
    assert read_listing("urls", body, BASE, 10_000).articles == ["https://news.example.org/a",
                                                                "https://news.example.org/b"]


def test_an_external_entity_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET-MARKER", encoding="utf-8")
    body = (f'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
            '<rss version="2.0"><channel><item><link>https://news.example.org/&x;</link></item></channel></rss>')
    links = read_listing("feed", body.encode(), BASE, 10_000).articles
    assert not any("SECRET" in link for link in links)


def test_a_page_is_not_a_sitemap() -> None:
    with pytest.raises(ListingError, match="not a sitemap"):
        read_listing("sitemap", b"<html><body>hi</body></html>", BASE, 10_000)
    with pytest.raises(ListingError, match="not readable XML"):
        read_listing("feed", b"{}", BASE, 10_000)


def test_a_home_page_gives_the_feeds_it_announces() -> None:
    body = (b'<!doctype html><html><head><title>News</title>'
            b'<link rel="stylesheet" href="/style.css">'
            b'<link rel="alternate" type="application/rss+xml" title="Top" href="/feeds/top.xml">'
            b'<link rel="Alternate" type="application/atom+xml; charset=utf-8" href="https://news.example.org/a.atom">'
            b'<link rel="alternate" hreflang="fr" href="/fr/">'
            b'<link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">'
            b"</head><body><p>Hello</p></body></html>")
    listing = read_listing("site", body, "https://news.example.org/", 10_000)
    assert listing.feeds == ["https://news.example.org/feeds/top.xml", "https://news.example.org/a.atom"]
    assert listing.articles == [] and listing.sitemaps == []


@pytest.mark.parametrize("body", [b"<html><head><title>No feed</title></head><body></body></html>", b"", b"\x00\x01"])
def test_a_home_page_without_a_feed_is_a_listing_error(body: bytes) -> None:
    with pytest.raises(ListingError):
        read_listing("site", body, "https://news.example.org/", 10_000)
