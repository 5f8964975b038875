"""The fixed benchmark query set.

Owns BenchQuery (one query in the engine-neutral subset every engine under
test understands: words ANDed, "phrases", OR, NOT, field-free text, plus the
speaker/institution/outlet filters, a date range, quotes-only and a sort)
and build_queries(), which fills the fixed templates with speaker and
institution names that exist in the corpus being measured (derived corpora
rename people, so names are taken from each corpus); build_mode_queries(),
the set run once in paragraph mode and once in quotes mode (issue #33): the
words, phrases and booleans, and the speaker, kind and evidence filters a
reporter combines with them.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, replace
from typing import Any
from urllib.parse import urlencode

from onrecord.search import SearchMode, SearchRequest, SortOrder
from onrecord.web.pages.links import request_params

MIN_QUERIES = 54  # 50 before the four common-word phrase rows
MIN_MODE_QUERIES = 59  # build_mode_queries given the 5 speakers it needs
D = dt.date


@dataclass(frozen=True, slots=True)
class BenchQuery:
    """One benchmark query; `kind` groups queries in the report."""

    name: str
    kind: str
    text: str = ""
    speakers: tuple[str, ...] = ()
    institutions: tuple[str, ...] = ()
    outlets: tuple[str, ...] = ()
    since: dt.date | None = None
    until: dt.date | None = None
    quotes_only: bool = False
    sort: SortOrder = "relevance"
    kinds: tuple[str, ...] = ()  # quote kinds as users name them (verbatim, partial, reported)
    evidences: tuple[str, ...] = ()  # how the speaker is known (named, pronoun, ...)
    named_only: bool = False
    mode: SearchMode = "paragraphs"

    def to_request(self) -> SearchRequest:
        """Return the onrecord SearchRequest (first page of 10)."""
        return SearchRequest(query=self.text, speakers=self.speakers,
                             institutions=self.institutions, outlets=self.outlets,
                             kinds=self.kinds, evidences=self.evidences,
                             since=self.since, until=self.until, quotes_only=self.quotes_only,
                             named_only=self.named_only, sort=self.sort, mode=self.mode)

    def in_mode(self, mode: SearchMode) -> BenchQuery:
        """Return this query asked in `mode` (same name, so the two modes'
        latencies pair up query by query)."""
        return replace(self, mode=mode)

    def to_url(self) -> str:
        """Return the /api/search path and query string for this query: its
        request's parameters as the site's own links write them
        (web.pages.links.request_params), so a parameter the site renames
        is renamed here too."""
        return "/api/search?" + urlencode(request_params(self.to_request()))

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict (dates as ISO strings)."""
        data = asdict(self)
        for key in ("since", "until"):
            data[key] = data[key].isoformat() if data[key] else None
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> BenchQuery:
        """Return the BenchQuery a to_json() dict describes."""
        fields = dict(data)
        for key in ("since", "until"):
            fields[key] = D.fromisoformat(fields[key]) if fields.get(key) else None
        for key in ("speakers", "institutions", "outlets", "kinds", "evidences"):
            fields[key] = tuple(fields.get(key) or ())
        return BenchQuery(**fields)


_WORDS = ["economy", "election", "tax", "music", "film", "football", "broadband",
          "government", "shares", "profits", "interest rates", "oil", "china",
          "immigration", "champion", "software", "prime minister", "injury"]
_PHRASES = ['"interest rates"', '"general election"', '"mobile phone"',
            '"prime minister"', '"chief executive"', '"world cup"', '"video games"',
            '"human rights"']
# Phrases made (mostly or only) of common words: each is its own row, so a
# change in how common words are indexed shows up in their timings.
_COMMON_PHRASES = ['"we will not"', '"told the BBC"', '"one of the"', '"it is not"']
_BOOLEAN = ["labour AND tax", "games OR consoles", "election NOT labour",
            "bank AND (rates OR inflation)", "film AND award NOT oscar",
            "security AND (virus OR spam)"]


def _text_queries() -> list[BenchQuery]:
    out = [BenchQuery(f"word:{w}", "words", text=w) for w in _WORDS]
    out += [BenchQuery(f"phrase:{p.strip(chr(34))}", "phrase", text=p) for p in _PHRASES]
    out += [BenchQuery(f"common-phrase:{p.strip(chr(34))}", "common-phrase", text=p)
            for p in _COMMON_PHRASES]
    out += [BenchQuery(f"bool:{b}", "boolean", text=b) for b in _BOOLEAN]
    return out


def _filter_queries(speakers: list[str], institutions: list[str],
                    outlets: list[str]) -> list[BenchQuery]:
    out = [BenchQuery(f"speaker:{s}", "speaker", speakers=(s,)) for s in speakers[:5]]
    out += [BenchQuery(f"speaker+text:{s}", "speaker", text="government", speakers=(s,))
            for s in speakers[:2]]
    out += [BenchQuery(f"institution:{i}", "institution", institutions=(i,))
            for i in institutions[:5]]
    out += [BenchQuery(f"institution+text:{i}", "institution", text="said",
                       institutions=(i,)) for i in institutions[:2]]
    if outlets:
        out.append(BenchQuery(f"outlet:{outlets[0]}", "outlet", text="economy",
                              outlets=(outlets[0],)))
    return out


