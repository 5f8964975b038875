"""Tests for the metadata a saved HTML page states (indexer.parse.html: meta,
dates, bylines): dates shown by the headline, JSON-LD shapes,
bylines in the page.  Each page is a few lines of inline HTML."""
from __future__ import annotations

import datetime as dt

import pytest

from onrecord.indexer.parse.parser import parse_source
from onrecord.search.model import Metadata, SourceFile

BODY = "<p>The council met on Tuesday and agreed the budget after a long debate.</p>"


def meta_of(page: str) -> Metadata:
    source = SourceFile(path="in/a.html", kind="html", text=f"<html>{page}</html>")
    [article] = parse_source(source)
    return article.meta


@pytest.mark.parametrize(
    ("around_headline", "expected"),
    [
        ("<p>Published on Oct 21, 2025</p><p>Updated on Mar 9, 2026</p>", dt.date(2025, 10, 21)),
        ("<div>Last updated:</div><div>Dec 12, 2025</div>", dt.date(2025, 12, 12)),
        ("<span>17.05.2021</span>", dt.date(2021, 5, 17)),
        ("<span>2/24/2026</span>", dt.date(2026, 2, 24)),
        ("<span>03/04/2021</span>", None),  # day or month first: not a date we can read
    ],
)
def test_date_shown_by_the_headline_without_tags(around_headline: str, expected: dt.date | None) -> None:
    page = f"<body><article><h1>Council agrees the budget</h1>{around_headline}{BODY}</article></body>"
    assert meta_of(page).published == expected


def test_shown_publication_date_beats_a_disagreeing_tag() -> None:
    page = ('<head><meta property="article:published_time" content="2025-11-20T10:00:00Z"></head>'
            f"<body><h1>Council agrees the budget</h1><p>Published March 3, 2019</p>{BODY}</body>")
    assert meta_of(page).published == dt.date(2019, 3, 3)


def test_shown_updated_date_never_replaces_the_stated_one() -> None:
    page = ('<head><meta property="article:published_time" content="2024-02-27T10:00:00Z"></head>'
            f"<body><h1>Council agrees the budget</h1><p>Updated: December 04, 2025</p>{BODY}</body>")
    assert meta_of(page).published == dt.date(2024, 2, 27)


@pytest.mark.parametrize(
    ("shown", "expected"),
    [
        # The tag carries the update the page shows: its "Published" date is the page's word.
        ("<p>Published April 26, 2023</p><p>Updated August 21, 2025</p>", dt.date(2023, 4, 26)),
        ("<p>Updated August 21, 2025</p><p>Published April 26, 2023</p>", dt.date(2023, 4, 26)),
        # Shown only as the update, with no publication date beside it: the tag stands.
        ("<p>Updated August 21, 2025</p>", dt.date(2025, 8, 21)),
        # Shown as published too: the tag stands.
        ("<p>Published August 21, 2025</p><p>Updated August 21, 2025</p>", dt.date(2025, 8, 21)),
    ],
)
def test_a_tag_shown_only_as_the_update_gives_way_to_the_shown_publication(shown: str,
                                                                          expected: dt.date) -> None:
    page = ('<head><meta property="article:published_time" content="2025-08-21T10:00:00Z"></head>'
            f"<body><h1>Council agrees the budget</h1>{shown}{BODY}</body>")
    assert meta_of(page).published == expected


def test_a_time_marked_pubdate_beats_the_json_ld_date() -> None:
    page = ('<head><script type="application/ld+json">{"@type": "NewsArticle", '
            '"datePublished": "2025-11-29T12:28:31-05:00"}</script></head>'
            f"<body><h1>Council agrees the budget</h1>{BODY * 20}"  # far from the headline
            '<p>Published <time pubdate datetime="2025-08-13">August 13, 2025</time></p></body>')
    assert meta_of(page).published == dt.date(2025, 8, 13)


def test_a_date_far_from_the_headline_is_not_the_article_date() -> None:
    filler = "".join(f"<p>Paragraph number {i} of the story goes on for a while here.</p>" for i in range(20))
    page = f"<body><h1>Council agrees the budget</h1>{filler}<p>March 3, 2019</p></body>"
    assert meta_of(page).published is None


