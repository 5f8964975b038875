"""Tests for the metadata a saved HTML page states (indexer.html_meta,
html_dates, html_bylines): dates shown by the headline, JSON-LD shapes,
bylines in the page.  Each page is a few lines of inline HTML."""
from __future__ import annotations

import datetime as dt

import pytest

from onrecord.indexer.parser import parse_source
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
