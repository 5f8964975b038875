"""Speaker and institution pages: who is in the index and what they said.

Owns list_entities() (every speaker or institution with its paragraph
count, from the postings of the case-preserving facet fields, cached per
searcher) and get_entity() (an EntityProfile built from the stored fields
of that entity's paragraphs only: one postings lookup, never a scan of the
whole index).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Literal

from search.citations import build_quote_record, record_order
from search.docsets import deleted_docs, iter_posting_ids, open_postings
from search.documents import load_quote_dicts, split_stored
from search.errors import NotFoundError, QueryError
from search.model import EntityProfile, FacetValue, QuoteRecord
from search.schema import join_names
from search.sightings import open_finder
from search.store import Index

EntityKind = Literal["speaker", "institution"]
_FACET_FIELDS: dict[str, str] = {"speaker": "speaker_facet", "institution": "institution_facet"}
MAX_NAME_CHARS = 300
# Words that do not identify an institution in a speaker's role.
_GENERIC_WORDS = frozenset({"the", "of", "for", "and", "service", "services", "office",
                            "department", "ministry", "agency"})


def list_entities(index: Index, kind: EntityKind) -> list[FacetValue]:
    """Return every speaker or institution in the index with the number of
    paragraphs naming it, count descending then name.  Raises QueryError for
    an unknown kind, IndexUnavailableError if the index is closed."""
    fieldname = _facet_field(kind)
    with index.reading():
        values = index.cached(f"entities:{kind}", lambda s: _count_values(s, fieldname))
    return list(values)


def _facet_field(kind: Any) -> str:
    if kind not in _FACET_FIELDS:
        raise QueryError(f"unknown entity kind {kind!r}; use speaker or institution")
    return _FACET_FIELDS[kind]


def _count_values(searcher: Any, fieldname: str) -> list[FacetValue]:
    counts: Counter[str] = Counter()
    for sub, _offset in searcher.leaf_searchers():
        reader = sub.reader()
        if fieldname not in reader.indexed_field_names():
            continue
        deleted = deleted_docs(reader)
        for value in reader.field_terms(fieldname):
            if not deleted:
                counts[value] += reader.doc_frequency(fieldname, value)
                continue
            matcher = open_postings(reader, fieldname, value)
            ids = iter_posting_ids(matcher) if matcher is not None else ()
            counts[value] += sum(1 for d in ids if d not in deleted)
    return [FacetValue(v, c) for v, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            if c]


def get_entity(index: Index, kind: EntityKind, name: str) -> EntityProfile:
    """Return the profile of the speaker or institution `name` (matched
    exactly, else case-insensitively): its quotes in date order (undated
    last, each with also_in), a monthly timeline and the names seen with it.
    Raises NotFoundError if no paragraph names it, QueryError for an
    unknown kind."""
    fieldname = _facet_field(kind)
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_CHARS:
        raise NotFoundError(f"no {kind} named {name!r} in the index")
    wanted = join_names([name])
    with index.reading() as searcher:
        canonical = _resolve_name(index, kind, searcher, fieldname, wanted)
        if canonical is None:
            raise NotFoundError(f"no {kind} named {name!r} in the index")
        finder = open_finder(index, searcher)
        docnums = sorted(finder.key_docnums(fieldname, canonical))
        finder.prefetch(docnums)  # their articles' records in one lookup
        stored = [finder.stored(d) for d in docnums]
        if not stored:
            raise NotFoundError(f"no {kind} named {name!r} in the index")
        if kind == "speaker":
            profile = _speaker_profile(canonical, stored)
        else:
            profile = _institution_profile(canonical, stored)
        for record in profile.quotes:
            record.also_in = finder.quote_sightings(record.text, record.doc_id)[1]
    return profile


def _resolve_name(index: Index, kind: EntityKind, searcher: Any, fieldname: str,
                  wanted: str) -> str | None:
    if (fieldname, wanted) in searcher.reader():
        return wanted
    folded = wanted.casefold()
    matches = [v.value for v in list_entities(index, kind) if v.value.casefold() == folded]
    return matches[0] if matches else None


def _speaker_profile(name: str, stored: list[dict[str, Any]]) -> EntityProfile:
    quotes = sorted((build_quote_record(s, q) for s in stored for q in load_quote_dicts(s)
                     if join_names([str(q.get("speaker") or "")]) == name), key=record_order)
    institutions = Counter(i for s in stored for i in split_stored(s.get("institution")))
    return EntityProfile(
        kind="speaker", name=name, quote_count=len(quotes), paragraph_count=len(stored),
        quotes=quotes, timeline=_timeline(q.published for q in quotes),
        undated=sum(1 for q in quotes if q.published is None),
        roles=_ranked(Counter(q.role for q in quotes if q.role)),
        institutions=_ranked(institutions))


def _institution_profile(name: str, stored: list[dict[str, Any]]) -> EntityProfile:
    quotes = sorted((build_quote_record(s, q) for s in stored for q in load_quote_dicts(s)),
                    key=record_order)
    published = [build_quote_record(s, {}).published for s in stored]
    voices = Counter(q.speaker for q in quotes if q.speaker and _speaks_for(q, name))
    others = Counter(q.speaker for q in quotes
                     if q.speaker and not _speaks_for(q, name) and q.speaker not in voices)
    return EntityProfile(
        kind="institution", name=name, quote_count=len(quotes), paragraph_count=len(stored),
        quotes=quotes, timeline=_timeline(published),
        undated=sum(1 for p in published if p is None),
        speakers_for=_ranked(voices), speakers_about=_ranked(others))


def _speaks_for(quote: QuoteRecord, institution: str) -> bool:
    """A speaker speaks FOR an institution when their role names it: every
    distinctive word of its name is in the role ("Metropolitan Police
    Service" -> "Metropolitan Police Commissioner"), or its acronym is
    ("IOPC director").  Any other voice in its paragraphs speaks ABOUT it."""
    role = set((quote.role or "").casefold().replace(",", " ").split())
    if not role:
        return False
    core = [w for w in institution.casefold().split() if w not in _GENERIC_WORDS]
    return (bool(core) and all(w in role for w in core)) or _acronym(institution) in role


def _acronym(name: str) -> str:
    letters = "".join(w[0] for w in name.split() if w[:1].isupper())
    return letters.casefold() if len(letters) > 1 else "\0"


def _timeline(dates: Iterable[str | None]) -> list[tuple[str, int]]:
    months = Counter(d[:7] for d in dates if d)
    return sorted(months.items())


def _ranked(counts: Counter[str]) -> list[FacetValue]:
    return [FacetValue(v, c) for v, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
