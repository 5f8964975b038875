"""Benchmark corpora: the BBC corpus annotated once, and larger derived
corpora recombined from its annotated paragraphs.

Owns the recipe for a derived corpus (see bench/README.md): a seeded RNG
draws paragraphs from the annotated BBC pool into synthetic articles of 3-12
paragraphs, renames people (every word of a multi-word person speaker name,
wherever it is written, becomes a generated word of the SAME length, so all
quote and mention offsets stay valid), and gives each article a synthetic
date in 2004-2024 and an outlet from a small list.  Derived corpora test the
search index at scale, not extraction, so nothing is annotated twice.
"""
from __future__ import annotations

import datetime as dt
import random
import re
import string
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from onrecord.indexer.errors import IngestError
from onrecord.indexer.pipeline import extract_file, iter_input_files
from onrecord.search import Article, Mention, Metadata, Paragraph

OUTLETS: tuple[str, ...] = ("BBC News", "The Guardian", "The Times", "Reuters",
                            "Financial Times", "The Independent", "Daily Telegraph",
                            "Associated Press")
FIRST_DAY = dt.date(2004, 1, 1)
LAST_DAY = dt.date(2024, 12, 31)
CASTS = 64  # distinct renamings of the same person: more people at scale
MIN_PARAS, MAX_PARAS = 3, 12
_CONSONANTS = "bcdfghjklmnprstvwz"
_VOWELS = "aeiou"
_ANY_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")
_NAME_WORD = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?")
_NAME_SUB = re.compile(r"\b[A-Z][a-z]+(?:-[A-Z][a-z]+)?\b")


@dataclass(slots=True)
class Pool:
    """The annotated source paragraphs and what renaming needs to know."""

    paragraphs: list[Paragraph]
    titles: list[str]
    person_words: frozenset[str]
    skipped: list[tuple[str, str]]


def annotate_corpus(root: Path) -> tuple[list[Article], list[tuple[str, str]]]:
    """Return the annotated articles of every file under `root` (through the
    public indexer.pipeline.extract_file) and the (path, reason) skipped."""
    articles: list[Article] = []
    skipped: list[tuple[str, str]] = []
    for path in iter_input_files([root]):
        try:
            articles.extend(extract_file(path))
        except IngestError as exc:
            skipped.append((str(path), str(exc)))
    return articles, skipped


def find_person_words(articles: list[Article]) -> frozenset[str]:
    """Return the capitalised words of speaker names that look like people
    (two or three capitalised words, no institution among them), minus words
    written lowercase more often than capitalised ("Age", "Affairs")."""
    institutions: set[str] = set()
    speakers: set[str] = set()
    words_seen: Counter[str] = Counter()
    for article in articles:
        for para in article.paragraphs:
            institutions.update(para.institutions)
            speakers.update(para.speakers)
            words_seen.update(_ANY_WORD.findall(para.text))
    words: set[str] = set()
    for name in speakers - institutions:
        parts = name.split()
        if 2 <= len(parts) <= 3 and all(_NAME_WORD.fullmatch(p) for p in parts):
            words.update(p for p in parts if words_seen[p] > words_seen[p.lower()])
    return frozenset(words)


def build_pool(articles: list[Article], skipped: list[tuple[str, str]]) -> Pool:
    """Return the Pool of `articles`' paragraphs (the first paragraph of an
    article is its headline, kept as a title candidate too)."""
    paragraphs = [p for a in articles for p in a.paragraphs]
    titles = [a.paragraphs[0].text for a in articles if a.paragraphs]
    return Pool(paragraphs, titles, find_person_words(articles), skipped)


def fake_word(word: str, cast: int, seed: int) -> str:
    """Return a pronounceable capitalised word as long as `word` (hyphens
    kept), the same for the same (word, cast, seed)."""
    rng = random.Random(f"{seed}:{cast}:{word}")
    letters = []
    for i, ch in enumerate(word):
        if ch == "-":
            letters.append("-")
            continue
        pool = _VOWELS if i % 2 else _CONSONANTS
        letters.append(rng.choice(pool))
    out = "".join(letters)
    return re.sub(r"(^|-)([a-z])", lambda m: m.group(1) + m.group(2).upper(), out)


class Renamer:
    """Length-preserving renaming of person-name words for one seed."""

    def __init__(self, person_words: frozenset[str], seed: int) -> None:
        self.seed = seed
        self.words = person_words
        self._memo: dict[tuple[str, int], str] = {}

    def rename(self, text: str, cast: int) -> str:
        """Return `text` with every person-name word replaced for `cast`."""
        if not self.words or not text:
            return text
        # One generic capitalised-word regex and a set lookup: far faster
        # than an alternation of thousands of names.
        return _NAME_SUB.sub(lambda m: self._word(m.group(0), cast), text)

    def _word(self, word: str, cast: int) -> str:
        if word not in self.words:
            return word
        key = (word, cast)
        if key not in self._memo:
            self._memo[key] = fake_word(word, cast, self.seed)
        return self._memo[key]


def _shift_mention(m: Mention | None, delta: int, renamer: Renamer, cast: int) -> Mention | None:
    if m is None:
        return None
    return Mention(renamer.rename(m.text, cast), m.start + delta, m.end + delta)


