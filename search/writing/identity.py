"""What an ingested article is to the index: new, updated, unchanged or a conflict.

Owns Resolver, which classifies each incoming article against the committed
index -- its paragraphs name the current version of each article, and
search.storage.articledb.records holds metadata and earlier versions -- and against the
articles it classified before (a batch, or a worker's chunk of files, is
resolved as if its files were ingested one by one, in order).  For an
article whose id (from its canonical URL, else its text) is taken:

- same rev as the current version, or as an earlier one: unchanged (nothing
  is written; an old copy never takes the place of a newer one), unless it
  names another collection: then its paragraphs are rewritten in place under
  it, the same version (a move, issue #36: its id and permalinks unchanged);
- same source (outlets equal once normalised; both unknown counts as equal)
  and like the indexed version on both sides (text_overlap: it keeps at
  least SIMILARITY_THRESHOLD of the indexed text, and that share of its own
  text is the indexed text's -- an edit, not a fragment nor another story
  around a copied paragraph): updated, and the replaced version's
  paragraphs go to its record (/doc/<id>?version=N).  With accept_updates
  (index --accept-updates) one side is enough, for an operator who knows
  an article was cut or grown a lot;
- otherwise a conflict, never merged: the article is kept as its own
  article under "<id>-o<hash of its outlet>" when it names an outlet (so
  that site's next edit of its copy is an update of it), then
  "<id>-c<its rev>", each tried with the same rules.  The first article
  indexed under an id keeps it, so its permalinks never change.
"""
from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from onrecord.search.model import DEFAULT_COLLECTION, Article, Metadata, Paragraph
from onrecord.search.storage.articledb.records import (
    RECORDS_FILE,
    ArticleRecords,
    VersionRecord,
    article_rev,
    capped,
    versioned,
)
from onrecord.search.storage.copies.fingerprints import normalise_text, shingle_hashes
from onrecord.search.storage.documents import rebuild_paragraph
from onrecord.search.storage.integrity.durability import open_whoosh
from onrecord.search.storage.reading.windows import paragraph_docnums
from onrecord.search.storage.schema import COLLECTION_FIELD

Status = Literal["new", "updated", "unchanged", "conflict"]
# Below this share of either version's 3-word shingles found in the other,
# two texts are not versions of one article.  Over 4,000 random pairs of BBC
# articles the share of the shorter text was 0.05 or less (99.9%; one pair
# of near-duplicate stories 0.48); a changed paragraph, an added or a dropped
# one kept it >= 0.83.  Measured on the shorter side only, a page repeating
# an article's headline and first paragraph beside a made-up quote was an
# "update" that hid the rest of the article (issue #29): both sides now.
SIMILARITY_THRESHOLD = 0.5


def normal_outlet(outlet: str | None) -> str:
    """Return the outlet name as compared: casefolded words only."""
    return normalise_text(outlet or "")


@dataclass(frozen=True, slots=True)
class Overlap:
    """How much two versions' texts share, each 0.0 to 1.0."""

    kept: float  # of the indexed version's text, the share the new one keeps
    found: float  # of the new version's text, the share the indexed one has

    def is_edit(self, one_side_enough: bool = False) -> bool:
        """Return True if the new text is an edit of the indexed one: like
        it on both sides (or, with `one_side_enough`, on either side)."""
        if one_side_enough:
            return max(self.kept, self.found) >= SIMILARITY_THRESHOLD
        return min(self.kept, self.found) >= SIMILARITY_THRESHOLD


def text_overlap(old: list[str], new: list[str]) -> Overlap:
    """Return the Overlap of two versions' paragraph texts: the shares of
    each one's 3-word shingles (search.storage.copies.fingerprints) that the other has.  Texts
    too short to shingle compare their normalised word sequences instead
    (difflib ratio on both sides; 1.0 when both are empty)."""
    a = frozenset().union(*(shingle_hashes(text) for text in old))
    b = frozenset().union(*(shingle_hashes(text) for text in new))
    if a and b:
        shared = len(a & b)
        return Overlap(kept=shared / len(a), found=shared / len(b))
    words_a = normalise_text(" ".join(old)).split()
    words_b = normalise_text(" ".join(new)).split()
    if not words_a and not words_b:
        return Overlap(1.0, 1.0)
    ratio = difflib.SequenceMatcher(None, words_a, words_b).ratio()
    return Overlap(ratio, ratio)


