"""A generated corpus for the entity and article page benchmark: one very
prolific speaker and one very long article.

Owns the recipe (seeded, so the same arguments always give the same
articles): `iter_prolific` yields articles of 3-12 short paragraphs until
PROLIFIC has exactly `quotes` quotes (most paragraphs quote them once, some
twice, the rest quote someone else), each article dated in 2004-2024 (one in
thirty undated) with an outlet from bench.engines.corpus.OUTLETS; `long_article`
is one article of `paragraphs` paragraphs with a quote every 50th (by
someone else).  Built
from words, not from the BBC corpus, so it runs on any machine.
"""
from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator

from bench.engines.corpus import FIRST_DAY, LAST_DAY, MAX_PARAS, MIN_PARAS, OUTLETS
from onrecord.search import Article, Mention, Metadata, Paragraph, Quote

PROLIFIC = "Ann Prolific"
PROLIFIC_ROLES = ("council leader", "leader of Exampleton Council", "mayor")
OTHERS = ("Bob Quiet", "Cy Rare", "Di Seldom", "Ed Often")
INSTITUTIONS = ("Exampleton Council", "Harbour Authority", "Ferry Trust", "Police Board")
WORDS = ("council budget ferry harbour library police apology minister hospital school strike "
         "election report inquiry vote funding plan rushed unsafe promise delay cost review").split()
TWO_QUOTES = 0.15  # share of the prolific speaker's paragraphs quoting them twice
OTHER_SHARE = 0.2  # share of paragraphs quoting someone else
UNDATED_EVERY = 30
LONG_ID = "long-article"


def sentence(rng: random.Random, words: int) -> str:
    """Return `words` random vocabulary words, capitalised."""
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize()


def quoted_paragraph(rng: random.Random, start: int, speakers: list[tuple[str, str]]) -> tuple[str, list[Quote]]:
    """Return the text of a paragraph quoting each (speaker, role) in turn,
    and its quotes with absolute offsets from `start`."""
    text, quotes = "", []
    for speaker, role in speakers:
        said = f'"{sentence(rng, rng.randint(6, 14))},"'
        piece = f"{said} said {speaker}, the {role}. "
        at = start + len(text)
        who = at + len(said) + len(" said ")
        quotes.append(Quote(text=said, start=at, end=at + len(said), speaker=speaker,
                            speaker_mention=Mention(speaker, who, who + len(speaker)), cue="said",
                            role=role))
        text += piece
    return text.rstrip(), quotes


def pick_speakers(rng: random.Random, left: int) -> list[tuple[str, str]]:
    """Return the (speaker, role) pairs one paragraph quotes; uses at most
    `left` of the prolific speaker's quotes."""
    if rng.random() < OTHER_SHARE:
        return [(rng.choice(OTHERS), "spokesperson")]
    count = 2 if left >= 2 and rng.random() < TWO_QUOTES else 1
    return [(PROLIFIC, rng.choice(PROLIFIC_ROLES)) for _ in range(count)]


def make_article(rng: random.Random, number: int, left: int) -> tuple[Article, int]:
    """Return article `number` and how many prolific quotes it holds (at
    most `left`)."""
    doc_id = f"pro{number:06d}"
    published = None if number % UNDATED_EVERY == 0 else \
        FIRST_DAY + dt.timedelta(days=rng.randrange((LAST_DAY - FIRST_DAY).days + 1))
    meta = Metadata(title=sentence(rng, 5), outlet=rng.choice(OUTLETS), published=published,
                    url=f"https://example.org/{doc_id}")
    paragraphs, cursor, used = [], 0, 0
    for n in range(1, rng.randint(MIN_PARAS, MAX_PARAS) + 1):
        if used >= left:
            break
        speakers = pick_speakers(rng, left - used)
        text, quotes = quoted_paragraph(rng, cursor, speakers)
        used += sum(1 for q in quotes if q.speaker == PROLIFIC)
        paragraphs.append(Paragraph(id=f"{doc_id}-p{n}", n=n, start=cursor, end=cursor + len(text),
                                    text=text, quotes=quotes, speakers=sorted({q.speaker for q in quotes}),
                                    institutions=[rng.choice(INSTITUTIONS)]))
        cursor += len(text) + 2
    text = "\n\n".join(p.text for p in paragraphs)
    return Article(id=doc_id, source=f"generated/{doc_id}", text=text, meta=meta, paragraphs=paragraphs), used


def iter_prolific(quotes: int, seed: int) -> Iterator[Article]:
    """Yield articles until PROLIFIC has exactly `quotes` quotes."""
    rng = random.Random(seed)
    left, number = quotes, 0
    while left > 0:
        article, used = make_article(rng, number, left)
        left -= used
        number += 1
        yield article


def long_article(paragraphs: int, seed: int) -> Article:
    """Return one article of `paragraphs` short paragraphs, every 50th
    quoting OTHERS[0] (so PROLIFIC keeps exactly the quotes asked for)."""
    rng = random.Random(seed + 1)
    made, cursor = [], 0
    for n in range(1, paragraphs + 1):
        if n % 50 == 0:
            text, quotes = quoted_paragraph(rng, cursor, [(OTHERS[0], "spokesperson")])
        else:
            text, quotes = f"{sentence(rng, 8)} ({n}).", []
        made.append(Paragraph(id=f"{LONG_ID}-p{n}", n=n, start=cursor, end=cursor + len(text), text=text,
                              quotes=quotes, speakers=[OTHERS[0]] if quotes else []))
        cursor += len(text) + 2
    meta = Metadata(title="The very long article", outlet=OUTLETS[0], published=dt.date(2020, 6, 1))
    return Article(id=LONG_ID, source=f"generated/{LONG_ID}", text="\n\n".join(p.text for p in made),
                   meta=meta, paragraphs=made)