def _date_and_sort_queries() -> list[BenchQuery]:
    return [
        BenchQuery("dates:2005", "dates", text="election", since=D(2005, 1, 1),
                   until=D(2005, 12, 31)),
        BenchQuery("dates:2010-2014", "dates", text="government", since=D(2010, 1, 1),
                   until=D(2014, 12, 31)),
        BenchQuery("dates:since-2020", "dates", text="music", since=D(2020, 1, 1)),
        BenchQuery("dates:until-2008", "dates", text="oil", until=D(2008, 6, 30)),
        BenchQuery("dates:only-2015", "dates", since=D(2015, 1, 1), until=D(2015, 3, 31)),
        BenchQuery("quotes:all", "quotes", quotes_only=True),
        BenchQuery("quotes:tax", "quotes", text="tax", quotes_only=True),
        BenchQuery("quotes:phrase", "quotes", text='"prime minister"', quotes_only=True),
        BenchQuery("sort:newest-economy", "sorted", text="economy", sort="newest"),
        BenchQuery("sort:oldest-economy", "sorted", text="economy", sort="oldest"),
        BenchQuery("sort:newest-all", "sorted", sort="newest"),
        BenchQuery("sort:newest-quotes", "sorted", text="said", quotes_only=True,
                   sort="newest"),
        BenchQuery("sort:oldest-phrase", "sorted", text='"interest rates"', sort="oldest"),
        BenchQuery("match:all", "browse"),
    ]


def build_queries(speakers: list[str], institutions: list[str],
                  outlets: list[str]) -> list[BenchQuery]:
    """Return the fixed query set filled with the corpus' most frequent
    `speakers` and `institutions` (need >= 5 each) and its `outlets`.
    Raises ValueError if that leaves fewer than MIN_QUERIES queries."""
    queries = (_text_queries() + _filter_queries(speakers, institutions, outlets)
               + _date_and_sort_queries())
    if speakers:
        surname = speakers[0].split()[-1]
        queries.append(BenchQuery(f"combo:{surname}", "combined", text=f'"{surname}" AND said',
                                  institutions=tuple(institutions[:1]), quotes_only=True,
                                  since=D(2004, 1, 1), until=D(2019, 12, 31)))
    if len(queries) < MIN_QUERIES:
        raise ValueError(f"only {len(queries)} benchmark queries; the corpus has too few names")
    return queries


def _quote_filter_queries(speakers: list[str]) -> list[BenchQuery]:
    """Return the quote filters as a reporter combines them: who said it,
    which kind of quote, how the speaker is known, each alone and with words."""
    out = [BenchQuery(f"speaker:{s}", "speaker", speakers=(s,)) for s in speakers[:5]]
    out += [BenchQuery(f"speaker+{w}:{s}", "speaker", text=w, speakers=(s,))
            for s in speakers[:2] for w in ("government", '"prime minister"')]
    out += [BenchQuery(f"speaker+kind:{s}", "speaker", text="tax", speakers=(s,),
                       kinds=("verbatim",)) for s in speakers[:1]]
    out += [BenchQuery(f"kind:{k}", "kind", kinds=(k,)) for k in ("verbatim", "partial", "reported")]
    out += [BenchQuery(f"kind+text:{k}", "kind", text=w, kinds=(k,))
            for k, w in (("verbatim", "economy"), ("reported", "election"))]
    out += [BenchQuery(f"evidence:{e}", "evidence", evidences=(e,)) for e in ("named", "pronoun")]
    out += [BenchQuery(f"evidence+text:{e}", "evidence", text=w, evidences=(e,))
            for e, w in (("named", "government"), ("nominal", "shares"))]
    out += [BenchQuery("named-only:music", "evidence", text="music", named_only=True),
            BenchQuery("kind+evidence:tax", "kind", text="tax", kinds=("verbatim",),
                       evidences=("named",))]
    return out


def build_mode_queries(speakers: list[str]) -> list[BenchQuery]:
    """Return the query set timed in both modes (in paragraph mode, as
    asked; BenchQuery.in_mode gives the quotes-mode twin): the words,
    phrases and booleans of build_queries, the corpus' most frequent
    `speakers` (needs >= 5), kind and evidence filters, alone and with words,
    and a sorted query.  Raises ValueError if that leaves fewer than
    MIN_MODE_QUERIES queries."""
    queries = (_text_queries() + _quote_filter_queries(speakers)
               + [BenchQuery("sort:newest-said", "sorted", text="said", sort="newest"),
                  BenchQuery("dates:2010-2014", "dates", text="government", since=D(2010, 1, 1),
                             until=D(2014, 12, 31))])
    if len(queries) < MIN_MODE_QUERIES:
        raise ValueError(f"only {len(queries)} mode benchmark queries; the corpus has too few speakers")
    return queries
