"""Speaker and institution pages: who is in the index and what they said.

Owns list_entities() (every speaker or institution with its paragraph
count, from the postings of the case-preserving facet fields, kept per
commit by search.features.commitview), page_entities() (one page of that
list, filtered by part of a name) and get_entity() (one page of an EntityProfile: the entity's
paragraphs come from one postings lookup, never a scan of the whole index;
counts and timeline over all of them from its search.features.outlines outline; only
the page's quotes are built into records).
"""
from __future__ import annotations

from typing import Any, Literal

from onrecord.search.errors import NotFoundError, QueryError
from onrecord.search.facetdefs import FACETS
from onrecord.search.features.citations import build_quote_record
from onrecord.search.features.commitview import open_view
from onrecord.search.features.outlines import EntityOutline, entity_quotes, outline_for
from onrecord.search.features.sightings import SightingFinder, open_finder
from onrecord.search.model import EntityList, EntityProfile, FacetValue, QuoteRecord, Visibility
from onrecord.search.storage.schema import join_names
from onrecord.search.storage.store import Index

EntityKind = Literal["speaker", "institution"]
# Entity kind (a facet with profile pages) -> the facet field listing its names.
_FACET_FIELDS: dict[str, str] = {f.name: f.count_field for f in FACETS if f.profile}
MAX_NAME_CHARS = 300


def list_entities(index: Index, kind: EntityKind, collections: Visibility = None) -> list[FacetValue]:
    """Return every speaker or institution in the collections `collections`
    (None: all) with the number of their paragraphs naming it, count
    descending then name.  Raises QueryError for an unknown kind,
    IndexUnavailableError if the index is closed."""
    fieldname = _facet_field(kind)
    with open_view(index) as view:
        values = view.entity_counts(fieldname, collections)
    return list(values)


