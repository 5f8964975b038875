"""Tests for indexer.chunk.chunker: paragraph spans, repeat dropping and stable ids."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from onrecord.indexer.chunk.chunker import (
    chunk_article,
    make_article_id,
    normalise_url,
    span_keys,
    split_paragraphs,
)
from onrecord.indexer.errors import ParseError
from onrecord.indexer.parse.parser import parse_source
from onrecord.indexer.read.reader import read_source
from onrecord.search.model import Article, Block, Metadata, ParsedArticle, SourceFile

SEEDS = sorted((Path(__file__).resolve().parents[3] / "seeds").glob("*.txt"))


def parsed(text: str, meta: Metadata | None = None, blocks: tuple[Block, ...] = ()) -> ParsedArticle:
    return ParsedArticle(source="in/a.txt", text=text, meta=meta or Metadata(), blocks=blocks)


def assert_exact_spans(article: Article) -> None:
    for n, p in enumerate(article.paragraphs, start=1):
        assert p.n == n
        assert p.id == f"{article.id}-p{n}"
        assert article.text[p.start:p.end] == p.text
        assert p.text == p.text.strip() and p.text


@pytest.mark.parametrize(
    ("text", "paragraphs"),
    [
        ("One.\n\nTwo.", ["One.", "Two."]),
        ("  One.  \n \t \n\n\tTwo.\n", ["One.", "Two."]),
        ("Line one\nline two\n\nNext.", ["Line one\nline two", "Next."]),
        ("Windows.\r\n\r\nLines.\r\n", ["Windows.", "Lines."]),
        ("Old Mac.\r\rLines.", ["Old Mac.", "Lines."]),
        ("Non-breaking.\u00a0\u00a0\n\u00a0\nSpace.", ["Non-breaking.", "Space."]),
        ("\n\n\nOnly one.\n\n\n", ["Only one."]),
        ("No newline at all", ["No newline at all"]),
    ],
)
def test_split_on_blank_lines_with_exact_spans(text: str, paragraphs: list[str]) -> None:
    spans = split_paragraphs(text)
    assert [text[b.start:b.end] for b in spans] == paragraphs
    article = chunk_article(parsed(text))
    assert [p.text for p in article.paragraphs] == paragraphs
    assert_exact_spans(article)


def test_parser_blocks_are_used_with_their_kinds() -> None:
    text = "Heading\n\nBody text here.\n\nA caption"
    blocks = (Block(0, 7, "heading"), Block(9, 24, "body"), Block(26, 35, "caption"))
    article = chunk_article(parsed(text, blocks=blocks))
    assert [(p.text, p.kind) for p in article.paragraphs] == [
        ("Heading", "heading"), ("Body text here.", "body"), ("A caption", "caption")]
    assert_exact_spans(article)


def test_bad_blocks_are_dropped_not_trusted() -> None:
    text = "Good.\n\n  padded  "
    blocks = (Block(0, 5), Block(5, 5), Block(7, 17), Block(10, 99), Block(-1, 3))
    article = chunk_article(parsed(text, blocks=blocks))
    assert [(p.start, p.end, p.text) for p in article.paragraphs] == [(0, 5, "Good."), (9, 15, "padded")]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Lead para.\n\nSecond.\n\nLead  para.\n\nThird.", ["Lead para.", "Second.", "Third."]),
        ("Lead\npara.\n\nLead para.", ["Lead\npara."]),
        ("Lead para.\n\nlead para.", ["Lead para.", "lead para."]),  # case differs: not a repeat
        ("Nicole, 27, and\n\nNicole, 27, and Bibaa, 46, were killed.",
         ["Nicole, 27, and Bibaa, 46, were killed."]),
        # the fragment's next paragraph is a repeat: compare with the next one kept
        ("Lead.\n\nNicole, 27, and\n\nLead.\n\nNicole, 27, and Bibaa.", ["Lead.", "Nicole, 27, and Bibaa."]),
        ("Short.\n\nShort. Then more.", ["Short. Then more."]),
        ("x" * 60 + "\n\n" + "x" * 60 + " more", ["x" * 60, "x" * 60 + " more"]),  # not short
        ("Not a prefix.\n\nSomething else.", ["Not a prefix.", "Something else."]),
        ("Next is later.\n\nOther.\n\nNext is later. Yes.", ["Next is later.", "Other.", "Next is later. Yes."]),
    ],
)
def test_repeats_and_truncated_fragments_are_kept_once(text: str, kept: list[str]) -> None:
    article = chunk_article(parsed(text))
    assert [p.text for p in article.paragraphs] == kept
    assert_exact_spans(article)


def test_short_heading_that_prefixes_next_paragraph_is_kept() -> None:
    text = "Background\n\nBackground checks were skipped."
    blocks = (Block(0, 10, "heading"), Block(12, len(text), "body"))
    article = chunk_article(parsed(text, blocks=blocks))
    assert [p.text for p in article.paragraphs] == ["Background", "Background checks were skipped."]


@pytest.mark.parametrize("text", ["", "   \n\n \t\n", "\u00a0"])
def test_empty_article_raises_parse_error(text: str) -> None:
    with pytest.raises(ParseError, match="no paragraphs"):
        chunk_article(parsed(text))


@pytest.mark.parametrize(
    ("url", "normalised"),
    [
        ("HTTPS://Example.ORG/News/Story/", "https://example.org/News/Story"),
        ("https://example.org/a?utm_source=x&id=3&UTM_Medium=y#comments", "https://example.org/a?id=3"),
        ("https://example.org/", "https://example.org"),
        ("  https://example.org/a  ", "https://example.org/a"),
        # Identity: scheme, www., default port, click ids, parameter order.
        ("HTTPS://RealNews.example/2021/budget/?utm_source=x#top",
         "https://realnews.example/2021/budget"),
        ("http://www.realnews.example:80/2021/budget", "https://realnews.example/2021/budget"),
        ("https://example.org:443/a?fbclid=1&b=2&gclid=3&a=1&mc_cid=4",
         "https://example.org/a?a=1&b=2"),
        ("https://example.org:8080/a", "https://example.org:8080/a"),
        ("example.org/a/", "https://example.org/a"),
        ("https://example.org/A%2fb", "https://example.org/A%2Fb"),
        ("not a url", "not a url"),
    ],
)
def test_normalise_url(url: str, normalised: str) -> None:
    assert normalise_url(url) == normalised


def test_article_id_from_url_ignores_tracking_and_case() -> None:
    a = make_article_id(Metadata(url="https://Example.org/a/?utm_campaign=z#top"), "text one")
    b = make_article_id(Metadata(url="https://example.org/a"), "different text")
    assert a == b == "u" + hashlib.sha1(b"https://example.org/a").hexdigest()[:16]


def test_article_id_from_text_ignores_whitespace_and_case() -> None:
    a = make_article_id(Metadata(), "Hello   World.\n\nSecond.")
    assert a == make_article_id(Metadata(), "  hello world. second. ")
    assert a == "t" + hashlib.sha1(b"hello world. second.").hexdigest()[:16]
    assert a != make_article_id(Metadata(), "Hello World. Third.")


@pytest.mark.parametrize("text", [
    "Hello   World.\n\nSecond.",
    "  Tabs\tand\r\nCRLF lines\r\n\r\nnext one\rafter a CR  \n",
    "A repeat.\n\nA repeat.\n \t \nA  repeat.\n\n\n",
    "Stra\u00dfe and \u0130stanbul\u2028joined\u00a0here\n\u3000\n\x1cAfter a separator line.",
    "Only one line, no break",
])
def test_article_id_from_paragraph_keys_is_the_texts(text: str) -> None:
    # chunk_article hashes split_paragraphs' span keys, not the text split again: the same id
    keys = span_keys(text, split_paragraphs(text))
    assert make_article_id(Metadata(), text, keys) == make_article_id(Metadata(), text)
    assert chunk_article(parsed(text)).id == make_article_id(Metadata(), text)


def test_article_carries_source_text_and_meta() -> None:
    meta = Metadata(title="T", url="https://x.org/1")
    article = chunk_article(parsed("One.\n\nTwo.", meta))
    assert (article.source, article.text, article.meta) == ("in/a.txt", "One.\n\nTwo.", meta)
    assert [p.id for p in article.paragraphs] == [f"{article.id}-p1", f"{article.id}-p2"]
    assert article.id.startswith("u")


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name)
def test_seeds_chunk_with_exact_offsets(seed: Path) -> None:
    [article_in] = parse_source(read_source(seed))
    article = chunk_article(article_in)
    assert article.text == seed.read_text(encoding="utf-8")
    assert len(article.paragraphs) > 10
    assert_exact_spans(article)
    texts = [" ".join(p.text.split()) for p in article.paragraphs]
    assert len(texts) == len(set(texts))


def test_seed_001_doubled_lead_and_fragment_appear_once() -> None:
    [seed] = [s for s in SEEDS if s.name.startswith("001_")]
    article = chunk_article(parse_source(read_source(seed))[0])
    lead = article.paragraphs[0].text
    assert lead.startswith("The mother of two murdered sisters")
    assert article.text.count(lead) == 2  # doubled in the file...
    assert [p.text for p in article.paragraphs].count(lead) == 1  # ...once in the article
    assert article.paragraphs[1].text.startswith("Nicole Smallman, 27, and Bibaa Henry, 46,")
    assert all(p.text != "Nicole Smallman, 27, and" for p in article.paragraphs)


def test_html_article_chunks_on_its_blocks() -> None:
    page = "<article><h2>Sub</h2><p>Body one.</p><figure><figcaption>Cap</figcaption></figure></article>"
    [article_in] = parse_source(SourceFile(path="in/a.html", kind="html", text=page))
    article = chunk_article(article_in)
    assert [(p.text, p.kind) for p in article.paragraphs] == [
        ("Sub", "heading"), ("Body one.", "body"), ("Cap", "caption")]
    assert_exact_spans(article)



def test_a_text_files_headline_is_the_title_not_paragraph_1() -> None:
    text = "Minister quits over budget\n\nThe minister resigned on Monday.\n\nMore later."
    parsed = parse_source(SourceFile(path="a.txt", kind="txt", text=text))[0]
    article = chunk_article(parsed)
    assert article.meta.title == "Minister quits over budget"
    assert [p.n for p in article.paragraphs] == [1, 2]
    assert article.paragraphs[0].text == "The minister resigned on Monday."
    assert all(text[p.start:p.end] == p.text for p in article.paragraphs)


def test_an_html_heading_equal_to_the_title_is_not_a_paragraph() -> None:
    text = "Rates rise!\nBanks follow.\nRates rise again"
    blocks = [Block(start=0, end=11, kind="heading"), Block(start=12, end=25, kind="body"),
              Block(start=26, end=42, kind="heading")]
    article = chunk_article(ParsedArticle(source="a.html", text=text,
                                          meta=Metadata(title="Rates rise"), blocks=blocks))
    assert [p.text for p in article.paragraphs] == ["Banks follow.", "Rates rise again"]


def test_an_article_that_is_only_its_headline_keeps_it() -> None:
    article = chunk_article(ParsedArticle(source="a.txt", text="Just this",
                                          meta=Metadata(title="Just this")))
    assert [p.text for p in article.paragraphs] == ["Just this"]
