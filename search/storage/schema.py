"""The Whoosh schema of the paragraph index and the analyzers it needs.

Owns which fields a paragraph document has, how each is analysed, and the
conversion of a model Paragraph (with its Article's Metadata) into the dict
of field values Whoosh indexes.  One document = one Paragraph, followed by
one quote document per Quote of it (unit_documents, issue #33): `unit` =
QUOTE_UNIT marks them; their words are in fields of their own (`said`,
`said_exact`) and their facet and filter fields hold the quote's own
values (its speaker, kind, evidence) beside the article's.  The article's metadata is
indexed on each paragraph (queries filter and facet on it) but stored once per article,
in search.storage.articledb.records: a paragraph stores only (doc_id, rev), the key of its article's record.
"""
from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from typing import Any, cast

from whoosh import columns, fields
from whoosh.analysis import Analyzer, Token, Tokenizer

from onrecord.search.facetdefs import FACETS, VERBATIM_KINDS
from onrecord.search.model import DEFAULT_COLLECTION, Article, Metadata, Paragraph
from onrecord.search.storage.analyzers import EXACT_WORD as EXACT_WORD
from onrecord.search.storage.analyzers import count_in_weights
from onrecord.search.storage.analyzers import exact_analyzer as exact_analyzer
from onrecord.search.storage.analyzers import exact_word_analyzer as exact_word_analyzer
from onrecord.search.storage.analyzers import exact_words as exact_words
from onrecord.search.storage.analyzers import split_names as split_names
from onrecord.search.storage.analyzers import stemming_analyzer as stemming_analyzer
from onrecord.search.storage.copies.fingerprints import paragraph_keys, quote_group_key, quote_keys, quote_words
from onrecord.search.storage.copies.keytables import PARA_KEYS_FIELD, QUOTE_KEYS_FIELD, KeyTableColumn, key_bytes
from onrecord.search.storage.textfields import ExactText, StemmedText

# Sort keys for undated paragraphs: larger than any date ordinal, so they sort
# last both for "newest" (ascending over MAX - ordinal) and "oldest".
_UNDATED_KEY = 10_000_000
UNDATED_KEY = _UNDATED_KEY  # oldest_key of an undated paragraph (search.query.docsets reads it)
_DATE_MAX = 5_000_000
# Characters of a title indexed on each paragraph (a headline fits; a page claiming a 100,000-character
# title must not cost that on every paragraph).  The record keeps up to
# search.storage.articledb.records.MAX_META_CHARS of it.
TITLE_INDEX_CHARS = 200
# The published date's tiers of terms: days and spans of 2**40 microseconds (12.7 days), not Whoosh's 8 tiers
# of 8 bits, 5 of which held one term a day as the first (a date is a midnight; a day 2**36.3 us).  Whole-day
# ranges read oldest_key's column (search.query.columns); others take day terms at their edges, spans between.
DATE_SHIFT_STEP = 40


# The `unit` term of a quote document (paragraph documents have none).
UNIT_FIELD = "unit"
QUOTE_UNIT = "quote"
# A quote document's words, in fields of their own so the paragraphs'
# BM25 statistics, spelling words and phrases stay as they are.
SAID_FIELD = "said"
SAID_EXACT_FIELD = "said_exact"
# A quote document's copy group (fingerprints.quote_group_key; 0: none), a
# column, not a term: most quotes are said once, and a unique term per
# document costs indexing time and lexicon size.
GROUP_FIELD = "said_group"
# The article's collection (issue #36) on each of its documents; none in DEFAULT_COLLECTION, so an
# index built before collections reads as all default and costs nothing (search.query.visibility).
COLLECTION_FIELD = "collection"


# The field whose lexicon (every word as written, lowercased) answers
# spelling suggestions and fuzzy words for the stemmed text field, which
# therefore keeps no word list of its own.
WORDS_FIELD = "exact"


class NameTokenizer(Tokenizer):
    """Tokenizes comma-separated names (speakers, institutions, outlets).

    At index time each name yields its whole lowercased value ("ann smallman")
    plus each of its words ("ann", "smallman"), so both exact filters and
    `speaker:smallman` match.  At query time the text is one lowercased value,
    so `speaker:"Ann Smallman"` is a single exact term.
    """

    def __call__(self, value: str, positions: bool = False, chars: bool = False,
                 keeporiginal: bool = False, removestops: bool = True,
                 start_pos: int = 0, start_char: int = 0, mode: str = "",
                 **kwargs: Any) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        for text in split_names(value, whole_only=(mode == "query")):
            token.text = text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                # Token takes any attribute (whoosh's spelling code sets
                # .original too) but declares only the common ones.
                token.original = text  # type: ignore[attr-defined]
            if positions:
                token.pos = pos
                pos += 1
            if chars:
                # Names are not highlighted; spans only need to be valid.
                token.startchar = start_char
                token.endchar = start_char + len(value)
            yield token