@pytest.mark.parametrize(
    "head",
    [
        '<meta name="published" content="July 17, 2025">',
        '<script type="application/ld+json">{"@graph": [{"@type": "WebPage", '
        '"datePublished": "2025-07-17T08:00:00+00:00"}]}</script>',
    ],
)
def test_date_keys_and_webpage_jsonld(head: str) -> None:
    page = f"<head>{head}</head><body><h1>Council agrees the budget</h1>{BODY}</body>"
    assert meta_of(page).published == dt.date(2025, 7, 17)


@pytest.mark.parametrize(
    ("byline", "expected"),
    [
        ("<p>By Ann Lee</p>", "Ann Lee"),
        ("<div>Written by:</div><div>Ann Lee</div><div>Table of contents</div>", "Ann Lee"),
        ("<p>by: Ann Lee, Dec 17, 2025</p>", "Ann Lee"),
        ("<p>By Ann Lee \u00b7 5 min read</p>", "Ann Lee"),
        ("<p>By</p><a>Ann Lee</a><span>, and</span><a>Bo Chen</a>", "Ann Lee and Bo Chen"),
        ("<p>Medically reviewed by Dr Cy Park</p>", None),  # a reviewer is not the author
        ("<p>By continuing you agree to our terms</p>", None),
        ("<p>Ann Lee</p><p>5 min read</p>", "Ann Lee"),  # right under it, a known first name
        ("<p>Zorblat Quenn</p>", None),  # no label, no known first name: not taken
        ("<p>Green Valley Farms</p>", None),
        ("<span>Medically reviewed</span><span>by</span><a>Cy Park</a>", None),  # a reviewer
    ],
)
def test_byline_shown_by_the_headline(byline: str, expected: str | None) -> None:
    page = f"<body><article><h1>Council agrees the budget</h1>{byline}{BODY}</article></body>"
    assert meta_of(page).author == expected


def test_outlet_as_author_gives_way_to_the_byline() -> None:
    page = ('<head><meta property="og:site_name" content="Daily Post">'
            '<meta name="author" content="Daily Post"></head>'
            f"<body><h1>Council agrees the budget</h1><p>By Ann Lee</p>{BODY}</body>")
    assert meta_of(page).author == "Ann Lee"


@pytest.mark.parametrize(
    ("headline", "expected"),
    [
        ("Council agrees the budget \u2022 Ann Lee", "Council agrees the budget"),  # the byline, named as author
        ("Council agrees the budget Posted on July 1, 2024 by admin", "Council agrees the budget"),
        ("Council agrees the budget \u2022 Bo Chen", "Council agrees the budget \u2022 Bo Chen"),  # not the author
        ("Posted on the wall: notices since July 1, 2024", "Posted on the wall: notices since July 1, 2024"),
    ],
)
def test_template_parts_are_cut_from_the_headline(headline: str, expected: str) -> None:
    page = (f'<head><meta name="author" content="Ann Lee"></head>'
            f"<body><article><h1>{headline}</h1>{BODY}</article></body>")
    assert meta_of(page).title == expected


def test_byline_under_the_headline_beats_a_site_account_in_the_tags() -> None:
    page = ('<head><meta name="author" content="Web Desk Admin"></head>'
            f"<body><h1>Council agrees the budget</h1><p>By Ann Lee</p>{BODY}</body>")
    assert meta_of(page).author == "Ann Lee"


@pytest.mark.parametrize(
    ("title_tag", "body_top", "expected_title", "expected_date"),
    [
        # A pull quote set as the <h1>; the stated title is an <h2> with the date under it.
        ("What people love about Rust | Blog", "<h2>What people love about Rust</h2><p>Dec. 19, 2025</p>"
         "<article><h1>But what they love is the sense of empowerment</h1>",
         "What people love about Rust", dt.date(2025, 12, 19)),
        # An <h1> that rewords the stated title stays the headline.
        ("Council agrees budget after debate | Gazette", "<article><h1>Council agrees the budget</h1>"
         "<h2>Council agrees budget after debate</h2>", "Council agrees the budget", None),
    ],
)
def test_headline_is_the_heading_that_states_the_title(title_tag: str, body_top: str, expected_title: str,
                                                       expected_date: dt.date | None) -> None:
    page = f"<head><title>{title_tag}</title></head><body>{body_top}{BODY}</article></body>"
    meta = meta_of(page)
    assert (meta.title, meta.published) == (expected_title, expected_date)