def page_entities(index: Index, kind: EntityKind, page: int = 1, per_page: int | None = None,
                  name_filter: str = "", collections: Visibility = None) -> EntityList:
    """Return page `page` of list_entities(index, kind): `per_page` names
    (default the index's entity_list_page_size setting), only those
    containing `name_filter` when it is not blank (case and runs of spaces
    ignored).  Page 1 always exists (empty when nothing matches).  Raises
    NotFoundError for a page past the last, QueryError for an unknown kind.
    Only names in `collections` are listed (None: all)."""
    per_page = per_page or index.config.entity_list_page_size
    values = list_entities(index, kind, collections)
    wanted = " ".join(name_filter.split())
    needle = wanted.casefold()
    matching = [fv for fv in values if needle in fv.value.casefold()] if needle else values
    pages = max(1, -(-len(matching) // per_page))
    if page > pages:
        which = f"{kind}s matching {wanted!r}" if needle else f"{kind}s"
        raise NotFoundError(f"there {'are' if pages > 1 else 'is'} {pages} page{'s' if pages > 1 else ''}"
                            f" of {which}, not {page}")
    start = (page - 1) * per_page
    return EntityList(kind=kind, values=matching[start:start + per_page], total=len(matching),
                      page=page, pages=pages, per_page=per_page, name_filter=wanted,
                      known=len(values))


def _facet_field(kind: Any) -> str:
    if kind not in _FACET_FIELDS:
        raise QueryError(f"unknown entity kind {kind!r}; use speaker or institution")
    return _FACET_FIELDS[kind]


def get_entity(index: Index, kind: EntityKind, name: str, page: int = 1,
               per_page: int | None = None, collections: Visibility = None) -> EntityProfile:
    """Return page `page` of the profile of the speaker or institution
    `name` (matched exactly, else case-insensitively): `per_page` (default
    the index's entity_page_size setting) of its
    quotes and reported statements together in date order (undated last,
    each with also_in, its kind telling them apart), and over ALL of them
    the counts (quotes and reported statements apart), a monthly timeline
    and the names seen with it.
    Only the paragraphs of `collections` (None: all) count.
    Raises NotFoundError if no paragraph of them names it or the page is
    past the last, QueryError for an unknown kind."""
    fieldname = _facet_field(kind)
    per_page = per_page or index.config.entity_page_size
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_CHARS:
        raise NotFoundError(f"no {kind} named {name!r} in the index")
    with open_view(index) as view:
        canonical = _resolve_name(index, kind, view.searcher, fieldname, join_names([name]),
                                  collections)
        if canonical is None:
            raise NotFoundError(f"no {kind} named {name!r} in the index")
        finder = open_finder(view, collections)
        outline = outline_for(view, kind, canonical,
                              sorted(finder.key_docnums(fieldname, canonical)), collections)
        if not outline.paragraph_count:
            raise NotFoundError(f"no {kind} named {name!r} in the index")
        pages = max(1, -(-outline.statement_count // per_page))
        if page > pages:
            raise NotFoundError(f"the {kind} {canonical!r} has {pages} page{'s' if pages > 1 else ''}"
                                f" of quotes, not {page}")
        quotes, copies = _page_quotes(finder, outline, kind, canonical, (page - 1) * per_page, per_page)
        shown = _fold_near_copies(finder, quotes)
    return EntityProfile(
        kind=kind, name=canonical, quote_count=outline.quote_count, reported_count=outline.reported,
        paragraph_count=outline.paragraph_count, quotes=shown, timeline=outline.timeline,
        undated=outline.undated, roles=outline.roles, institutions=outline.institutions,
        speakers_for=outline.speakers_for, speakers_about=outline.speakers_about,
        page=page, pages=pages, per_page=per_page,
        folded=copies + len(quotes) - len(shown), folded_apart=len(quotes) - len(shown))


def _fold_near_copies(finder: SightingFinder, quotes: list[QuoteRecord]) -> list[QuoteRecord]:
    """Return `quotes` with their "also in" sightings, keeping only the
    first of each cluster: the same quote run by two outlets in other
    words around it (quote marks, dashes, spacing, a different cue: a quote
    quotes mode counts apart, as this page's count does) is one entry,
    linked to its own article and, through also_in, to the others.  Exact
    copies are already folded (the outline's copy groups).  A quote folds
    only into one shown earlier with the same cluster key whose paragraph
    it was confirmed a copy of (a shared key alone may be a shared phrase)."""
    shown: list[QuoteRecord] = []
    places: dict[str, set[tuple[str, int]]] = {}  # cluster key -> paragraphs shown with it
    for record in quotes:
        key, record.also_in = finder.quote_sightings(record.text, record.doc_id)
        seen = places.get(key, set()) if key is not None else set()
        if any((s.doc_id, s.n) in seen for s in record.also_in):
            continue
        if key is not None:
            places.setdefault(key, set()).add((record.doc_id, record.n))
        shown.append(record)
    return shown


def _page_quotes(finder: SightingFinder, outline: EntityOutline, kind: EntityKind, name: str,
                 offset: int, count: int) -> tuple[list[QuoteRecord], int]:
    """Return statements [offset, offset + count) of the outline's order as
    QuoteRecords (a copy folded under an earlier statement is not one of
    them), reading only the paragraphs that hold them (and their articles'
    records in one lookup), and how many copies fold under them."""
    first, skip = outline.locate(offset)
    finder.prefetch(outline.docnums[first:min(outline.paragraph_count, first + count)])
    records: list[QuoteRecord] = []
    folded = 0
    i = first
    while len(records) < count and i < outline.paragraph_count:
        docnum = outline.docnums[i]
        stored = finder.stored(docnum)
        listed = [(qi, q) for qi, q in entity_quotes(kind, name, stored)
                  if docnum + qi + 1 not in outline.folded]
        for qi, quote in listed[skip:count - len(records) + skip]:
            records.append(build_quote_record(stored, quote))
            folded += outline.copies.get(docnum + qi + 1, 0)
        i, skip = i + 1, 0
    return records, folded


def _resolve_name(index: Index, kind: EntityKind, searcher: Any, fieldname: str,
                  wanted: str, collections: Visibility = None) -> str | None:
    if (fieldname, wanted) in searcher.reader():
        return wanted
    folded = wanted.casefold()
    matches = [v.value for v in list_entities(index, kind, collections) if v.value.casefold() == folded]
    return matches[0] if matches else None