@dataclass(slots=True)
class Resolution:
    """What happened to one ingested article (picklable, small)."""

    doc_id: str  # the id it is indexed under
    claimed_id: str  # the id its canonical URL (or text) gave it
    status: Status
    source: str
    paragraphs: int
    quotes: int
    written: bool  # its paragraphs are (re)written; False when unchanged
    reason: str = ""  # why a conflict was kept apart


@dataclass(frozen=True, slots=True)
class ArticleDigest:
    """What the writer needs to resolve an article indexed elsewhere (by a
    worker that cannot see the index) without its paragraphs: its id, rev,
    metadata, source and counts (picklable, small)."""

    doc_id: str
    rev: str
    meta: Metadata
    source: str
    paragraphs: int
    quotes: int


def digest_of(article: Article) -> ArticleDigest:
    """Return the ArticleDigest of `article`."""
    return ArticleDigest(article.id, article_rev(article), article.meta, article.source,
                         len(article.paragraphs), sum(len(p.quotes) for p in article.paragraphs))


def _no_paragraphs() -> list[Paragraph]:
    raise AssertionError("a digest's paragraphs are not known: Resolver.decide defers instead")


@dataclass(slots=True)
class _State:
    """An article as the resolver knows it: committed or resolved earlier."""

    rev: str
    version: int
    meta: Metadata
    claims: str | None
    archived: set[str]
    load: Callable[[], list[Paragraph]]
    has_record: bool = True
    collection: str = DEFAULT_COLLECTION
    _paragraphs: list[Paragraph] | None = field(default=None)

    def paragraphs(self) -> list[Paragraph]:
        if self._paragraphs is None:
            self._paragraphs = self.load()
        return self._paragraphs