class SpelledText(fields.TEXT):
    """The text field of indexes built before the `exact` field: kept so that their table of contents
    unpickles and opening._check_schema refuses it as built by another version, not as unreadable."""


class RepeatedText(fields.TEXT):
    """A TEXT field whose value usually repeats from one document to the
    next (an article's title on each of its paragraphs): the analysis of the
    last value is reused instead of being redone per paragraph."""

    def index(self, value: Any, **kwargs: Any) -> Any:
        last = self.__dict__.get("_last_indexed")
        if last is not None and last[0] == value and not kwargs:
            return last[1]
        items = list(super().index(value, **kwargs))
        self.__dict__["_last_indexed"] = (value, items)
        return items

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_last_indexed", None)  # a cache, not part of the schema
        return state


def _name_analyzer() -> Analyzer:
    """Return a NameTokenizer as a field's analyzer (Whoosh's fields take a bare Tokenizer)."""
    return cast(Analyzer, NameTokenizer())


def build_schema() -> fields.Schema:
    """Return the paragraph schema (one Whoosh document per Paragraph)."""
    schema = fields.Schema(**_place_fields(), **_word_fields(), **_article_fields(), **_quote_fields(),
                           **_unit_fields())
    cast(fields.DATETIME, schema["published"]).shift_step = DATE_SHIFT_STEP
    count_in_weights(schema)  # no query reads a frequency value: the weights hold it (search.storage.analyzers)
    return schema


def _place_fields() -> dict[str, fields.FieldType]:
    """Return the fields naming a paragraph's article, version and place in it."""
    return {
        # Stored only: articles are replaced by doc_id (search.store), and
        # nothing looks a paragraph up by id; a unique term per paragraph
        # cost a tenth of indexing time.
        "paragraph_id": fields.STORED(),
        "doc_id": fields.ID(stored=True),
        # Which version of the article (search.storage.articledb.records.article_rev): with
        # doc_id, the key of its record in search.storage.articledb.records.
        "rev": fields.STORED(),
        # Stored only: nothing queries paragraph numbers, and a numeric trie
        # would add eight postings to every paragraph.
        "n": fields.STORED(),
        "start": fields.STORED(),
        "end": fields.STORED(),
        # The article's collection (COLLECTION_FIELD): stored, as the article page checks it.
        "collection": fields.ID(stored=True),
    }


def _word_fields() -> dict[str, fields.FieldType]:
    """Return the fields of a paragraph's words and its article's headline."""
    return {
        # Stemmed words for ranking unquoted words (common words dropped).
        # No positions: quoted phrases are matched on `exact`.  No spelling
        # word list: suggestions read WORDS_FIELD's lexicon, which already
        # holds every word as written (a second list cost 1.1x the page's
        # size in the amplification test of tests/search/writing/test_identity.py).
        "text": StemmedText(analyzer=stemming_analyzer(), stored=True, phrase=False),
        # Every word of the text, unstemmed, at its true position (see
        # EXACT_WORD), and the common grams (search.storage.lexicon):
        # quoted phrases and common (stop) words search here.
        "exact": ExactText(analyzer=exact_analyzer(), phrase=True),
        # The article's headline, indexed on its first paragraph only (a
        # headline match finds the article once, through its lead, instead
        # of every paragraph of it).  Shown on every hit from search.storage.articledb.records.
        "title": RepeatedText(analyzer=stemming_analyzer()),
        "quote_text": StemmedText(analyzer=stemming_analyzer(), phrase=True),
    }


def _article_fields() -> dict[str, fields.FieldType]:
    """Return the fields of an article's metadata and the facet values
    (the article's and its quotes') that filters and counts read."""
    return {
        "outlet": fields.TEXT(analyzer=_name_analyzer(), phrase=False),
        "author": fields.TEXT(analyzer=_name_analyzer(), phrase=False),
        # No column: sorts and whole-day ranges read oldest_key / newest_key, other ranges the
        # date terms; a sortable column (8 bytes a document, 0.44% of a 100k index) was read by nothing.
        "published": fields.DATETIME(),
        "year": fields.ID(),
        "speaker": fields.TEXT(analyzer=_name_analyzer(), phrase=False, stored=True),
        "institution": fields.TEXT(analyzer=_name_analyzer(), phrase=False, stored=True),
        # Case-preserving exact values: the facet cache reads these postings.
        **{facet.count_field: fields.KEYWORD(commas=True) for facet in FACETS if facet.source},
        # The same, of verbatim quotes only: what the verbatim switch counts
        # and filters on (search.facetdefs).
        **{facet.verbatim_field: fields.KEYWORD(commas=True) for facet in FACETS
           if facet.verbatim_field},
        "kind": fields.ID(stored=True),
        "dates": fields.KEYWORD(commas=True, stored=True),
        "newest_key": fields.COLUMN(columns.NumericColumn("i")),
        "oldest_key": fields.COLUMN(columns.NumericColumn("i")),
    }


