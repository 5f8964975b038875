"""Tests for indexer.parse.parser (txt, json, jsonl) and indexer.parse.html.parser and .meta."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.indexer.errors import ParseError
from onrecord.indexer.parse.html.meta import strip_outlet_suffix
from onrecord.indexer.parse.parser import find_headline, parse_source, parse_source_report
from onrecord.search.model import Block, Metadata, SourceFile


def src(kind: str, text: str, sidecar: Metadata | None = None) -> SourceFile:
    return SourceFile(path=f"in/a.{kind}", kind=kind, text=text, sidecar=sidecar)  # type: ignore[arg-type]


def block_texts(text: str, blocks: tuple[Block, ...]) -> list[tuple[str, str]]:
    return [(text[b.start:b.end], b.kind) for b in blocks]


# --- plain text -------------------------------------------------------------

def test_txt_keeps_text_exactly_and_has_no_blocks() -> None:
    text = "  First para.\r\n\r\nSecond\u00a0para. \n"
    [article] = parse_source(src("txt", text))
    assert article.text == text
    assert article.blocks == ()
    assert article.meta == Metadata()
    assert article.source == "in/a.txt"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Met apology dismissed by mother\n\nThe mother said...", "Met apology dismissed by mother"),
        ("\nWhy did police fail?\n \nBody text.", "Why did police fail?"),
        ("The mother spoke today.\n\nBody.", None),  # ends with a full stop: a sentence
        ('She said: "It fell below standard."\n\nBody.', None),
        ("Short line\nstraight into the body\n\nMore.", None),  # no blank line after it
        ("Only a headline\n\n", None),  # nothing follows it
        ("x" * 200 + "\n\nBody.", None),  # too long for a headline
    ],
)
def test_txt_title_only_from_a_headline_like_first_line(text: str, title: str | None) -> None:
    assert find_headline(text) == title
    assert parse_source(src("txt", text))[0].meta.title == title


def test_txt_sidecar_title_wins_over_first_line() -> None:
    meta = Metadata(title="From sidecar", outlet="BBC")
    [article] = parse_source(src("txt", "Headline\n\nBody.", meta))
    assert article.meta == meta


# --- JSON / JSONL -----------------------------------------------------------

def test_json_object_with_aliases() -> None:
    record = {"headline": "H", "content": "Para one.\n\nPara two.", "link": "https://x.org/a",
              "date": "March 29, 2021", "source": "BBC", "byline": "A Writer"}
    [article] = parse_source(src("json", json.dumps(record)))
    assert article.text == "Para one.\n\nPara two."
    assert article.blocks == ()
    assert article.meta == Metadata(title="H", outlet="BBC", author="A Writer", url="https://x.org/a",
                                    published=dt.date(2021, 3, 29))


def test_json_list_skips_records_with_wrong_types_and_reports_them() -> None:
    records = [
        {"title": "good", "text": "Fine text."},
        {"title": "bad", "text": 42},
        {"title": "bad", "text": ["a", "b"]},
        {"title": "bad", "text": "ok", "published": 20210329},
        {"title": "bad", "body": "ok", "published": "not a date"},
        {"title": "no text"},
        "a string",
        {"title": "also good", "body": "More text.", "published": "2021-03-29"},
    ]
    articles, warnings = parse_source_report(src("json", json.dumps(records)))
    # A date that is not one is dropped, never the record (issue #29).
    assert [a.meta.title for a in articles] == ["good", "bad", "bad", "also good"]
    assert [a.meta.published for a in articles[1:3]] == [None, None]
    assert warnings == [
        "record 2: text is a number, expected a string",
        "record 3: text is a list, expected a string",
        "record 4: published is a number, expected a string: dropped, the record kept",
        "record 5: published 'not a date' is not a date: dropped, the record kept",
        "record 6: no text (expected one of: text, body, content)",
        "record 7: expected a JSON object, got a string",
    ]
    assert parse_source(src("json", json.dumps(records))) == articles


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"text": "a",\n "title": }', "invalid JSON at line 2 column 11: Expecting value"),
        ("[]", "no articles in file"),
        ('{"text": 3}', "record 1: text is a number, expected a string"),
        ('[{"text": " "}, {"text": 3}]', "record 1: text is blank (and 1 more)"),
        ("[" * 100_000 + "]" * 100_000, "invalid JSON: nested too deeply"),
    ],
)
def test_json_without_a_good_record_raises_the_first_reason(text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_source(src("json", text))
    assert str(info.value) == message


def test_jsonl_bad_line_is_skipped_with_its_line_number() -> None:
    text = '{"text": "one"}\n\n{"text": oops}\n   \n{"text": "two", "url": "https://x.org/2"}\n'
    articles, warnings = parse_source_report(src("jsonl", text))
    assert [a.text for a in articles] == ["one", "two"]
    assert articles[1].meta.url == "https://x.org/2"
    assert warnings == ["line 3: invalid JSON at column 10: Expecting value"]


def test_jsonl_with_only_bad_lines_raises() -> None:
    with pytest.raises(ParseError, match="^line 1: invalid JSON"):
        parse_source(src("jsonl", "not json\n"))


def test_json_sidecar_fills_only_unknown_fields() -> None:
    sidecar = Metadata(outlet="Sidecar Outlet", title="Sidecar title")
    [article] = parse_source(src("json", '{"text": "t", "title": "Record title"}', sidecar))
    assert article.meta == Metadata(title="Record title", outlet="Sidecar Outlet")


# --- HTML -------------------------------------------------------------------

FULL_PAGE = """<!doctype html>
<html><head>
<title>Mother rejects Met apology - The Daily Example</title>
<meta property="og:site_name" content="The Daily Example">
<meta name="author" content="Jane Reporter">
<link rel="canonical" href="https://daily.example/news/met-apology">
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
  {"@type": "NewsArticle", "headline": "Mother rejects Met apology",
   "datePublished": "2021-03-29T10:00:00+01:00", "publisher": {"@id": "#org"},
   "author": [{"@type": "Person", "name": "Jane Reporter"}]},
  {"@id": "#org", "@type": "Organization", "name": "Daily Example Ltd"}]}