class Resolver:
    """Classifies articles one by one against a committed index and the
    articles classified before; collects what to write (create one per
    batch or chunk; close() it)."""

    def __init__(self, searcher: Any, records: ArticleRecords,
                 close: Callable[[], None] | None = None, accept_updates: bool = False) -> None:
        self._searcher = searcher
        self._accept_updates = accept_updates
        self._reader = searcher.reader()
        self._records = records
        self._close = close
        self._states: dict[str, _State | None] = {}
        self.to_write: dict[str, Article] = {}  # final id -> last copy, in first-seen order
        self.records: list[VersionRecord] = []
        self.resolutions: list[Resolution] = []

    def close(self) -> None:
        """Release the searcher (and records) this resolver opened."""
        if self._close is not None:
            self._close()
            self._close = None

    def add(self, article: Article) -> Resolution:
        """Classify `article`, record what to write and return the outcome."""
        rev = article_rev(article)
        reason = ""
        candidates = _candidate_ids(article, rev)
        for candidate in candidates:
            state = self._state(candidate)
            if state is None:
                status: Status = "new" if candidate == article.id else "conflict"
                return self._accept(article, candidate, rev, status, None, reason)
            verdict, why = _compare(state, article, rev, self._accept_updates)
            if verdict == "same" and state.collection == article.meta.collection:
                return self._unchanged(article, candidate, rev, state)
            if verdict == "same":  # moved to another collection: rewritten in place, same version
                return self._accept(article, candidate, rev, "updated", state, reason)
            if verdict != "conflict" or candidate == candidates[-1]:
                return self._accept(article, candidate, rev, "updated", state, reason)
            reason = reason or why
        raise AssertionError("unreachable: the last candidate always resolves")

    def decide(self, digest: ArticleDigest) -> Resolution | None:
        """Classify an article known by its digest when that needs no
        paragraphs: new (its id free), or unchanged (its rev is the indexed
        version's or an earlier one's).  Return None when it does (an update
        or a conflict): the caller resolves the whole article with add()
        instead, after committing what was decided."""
        state = self._state(digest.doc_id)
        if state is None:
            self.records.append(VersionRecord(digest.doc_id, digest.rev, digest.meta, 1, None))
            self._states[digest.doc_id] = _State(rev=digest.rev, version=1, meta=digest.meta,
                                                 claims=None, archived=set(), load=_no_paragraphs,
                                                 collection=digest.meta.collection)
            return self._record(Resolution(digest.doc_id, digest.doc_id, "new", digest.source,
                                           digest.paragraphs, digest.quotes, written=True))
        if (digest.rev != state.rev and digest.rev not in state.archived) or \
                digest.meta.collection != state.collection:
            return None
        if not state.has_record:
            self.records.append(VersionRecord(digest.doc_id, digest.rev, digest.meta,
                                              state.version, state.claims))
            state.has_record = True
        resolution = Resolution(digest.doc_id, digest.doc_id, "unchanged", digest.source,
                                digest.paragraphs, digest.quotes, written=False)
        if digest.rev != state.rev:  # an older version: count what the index holds
            held = state.paragraphs()
            resolution.paragraphs = len(held)
            resolution.quotes = sum(len(p.quotes) for p in held)
        return self._record(resolution)

    def _record(self, resolution: Resolution) -> Resolution:
        self.resolutions.append(resolution)
        return resolution

    def _state(self, doc_id: str) -> _State | None:
        if doc_id not in self._states:
            self._states[doc_id] = self._committed(doc_id)
        return self._states[doc_id]

    def _committed(self, doc_id: str) -> _State | None:
        """Return the committed article `doc_id` (None if not indexed)."""
        if ("doc_id", doc_id) not in self._reader:
            return None
        docnums = paragraph_docnums(self._searcher, doc_id)
        if not docnums:
            return None
        first = self._searcher.stored_fields(docnums[0])
        rev = first.get("rev", "")
        rows = self._records.versions(doc_id)
        current = next((r for r in rows if r.rev == rev), None)

        def load() -> list[Paragraph]:
            paras = [rebuild_paragraph(self._searcher.stored_fields(d)) for d in docnums]
            return sorted(paras, key=lambda p: p.n)

        return _State(rev=rev, meta=current.meta if current else Metadata(),
                      version=current.version if current and current.version
                      else max((r.version or 0 for r in rows), default=0) + 1,
                      claims=current.claims if current else None,
                      archived={r.rev for r in rows if r.archived}, load=load,
                      has_record=current is not None,
                      collection=first.get(COLLECTION_FIELD) or DEFAULT_COLLECTION)

    def _unchanged(self, article: Article, doc_id: str, rev: str, state: _State) -> Resolution:
        if not state.has_record and rev == state.rev:
            # Paragraphs without a record (records file lost): restore it.
            self.records.append(VersionRecord(doc_id, rev, article.meta, state.version,
                                              state.claims))
            state.has_record = True
        resolution = self._resolution(article, doc_id, "unchanged", written=False)
        if rev != state.rev:  # an older version: count what the index holds
            held = state.paragraphs()
            resolution.paragraphs = len(held)
            resolution.quotes = sum(len(p.quotes) for p in held)
        return resolution

    def _accept(self, article: Article, doc_id: str, rev: str, status: Status,
                prior: _State | None, reason: str) -> Resolution:
        final = article if doc_id == article.id else with_id(article, doc_id)
        claims = prior.claims if prior else (article.id if doc_id != article.id else None)
        version, archived = 1, set()
        if prior is not None:
            same_text = _same_content(prior, final)
            version = prior.version if same_text else prior.version + 1
            archived = set(prior.archived)
            if not same_text:
                self.records.append(_archive(doc_id, prior))
                archived.add(prior.rev)
            else:
                status = "unchanged"  # same words, newer annotations: rewritten in place
        self.records.append(VersionRecord(doc_id, rev, final.meta, version, claims))
        paragraphs = final.paragraphs
        self._states[doc_id] = _State(rev=rev, version=version, meta=final.meta, claims=claims,
                                      archived=archived, load=lambda: paragraphs,
                                      collection=final.meta.collection)
        self.to_write.pop(doc_id, None)
        self.to_write[doc_id] = final
        return self._resolution(final, doc_id, status, written=True, claimed=article.id,
                                reason=reason if status == "conflict" else "")

    def _resolution(self, article: Article, doc_id: str, status: Status, written: bool,
                    claimed: str | None = None, reason: str = "") -> Resolution:
        resolution = Resolution(
            doc_id=doc_id, claimed_id=claimed or article.id, status=status,
            source=article.source, paragraphs=len(article.paragraphs),
            quotes=sum(len(p.quotes) for p in article.paragraphs), written=written,
            reason=reason)
        self.resolutions.append(resolution)
        return resolution