def _quote_fields() -> dict[str, fields.FieldType]:
    """Return the fields of what quotes a paragraph holds: flags, the
    quotes themselves (stored) and their copies' fingerprint keys."""
    return {
        # Sampled fingerprint keys (search.storage.copies.fingerprints) of the paragraph's
        # quotes and of its text: looked up to find copies in other articles (keytables).
        **{name: fields.COLUMN(KeyTableColumn()) for name in (QUOTE_KEYS_FIELD, PARA_KEYS_FIELD)},
        "has_quote": fields.BOOLEAN(),
        # A quote whose speaker is named beside it (Quote.evidence "named"):
        # the search's named_only filter.
        "has_named_quote": fields.BOOLEAN(),
        # A direct or partial quote, not only reported speech: quotes_only
        # under the verbatim switch.
        "has_verbatim_quote": fields.BOOLEAN(),
        "quotes_json": fields.STORED(),
    }


def _unit_fields() -> dict[str, fields.FieldType]:
    """Return the fields of quote documents (unit_documents): the mark, the
    quote's words stemmed and as written, which quote of its paragraph it
    is, and how many documents back its paragraph's document was written."""
    return {
        "unit": fields.ID(),
        "said": StemmedText(analyzer=stemming_analyzer(), phrase=False),
        "said_exact": ExactText(analyzer=exact_analyzer(), phrase=True),
        "qi": fields.STORED(),
        "back": fields.STORED(),
        "said_group": fields.COLUMN(columns.NumericColumn("q")),
    }


def unit_documents(article: Article, para: Paragraph, rev: str) -> list[dict[str, Any]]:
    """Return the Whoosh documents of one paragraph, written in this order:
    its paragraph document, then one quote document per quote."""
    return [paragraph_fields(article, para, rev),
            *(quote_fields(article, para, i, rev) for i in range(len(para.quotes)))]


def count_quote_documents(reader: Any) -> int:
    """Return how many live quote documents `reader` holds (none in an
    index written before quote documents, which has no unit field)."""
    if (UNIT_FIELD, QUOTE_UNIT) not in reader:
        return 0
    return sum(1 for d in reader.postings(UNIT_FIELD, QUOTE_UNIT).all_ids()
               if not reader.is_deleted(d))


def quote_fields(article: Article, para: Paragraph, qi: int, rev: str) -> dict[str, Any]:
    """Return the Whoosh field values of quote `qi` of `para`: the quote's
    words, its speaker, kind and evidence, the institutions its paragraph
    names and the article's metadata; stored: doc_id, rev, n, qi and
    `back`, the documents between it and its paragraph's document."""
    quote = para.quotes[qi]
    alone = Paragraph(para.id, para.n, para.start, para.end, para.text, para.kind,
                      quotes=[quote], speakers=[quote.speaker] if quote.speaker else [],
                      institutions=para.institutions)
    published = article.meta.published
    words = quote_words(para, quote)
    doc: dict[str, Any] = {
        "unit": QUOTE_UNIT, "doc_id": article.id, "rev": rev, "n": para.n, "qi": qi,
        "back": qi + 1, SAID_FIELD: words, SAID_EXACT_FIELD: words,
        "has_quote": True,
        "has_named_quote": quote.evidence == "named",
        "has_verbatim_quote": quote.kind in VERBATIM_KINDS,
        "newest_key": _DATE_MAX - published.toordinal() if published else _UNDATED_KEY,
        "oldest_key": published.toordinal() if published else _UNDATED_KEY,
        "speaker": join_names(alone.speakers),
        "institution": join_names(para.institutions),
        GROUP_FIELD: quote_group_key(quote.speaker, words) or None,
    }
    meta = _metadata_fields(article.meta)
    meta.pop("title", None)
    doc.update(meta)
    doc.update(_facet_fields(article.meta, alone))
    return {k: v for k, v in doc.items() if v is not None and v != ""}


def join_names(names: list[str]) -> str:
    """Return names as one comma-separated value (commas inside names dropped)."""
    if len(names) < 2:  # most lists hold one name or none: no generator
        return " ".join(names[0].replace(",", " ").split()) if names else ""
    return ",".join(" ".join(n.replace(",", " ").split()) for n in names if n.strip())


