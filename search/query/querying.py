"""Turning a SearchRequest into Whoosh queries, and validating it.

Owns the user query language (a MultifieldParser over text, title and
quote_text with AND as the default, phrases, AND/OR/NOT, -word, field
queries speaker:/institution:/outlet:/quote:/year:/title:, date: days and
ranges (see search.query.queryterms), word* prefixes and word~ / word~2 fuzzy
terms), the guards that turn hostile or malformed input into QueryError,
the filter query built from the request's facets and dates, and the list of
query words used to mark matches in paragraph text.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from whoosh import query as wq
from whoosh.qparser import (
    FieldAliasPlugin,
    FuzzyTermPlugin,
    MultifieldParser,
    Plugin,
    PlusMinusPlugin,
    PrefixPlugin,
    QueryParser,
    WildcardPlugin,
    syntax,
)

from onrecord.search.config import Config
from onrecord.search.errors import QueryError
from onrecord.search.facetdefs import FACETS_BY_NAME, NAME_FACETS
from onrecord.search.model import MAX_PER_PAGE, SEARCH_MODES, SearchRequest
from onrecord.search.query.queryterms import label_typed_terms, prepare_fuzzy_terms, rewrite_date_terms
from onrecord.search.query.units import restrict_unit
from onrecord.search.query.visibility import visibility_parts
from onrecord.search.storage.lexicon import gram_words, is_common_word, is_gram, query_grams
from onrecord.search.storage.schema import join_names

MAX_QUERY_TERMS = 64
SORT_ORDERS = ("relevance", "newest", "oldest")
# Fields whose words are the paragraph's words (same stemming analyzer), so
# their query terms are the ones to mark in the paragraph text.
_MARKED_FIELDS = frozenset({"text", "quote_text"})
# Quoted phrases and common words search the unstemmed, nothing-removed
# `exact` field (search.storage.schema) with the text field's boost.
EXACT_FIELD = "exact"
_TEXT_BOOST = 2.0
_FIELD_ALIASES = {"quote_text": ["quote", "quotes"], "speaker": ["speakers"],
                  "institution": ["institutions"], "published": ["date"]}
# A '*' must end a word of at least two letters ("gov*"); anything else would
# be a leading or bare wildcard that enumerates the whole term dictionary.
_BAD_STAR = re.compile(r"(?<!\w\w)\*|\*(?=\w)")
_WORD = re.compile(r"\w+")
# Fields a [a TO b] range may name (published: parses to a DateRange instead).
_RANGE_FIELDS = frozenset({"year"})


@dataclass(frozen=True, slots=True)
class MarkTerms:
    """The stemmed words (and word prefixes) a query looks for in text."""

    words: frozenset[str] = frozenset()
    prefixes: tuple[str, ...] = ()
    # Unstemmed words and phrases (word sequences) of the `exact` field.
    exact: frozenset[str] = frozenset()
    phrases: tuple[tuple[str, ...], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.words or self.prefixes or self.exact or self.phrases)


class ExactPlugin(Plugin):
    """Sends unfielded quoted phrases and unfielded common words to the
    exact field, before MultifieldPlugin (priority 110) spreads unfielded
    nodes over text and title."""

    def filters(self, parser: Any) -> list[tuple[Any, int]]:
        return [(self.to_exact, 105)]

    def to_exact(self, parser: Any, group: Any) -> Any:
        for i, node in enumerate(group):
            if isinstance(node, syntax.GroupNode):
                group[i] = self.to_exact(parser, node)
            elif node.has_fieldname and node.fieldname is None and _goes_exact(node):
                node.set_fieldname(EXACT_FIELD)
                node.set_boost(_TEXT_BOOST * node.boost)
        return group


def _goes_exact(node: Any) -> bool:
    if type(node).__name__ == "PhraseNode":
        return True
    return type(node) is syntax.WordNode and is_common_word(node.text)


def validate_request(request: SearchRequest, max_window: int | None = None) -> None:
    """Raise QueryError if the request's paging, sort or dates are invalid,
    or its page ends beyond the first `max_window` results (None: no cap)."""
    for name in ("page", "per_page"):
        value = getattr(request, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise QueryError(f"{name} must be a whole number, got {value!r}")
    if not 1 <= request.per_page <= MAX_PER_PAGE:
        raise QueryError(f"per_page must be between 1 and {MAX_PER_PAGE}, got {request.per_page}")
    if request.page < 1:
        raise QueryError(f"page must be 1 or more, got {request.page}")
    if max_window is not None and request.page * request.per_page > max_window:
        # Ranking and folding copies down to a deep page costs as much as
        # every page before it (Elasticsearch's max_result_window rule).
        raise QueryError(f"only the first {max_window:,} results can be paged through "
                         f"(page {request.page:,} x {request.per_page} per page goes to "
                         f"{request.page * request.per_page:,}); narrow the search with "
                         "words or filters, or export the whole result set")
    if request.sort not in SORT_ORDERS:
        raise QueryError(f"unknown sort {request.sort!r}; use one of {', '.join(SORT_ORDERS)}")
    for name in ("since", "until"):
        value = getattr(request, name)
        if value is not None and not isinstance(value, dt.date):
            raise QueryError(f"{name} must be a date (YYYY-MM-DD), got {value!r}")
    if request.since and request.until and request.since > request.until:
        raise QueryError(f"since ({request.since}) is after until ({request.until})")
    if not isinstance(request.query, str):
        raise QueryError("query must be text")
    if request.mode not in SEARCH_MODES:
        raise QueryError(f"unknown mode {request.mode!r}; use one of {', '.join(SEARCH_MODES)}")


def build_parser(schema: Any) -> QueryParser:
    """Return the user-query parser for `schema` (AND between words, over
    text and title)."""
    # quote_text is not a default field: quotes are part of the paragraph
    # text, so it never widens a match, and a third posting list per word
    # costs a third more matching time.  `quote:` still searches it.
    parser = MultifieldParser(["text", "title"], schema,
                              fieldboosts={"text": _TEXT_BOOST, "title": 1.0})
    parser.add_plugin(ExactPlugin())
    parser.remove_plugin_class(WildcardPlugin)
    parser.add_plugin(PrefixPlugin())
    parser.add_plugin(PlusMinusPlugin())
    parser.add_plugin(FieldAliasPlugin(_FIELD_ALIASES))
    parser.add_plugin(FuzzyTermPlugin())
    return parser


def check_query_text(text: str, max_chars: int | None = None) -> None:
    """Raise QueryError if the raw query text is longer than `max_chars`
    (the max_query_chars setting: callers pass their index's; default
    Config()'s), too big, has an odd number of double quotes, unbalanced
    parentheses, or a wildcard not after two letters."""
    max_chars = Config().max_query_chars if max_chars is None else max_chars
    if len(text) > max_chars:
        raise QueryError(f"query is too long ({len(text)} characters; the limit is {max_chars})")
    words = len(_WORD.findall(text))
    if words > MAX_QUERY_TERMS:
        raise QueryError(f"query has too many terms ({words}; the limit is {MAX_QUERY_TERMS})")
    if text.count('"') % 2:
        raise QueryError('unbalanced quotes: close the phrase with a second "')
    check_parentheses(text)
    if _BAD_STAR.search(text):
        raise QueryError("wildcards must follow at least 2 letters (e.g. budg*)")


def check_parentheses(text: str) -> None:
    """Raise QueryError if a parenthesis outside quotes is never closed or
    closes nothing.  The parser would silently close or drop it, searching
    something other than what was typed ("(apology OR sorry police")."""
    opened: list[int] = []
    quoted = False
    for at, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif char == "(":
            opened.append(at)
        elif char == ")":
            if not opened:
                raise QueryError(f'unbalanced parentheses: the ")" at character {at + 1} '
                                 'closes no "("; remove it or add the "(" it closes')
            opened.pop()
    if opened:
        raise QueryError(f'unbalanced parentheses: the "(" at character {opened[-1] + 1} is '
                         'never closed; add a ")" where the group ends, or remove it')


def parse_query(parser: QueryParser, text: str, max_chars: int | None = None) -> wq.Query | None:
    """Return the Whoosh query for `text`, or None if it has no searchable
    words (empty, or only stop words).  Raises QueryError on bad input
    (a query longer than `max_chars`, the max_query_chars setting; default
    Config()'s)."""
    check_query_text(text, max_chars)
    if not text.strip():
        return None
    parsed = rewrite_date_terms(text)
    try:
        q = parser.parse(parsed)
    except QueryError:
        raise
    except RecursionError as exc:
        raise QueryError("query is nested too deeply") from exc
    except Exception as exc:  # whoosh raises assorted types on odd syntax
        raise QueryError(f"cannot parse query: {exc}") from exc
    for node in iter_nodes(q):
        message = getattr(node, "error", None)
        if message:
            raise QueryError(f"cannot parse query: {message}")
        if isinstance(node, wq.TermRange) and node.fieldname not in _RANGE_FIELDS:
            # A range over words matches most of the dictionary: refuse it.
            raise QueryError("ranges work only on dates, e.g. year:[2019 TO 2021] "
                             "or published:[2019-01-01 TO 2019-06-30]")
    if q is wq.NullQuery or isinstance(q, type(wq.NullQuery)):
        return None
    return label_typed_terms(prepare_fuzzy_terms(gram_phrases(q)), parsed)


def gram_phrases(q: wq.Query) -> wq.Query:
    """Return `q` with each exact phrase (slop 1) searched as its common
    grams (search.storage.lexicon.query_grams): a Phrase over consecutive
    tokens, or a Term if they are one.  A "..."~N phrase keeps its words:
    a gram would hold two of them adjacent."""
    def swap(node: wq.Query) -> wq.Query:
        if not (isinstance(node, wq.Phrase) and node.fieldname == EXACT_FIELD
                and node.slop == 1):
            return node
        tokens = query_grams(node.words)
        if len(tokens) == 1:
            return wq.Term(EXACT_FIELD, tokens[0], boost=node.boost)
        return wq.Phrase(EXACT_FIELD, tokens, boost=node.boost)
    return q.accept(swap)


def iter_nodes(q: wq.Query, skip_negated: bool = False) -> Iterator[wq.Query]:
    """Yield every node of the query tree (optionally not under a Not, nor
    the excluded side of an AndNot: "-word" parses to one)."""
    stack = [q]
    while stack:
        node = stack.pop()
        if skip_negated and isinstance(node, wq.Not):
            continue
        yield node
        if skip_negated and isinstance(node, wq.AndNot):
            stack.append(node.a)
        elif not node.is_leaf():
            stack.extend(node.children())


def collect_mark_terms(q: wq.Query | None) -> MarkTerms:
    """Return the words and prefixes of `q` to mark in paragraph text."""
    if q is None:
        return MarkTerms()
    words: set[str] = set()
    prefixes: set[str] = set()
    exact: set[str] = set()
    phrases: set[tuple[str, ...]] = set()
    for node in iter_nodes(q, skip_negated=True):
        if getattr(node, "fieldname", None) == EXACT_FIELD:
            _collect_exact(node, exact, phrases)
            continue
        if getattr(node, "fieldname", None) not in _MARKED_FIELDS:
            continue
        if isinstance(node, wq.Prefix):
            prefixes.add(node.text)
        elif isinstance(node, wq.Phrase):
            words.update(node.words)
        elif isinstance(node, wq.Term) and isinstance(node.text, str):
            words.add(node.text)
    return MarkTerms(frozenset(words), tuple(sorted(prefixes)), frozenset(exact),
                     tuple(sorted(phrases)))


def _collect_exact(node: wq.Query, exact: set[str], phrases: set[tuple[str, ...]]) -> None:
    """Add an exact-field node's word, or its phrase's words, to the marks.
    A phrase is searched as common grams (search.storage.lexicon), a
    two-word one as a single gram Term; the marks are the words the user
    quoted, so the snippet marks the phrase as one unit."""
    if isinstance(node, wq.Phrase):
        phrases.add(gram_words(node.words))
    elif isinstance(node, wq.Term) and isinstance(node.text, str):
        if is_gram(node.text):
            phrases.add(gram_words([node.text]))
        else:
            exact.add(node.text)


def build_filter(request: SearchRequest) -> wq.Query:
    """Return the query the request's filters impose, always narrowed to
    its mode's documents (search.query.units.restrict_unit).

    A name facet's values match its exact count-field term: ORed within
    one facet, ANDed across facets (search.facetdefs rules); excluded
    values are taken away from whatever else matches.  Under the verbatim
    switch a facet filters on its verbatim field where it has one, and
    quotes_only keeps paragraphs with a direct or partial quote."""
    parts: list[wq.Query] = []
    for facet in NAME_FACETS:
        assert facet.request_attr is not None  # NAME_FACETS are the facets that have one
        field = facet.field_for(request.verbatim, counting=False)
        terms = _exact_terms(field, getattr(request, facet.request_attr))
        parts += _RULES[facet.rule](terms)
    if request.since or request.until:
        parts.append(wq.DateRange("published", _day_start(request.since),
                                  _day_end(request.until)))
    if request.named_only:
        parts.append(wq.Term("has_named_quote", True))
    if request.quotes_only:
        parts.append(wq.Term("has_verbatim_quote" if request.verbatim else "has_quote", True))
    excluded: list[wq.Query] = list(_excluded_terms(request.excluded, request.verbatim))
    # The reader's collections (search.query.visibility): under every other filter.
    visible, hidden = visibility_parts(request.collections)
    parts += visible
    excluded += hidden
    if not parts and not excluded:
        return restrict_unit(None, request.mode)
    kept: wq.Query = wq.Every() if not parts else parts[0] if len(parts) == 1 else wq.And(parts)
    return restrict_unit(wq.AndNot(kept, wq.Or(excluded)) if excluded else kept, request.mode)


def filters_nothing(request: SearchRequest) -> bool:
    """Return True if the request has no filter but its unit's (the
    browse page, when it has no words either)."""
    return build_filter(request) == restrict_unit(None, request.mode)


def _some(terms: list[wq.Term]) -> list[wq.Query]:
    """The "any" rule: one part ORing the values (none if there are none)."""
    return [wq.Or(terms)] if terms else []


# search.facetdefs rule -> the filter parts of a facet's selected values.
# ("year" selects since/until, filtered below as a date range.)
_RULES: dict[str, Callable[[list[wq.Term]], list[wq.Query]]] = {"any": _some}


def exact_value(name: str) -> str:
    """Return a facet value as the index holds it (search.storage.schema
    join_names: commas dropped, runs of spaces made one)."""
    return join_names([str(name)])


def _exact_terms(fieldname: str, names: tuple[str, ...]) -> list[wq.Term]:
    """Return one exact Term per non-blank value."""
    return [wq.Term(fieldname, value) for value in map(exact_value, names) if value]


def _excluded_terms(excluded: tuple[tuple[str, str], ...], verbatim: bool = False) -> list[wq.Term]:
    """Return the exact Terms of the excluded (facet, value) pairs (unknown
    or year facets are ignored), on the verbatim fields under `verbatim`."""
    terms: list[wq.Term] = []
    for name, value in excluded:
        facet = FACETS_BY_NAME.get(name)
        if facet is not None and facet.request_attr is not None:
            terms += _exact_terms(facet.field_for(verbatim, counting=False), (value,))
    return terms


def _day_start(day: dt.date | None) -> dt.datetime | None:
    return dt.datetime(day.year, day.month, day.day) if day else None


def _day_end(day: dt.date | None) -> dt.datetime | None:
    return dt.datetime(day.year, day.month, day.day, 23, 59, 59) if day else None