def move_paragraph(para: Paragraph, article_id: str, n: int, start: int,
                   renamer: Renamer, cast: int) -> Paragraph:
    """Return `para` renumbered as paragraph n of `article_id` at offset
    `start`, with quote offsets shifted and people renamed."""
    delta = start - para.start
    quotes = [replace(q, text=renamer.rename(q.text, cast), start=q.start + delta,
                      end=q.end + delta,
                      speaker=renamer.rename(q.speaker, cast) if q.speaker else None,
                      speaker_mention=_shift_mention(q.speaker_mention, delta, renamer, cast),
                      cue_mention=_shift_mention(q.cue_mention, delta, renamer, cast))
              for q in para.quotes]
    text = renamer.rename(para.text, cast)
    return Paragraph(id=f"{article_id}-p{n}", n=n, start=start, end=start + len(text),
                     text=text, kind=para.kind, quotes=quotes,
                     speakers=[renamer.rename(s, cast) for s in para.speakers],
                     institutions=list(para.institutions), dates=list(para.dates))


@dataclass(slots=True)
class ArticleDraw:
    """What the seeded RNG draws for one synthetic article: everything
    but the renaming, which is seeded per word and needs no draw."""

    number: int
    cast: int
    title: str
    day: dt.date
    outlet: str
    paragraphs: list[Paragraph]


def draw_article(pool: Pool, rng: random.Random, number: int, paragraphs: int) -> ArticleDraw:
    """Return the draws of synthetic article `number` with `paragraphs`
    paragraphs from `pool` by `rng`, in the recipe's order (cast, title,
    day, outlet, then each paragraph)."""
    cast = rng.randrange(CASTS)
    title = rng.choice(pool.titles)
    day = FIRST_DAY + dt.timedelta(days=rng.randrange((LAST_DAY - FIRST_DAY).days + 1))
    outlet = rng.choice(OUTLETS)
    return ArticleDraw(number, cast, title, day, outlet, [rng.choice(pool.paragraphs) for _ in range(paragraphs)])


def build_article(draw: ArticleDraw, renamer: Renamer) -> Article:
    """Return the synthetic article of `draw`, its people renamed and its
    paragraphs moved into place (no RNG draw: the costly part of the stream)."""
    article_id = f"syn{renamer.seed}x{draw.number:07d}"
    meta = Metadata(title=renamer.rename(draw.title, draw.cast), outlet=draw.outlet, published=draw.day,
                    url=f"https://example.org/{article_id}")
    moved: list[Paragraph] = []
    cursor = 0
    for n, source in enumerate(draw.paragraphs, start=1):
        para = move_paragraph(source, article_id, n, cursor, renamer, draw.cast)
        moved.append(para)
        cursor = para.end + 2
    text = "\n\n".join(p.text for p in moved)
    return Article(id=article_id, source=f"derived/{article_id}", text=text, meta=meta,
                   paragraphs=moved)


def iter_derived(pool: Pool, total_paragraphs: int, seed: int,
                 keep: Callable[[int], bool] | None = None) -> Iterator[Article]:
    """Yield synthetic articles totalling exactly `total_paragraphs`
    paragraphs; the same (pool, total, seed) always yields the same articles.
    With `keep`, only the articles whose number it accepts are yielded:
    every article's draws are still made (so those yielded equal the whole
    stream's), but only the kept ones are built, which is most of the
    stream's cost (a benchmark worker makes only its own share)."""
    rng = random.Random(seed)
    renamer = Renamer(pool.person_words, seed)
    left = total_paragraphs
    number = 0
    while left > 0:
        size = min(left, rng.randint(MIN_PARAS, MAX_PARAS))
        draw = draw_article(pool, rng, number, size)
        if keep is None or keep(number):
            yield build_article(draw, renamer)
        left -= size
        number += 1


def count_words(articles: Iterable[Article]) -> int:
    """Return the number of whitespace-separated words in all paragraphs."""
    return sum(len(p.text.split()) for a in articles for p in a.paragraphs)


def top_names(articles: Iterable[Article], attr: str, limit: int) -> list[str]:
    """Return the `limit` most frequent values of the paragraph list `attr`
    ("speakers" or "institutions"), multi-word people first for speakers."""
    counts: Counter[str] = Counter()
    for article in articles:
        for para in article.paragraphs:
            counts.update(getattr(para, attr))
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if attr == "speakers":
        ranked = [kv for kv in ranked if " " in kv[0]] or ranked
    return [name for name, _ in ranked[:limit]]


def parse_size(label: str) -> int:
    """Return the paragraph count of a size label like 250k or 1m (or 1000).
    Raises ValueError for anything else."""
    text = label.strip().lower()
    scale = {"k": 1_000, "m": 1_000_000}.get(text[-1:], 1)
    digits = text[:-1] if scale > 1 else text
    if not digits or any(c not in string.digits + "." for c in digits):
        raise ValueError(f"bad corpus size {label!r}; use e.g. 250k or 1m")
    value = int(float(digits) * scale)
    if value <= 0:
        raise ValueError(f"corpus size must be positive, got {label!r}")
    return value