def paragraph_fields(article: Article, para: Paragraph, rev: str) -> dict[str, Any]:
    """Return the Whoosh field values of one paragraph of `article`, whose
    content hash is `rev`."""
    meta = article.meta
    published = meta.published
    doc: dict[str, Any] = {
        "paragraph_id": para.id,
        "doc_id": article.id,
        "rev": rev,
        "n": para.n,
        "start": para.start,
        "end": para.end,
        "text": para.text,
        # Most paragraphs quote no one: nothing stored (read back as []).
        "quotes_json": json.dumps([q.to_dict() for q in para.quotes]) if para.quotes else None,
        "has_quote": bool(para.quotes),
        "has_named_quote": any(q.evidence == "named" for q in para.quotes),
        "has_verbatim_quote": any(q.kind in VERBATIM_KINDS for q in para.quotes),
        "kind": para.kind,
        "newest_key": _DATE_MAX - published.toordinal() if published else _UNDATED_KEY,
        "oldest_key": published.toordinal() if published else _UNDATED_KEY,
    }
    doc["exact"] = para.text
    doc.update(_metadata_fields(meta))
    if para.n != 1:
        doc.pop("title", None)
    doc.update(_annotation_fields(para))
    doc.update(_facet_fields(meta, para))
    return {k: v for k, v in doc.items() if v is not None and v != ""}


def _metadata_fields(meta: Metadata) -> dict[str, Any]:
    published = meta.published
    return {
        "title": _headline(meta.title),
        "outlet": meta.outlet,
        "author": meta.author,
        "published": dt.datetime(published.year, published.month, published.day)
        if published else None,
        "year": str(published.year) if published else None,
        COLLECTION_FIELD: None if meta.collection == DEFAULT_COLLECTION else meta.collection,
    }


def _headline(title: str | None) -> str | None:
    """Return the first TITLE_INDEX_CHARS of `title`, cut at a space."""
    if not title or len(title) <= TITLE_INDEX_CHARS:
        return title
    cut = title[:TITLE_INDEX_CHARS]
    return cut.rsplit(" ", 1)[0] if " " in cut else cut


def _annotation_fields(para: Paragraph) -> dict[str, Any]:
    speakers = join_names(para.speakers)
    institutions = join_names(para.institutions)
    return {
        "speaker": speakers,
        "institution": institutions,
        # `quote:` searches words said in quote marks: reported speech is
        # the reporter's wording (issue #32), so it is not a quote's text here.
        "quote_text": "\n".join(q.text for q in para.quotes if q.kind in VERBATIM_KINDS),
        "dates": ",".join(para.dates),
        QUOTE_KEYS_FIELD: key_bytes(k for q in para.quotes for k in quote_keys(q.text)),
        PARA_KEYS_FIELD: key_bytes(paragraph_keys(para.text)),
    }


def _facet_fields(meta: Metadata, para: Paragraph) -> dict[str, str]:
    """Return each facet's case-preserving values (search.facetdefs source)
    as its count field's comma-separated value."""
    values = {facet.count_field: join_names(facet.source(meta, para))
              for facet in FACETS if facet.source is not None}
    values.update({facet.verbatim_field: join_names(facet.verbatim_source(meta, para))
                   for facet in FACETS if facet.verbatim_field and facet.verbatim_source})
    return values


# Fields whose analysis an index must share with this code's schema.
_ANALYSED_ALIKE = ("exact",)
# Fields an older index may lack: read as empty in every document, and added (upgrade_schema).
OPTIONAL_FIELDS = (COLLECTION_FIELD,)


def schema_mismatch(schema: Any) -> str:
    """Return how an index's `schema` differs from build_schema()'s in a
    way this code cannot search ("missing fields: ...", "fields analysed
    differently: ..."), or "" when it does not."""
    current = build_schema()
    missing = set(current.names()) - set(schema.names()) - set(OPTIONAL_FIELDS)
    # An `exact` field analysed without the common grams would find no
    # phrase that holds a common word (they are searched as grams).
    stale = sorted(name for name in _ANALYSED_ALIKE if name not in missing
                   and schema[name].analyzer != current[name].analyzer)
    if missing:
        return f"missing fields: {', '.join(sorted(missing))}"
    return f"fields analysed differently: {', '.join(stale)}" if stale else ""


def upgrade_schema(schema: Any) -> None:
    """Add to an index's `schema` each OPTIONAL_FIELDS field it lacks (as build_schema's), and give its
    Frequency fields build_schema's Counted format (search.storage.analyzers: old segments read alike)."""
    for name in set(OPTIONAL_FIELDS) - set(schema.names()):
        schema.add(name, build_schema()[name])
    count_in_weights(schema)