</script>
<style>p { color: red }</style>
</head><body>
<div id="cookie-banner"><p>We use cookies to improve your experience.</p></div>
<header><p>Site tagline</p></header>
<nav><ul><li><a href="/">Home</a></li></ul><p>Sections</p></nav>
<article>
  <h1>Mother rejects Met apology</h1>
  <p>The mother of two   murdered sisters
     has <b>dismissed</b> an apology.</p>
  <figure><img src="a.jpg"><figcaption>Mina Smallman outside court</figcaption></figure>
  <h2>What the watchdog found</h2>
  <p>The IOPC said the service<br>fell below standard.</p>
  <blockquote><p>"Sorry is something you say," she said.</p></blockquote>
  <div class="share-tools"><p>Share this on Facebook</p></div>
  <div class="related-links"><p>Read more: another story</p></div>
  <script>var p = "<p>not text</p>";</script>
  <p>   </p>
</article>
<aside><p>Most read</p></aside>
<footer><p>Copyright 2021</p></footer>
</body></html>"""


def test_html_page_keeps_only_article_blocks_with_offsets() -> None:
    [article] = parse_source(src("html", FULL_PAGE))
    assert block_texts(article.text, article.blocks) == [
        ("The mother of two murdered sisters has dismissed an apology.", "body"),
        ("Mina Smallman outside court", "caption"),
        ("What the watchdog found", "heading"),
        ("The IOPC said the service fell below standard.", "body"),
        ('"Sorry is something you say," she said.', "body"),
    ]
    assert article.text == "\n\n".join(t for t, _ in block_texts(article.text, article.blocks))
    for word in ("cookies", "tagline", "Sections", "Share", "Read more", "Most read", "Copyright", "not text"):
        assert word not in article.text


def test_html_page_metadata() -> None:
    [article] = parse_source(src("html", FULL_PAGE))
    assert article.meta == Metadata(
        title="Mother rejects Met apology", outlet="The Daily Example", author="Jane Reporter",
        url="https://daily.example/news/met-apology", published=dt.date(2021, 3, 29))


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        # <title> with the outlet suffix stripped because og:site_name names it
        ('<title>Headline | BBC News</title><meta property="og:site_name" content="BBC News">',
         Metadata(title="Headline", outlet="BBC News")),
        # unknown outlet: the suffix stays (we cannot know it is one)
        ("<title>Headline - BBC News</title>", Metadata(title="Headline - BBC News")),
        ('<meta property="og:title" content="OG title"><title>Other</title>'
         '<meta name="application-name" content="App">'
         '<meta property="article:author" content="https://facebook.com/someone">'
         '<meta property="og:url" content="https://x.org/a">'
         '<meta name="dc.date" content="29 March 2021">',
         Metadata(title="OG title", outlet="App", url="https://x.org/a", published=dt.date(2021, 3, 29))),
        ('<script type="application/ld+json">[{"@type": ["Thing", "ReportageNewsArticle"], '
         '"headline": "LD", "url": "https://x.org/ld", "author": {"name": "Ann"}, '
         '"publisher": {"name": "Pub"}, "datePublished": "Mon, 29 Mar 2021 10:00:00 GMT"}]</script>'
         '<script type="application/ld+json">{broken</script>',
         Metadata(title="LD", outlet="Pub", author="Ann", url="https://x.org/ld", published=dt.date(2021, 3, 29))),
        ('<link rel="canonical" href="/relative/path"><meta name="pubdate" content="not a date">',
         Metadata()),
    ],
)
def test_html_metadata_sources(head: str, expected: Metadata) -> None:
    [article] = parse_source(src("html", f"<html><head>{head}</head><body><p>Body text.</p></body></html>"))
    assert article.meta == expected


def test_html_time_and_rel_author_in_body() -> None:
    page = ('<article><p>By <a rel="author" href="/a">Sam Byline</a></p>'
            '<time datetime="2020-06-05T09:00">5 June</time><p>Text.</p></article>')
    [article] = parse_source(src("html", page))
    assert article.meta.author == "Sam Byline"
    assert article.meta.published == dt.date(2020, 6, 5)


def test_html_sidecar_overrides_page_metadata() -> None:
    page = '<title>Page title</title><meta property="og:site_name" content="Site"><p>Text.</p>'
    [article] = parse_source(src("html", page, Metadata(title="Better title")))
    assert article.meta == Metadata(title="Better title", outlet="Site")


def test_html_prefers_article_body_with_most_text() -> None:
    page = ("<body><p>Outside</p>"
            "<article><p>Teaser</p></article>"
            "<article><p>The real story has much more text in it.</p><p>Second.</p></article></body>")
    [article] = parse_source(src("html", page))
    assert article.text == "The real story has much more text in it.\n\nSecond."


def test_html_wrapper_named_like_furniture_is_kept() -> None:
    page = '<body><div class="menu-closed"><p>Paragraph one.</p><p>Paragraph two.</p></div></body>'
    [article] = parse_source(src("html", page))
    assert article.text == "Paragraph one.\n\nParagraph two."


@pytest.mark.parametrize(
    "page",
    [
        "<p>Unclosed <b>bold <i>and italic<p>Next para</div></span><<<>>> & &amp; &bogus;",
        "<html><body><table><tr><p>Inside table</td></p></table>",
        "\x0c<p>\ud7ff Odd characters \ufffd</p>",
    ],
)
def test_broken_html_does_not_crash(page: str) -> None:
    [article] = parse_source(src("html", page))
    for block in article.blocks:
        assert article.text[block.start:block.end].strip()


@pytest.mark.parametrize(
    "page",
    [
        "<html><body>" + "<div>" * 5000 + "<p>Deep paragraph.</p>" + "</div>" * 5000 + "</body></html>",
        "<body>" + '<div class="menu">' * 5000 + "<p>Deep paragraph.</p>",
        "<body>" + "<article><span>" * 3000 + "<p>Deep paragraph.</p>",
        "<body>" + "<figure><figcaption>" * 3000 + "<p>Deep paragraph.</p>",
    ],
)
def test_deeply_nested_html_parses_or_fails_cleanly(page: str) -> None:
    try:
        [article] = parse_source(src("html", page))
    except ParseError as exc:
        assert str(exc)
    else:
        assert "Deep paragraph." in article.text


@pytest.mark.parametrize(
    "page",
    [
        "<html><body><nav><p>Home</p></nav><footer><p>Copyright</p></footer></body></html>",
        "<html><body><div>Text outside paragraphs</div></body></html>",
        "<html><head><title>Only a title</title></head><body></body></html>",
        "<p>   </p><p>\n</p>",
    ],
)
def test_html_without_paragraphs_raises(page: str) -> None:
    with pytest.raises(ParseError, match="^no article text found$"):
        parse_source(src("html", page))


@pytest.mark.parametrize(
    ("title", "outlet", "expected"),
    [
        ("Headline - Outlet", "Outlet", "Headline"),
        ("Headline | outlet", "Outlet", "Headline"),
        ("Headline \u2014 Outlet", "Outlet", "Headline"),
        ("Outlet", "Outlet", "Outlet"),
        ("Headline - Other", "Outlet", "Headline - Other"),
        ("Headline - Outlet", None, "Headline - Outlet"),
    ],
)
def test_strip_outlet_suffix(title: str, outlet: str | None, expected: str) -> None:
    assert strip_outlet_suffix(title, outlet) == expected


LONG_PAGE = """<!doctype html>
<html><head><title>Council approves the new river bridge | Riverside Gazette</title>
<meta property="og:site_name" content="Riverside Gazette"></head><body>
<header><a href="/">Riverside Gazette</a><p>Your town, every day</p></header>
<nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav>
<main><article>
<h1>Council approves the new river bridge</h1>
<p>The town council voted on Tuesday evening to approve a new pedestrian bridge across the river,
ending a debate that has lasted for more than ten years in the town.</p>
<figure><img src="bridge.jpg"><figcaption>An artist's impression of the bridge</figcaption></figure>
<p>Councillors said the bridge would link the railway station with the old market square and
cut the walk between them from twenty minutes to five.<br>Work is due to start next spring.</p>
<h2>What it will cost</h2>
<p>The budget agreed at the meeting covers the design, the building work and five years of upkeep.</p>
<ul><li>Design: two hundred thousand pounds</li><li>Building work: four million pounds</li></ul>
<table><tr><td>Vote</td><td>Count</td></tr><tr><td>For</td><td>23</td></tr><tr><td>Against</td><td>4</td></tr></table>
<blockquote><p>"This bridge will bring the two halves of the town together," the council leader said.</p></blockquote>
<p>Residents will be able to see the final plans at the library from next month onwards.</p>
</article></main>
<aside><h3>Most read</h3><ul><li><a href="/a">Another story entirely</a></li></ul></aside>
<footer><p>Copyright Riverside Gazette 2025. All rights reserved.</p></footer>
</body></html>"""


def test_html_article_blocks_are_typed_with_exact_offsets() -> None:
    [article] = parse_source(src("html", LONG_PAGE))
    roles = [(article.text[b.start:b.end][:24], b.kind, b.role, b.level) for b in article.blocks]
    assert roles == [
        ("Council approves the new", "heading", "heading", 1),
        ("The town council voted o", "body", "paragraph", 0),
        ("An artist's impression o", "caption", "caption", 0),
        ("Councillors said the bri", "body", "paragraph", 0),
        ("What it will cost", "heading", "heading", 2),
        ("The budget agreed at the", "body", "paragraph", 0),
        ("Design: two hundred thou", "body", "item", 0),
        ("Building work: four mill", "body", "item", 0),
        ("Vote | Count", "body", "table_row", 0),
        ("For | 23", "body", "table_row", 0),
        ("Against | 4", "body", "table_row", 0),
        ('"This bridge will bring ', "body", "quote", 0),
        ("Residents will be able t", "body", "paragraph", 0),
    ]
    assert "five. Work is due" in article.text  # <br> separates words
    for word in ("Your town", "Sport", "Most read", "Another story", "Copyright"):
        assert word not in article.text
    paragraphs = chunk_article(article).paragraphs
    assert paragraphs[0].text.startswith("The town council")  # the <h1> is the title, not a paragraph
    for paragraph in paragraphs:
        assert article.text[paragraph.start:paragraph.end] == paragraph.text
    assert article.meta.title == "Council approves the new river bridge"


@pytest.mark.parametrize(
    ("page", "field", "expected"),
    [
        # the visible <h1> is the headline; <title> is often an SEO variant
        ("<title>Best bridges 2025 | Top 10 | Site</title><article><h1>The new river bridge opens</h1>"
         "<p>Text.</p></article>", "title", "The new river bridge opens"),
        # an <h1> that is the site's name (the <title>'s suffix) is a logo, not the headline
        ("<title>Preparing a transition | Ann's Blog</title><h1>Ann's Blog</h1><h2>Preparing a transition</h2>"
         "<p>Text.</p>", "title", "Preparing a transition"),
        # a " - Suffix" naming the host of the page's own URL is the site
        ('<title>Best exhibitions of 2025 - Artlyst</title><link rel="canonical" href="https://artlyst.com/x">'
         "<p>Text.</p>", "title", "Best exhibitions of 2025"),
        # no <h1>: a last " | part" of the <title> is the site or section
        ("<title>The new river bridge opens | Local news</title><p>Text.</p>", "title",
         "The new river bridge opens"),
        ('<script type="application/ld+json">{"@type": "NewsArticle", "author": [{"name": "Ann Lee"},'
         ' {"name": "Bo Chen"}, {"name": "Cy Dunn"}]}</script><p>Text.</p>', "author",
         "Ann Lee, Bo Chen and Cy Dunn"),
        # a site naming itself as author loses to the byline in the page
        ('<script type="application/ld+json">{"@type": "BlogPosting", "author": {"@type": "Organization",'
         ' "name": "Acme Clinic"}}</script><p>Text.</p><div class="author-name">Dana Fox</div>', "author",
         "Dana Fox"),
        ('<script type="application/ld+json">{"@type": "BlogPosting", "author": {"@type": "Organization",'
         ' "name": "Acme Clinic"}}</script><p>Text.</p>', "author", "Acme Clinic"),
        ("<p>Text.</p>", "author", None),  # never invented
        ("<p>Text.</p>", "published", None),
    ],
)
def test_html_metadata_reading(page: str, field: str, expected: str | None) -> None:
    [article] = parse_source(src("html", f"<html><body>{page}</body></html>"))
    assert getattr(article.meta, field) == expected


@pytest.mark.parametrize("byline", ["Written By", "Updated March", "Dec", "Authors"])
def test_html_byline_labels_are_not_authors(byline: str) -> None:
    page = f'<html><body><p>Text.</p><div class="byline">{byline}</div></body></html>'
    [article] = parse_source(src("html", page))
    assert article.meta.author is None