def with_id(article: Article, doc_id: str) -> Article:
    """Return `article` under another id (paragraph ids follow)."""
    return replace(article, id=doc_id, paragraphs=[
        replace(p, id=f"{doc_id}-p{p.n}") for p in article.paragraphs])


def _candidate_ids(article: Article, rev: str) -> list[str]:
    """Return the ids `article` may take, in order: its own, then its
    outlet's copy, then its content's."""
    ids = [article.id]
    outlet = normal_outlet(article.meta.outlet)
    if outlet:
        ids.append(f"{article.id}-o{hashlib.sha1(outlet.encode()).hexdigest()[:8]}")
    ids.append(f"{article.id}-c{rev[:10]}")
    return ids


def _compare(state: _State, article: Article, rev: str,
             accept_updates: bool = False) -> tuple[str, str]:
    """Return ("same" | "update" | "conflict", why) for `article` against
    the indexed article `state`."""
    if rev == state.rev or rev in state.archived:
        return "same", ""
    theirs, ours = capped(state.meta).outlet, capped(article.meta).outlet
    if normal_outlet(theirs) != normal_outlet(ours):
        return "conflict", (f"its outlet ({ours or 'not stated'}) is not the indexed "
                            f"article's ({theirs or 'not stated'})")
    overlap = text_overlap([p.text for p in state.paragraphs()],
                           [p.text for p in article.paragraphs])
    if overlap.is_edit(one_side_enough=accept_updates):
        return "update", ""
    return "conflict", _why_not_an_edit(overlap)


def _why_not_an_edit(overlap: Overlap) -> str:
    """Return the conflict reason for texts that are not an edit."""
    floor = f"{SIMILARITY_THRESHOLD:.0%}"
    if max(overlap.kept, overlap.found) < SIMILARITY_THRESHOLD:
        return (f"it shares {max(overlap.kept, overlap.found):.0%} of its text with the indexed "
                f"article (an update shares at least {floor})")
    hint = "; index --accept-updates takes such a version as an update"
    if overlap.kept < SIMILARITY_THRESHOLD:
        return (f"it keeps only {overlap.kept:.0%} of the indexed article's text (an update keeps "
                f"at least {floor}: a fragment, not an edit){hint}")
    return (f"only {overlap.found:.0%} of its text is the indexed article's (an update is at least "
            f"{floor} the same text: another story around a copied part){hint}")


def _same_content(state: _State, article: Article) -> bool:
    """Return True if `article` has the same metadata and paragraph texts
    as `state` (only annotations may differ)."""
    # Records keep capped values; provenance and the collection are no edit (a move is no edit).
    if versioned(state.meta) != versioned(replace(article.meta, collection=state.meta.collection)):
        return False
    old = state.paragraphs()
    return [(p.text, p.kind) for p in old] == [(p.text, p.kind) for p in article.paragraphs]


def _archive(doc_id: str, state: _State) -> VersionRecord:
    """Return the record keeping a replaced version's paragraphs."""
    paragraphs = json.dumps([p.to_dict() for p in state.paragraphs()], ensure_ascii=False)
    return VersionRecord(doc_id, state.rev, state.meta, state.version, state.claims,
                         paragraphs=paragraphs)


def resolver_for(index_dir: Path) -> Resolver:
    """Return a Resolver over the committed state of the on-disk index at
    `index_dir` (for a worker process; closes what it opened)."""
    ix = open_whoosh(index_dir)
    searcher = ix.searcher()
    records = ArticleRecords(index_dir / RECORDS_FILE, readonly=True)

    def close() -> None:
        searcher.close()
        records.close()
        ix.close()

    return Resolver(searcher, records, close)


def open_resolver(index: Any) -> Resolver:
    """Return a Resolver over the latest commit of `index` (a search.store
    Index: its snapshot searcher and records), for ingesting in-process;
    its config's accept_updates says whether one side's likeness is enough
    for an update."""
    searcher = index.open_snapshot()
    return Resolver(searcher, index.records, searcher.close,
                    accept_updates=index.config.accept_updates)
